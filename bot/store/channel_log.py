"""The channel log's rows: appended in batches, read back for an export, cleared per channel,
and pruned by age (with the roll log, which keeps every roll for the Reveal button)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, delete, insert, select

from bot.store.db import Database
from bot.store.models import ChannelLogRow, RollLog
from bot.store.prepared import Prepared

LOG = ChannelLogRow.__table__
ROLLS = RollLog.__table__
NAME = 100  # the user_name column's width
_INSERT = Prepared(insert(LOG))  # every flush: built once (bot.store.prepared)
_INSERT_ROLLS = Prepared(insert(ROLLS))


@dataclass(frozen=True)
class LogLine:
    """One line as stored: where, who (None: nobody, the bot on its own), what, when."""

    channel_id: int
    guild_id: int | None
    user_id: int | None
    user_name: str | None
    body: str
    created_at: datetime
    kind: str = "post"
    roll_id: int | None = None

    def row(self) -> dict[str, object]:
        return {
            "channel_id": self.channel_id, "guild_id": self.guild_id, "kind": self.kind,
            "user_id": self.user_id, "user_name": self.user_name[:NAME] if self.user_name else None,
            "body": self.body, "roll_id": self.roll_id, "created_at": self.created_at,
        }  # fmt: skip


def utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes: every one stored here is UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def append(
    conn: Connection, lines: Sequence[LogLine], rolls: Sequence[dict[str, object]] = ()
) -> None:
    """All the lines in one statement, and the public rolls' rows in one more (the batch a
    flush carries)."""
    if lines:
        _INSERT.run_many(conn, [line.row() for line in lines])
    if rolls:
        _INSERT_ROLLS.run_many(conn, rolls)


def add_revealed(conn: Connection, line: LogLine) -> bool:
    """A revealed secret roll's line, once: False when this roll already has one."""
    taken = conn.execute(select(LOG.c.id).where(LOG.c.roll_id == line.roll_id)).first()
    if taken is not None:
        return False
    conn.execute(insert(LOG).values(**line.row()))
    return True


async def lines_of(
    database: Database, channel_id: int, since: datetime | None = None
) -> list[LogLine]:
    """The channel's lines in the order they happened (a revealed roll where it was rolled)."""
    query = select(LOG).where(LOG.c.channel_id == channel_id)
    if since is not None:
        query = query.where(LOG.c.created_at >= since)
    query = query.order_by(LOG.c.created_at, LOG.c.id)

    def read(conn: Connection) -> list[LogLine]:
        return [
            LogLine(
                channel_id=r.channel_id, guild_id=r.guild_id, user_id=r.user_id,
                user_name=r.user_name, body=r.body, created_at=utc(r.created_at), kind=r.kind,
                roll_id=r.roll_id,
            )
            for r in conn.execute(query)
        ]  # fmt: skip

    return await database.run(read, write=False)


async def clear(database: Database, channel_id: int, before: datetime) -> int:
    """Delete the channel's lines made before ``before``; how many went."""

    def work(conn: Connection) -> int:
        statement = delete(LOG).where(LOG.c.channel_id == channel_id, LOG.c.created_at < before)
        return int(conn.execute(statement).rowcount or 0)

    return await database.run(work, write=True)


async def prune(database: Database, cutoff: datetime) -> tuple[int, int]:
    """Delete every channel's lines, and every roll, older than ``cutoff``: (lines, rolls)."""

    def work(conn: Connection) -> tuple[int, int]:
        lines = conn.execute(delete(LOG).where(LOG.c.created_at < cutoff)).rowcount or 0
        rolls = conn.execute(delete(ROLLS).where(ROLLS.c.created_at < cutoff)).rowcount or 0
        return int(lines), int(rolls)

    return await database.run(work, write=True)
