"""The encounter cache (``bot.store.encounter_cache``): a command starts from the rows this
process committed only while the database still holds them — on SQLite and PostgreSQL, with a
second service standing in for a second process."""

from __future__ import annotations

import pytest
from sqlalchemy import Connection

from bot.combat.errors import CombatError
from bot.combat.model import Encounter, Side, Stats
from bot.combat.service import Caller, EncounterService
from bot.store import sqlite_file
from bot.store.db import Database, connect
from bot.store.encounter_cache import EncounterCache, fresh
from bot.store.encounters import load_active
from bot.store.faults import DatabaseUnavailable
from bot.store.posted import set_posted
from bot.systems import ruleset
from tests.databases import new_sqlite

GM, ALICE = Caller(1, manages_channel=True), Caller(2)
CHANNEL, GUILD = 300, 400


async def stored(db: Database, channel: int = CHANNEL) -> dict:
    """The encounter as a full load from the database reads it (no cache)."""

    def read(conn: Connection) -> dict:
        loaded = load_active(conn, channel, lock=False)
        assert loaded is not None
        return loaded.encounter.to_dict()

    return await db.run(read, write=False)


def kept(service: EncounterService, channel: int = CHANNEL) -> Encounter:
    held = service.cache._kept[channel]
    return fresh(held).encounter


async def fight(service: EncounterService) -> None:
    await service.start(CHANNEL, GUILD, GM, "GranCrest")
    await service.add(CHANNEL, GM, "Goblin", count=3, stats=Stats(hp=10, action_value=4))
    await service.add(CHANNEL, ALICE, "Alice", side=Side.PC, stats=Stats(hp=20, action_value=6))


async def test_a_command_starts_from_what_this_process_saved(database_url: str) -> None:
    db = connect(database_url)
    try:
        service = EncounterService(db, ruleset)
        await fight(service)
        before = service.cache.hits
        for _ in range(4):
            await service.next(CHANNEL, GM, confirmed=True)
        assert service.cache.hits == before + 4  # no full load after the first save
        assert kept(service).to_dict() == await stored(db)
        status = await service.status(CHANNEL)
        assert status is not None and status.to_dict() == await stored(db)
    finally:
        await db.dispose()


async def test_another_processs_write_is_seen_at_once(database_url: str) -> None:
    one, two = connect(database_url), connect(database_url)
    try:
        a, b = EncounterService(one, ruleset), EncounterService(two, ruleset)
        await fight(a)
        await a.next(CHANNEL, GM, confirmed=True)
        await b.add(CHANNEL, GM, "Orc", stats=Stats(hp=12))  # b's write: a's rows are old now
        misses = a.cache.misses
        shown = await a.status(CHANNEL)
        assert shown is not None and shown.find("Orc") is not None
        assert a.cache.misses == misses + 1
        outcome = await a.remove(CHANNEL, GM, "Goblin 1")  # from the database's rows
        assert [c.name for c in outcome.encounter.combatants] == [
            "Goblin 2", "Goblin 3", "Alice", "Orc"
        ]
        assert kept(a).to_dict() == await stored(one)
        shown = await b.status(CHANNEL)  # and b sees a's in turn
        assert shown is not None and shown.find("Goblin 1") is None and shown.find("Orc")
    finally:
        await one.dispose()
        await two.dispose()


async def test_a_write_outside_the_version_is_seen_too(database_url: str) -> None:
    """What an adapter posted (the naval picture's message) changes the row but not the
    version: the revision still tells every other process."""
    one, two = connect(database_url), connect(database_url)
    try:
        a, b = EncounterService(one, ruleset), EncounterService(two, ruleset)
        await fight(a)
        enc = await a.status(CHANNEL)
        assert enc is not None
        await two.run(lambda conn: set_posted(conn, enc.id, "picture", {"m": 7}), write=True)
        outcome = await a.next(CHANNEL, GM, confirmed=True)  # saves data: must keep b's note
        assert outcome.encounter.data["posted"] == {"picture": {"m": 7}}
        assert (await b.posted(enc.id, "picture")) == {"m": 7}
        assert (await stored(one))["data"]["posted"] == {"picture": {"m": 7}}
    finally:
        await one.dispose()
        await two.dispose()


async def test_a_refused_change_leaves_the_kept_rows_alone(database: Database) -> None:
    service = EncounterService(database, ruleset)
    await fight(service)
    before = kept(service).to_dict()

    def half_done(enc: Encounter, dice: object) -> list:
        enc.round = 99  # the change had begun on the state it was given …
        enc.combatants[0].stats.hp = 1
        enc.combatants.pop()
        raise CombatError("combat.not_gm")  # … when it was refused

    with pytest.raises(CombatError):
        await service._change(CHANNEL, GM, "test", half_done)  # type: ignore[arg-type]
    assert kept(service).to_dict() == before == await stored(database)
    after = await service.remove(CHANNEL, GM, "Goblin 2")
    assert after.encounter.round == before["round"]
    assert [c.stats.hp for c in after.encounter.combatants] == [10, 10, 20]


async def test_a_change_whose_commit_failed_is_never_kept(
    tmp_path, sqlite_template, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = connect(new_sqlite(sqlite_template, tmp_path))
    try:
        service = EncounterService(db, ruleset)
        await fight(service)
        before = kept(service).to_dict()

        def broken(connection: object) -> None:
            connection.close()  # type: ignore[attr-defined] # rolled back: nothing was written
            raise OSError("disk I/O error")

        monkeypatch.setattr(sqlite_file, "_commit", broken)
        with pytest.raises(DatabaseUnavailable):
            await service.add(CHANNEL, GM, "Orc", stats=Stats(hp=12))
        monkeypatch.undo()
        assert kept(service).to_dict() == before == await stored(db)
        outcome = await service.add(CHANNEL, GM, "Troll", stats=Stats(hp=30))
        assert outcome.encounter.find("Orc") is None  # never saved, never shown
        assert await stored(db) == outcome.encounter.to_dict() == kept(service).to_dict()
    finally:
        await db.dispose()


async def test_an_ended_fight_is_dropped_and_the_cache_is_bounded(database: Database) -> None:
    service = EncounterService(database, ruleset)
    service.cache = EncounterCache(size=2)
    for channel in (1, 2, 3):
        await service.start(channel, GUILD, GM, "GURPS")
        await service.add(channel, GM, "Oni", stats=Stats(hp=10))
    assert list(service.cache._kept) == [2, 3]  # the oldest went first
    await service.end(3, GM)
    assert list(service.cache._kept) == [2]
    assert await service.status(3) is None
    assert (await service.status(1)) is not None  # a miss loads it as before
