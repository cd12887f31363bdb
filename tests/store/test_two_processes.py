"""Two bot processes writing one server's saved state at once, on SQLite and PostgreSQL: every
counter ends exact and every limit holds (issue 14: before, 8 fatigue spends stored 1–2, 6
unused-CP uses passed a limit of 3, two edits lost one, 60 creates and 230 tables passed their
limits of 50 and 200)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from sqlalchemy import func, insert, select

from bot.store.characters import MAX_PER_PLAYER
from bot.store.db import Database
from bot.store.models import Character, UserTable
from bot.store.settings import SettingsStore
from bot.store.tables import MAX_TABLES_PER_GUILD, TableStore
from tests.store.worker import CHARACTER, GUILD, PLAYER

ROOT = Path(__file__).resolve().parents[2]
CHARACTERS = Character.__table__


def race(url: str, mode: str, each: int) -> Counter[str]:
    """Two worker processes, each sending ``each`` commands at once; their answers counted."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "tests.store.worker", mode, url, str(each)]
    children = [
        subprocess.Popen([*command, tag], cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env)
        for tag in ("a", "b")
    ]
    outputs = [child.communicate(timeout=180)[0] for child in children]
    assert all(child.returncode == 0 for child in children), outputs
    return Counter(line for out in outputs for line in out.splitlines())


async def character(database: Database) -> None:
    async with database.write() as conn:
        await conn.execute(
            insert(CHARACTERS).values(
                id=CHARACTER, guild_id=GUILD, owner_id=PLAYER, system="GURPS", name="Aoi",
                stats={"st": 10, "ht": 10}, state={},
            )
        )  # fmt: skip


async def saved(database: Database) -> dict:
    async with database.read() as conn:
        row = await conn.execute(select(CHARACTERS).where(CHARACTERS.c.id == CHARACTER))
        return dict(row.mappings().one())


async def test_eight_fatigue_spends_at_once_are_eight(database_url: str, database) -> None:
    await character(database)
    answers = race(database_url, "fatigue", 4)
    assert answers == {"ok": 8}
    assert (await saved(database))["state"]["fatigue_spent"] == 8


async def test_six_unused_cp_uses_at_once_pass_the_limit_of_three_exactly(
    database_url: str, database
) -> None:
    await character(database)
    answers = race(database_url, "unused_cp", 3)
    assert answers == {"ok": 3, "refused gurps.unused_cp_spent": 3}
    assert (await saved(database))["state"]["unused_cp"] == {"adjust_die": 3}


async def test_edits_at_once_all_land(database_url: str, database) -> None:
    await character(database)
    answers = race(database_url, "edit", 5)
    assert answers == {"ok": 10}
    stats = (await saved(database))["stats"]
    assert {k for k in stats if k[:2] in ("a_", "b_")} == {
        f"{tag}_{i}" for tag in "ab" for i in range(5)
    }


async def test_sixty_creates_at_once_make_exactly_fifty(database_url: str, database) -> None:
    answers = race(database_url, "create", 30)
    assert answers == {"ok": MAX_PER_PLAYER, "refused char.too_many": 60 - MAX_PER_PLAYER}
    async with database.read() as conn:
        count = await conn.scalar(select(func.count()).select_from(CHARACTERS))
    assert count == MAX_PER_PLAYER


async def test_230_tables_at_once_make_exactly_200(database_url: str, database) -> None:
    answers = race(database_url, "table", 115)
    assert answers == {"ok": MAX_TABLES_PER_GUILD, "refused table.too_many": 30}
    async with database.read() as conn:
        count = await conn.scalar(select(func.count()).select_from(UserTable.__table__))
    assert count == MAX_TABLES_PER_GUILD


async def test_a_table_changed_by_another_process_rolls_anew_at_once(database) -> None:
    here, there = TableStore(database), TableStore(database)  # two processes' caches
    await here.add(GUILD, PLAYER, False, "drink", "飲み物\n1D2\n1:水\n2:茶")
    assert (await there.for_guild(GUILD))["DRINK"].rows[1] == "水"  # cached there now
    await here.add(GUILD, PLAYER, False, "drink", "飲み物\n1D2\n1:酒\n2:茶")
    assert (await there.for_guild(GUILD))["DRINK"].rows[1] == "酒"
    await here.remove(GUILD, PLAYER, False, "drink")
    assert await there.for_guild(GUILD) == {}


async def test_settings_changed_by_another_process_show_at_once(database) -> None:
    here, there = SettingsStore(database), SettingsStore(database)  # two processes' caches
    assert (await there.effective(GUILD, 5)).system == "DiceBot"
    await here.set_channel(GUILD, 5, system="GURPS")
    await there.set_channel(GUILD, 5, scene_light="dark")  # another column: both kept
    assert (await there.effective(GUILD, 5)).system == "GURPS"
    assert (await here.effective(GUILD, 5)).scene_light == "dark"
