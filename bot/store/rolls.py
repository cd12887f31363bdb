"""The roll log: every roll made in Discord, and what a Reveal button publishes."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update

from bot.dice import RollResult
from bot.store.db import Database
from bot.store.models import RollLog, now
from bot.store.prepared import Prepared

ROLLS = RollLog.__table__
_INSERT = Prepared(insert(ROLLS).returning(ROLLS.c.id))


def roll_row(
    guild_id: int | None,
    channel_id: int,
    user_id: int,
    system: str,
    command: str,
    result: RollResult,
) -> dict[str, Any]:
    """The roll's row as logged, dated now (a public roll's row is written a moment later,
    with the channel log's next batch: ``bot.log.service``)."""
    return {
        "guild_id": guild_id, "channel_id": channel_id, "user_id": user_id, "system": system,
        "command": command[:2000], "result": result.text, "secret": result.secret,
        "dice": [list(r) for r in result.rands[:2000]], "notice_message_id": None,
        "created_at": now(),
    }  # fmt: skip


async def log_roll(database: Database, values: dict[str, Any]) -> int:
    """Log one roll now: its id (a secret roll's Reveal button needs it)."""
    return await database.run(lambda conn: int(_INSERT.scalar(conn, values)), write=True)


async def get_roll(database: Database, roll_id: int) -> dict[str, Any] | None:
    async with database.read() as conn:
        row = (await conn.execute(select(ROLLS).where(ROLLS.c.id == roll_id))).mappings().first()
        return dict(row) if row else None


async def set_notice(database: Database, roll_id: int, message_id: int) -> None:
    async with database.write() as conn:
        await conn.execute(
            update(ROLLS).where(ROLLS.c.id == roll_id).values(notice_message_id=message_id)
        )
