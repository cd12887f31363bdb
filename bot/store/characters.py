"""Saved characters: finding one by name, and the names a server has, per system."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from bot.store.db import Database
from bot.store.models import Character

CHARACTERS = Character.__table__
MAX_NAMES_READ = 200  # autocomplete shows 25; a server rarely has more than this per system


async def find_character(
    database: Database, guild_id: int | None, system: str, name: str
) -> dict[str, Any] | None:
    async with database.read() as conn:
        row = (
            await conn.execute(
                select(CHARACTERS).where(
                    CHARACTERS.c.guild_id == guild_id,
                    CHARACTERS.c.system == system,
                    CHARACTERS.c.name == name,
                )
            )
        ).mappings().first()  # fmt: skip
    return dict(row) if row is not None else None


async def names_matching(
    database: Database, guild_id: int | None, system: str, current: str, limit: int = 25
) -> list[str]:
    """The server's character names in ``system`` containing ``current`` (case-folded)."""
    async with database.read() as conn:
        rows = (
            await conn.execute(
                select(CHARACTERS.c.name)
                .where(CHARACTERS.c.guild_id == guild_id, CHARACTERS.c.system == system)
                .order_by(CHARACTERS.c.name)
                .limit(MAX_NAMES_READ)
            )
        ).all()
    folded = current.casefold()
    return [r.name for r in rows if folded in r.name.casefold()][:limit]
