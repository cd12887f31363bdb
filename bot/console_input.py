"""Where the console's lines come from: a script, piped standard input, or a terminal — there
with line editing, a history kept across sessions (↑ / ↓, Ctrl+R) and pastes of many lines
taken as one entry (prompt_toolkit's bracketed paste), so a table pastes whole."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

from bot.console_line import Read

HISTORY = Path.home() / ".trpg-dice-bot-history"


def script(path: Path) -> Read:
    lines: Iterator[str] = iter(path.read_text(encoding="utf-8").splitlines())

    async def read(prompt: str) -> str | None:
        return next(lines, None)

    return read


def piped() -> Read:
    """Plain lines from standard input (a pipe, or a terminal prompt_toolkit cannot drive)."""
    interactive = sys.stdin.isatty()

    async def read(prompt: str) -> str | None:
        if interactive:
            print(prompt, end="", flush=True)
        line = await asyncio.to_thread(sys.stdin.readline)
        return line.rstrip("\n") if line else None

    return read


def terminal(history: Path = HISTORY) -> Read:
    """A prompt with editing and history; Ctrl+C clears the line, Ctrl+D ends."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    try:
        history.touch()
        kept: FileHistory | InMemoryHistory = FileHistory(str(history))
    except OSError:  # a read-only home: this session's history only
        kept = InMemoryHistory()
    session: PromptSession[str] = PromptSession(history=kept)

    async def read(prompt: str) -> str | None:
        while True:
            try:
                return await session.prompt_async(prompt)
            except KeyboardInterrupt:
                continue
            except EOFError:
                return None

    return read


def choose(path: str | None) -> Read:
    if path:
        return script(Path(path))
    if sys.stdin.isatty() and sys.stdout.isatty():
        return terminal()
    return piped()
