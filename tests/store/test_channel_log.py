"""The channel log's storage and service — SQLite and PostgreSQL: lines in the order they
happened, a revealed roll at its own time and only once, clearing one channel, retention, and
the queue that writes many posts in one statement and keeps them while the database is down."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, insert, select

from bot.dice import RollResult
from bot.log.service import ChannelLog
from bot.store.channel_log import LogLine, clear, lines_of, prune
from bot.store.db import Database
from bot.store.faults import DatabaseUnavailable
from bot.store.models import ChannelLogRow, RollLog
from bot.store.rolls import log_roll, roll_row

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def result(n: int) -> RollResult:
    return RollResult(text=f"(2D6+{n}) ＞ 3[1,2]+{n} ＞ {3 + n}", rands=[(1, 6), (2, 6)])


def line(body: str, at: datetime, channel: int = 10, **extra: Any) -> LogLine:
    return LogLine(channel_id=channel, guild_id=1, user_id=extra.pop("user_id", 7),
                   user_name="アリス", body=body, created_at=at, **extra)  # fmt: skip


async def count(database: Database, table: Any) -> int:
    async with database.read() as conn:
        return int((await conn.execute(select(func.count()).select_from(table))).scalar_one())


async def test_lines_come_back_in_time_order_with_a_revealed_roll_in_its_place(
    database: Database,
) -> None:
    log = ChannelLog(database, retention_days=90)
    log.note(line("first", T0))
    log.note(line("third", T0 + timedelta(minutes=2)))
    await log.flush()
    revealed = line("🔓 secret", T0 + timedelta(minutes=1), kind="revealed", roll_id=5)
    assert await log.reveal(revealed) is True
    assert await log.reveal(revealed) is False  # a second Reveal press adds nothing
    got = await log.lines(10)
    assert [g.body for g in got] == ["first", "🔓 secret", "third"]
    assert got[0].created_at == T0 and got[0].user_name == "アリス"
    assert got[1].kind == "revealed" and got[1].roll_id == 5
    assert [g.body for g in await log.lines(10, since=T0 + timedelta(seconds=30))] == [
        "🔓 secret", "third",
    ]  # fmt: skip


async def test_clear_empties_one_channel_up_to_the_moment_asked(database: Database) -> None:
    log = ChannelLog(database, retention_days=90)
    for n in range(3):
        log.note(line(f"here {n}", T0 + timedelta(minutes=n)))
    log.note(line("elsewhere", T0, channel=11))
    await log.flush()
    assert await clear(database, 10, before=T0 + timedelta(minutes=2)) == 2
    assert [g.body for g in await lines_of(database, 10)] == ["here 2"]
    assert [g.body for g in await lines_of(database, 11)] == ["elsewhere"]


async def test_retention_deletes_old_lines_and_old_rolls(database: Database) -> None:
    now = T0 + timedelta(days=100)
    log = ChannelLog(database, retention_days=90)
    log.note(line("old", T0))
    log.note(line("recent", now - timedelta(days=89)))
    await log.flush()
    async with database.write() as conn:
        for at in (T0, now - timedelta(days=1)):
            await conn.execute(insert(RollLog.__table__).values(
                guild_id=1, channel_id=10, user_id=7, system="DiceBot", command="2D6",
                result="(2D6) ＞ 7", created_at=at,
            ))  # fmt: skip
    assert await log.prune(now) == (1, 1)
    assert [g.body for g in await log.lines(10)] == ["recent"]
    assert await count(database, RollLog.__table__) == 1
    assert await ChannelLog(database, retention_days=0).prune(now + timedelta(days=999)) == (0, 0)
    assert await prune(database, now - timedelta(days=90)) == (0, 0)  # nothing left to go


class Counting:
    """The database, counting its write transactions; ``down`` makes them fail."""

    def __init__(self, database: Database) -> None:
        self.database, self.writes, self.down = database, 0, False

    async def run(self, work: Any, *, write: bool) -> Any:
        if write:
            self.writes += 1
            if self.down:
                raise DatabaseUnavailable()
        return await self.database.run(work, write=write)


async def test_posts_noted_together_are_written_in_one_statement(database: Database) -> None:
    counting = Counting(database)
    log = ChannelLog(counting, retention_days=90)  # type: ignore[arg-type]
    for n in range(200):
        log.note(line(f"post {n}", T0 + timedelta(seconds=n)))
    await log.flush()
    assert counting.writes == 1
    assert await count(database, ChannelLogRow.__table__) == 200


async def test_lines_and_rolls_wait_while_the_database_is_down_and_are_written_after(
    database: Database,
) -> None:
    counting = Counting(database)
    log = ChannelLog(counting, retention_days=90)  # type: ignore[arg-type]
    counting.down = True
    log.note(line("during the outage", T0))
    log.note_roll(roll_row(1, 10, 7, "DiceBot", "1D100", result(99)))
    await asyncio.sleep(0.05)
    await log.flush()
    assert await count(database, ChannelLogRow.__table__) == 0
    assert await count(database, RollLog.__table__) == 0
    counting.down = False
    log.note(line("after it", T0 + timedelta(seconds=1)))
    await log.flush()
    assert [g.body for g in await log.lines(10)] == ["during the outage", "after it"]
    assert await count(database, RollLog.__table__) == 1


async def test_public_rolls_ride_with_the_lines(database: Database) -> None:
    counting = Counting(database)
    log = ChannelLog(counting, retention_days=90)  # type: ignore[arg-type]
    rolls = [roll_row(1, 10, 7, "DiceBot", f"2D6+{n}", result(n)) for n in range(50)]
    for n, row in enumerate(rolls):
        log.note(line(f"alice: roll {n}", T0 + timedelta(seconds=n)))
        log.note_roll(row)
    await log.flush()
    assert counting.writes == 1  # 50 posts and 50 rolls: one transaction
    async with database.read() as conn:
        kept = (await conn.execute(select(RollLog).order_by(RollLog.id))).all()
    assert [(r.command, r.result, r.dice, r.secret) for r in kept] == [
        (f"2D6+{n}", f"(2D6+{n}) ＞ 3[1,2]+{n} ＞ {3 + n}", [[1, 6], [2, 6]], False)
        for n in range(50)
    ]
    assert all(r.created_at is not None for r in kept)
    assert await log_roll(database, roll_row(1, 10, 7, "DiceBot", "S2D6", result(1))) == 51


async def test_the_bot_prunes_at_start_up_and_keeps_running_daily(database: Database) -> None:
    old = ChannelLog(database, retention_days=30)
    old.note(line("long ago", datetime.now(UTC) - timedelta(days=31)))
    old.note(line("last week", datetime.now(UTC) - timedelta(days=7)))
    await old.flush()
    log = ChannelLog(database, retention_days=30)
    log.start()
    for _ in range(100):  # the first pass runs at once, in the background
        if await count(database, ChannelLogRow.__table__) == 1:
            break
        await asyncio.sleep(0.02)
    assert [g.body for g in await log.lines(10)] == ["last week"]
    assert log._pruning is not None and not log._pruning.done()  # asleep until tomorrow
    await log.close()
    assert log._pruning.done()
