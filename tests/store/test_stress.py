"""Stress points kept per character across sessions, each change logged — SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from sqlalchemy import insert

from bot.store.db import Database
from bot.store.models import Character
from bot.store.stress import change_stress, new_session, set_state, stress_history, stress_of
from bot.systems.gurps.stress import Stress, apply
from tests.conftest import FixedDice


async def new_character(database: Database) -> int:
    async with database.write() as conn:
        result = await conn.execute(
            insert(Character.__table__)
            .values(guild_id=1, owner_id=2, system="GURPS", name="Aoi", stats={"iq": 12})
            .returning(Character.__table__.c.id)
        )
        return int(result.scalar_one())


def lose(amount: int):
    return lambda row: apply(stress_of(row, 14), "tension", f"-{amount}", FixedDice([]))


async def test_changes_are_kept_and_logged_in_order(database: Database) -> None:
    character = await new_character(database)
    first, _ = await change_stress(database, character, lose(3))
    second, change = await change_stress(database, character, lose(2))
    assert (first.value, second.value) == (11, 9) and (change.before, change.after) == (11, 9)
    history = await stress_history(database, character)
    assert [(h["before"], h["after"], h["cause"]) for h in history] == [
        (14, 11, "tension"), (11, 9, "tension"),
    ]  # fmt: skip


async def test_traits_and_stress_share_the_state_without_losing_either(database: Database) -> None:
    character = await new_character(database)
    await set_state(database, character, traits=["冷静沈着"])
    await change_stress(database, character, lose(1))
    await set_state(database, character, traits=["正直"])
    stress, _ = await change_stress(database, character, lose(1))
    assert stress == Stress(12, 14)


async def test_concurrent_changes_are_never_lost(database: Database) -> None:
    character = await new_character(database)
    await asyncio.gather(*(change_stress(database, character, lose(1)) for _ in range(8)))
    history = await stress_history(database, character, limit=20)
    assert len(history) == 8 and history[-1]["after"] == 6


async def test_a_new_session_makes_never_give_up_available_again(database: Database) -> None:
    character = await new_character(database)
    used = Stress(4, 14, never_give_up_used=True)
    await set_state(database, character, stress={**used.__dict__})
    assert await new_session(database, guild_id=1) == 1
    assert await new_session(database, guild_id=1) == 0  # nothing left to reset
    again, _ = await change_stress(database, character, lose(1))
    assert not again.never_give_up_used and again.value == 3
