"""Set up and run the project with nothing but Python 3.11+.

    python3 tasks.py run    create .venv if needed, install, start the bot
    python3 tasks.py test   create .venv if needed, install with test extras, run ruff + pytest

The virtual environment is reinstalled only when pyproject.toml changes (a stamp file keeps its
hash), so the second call starts at once. Both also install BCDice's engine (the npm package
pinned in bot/bcdice/npm/) into .bcdice/ when Node.js 18+ is on the machine, again only when
the lock file changes; without Node the bot runs its four own systems and says why the others
are unavailable.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
BCDICE = ROOT / ".bcdice"
NPM_SPEC = ROOT / "bot" / "bcdice" / "npm"
NODE_MAJOR = 18


def ensure_venv(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - tasks.py is the one file run by any python3
        major, minor = sys.version_info[:2]
        sys.exit(f"Python 3.11 or newer is needed (this is {major}.{minor}).")
    if not PYTHON.exists():
        print("creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    target = f".[{extras}]" if extras else "."
    print(f"installing {target} into .venv …", flush=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "-e", target], check=True, cwd=ROOT)
    stamp.write_text(digest)


def node_problem() -> str | None:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return "Node.js (node and npm) was not found"
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as error:
        return f"node does not run ({error})"
    found = re.match(r"v(\d+)", out.stdout.strip())
    if found is None or int(found.group(1)) < NODE_MAJOR:
        return f"Node.js {out.stdout.strip() or '?'} is older than {NODE_MAJOR}"
    return None


def ensure_bcdice() -> None:
    """BCDice's npm package in .bcdice/, exactly as bot/bcdice/npm/package-lock.json pins it."""
    problem = node_problem()
    if problem is not None:
        print(f"{problem}: BCDice's other game systems stay unavailable (see README).", flush=True)
        return
    lock = (NPM_SPEC / "package-lock.json").read_bytes()
    stamp = BCDICE / ".installed"
    digest = hashlib.sha256(lock).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    print("installing BCDice (npm bcdice) into .bcdice …", flush=True)
    BCDICE.mkdir(exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(NPM_SPEC / name, BCDICE / name)
    npm = shutil.which("npm")
    assert npm is not None
    done = subprocess.call(
        [npm, "ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], cwd=BCDICE
    )
    if done == 0:
        stamp.write_text(digest)
    else:
        print("npm could not install BCDice: its other game systems stay unavailable.", flush=True)


def run(args: list[str]) -> int:
    ensure_venv("")
    ensure_bcdice()
    return subprocess.call([PYTHON, "-m", "bot", *args], cwd=ROOT)


def test(args: list[str]) -> int:
    ensure_venv("test")
    ensure_bcdice()
    lint = subprocess.call([PYTHON, "-m", "ruff", "check", "."], cwd=ROOT)
    if lint:
        print("ruff found problems (above); fix them before the tests count.")
        return lint
    return subprocess.call([PYTHON, "-m", "pytest", *args], cwd=ROOT)


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test"}:
        print(__doc__)
        return 2
    command, rest = sys.argv[1], sys.argv[2:]
    return run(rest) if command == "run" else test(rest)


if __name__ == "__main__":
    sys.exit(main())
