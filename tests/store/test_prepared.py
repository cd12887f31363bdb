"""bot.store.prepared straight on the drivers (SQLite's stdlib one, SQLAlchemy's asyncpg
adapter) — SQLite and PostgreSQL: the rows SQLAlchemy's own execute reads, its errors as
SQLAlchemy raises them, one statement on both databases in one process, and a PostgreSQL
connection lost mid-transaction dropped, so the next transaction works."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, bindparam, insert, select, text
from sqlalchemy.exc import IntegrityError

from bot.store.db import Database
from bot.store.faults import DatabaseUnavailable
from bot.store.models import ChannelLogRow, RollLog
from bot.store.prepared import Prepared
from tests.databases import open_database

ROLLS = RollLog.__table__
LOG = ChannelLogRow.__table__
INSERT = Prepared(insert(ROLLS).returning(ROLLS.c.id))
INSERT_MANY = Prepared(insert(ROLLS))
OF_CHANNEL = Prepared(
    select(ROLLS.c.id, ROLLS.c.secret, ROLLS.c.dice, ROLLS.c.created_at)
    .where(ROLLS.c.channel_id == bindparam("channel"))
    .order_by(ROLLS.c.id)
)
SET_SECRET = Prepared(
    ROLLS.update().where(ROLLS.c.channel_id == bindparam("channel")).values(secret=True)
)
T0 = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


def roll(channel: int, n: int, **extra: object) -> dict[str, object]:
    return {"guild_id": 1, "channel_id": channel, "user_id": 7, "system": "DiceBot",
            "command": f"{n}D6", "result": "…", "secret": False,
            "dice": [[n, 6], [1, 6]], **extra}  # fmt: skip


async def test_rows_written_and_read_as_sqlalchemy_would(database: Database) -> None:
    def write(conn: Connection) -> tuple[int, int]:
        first = INSERT.scalar(conn, roll(10, 1, created_at=T0))
        INSERT_MANY.run_many(conn, [roll(10, n) for n in (2, 3)] + [roll(11, 4)])
        return first, SET_SECRET.run(conn, {"channel": 10})

    first, changed = await database.run(write, write=True)
    assert changed == 3  # the rows the UPDATE changed, from each driver's own count
    rows = await database.run(lambda conn: OF_CHANNEL.rows(conn, {"channel": 10}), write=False)
    async with database.read() as conn:
        expected = (await conn.execute(OF_CHANNEL.statement, {"channel": 10})).mappings().all()
    assert rows == [dict(r) for r in expected]
    assert rows[0]["id"] == first and all(r["secret"] is True for r in rows)
    assert [r["dice"] for r in rows] == [[[n, 6], [1, 6]] for n in (1, 2, 3)]
    assert rows[0]["created_at"].replace(tzinfo=UTC) == T0  # SQLite's come back naive
    assert all(r["created_at"] is not None for r in rows)  # the column's default, filled in


async def test_a_refused_statement_is_sqlalchemys_error_and_nothing_is_kept(
    database: Database,
) -> None:
    if database.is_sqlite:
        pytest.skip("asyncpg only: the SQLite file's batch keeps the driver's own error")
    line = {"channel_id": 10, "guild_id": 1, "kind": "revealed", "user_id": 7,
            "user_name": "alice", "body": "🔓", "roll_id": 5, "created_at": T0}  # fmt: skip
    twice = Prepared(insert(LOG))

    def write(conn: Connection) -> None:
        twice.run(conn, line)
        twice.run(conn, line)  # roll_id is unique

    with pytest.raises(IntegrityError):
        await database.run(write, write=True)
    async with database.read() as conn:
        assert (await conn.execute(select(LOG.c.id))).all() == []  # rolled back whole


async def test_one_statement_on_sqlite_and_postgresql_in_one_process(
    database: Database, tmp_path: object, sqlite_template: object
) -> None:
    from tests.databases import new_sqlite

    other = await open_database(new_sqlite(sqlite_template, tmp_path))  # type: ignore[arg-type]
    try:
        for db, channel in ((database, 20), (other, 21), (database, 22)):
            await db.run(lambda conn, c=channel: INSERT.scalar(conn, roll(c, 2)), write=True)
            found = await db.run(lambda conn, c=channel: OF_CHANNEL.rows(conn, {"channel": c}),
                                 write=False)  # fmt: skip
            assert len(found) == 1
    finally:
        await other.dispose()


async def test_a_connection_lost_mid_transaction_is_dropped(database: Database) -> None:
    if database.is_sqlite:
        pytest.skip("PostgreSQL only: a server connection to lose")

    def doomed(conn: Connection) -> None:
        INSERT.scalar(conn, roll(30, 1))
        own = conn.execute(text("SELECT pg_backend_pid()")).scalar_one()
        conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": own})
        INSERT.scalar(conn, roll(30, 2))  # on a connection the server has closed

    with pytest.raises(DatabaseUnavailable):
        await database.run(doomed, write=True)
    for _ in range(25):  # more than the pool holds: none hands out the dead connection
        await database.run(lambda conn: INSERT.scalar(conn, roll(31, 3)), write=True)
    assert await database.run(lambda c: OF_CHANNEL.rows(c, {"channel": 30}), write=False) == []
    kept = await database.run(lambda c: OF_CHANNEL.rows(c, {"channel": 31}), write=False)
    assert len(kept) == 25
