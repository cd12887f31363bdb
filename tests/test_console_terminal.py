"""The console in a terminal (a pseudo-terminal here): ↑ brings back the last line, a paste of
many lines is one entry (so a table pastes whole, no quotes needed), and the history is kept
in the home folder for the next session."""

from __future__ import annotations

import os
import pty
import selectors
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UP, ENTER = b"\x1b[A", b"\r"
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"  # what a terminal sends around a paste
TABLE = "/table add command:DRINK content:飲み物表\n1D6\n1:水\n2:お茶\n3-6:ジュース"


class Terminal:
    def __init__(self, controller: int) -> None:
        self.controller = controller
        self.screen = b""
        self.readable = selectors.PollSelector()
        self.readable.register(controller, selectors.EVENT_READ)

    def type(self, keys: bytes) -> None:
        os.write(self.controller, keys)

    def wait_for(self, text: str, times: int = 1, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while self.screen.count(text.encode()) < times:
            assert time.monotonic() < deadline, f"no {text!r} on {self.screen[-500:]!r}"
            # poll, not select(): select() refuses a descriptor numbered over 1023
            if self.readable.select(0.2):
                self.screen += os.read(self.controller, 65536)


def test_history_recall_and_a_pasted_table(tmp_path: Path) -> None:
    controller, device = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env |= {
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/bot.sqlite3",
        "HOME": str(tmp_path),
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",  # no cursor-position queries to answer
        "PYTHONPATH": str(ROOT),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--dice", "3,5"],
        stdin=device, stdout=device, stderr=device, cwd=tmp_path, env=env,
    )  # fmt: skip
    terminal = Terminal(controller)
    try:
        terminal.wait_for("\x1b[?2004h")  # the prompt is up, bracketed paste on
        terminal.type(b"1D6" + ENTER)
        terminal.wait_for("gm: (1D6) ＞ 3")
        terminal.type(UP + ENTER)  # the same line again, from the history
        terminal.wait_for("gm: (1D6) ＞ 5")
        terminal.type(PASTE_START + TABLE.encode() + PASTE_END + ENTER)
        terminal.wait_for("表「飲み物表」をDRINKとして保存しました（6通り）。")
        terminal.type(b":quit" + ENTER)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)
        os.close(device)
    history = (tmp_path / ".trpg-dice-bot-history").read_text(encoding="utf-8")
    assert "+1D6\n" in history and "+3-6:ジュース\n" in history
