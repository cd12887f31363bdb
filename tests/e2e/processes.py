"""The bot in a process of its own, started as an operator starts it (``python -m bot``'s
main) against the fake Discord, with the lines it logs."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from tests.e2e.fake_discord import CHANNEL_ID, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
BOT_PROCESS = Path(__file__).with_name("bot_process.py")
TOKEN = "good-token"


class BotProcess:
    """The child process and the lines it has logged so far."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []  # its log (stderr)
        self.printed: list[str] = []  # what it prints for the operator (stdout)
        self.reader = asyncio.gather(
            self._read(process.stderr, self.lines), self._read(process.stdout, self.printed)
        )

    @staticmethod
    async def _read(stream: asyncio.StreamReader | None, into: list[str]) -> None:
        assert stream is not None
        async for raw in stream:
            into.append(raw.decode(errors="replace").rstrip("\n"))

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    async def logged(self, text: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while not self.said(text):
            assert self.process.returncode is None, f"exited before {text!r}: {self.lines}"
            assert time.monotonic() < deadline, f"never logged {text!r}: {self.lines}"
            await asyncio.sleep(0.05)

    async def exit_code(self, timeout: float) -> int:
        code = await asyncio.wait_for(self.process.wait(), timeout)
        await self.reader
        return code

    async def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return await self.exit_code(timeout=10)


async def start_bot(
    server: FakeDiscord, tmp_path: Path, *args: str, wrapper: tuple[str, ...] = (), **env: str
) -> BotProcess:
    """``python -m bot [args]`` (``wrapper`` before it, e.g. to make it PID 1)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "DATABASE"))}
    settings = {
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/bot.sqlite3",
        "PYTHONPATH": str(ROOT),
        **env,
    }
    process = await asyncio.create_subprocess_exec(
        *wrapper, sys.executable, str(BOT_PROCESS), f"http://127.0.0.1:{server.port}", *args,
        cwd=tmp_path, env={**base, **settings},
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    return BotProcess(process)


async def answered(server: FakeDiscord, name: str, /, **options: object) -> dict:
    """Send a slash command and wait for the bot's answer to it."""
    payload = server.slash_payload(name, CHANNEL_ID, options)
    answer = server.expect(server.callback_path(payload))
    await server.dispatch("INTERACTION_CREATE", payload)
    return (await asyncio.wait_for(answer, 10)).body
