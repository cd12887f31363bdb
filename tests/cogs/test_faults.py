"""Database faults mid-fight, through SimCord: PostgreSQL stopped and started again (a private
server, so no other test run is disturbed), and an SQLite file that turns read-only. Rolls keep
working; commands that need the database say so in one sentence, change nothing, make no
incident; and both recover by themselves when the database returns."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import simcord
from sqlalchemy import event

from bot.app import build_bot
from bot.config import Settings
from bot.store import db as db_module
from bot.store.db import Database
from tests import private_postgres
from tests.cogs.conftest import Dice, Incidents, World
from tests.databases import new_sqlite

UNAVAILABLE = "The database is unavailable right now, so nothing was changed"


async def fight(url: str, dice: Dice) -> AsyncIterator[World]:
    settings = Settings(discord_token=None, database_url=url, tracker_interval=0)
    bot = build_bot(settings, dice=dice)
    async with simcord.run(bot, check_errors=False) as env:
        world = World(env)
        await world.gm.slash(world.channel, "config", language="en")
        await world.gm.slash(world.channel, "combat start", ruleset="GranCrest")
        await world.gm.slash(world.channel, "combat add", name="Goblin", action_value=4, hp=10)
        await world.gm.slash(world.channel, "combat next")
        try:
            yield world
        finally:
            await bot.release()  # SimCord detaches the bot without closing it


async def outage_checks(world: World, dice: Dice) -> None:
    """What players see while the database is down."""
    dice.load(3, 4)
    rolled = await world.alice.slash(world.channel, "roll", command="2D6")
    assert rolled.response.content == "alice: (2D6) ＞ 7[3,4] ＞ 7"
    dice.load(6, 6)
    await world.alice.send(world.channel, "2D6>=8")
    # an English channel (the settings read before the outage): BCDice's words in English
    assert world.channel.last_message.content == "alice: (2D6>=8) ＞ 12[6,6] ＞ 12 ＞ success"
    for name, options in (
        ("combat next", {}),
        ("char create", {"name": "Aster"}),
        ("table add", {"command": "drink", "content": "t\\n1D2\\n1:a\\n2:b"}),
    ):
        refused = await world.gm.slash(world.channel, name, **options)
        assert refused.ephemeral and refused.response.content.startswith(UNAVAILABLE), name


async def private_fight(
    dice: Dice,
) -> AsyncIterator[tuple[private_postgres.PrivatePostgres, World]]:
    """A fight on a PostgreSQL server of the test's own, which it may stop and start."""
    reason = private_postgres.problem()
    if reason:
        pytest.skip(f"no private PostgreSQL server can be made here: {reason}")
    server = private_postgres.PrivatePostgres()
    try:
        server.start()
        async for world in fight(server.url, dice):
            yield server, world
    finally:
        server.remove()


async def test_postgresql_stopped_mid_fight_and_started_again(
    dice: Dice, incidents: Incidents
) -> None:
    async for server, world in private_fight(dice):
        before = await world.env.bot.encounters.status(world.channel.id)
        server.stop()
        await outage_checks(world, dice)
        server.start()
        after = await world.gm.slash(world.channel, "combat next")  # the first command back
        assert not after.ephemeral
        state = await world.env.bot.encounters.status(world.channel.id)
        assert state.version == before.version + 1  # nothing changed while it was down
        made = await world.alice.slash(world.channel, "char create", name="Aster")
        assert made.response.content == "Saved Aster (DiceBot)."
    assert incidents.seen == []


async def test_postgresql_restarted_while_the_table_was_quiet(
    dice: Dice, incidents: Incidents, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No command met the outage, so nothing emptied the pool: the idle connections are
    tested as they are taken, and the first command back works."""
    monkeypatch.setattr(db_module, "IDLE_PING", 0.2)
    async for server, world in private_fight(dice):
        before = await world.env.bot.encounters.status(world.channel.id)
        server.stop()
        server.start()
        time.sleep(0.3)  # real time, longer than IDLE_PING: the pooled connections are tested
        # The first use is a plain read, with no fallback to absorb a dead connection.
        assert await world.env.bot.encounters.status(world.channel.id) == before
        after = await world.gm.slash(world.channel, "combat next")
        assert not after.ephemeral, after.response.content
        state = await world.env.bot.encounters.status(world.channel.id)
        assert state.version == before.version + 1
    assert incidents.seen == []


@contextmanager
def read_only(database: Database):
    """The file turns read-only: every connection taken meanwhile is one SQLite opened
    read-only (as it does for a file it may not write), and stays so until dropped."""
    engines = [database.engine.sync_engine]
    if database._threads is not None:
        engines.append(database._threads.engine)

    def on_checkout(dbapi_connection, *_: object) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA query_only=ON")  # SQLite answers writes "readonly database"
        cursor.close()

    if database._threads is not None:
        database._threads.forget()  # the connections it keeps are opened again, read-only
    for engine in engines:
        engine.pool.dispose()  # connections opened from now on see the read-only file
        event.listen(engine.pool, "checkout", on_checkout)
    try:
        yield
    finally:
        for engine in engines:
            event.remove(engine.pool, "checkout", on_checkout)


async def test_sqlite_file_read_only_mid_fight_then_writable_again(
    tmp_path: Path, sqlite_template: Path, dice: Dice, incidents: Incidents
) -> None:
    async for world in fight(new_sqlite(sqlite_template, tmp_path), dice):
        database = world.env.bot.database
        before = await world.env.bot.encounters.status(world.channel.id)
        with read_only(database):
            await outage_checks(world, dice)
        after = await world.gm.slash(world.channel, "combat next")  # writable again
        assert not after.ephemeral, after.response.content
        state = await world.env.bot.encounters.status(world.channel.id)
        assert state.version == before.version + 1
    assert incidents.seen == []
