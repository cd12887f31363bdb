"""The offline console as a player starts it: ``python -m bot console`` in a folder of its
own (its database and its console-out/ there), the checkout on its path, no token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def console_env(folder: Path, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env |= {"DATABASE_URL": f"sqlite+aiosqlite:///{folder}/bot.sqlite3", "PYTHONPATH": str(ROOT)}
    return env | settings


def play(folder: Path, script: str, *options: str, **settings: str) -> str:
    """What the console prints for ``script`` (run from ``folder``); it must end cleanly."""
    path = folder / "session.txt"
    path.write_text(script, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--script", str(path), *options],
        capture_output=True, text=True, cwd=folder, env=console_env(folder, **settings),
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout
