"""Set up and run the project with nothing but Python 3.11+.

    python3 tasks.py run    create .venv if needed, install, start the bot
    python3 tasks.py test   create .venv if needed, install with test extras, run ruff + pytest

The virtual environment is reinstalled only when pyproject.toml changes (a stamp file keeps its
hash), so the second call starts at once.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


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


def run(args: list[str]) -> int:
    ensure_venv("")
    return subprocess.call([PYTHON, "-m", "bot", *args], cwd=ROOT)


def test(args: list[str]) -> int:
    ensure_venv("test")
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
