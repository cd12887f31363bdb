"""User-defined tables per server, parsed once and cached (chat rolls look them up)."""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from bot.dice.errors import DiceError
from bot.dice.tables import DiceTable, parse_table
from bot.store.db import Database
from bot.store.models import UserTable

TABLES = UserTable.__table__
MAX_TABLES_PER_GUILD = 200
MAX_SOURCE = 100_000


class TableStore:
    def __init__(self, database: Database) -> None:
        self.db = database
        self._cache: dict[int, dict[str, DiceTable]] = {}

    async def for_guild(self, guild_id: int | None) -> dict[str, DiceTable]:
        if guild_id is None:
            return {}
        cached = self._cache.get(guild_id)
        if cached is not None:
            return cached
        async with self.db.read() as conn:
            rows = (
                await conn.execute(select(TABLES).where(TABLES.c.guild_id == guild_id))
            ).mappings()
            tables = {row["command"]: parse_table(row["source"]) for row in rows}
        self._cache[guild_id] = tables
        return tables

    async def add(self, guild_id: int, owner_id: int, command: str, source: str) -> DiceTable:
        """Check and save a table under ``command`` (letters and digits; replaces one of the
        same name)."""
        command = command.strip().upper()
        if not command.isalnum() or not command[:1].isalpha() or len(command) > 32:
            raise DiceError("table.bad_command", command=command[:40])
        if len(source) > MAX_SOURCE:
            raise DiceError("table.too_big", size=len(source), limit=MAX_SOURCE)
        table = parse_table(source)
        existing = await self.for_guild(guild_id)
        if command not in existing and len(existing) >= MAX_TABLES_PER_GUILD:
            raise DiceError("table.too_many", limit=MAX_TABLES_PER_GUILD)
        async with self.db.write() as conn:
            await conn.execute(
                delete(TABLES).where(TABLES.c.guild_id == guild_id, TABLES.c.command == command)
            )
            row = {"guild_id": guild_id, "command": command, "name": table.name[:100]}
            await conn.execute(insert(TABLES).values(**row, source=source, owner_id=owner_id))
        self._cache.pop(guild_id, None)
        return table

    async def remove(self, guild_id: int, command: str) -> bool:
        async with self.db.write() as conn:
            result = await conn.execute(
                delete(TABLES).where(
                    TABLES.c.guild_id == guild_id, TABLES.c.command == command.upper()
                )
            )
        self._cache.pop(guild_id, None)
        return bool(result.rowcount)
