"""A server's version read once per loop turn on an SQLite file (``bot.store.turn_memo``):
commands of one turn share the read; the next turn reads again, so a change committed by
another process, or by this one, is seen by every command after it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import versions
from bot.store.db import connect
from bot.store.settings import SettingsStore
from bot.store.turn_memo import TurnMemo
from tests.databases import new_sqlite

GUILD = 77


async def test_one_version_read_per_turn_and_changes_seen_the_next(
    tmp_path: Path, sqlite_template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = new_sqlite(sqlite_template, tmp_path)
    one, two = connect(url), connect(url)  # two processes' databases on one file
    reads: list[int | None] = []
    real = versions.version_of

    def counted(conn: object, guild_id: int | None) -> int:
        reads.append(guild_id)
        return real(conn, guild_id)  # type: ignore[arg-type]

    monkeypatch.setattr(versions, "version_of", counted)
    try:
        here, there = SettingsStore(one), SettingsStore(two)
        await here.effective(GUILD, 1)
        await asyncio.sleep(0)
        reads.clear()
        same_turn = await asyncio.gather(*(here.effective(GUILD, 1) for _ in range(5)))
        assert len(reads) == 1 and len({id(s) for s in same_turn}) == 1  # five uses, one read
        await there.set_guild(GUILD, locale="en")  # the other process's change, committed
        await asyncio.sleep(0)
        reads.clear()
        assert (await here.effective(GUILD, 1)).locale == "en"
        assert len(reads) == 1  # read again: a new turn
        await here.set_guild(GUILD, locale="zh-TW")  # and this process's own
        assert (await here.effective(GUILD, 1)).locale == "zh-TW"
        assert (await there.effective(GUILD, 1)).locale == "zh-TW"
    finally:
        await one.dispose()
        await two.dispose()


async def test_the_memo_is_forgotten_before_the_next_turn_runs_anything() -> None:
    memo = TurnMemo()
    memo.put("k", 1)
    assert memo.get("k") == 1
    seen: list[object] = []
    asyncio.get_running_loop().call_soon(lambda: seen.append(memo.get("k")))
    await asyncio.sleep(0)
    assert seen == [None] and memo.get("k") is None
    memo.put("k", 2)  # and a new turn's value is held again
    assert memo.get("k") == 2


def test_no_loop_no_memo() -> None:
    memo = TurnMemo()
    memo.put("k", 1)
    assert memo.get("k") is None
