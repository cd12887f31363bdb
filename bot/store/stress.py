"""A character's stress points, kept across sessions, each change logged with its cause."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from sqlalchemy import Connection, insert, select, update

from bot.store.characters import change_state, locked
from bot.store.db import Database
from bot.store.models import Character, StressLog
from bot.systems.gurps.stress import Change, Stress

CHARACTERS = Character.__table__
LOG = StressLog.__table__


def stress_of(row: dict[str, Any], maximum: int) -> Stress:
    saved = (row.get("state") or {}).get("stress")
    if saved is None:
        return Stress(maximum, maximum)  # a fresh character starts at its maximum
    return Stress(**{**saved, "maximum": maximum, "value": min(saved["value"], maximum)})


async def change_stress(
    database: Database,
    character_id: int,
    work: Callable[[dict[str, Any]], tuple[Stress, Change]],
) -> tuple[Stress, Change]:
    """Read the character (its row locked: two processes never both read the old value), let
    ``work`` compute the change, store the new value and the log line — one transaction,
    committed before the caller answers."""

    def write(conn: Connection) -> tuple[Stress, Change]:
        row = locked(conn, character_id)
        stress, change = work(row)
        state = {**(row["state"] or {}), "stress": asdict(stress)}
        conn.execute(update(CHARACTERS).where(CHARACTERS.c.id == character_id).values(state=state))
        conn.execute(
            insert(LOG).values(
                character_id=character_id, cause=change.cause, delta=change.delta,
                before=change.before, after=change.after, detail=change.rolled or "",
            )
        )  # fmt: skip
        return stress, change

    return await database.run(write, write=True)


async def set_state(database: Database, character_id: int, **values: Any) -> None:
    """Merge ``values`` into the character's state (one write, the row locked)."""
    await change_state(database, character_id, lambda row: (values, None))


async def stress_history(database: Database, character_id: int, limit: int = 10) -> list[dict]:
    async with database.read() as conn:
        rows = await conn.execute(
            select(LOG)
            .where(LOG.c.character_id == character_id)
            .order_by(LOG.c.id.desc())
            .limit(limit)
        )
        return [dict(r) for r in rows.mappings()][::-1]


async def new_session(database: Database, guild_id: int) -> int:
    """A new session for this server's GURPS characters: あきらめない may be used again.
    Returns how many characters it touched."""
    touched = 0
    async with database.write() as conn:
        rows = (
            await conn.execute(
                select(CHARACTERS.c.id, CHARACTERS.c.state)
                .where(CHARACTERS.c.guild_id == guild_id, CHARACTERS.c.system == "GURPS")
                .with_for_update()
            )
        ).all()
        for row in rows:
            saved = (row.state or {}).get("stress")
            if saved and saved.get("never_give_up_used"):
                state = {**row.state, "stress": {**saved, "never_give_up_used": False}}
                await conn.execute(
                    update(CHARACTERS).where(CHARACTERS.c.id == row.id).values(state=state)
                )
                touched += 1
    return touched
