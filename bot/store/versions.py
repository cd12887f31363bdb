"""A server's version: what keeps caches in several bot processes honest, and the lock its
limited changes take.

Every change to a server's settings, tables or characters raises the server's counter in the
same transaction (``bump``), which on PostgreSQL also holds the counter's row until commit, so
two processes checking "at most 200 tables" never both see 199. A cache (``Versioned``) keeps a
value with the counter it was read at and, on each use, reads the counter again — one primary-
key lookup — reloading only when another process (or this one) changed something.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from bot.store.db import Database
from bot.store.faults import DatabaseFault
from bot.store.models import GuildVersion
from bot.store.prepared import Prepared

VERSIONS = GuildVersion.__table__
NO_GUILD = 0  # direct messages and other channels outside a server
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
log = logging.getLogger("bot.store")


def upsert(conn: Connection, table: Any, key: str, values: dict, changes: dict) -> Any:
    """INSERT ``values``, or on a clash of ``key`` UPDATE only ``changes`` — one statement, so
    two writers of different columns never undo each other."""
    insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    statement = insert(table).values(**values)
    if not changes:
        return statement.on_conflict_do_nothing(index_elements=[key])
    return statement.on_conflict_do_update(index_elements=[key], set_=changes)


def bump(conn: Connection, guild_id: int | None) -> int:
    """Raise the server's version (holding its row until commit); the new version."""
    statement = upsert(
        conn, VERSIONS, "guild_id", {"guild_id": guild_id or NO_GUILD, "version": 1},
        {"version": VERSIONS.c.version + 1},
    ).returning(VERSIONS.c.version)  # fmt: skip
    return int(conn.execute(statement).scalar_one())


_VERSION_OF = Prepared(select(VERSIONS.c.version).where(VERSIONS.c.guild_id == bindparam("guild")))


def version_of(conn: Connection, guild_id: int | None) -> int:
    return int(_VERSION_OF.scalar(conn, {"guild": guild_id or NO_GUILD}) or 0)


class Versioned(Generic[K, V]):
    """Values read per key, each trusted while its server's version stays the one read with
    it. While the database is down, the last value read (or ``fallback``) stands in, so what
    only reads — a dice roll — keeps working."""

    def __init__(
        self,
        database: Database,
        load: Callable[[Connection, K], V],
        fallback: Callable[[], V],
    ) -> None:
        self.db = database
        self._load = load
        self._fallback = fallback
        self._held: dict[K, tuple[int, V]] = {}

    async def get(self, guild_id: int | None, key: K) -> V:
        memo = self.db.turn_memo  # the version another command read in this very loop turn
        mark = ("guild version", guild_id)
        seen = memo.get(mark) if memo is not None else None
        held = self._held.get(key)
        if seen is not None and held is not None and held[0] == seen:
            return held[1]

        def read(conn: Connection) -> tuple[int, V]:
            version = version_of(conn, guild_id)
            if memo is not None:
                memo.put(mark, version)
            held = self._held.get(key)
            if held is not None and held[0] == version:
                return held
            return version, self._load(conn, key)  # the same transaction as the version

        try:
            held = await self.db.run(read, write=False)
        except DatabaseFault:
            last = self._held.get(key)
            log.debug("database down: using the last %s read for %s", type(self).__name__, key)
            return last[1] if last is not None else self._fallback()
        self._held[key] = held
        return held[1]
