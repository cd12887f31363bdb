"""The bot as an operator runs it: its own process (``python -m bot``'s main) against the fake
Discord — a start says so in one line, SIGTERM closes it cleanly within 5 s, a refused token is
one line and a non-zero exit."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bot.permissions import NEEDED
from tests.e2e.fake_discord import APP_ID, FakeDiscord
from tests.e2e.processes import answered, start_bot


async def test_sigterm_draws_the_trackers_closes_the_database_and_exits_0_within_5_s(
    server: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(server, tmp_path, TRACKER_INTERVAL="1")
    await bot.logged("ready as TableBot")
    ready = next(line for line in bot.lines if "ready as" in line)
    assert " INFO bot: " in ready and "bot 0.1.0" in ready and "1 shard(s), 1 server(s)" in ready
    assert "database sqlite+aiosqlite:///" in ready
    # The fake server's @everyone role lacks Pin Messages: the start says so, by its name.
    assert any("lacks: Pin Messages" in line for line in bot.lines)

    await answered(server, "combat start", ruleset="GranCrest")
    await server.wait_for(lambda r: r.method == "POST" and "/messages" in r.path)
    await answered(server, "combat add", name="Goblin", action_value=4)
    # The tracker was drawn less than TRACKER_INTERVAL ago: Goblin's drawing is still waiting.
    stopped_at, before = time.monotonic(), len(server.requests)
    bot.process.send_signal(signal.SIGTERM)
    code = await bot.exit_code(timeout=5)
    took = time.monotonic() - stopped_at
    assert code == 0 and took < 5, (code, took, bot.lines)
    drawn = [
        r for r in server.requests[before:]
        if r.method == "PATCH" and "/messages/" in r.path and "Goblin" in str(r.body)
    ]  # fmt: skip
    assert drawn, "the tracker's last state was not drawn before the bot stopped"
    assert any("SIGTERM received: closing" in line for line in bot.lines)
    assert "closed: trackers brought up to date, database closed" in bot.lines[-1]
    assert not any("Traceback" in line for line in bot.lines)
    assert not (tmp_path / "bot.sqlite3-wal").exists()  # SQLite's last connection was closed
    print(f"SIGTERM to exit: {took:.2f} s")


async def test_sigint_closes_it_too(server: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(server, tmp_path)
    await bot.logged("ready as TableBot")
    bot.process.send_signal(signal.SIGINT)
    assert await bot.exit_code(timeout=5) == 0
    assert "closed: trackers brought up to date, database closed" in bot.lines[-1]


PID_1 = ("unshare", "--pid", "--fork")  # a PID namespace of its own, as in a container


def namespaces_work() -> bool:
    try:
        return subprocess.run([*PID_1, "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@pytest.mark.skipif(not namespaces_work(), reason="no PID namespaces here (unshare --pid)")
async def test_as_pid_1_as_in_a_container_sigterm_from_outside_closes_it(
    server: FakeDiscord, tmp_path: Path
) -> None:
    """``docker stop``: SIGTERM sent from outside to the container's PID 1, which the kernel
    drops unless PID 1 handles it (the bot used to wait for the SIGKILL 10 s later)."""
    bot = await start_bot(server, tmp_path, wrapper=PID_1)
    await bot.logged("ready as TableBot")
    unshare = bot.process.pid
    child = int(Path(f"/proc/{unshare}/task/{unshare}/children").read_text().split()[0])
    status = Path(f"/proc/{child}/status").read_text().splitlines()
    namespaced = next(line for line in status if line.startswith("NSpid:")).split()
    assert namespaced[-1] == "1"  # it is PID 1 in its own namespace
    stopped_at = time.monotonic()
    os.kill(child, signal.SIGTERM)
    assert await bot.exit_code(timeout=5) == 0
    assert time.monotonic() - stopped_at < 5
    assert "closed: trackers brought up to date, database closed" in bot.lines[-1]


async def test_a_refused_token_is_one_line_and_exit_3(server: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(server, tmp_path, DISCORD_TOKEN="wrong-token", LOG_LEVEL="WARNING")
    assert await bot.exit_code(timeout=20) == 3
    assert bot.lines == [
        "Discord refused DISCORD_TOKEN: copy the token again from the Developer Portal (your "
        "application → Bot → Reset Token)."
    ]
    # At INFO, discord.py's own records come before it; still no traceback.
    bot = await start_bot(server, tmp_path, DISCORD_TOKEN="wrong-token")
    assert await bot.exit_code(timeout=20) == 3
    assert bot.lines[-1].startswith("Discord refused DISCORD_TOKEN")
    assert any(" INFO discord.client: " in line for line in bot.lines)  # LOG_LEVEL reaches it
    assert not any("Traceback" in line for line in bot.lines) and len(bot.lines) <= 3


async def test_check_logs_in_once_and_prints_the_invite_url(
    server: FakeDiscord, tmp_path: Path
) -> None:
    """``python -m bot check``, which compose runs before the bot: no gateway, one login."""
    check = await start_bot(server, tmp_path, "check")
    assert await check.exit_code(timeout=30) == 0
    assert check.printed == [
        f"DISCORD_TOKEN works: the bot is TableBot (application {APP_ID}).",
        "The Message Content intent is off: chat rolls (2D6>=8 typed in a channel) will not "
        "work. Developer Portal → your application → Bot → Message Content Intent.",
        f"Invite it to a server: https://discord.com/oauth2/authorize?client_id={APP_ID}"
        f"&scope=bot+applications.commands&permissions={NEEDED.value}",
    ]
    assert not any("/gateway" in r.path for r in server.requests)
    wrong = await start_bot(server, tmp_path, "check", DISCORD_TOKEN="wrong-token")
    assert await wrong.exit_code(timeout=30) == 3 and wrong.printed == []
