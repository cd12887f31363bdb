"""User-defined tables per server: each belongs to whoever made it; only they or a GM replace or
remove it; at most ``MAX_TABLES_PER_GUILD`` a server, counted inside the saving transaction.

Chat rolls look the tables up per message, so they are parsed once and cached — each use checks
the server's version (``bot.store.versions``): a table changed in another bot process rolls
anew at once."""

from __future__ import annotations

import logging

from sqlalchemy import Connection, delete, func, insert, select, update

from bot.dice.errors import DiceError
from bot.dice.tables import DiceTable, command_name, parse_table
from bot.store.db import Database
from bot.store.models import UserTable
from bot.store.versions import Versioned, bump
from bot.systems import builtin_tables

TABLES = UserTable.__table__
MAX_TABLES_PER_GUILD = 200
MAX_SOURCE = 100_000
log = logging.getLogger("bot.store")


def _tables(conn: Connection, guild_id: int) -> dict[str, DiceTable]:
    rows = conn.execute(
        select(TABLES.c.command, TABLES.c.source).where(TABLES.c.guild_id == guild_id)
    ).all()
    tables = {}
    builtin = builtin_tables()
    for row in rows:
        try:  # saved before names and rows were checked as they are now: never rolled
            command_name(row.command, builtin)
            tables[row.command] = parse_table(row.source)
        except DiceError as error:
            log.warning("table %s of server %s is skipped: %s", row.command, guild_id, error.code)
    return tables


class TableStore:
    def __init__(self, database: Database) -> None:
        self.db = database
        self._cache: Versioned[int, dict[str, DiceTable]] = Versioned(database, _tables, dict)

    async def for_guild(self, guild_id: int | None) -> dict[str, DiceTable]:
        """The server's tables (while the database is down: the last read, or none)."""
        if guild_id is None:
            return {}
        return await self._cache.get(guild_id, guild_id)

    async def add(
        self, guild_id: int, user_id: int, is_gm: bool, command: str, source: str
    ) -> tuple[str, DiceTable]:
        """Check and save a table under ``command``; replacing one needs its maker or a GM.
        Returns the command it rolls by and the table."""
        command = command_name(command, builtin_tables())
        if len(source) > MAX_SOURCE:
            raise DiceError("table.too_big", size=len(source), limit=MAX_SOURCE)
        table = parse_table(source)
        values = {"name": table.name[:100], "source": source}

        def write(conn: Connection) -> None:
            bump(conn, guild_id)  # holds the server's row: the count below stays true
            owner = _owner(conn, guild_id, command)
            if owner is None:
                count = conn.execute(
                    select(func.count()).select_from(TABLES).where(TABLES.c.guild_id == guild_id)
                ).scalar_one()
                if count >= MAX_TABLES_PER_GUILD:
                    raise DiceError("table.too_many", limit=MAX_TABLES_PER_GUILD)
                row = {"guild_id": guild_id, "command": command, "owner_id": user_id}
                conn.execute(insert(TABLES).values(**row, **values))
                return
            if owner != user_id and not is_gm:
                raise DiceError("table.not_yours", command=command)
            conn.execute(update(TABLES).where(_named(guild_id, command)).values(**values))

        await self.db.run(write, write=True)
        return command, table

    async def remove(self, guild_id: int, user_id: int, is_gm: bool, command: str) -> bool:
        """Remove a table (its maker or a GM); False when there is none of that name."""
        command = command.strip().upper()

        def write(conn: Connection) -> bool:
            bump(conn, guild_id)
            owner = _owner(conn, guild_id, command)
            if owner is None:
                return False
            if owner != user_id and not is_gm:
                raise DiceError("table.not_yours", command=command)
            conn.execute(delete(TABLES).where(_named(guild_id, command)))
            return True

        return await self.db.run(write, write=True)


def _named(guild_id: int, command: str):
    return (TABLES.c.guild_id == guild_id) & (TABLES.c.command == command)


def _owner(conn: Connection, guild_id: int, command: str) -> int | None:
    return conn.execute(select(TABLES.c.owner_id).where(_named(guild_id, command))).scalar()
