"""Saved characters: the one writer of the ``characters`` table.

Each change is one transaction with the character's row locked (FOR UPDATE on PostgreSQL; the
SQLite writer holds the database), reading the row as it is now, so two edits at once both
land. Creating one holds the server's version row (``bot.store.versions``) while it counts the
player's characters, so the limit holds across bot processes too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from bot.i18n import LocalizedError
from bot.store.db import Database
from bot.store.models import Character, now
from bot.store.versions import bump

CHARACTERS = Character.__table__
MAX_NAMES_READ = 200  # autocomplete shows 25; a server rarely has more than this per system
MAX_PER_PLAYER = 50
T = TypeVar("T")


class CharacterError(LocalizedError):
    """A change to a saved character that cannot be made, with the reason."""


def locked(conn: Connection, character_id: int) -> dict[str, Any]:
    """The character's row, held until commit; ``char.gone`` if it was deleted meanwhile."""
    statement = select(CHARACTERS).where(CHARACTERS.c.id == character_id)
    if conn.dialect.name == "postgresql":
        statement = statement.with_for_update()
    row = conn.execute(statement).mappings().first()
    if row is None:
        raise CharacterError("char.gone")
    return dict(row)


def _owned(row: dict[str, Any], user_id: int, is_gm: bool) -> None:
    if row["owner_id"] != user_id and not is_gm:
        raise CharacterError("char.not_yours", name=row["name"])


class CharacterStore:
    def __init__(self, database: Database) -> None:
        self.db = database

    async def create(
        self, guild_id: int, owner_id: int, system: str, name: str, stats: dict[str, Any]
    ) -> None:
        def write(conn: Connection) -> None:
            bump(conn, guild_id)  # holds the server's row while the count below is true
            owned = conn.execute(
                select(func.count()).select_from(CHARACTERS).where(
                    CHARACTERS.c.guild_id == guild_id, CHARACTERS.c.owner_id == owner_id
                )
            ).scalar_one()  # fmt: skip
            if owned >= MAX_PER_PLAYER:
                raise CharacterError("char.too_many", limit=MAX_PER_PLAYER)
            conn.execute(
                insert(CHARACTERS).values(
                    guild_id=guild_id, owner_id=owner_id, system=system, name=name, stats=stats
                )
            )

        try:
            await self.db.run(write, write=True)
        except IntegrityError:
            raise CharacterError("char.exists", name=name, system=system) from None

    async def change_stats(
        self,
        character_id: int,
        user_id: int,
        is_gm: bool,
        change: Callable[[dict[str, Any]], dict[str, Any]],
    ) -> dict[str, Any]:
        """Its player or a GM changes the stats: ``change(stats now)`` → the new stats, under
        the row's lock. Returns the row as saved."""

        def write(conn: Connection) -> dict[str, Any]:
            row = locked(conn, character_id)
            _owned(row, user_id, is_gm)
            stats = change(dict(row["stats"]))
            conn.execute(
                update(CHARACTERS)
                .where(CHARACTERS.c.id == character_id)
                .values(stats=stats, updated_at=now())
            )
            return {**row, "stats": stats}

        return await self.db.run(write, write=True)

    async def delete(self, character_id: int, user_id: int, is_gm: bool) -> None:
        def write(conn: Connection) -> None:
            _owned(locked(conn, character_id), user_id, is_gm)
            conn.execute(delete(CHARACTERS).where(CHARACTERS.c.id == character_id))

        await self.db.run(write, write=True)


async def change_state(
    database: Database, character_id: int, work: Callable[[dict[str, Any]], tuple[dict, T]]
) -> T:
    """``work(row as it is now)`` → (what changes in the character's state, the answer), stored
    in the same transaction, the row locked: counters (fatigue, unused CP) never lose a use."""

    def write(conn: Connection) -> T:
        row = locked(conn, character_id)
        changes, answer = work(row)
        if changes:
            state = {**(row["state"] or {}), **changes}
            conn.execute(
                update(CHARACTERS).where(CHARACTERS.c.id == character_id).values(state=state)
            )
        return answer

    return await database.run(write, write=True)


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
