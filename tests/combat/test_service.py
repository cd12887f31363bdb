"""The encounter service on SQLite and on real PostgreSQL: one transaction per command,
permissions, undo, the version check, restarts and concurrent callers."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.combat import engine
from bot.combat.errors import CombatError, StaleState
from bot.combat.model import Encounter, Phase, Side, Stats
from bot.combat.service import REOPEN_WINDOW, Caller, EncounterService
from bot.store.db import Database, connect
from bot.store.models import Character, EncounterLog
from bot.systems import ruleset

GM, ALICE, BOB = Caller(1, manages_channel=True), Caller(2), Caller(3)
CHANNEL, GUILD = 100, 200


def dice(seed: int = 7):
    rng = random.Random(seed)
    return lambda sides: rng.randint(1, sides)


async def grancrest(service: EncounterService) -> None:
    await service.start(CHANNEL, GUILD, GM, "GranCrest")
    await service.add(CHANNEL, GM, "Goblin", count=2, stats=Stats(action_value=4))
    await service.add(CHANNEL, ALICE, "Alice", side=Side.PC, stats=Stats(action_value=6))


async def codes(coroutine) -> str:
    with pytest.raises(CombatError) as error:
        await coroutine
    return error.value.code


async def test_one_active_encounter_per_channel(database: Database) -> None:
    service = EncounterService(database, ruleset)
    first = await service.start(CHANNEL, GUILD, GM, "GranCrest")
    assert first.version == 1 and first.encounter.id is not None
    assert await codes(service.start(CHANNEL, GUILD, GM, "Esperancer")) == "combat.already_active"
    await service.start(CHANNEL + 1, GUILD, GM, "Esperancer")  # another channel is fine
    await service.end(CHANNEL, GM)
    assert await service.status(CHANNEL) is None
    again = await service.start(CHANNEL, GUILD, BOB, "GURPS", anyone_may_start=True)
    assert again.encounter.gm_id == BOB.user_id


async def test_numbered_copies_and_who_may_add_what(database: Database) -> None:
    service = EncounterService(database, ruleset)
    await grancrest(service)
    out = await service.add(CHANNEL, GM, "Goblin", count=2)
    assert [c.name for c in out.encounter.combatants] == [
        "Goblin 1", "Goblin 2", "Alice", "Goblin 3", "Goblin 4",
    ]  # fmt: skip
    alice = out.encounter.find("Alice")
    assert alice is not None and alice.owner_id == ALICE.user_id
    assert await codes(service.add(CHANNEL, BOB, "Spy", side=Side.NPC)) == "combat.not_gm"
    assert (
        await codes(service.add(CHANNEL, BOB, "Ghost", side=Side.PC, hidden=True))
        == "combat.not_gm"
    )
    assert await codes(service.add(CHANNEL, GM, "Alice")) == "combat.name_taken"


async def test_only_the_gm_advances_ends_and_undoes(database: Database) -> None:
    service = EncounterService(database, ruleset)
    await grancrest(service)
    assert await codes(service.next(CHANNEL, ALICE)) == "combat.not_gm"
    assert await codes(service.end(CHANNEL, ALICE)) == "combat.not_gm"
    assert await codes(service.undo(CHANNEL, ALICE)) == "combat.not_gm"
    manager = Caller(9, manages_channel=True)  # Manage Channels / the GM role count as GM
    out = await service.next(CHANNEL, manager)
    assert out.encounter.phase is Phase.SETUP


async def test_players_act_only_for_their_own_combatants(database: Database) -> None:
    service = EncounterService(database, ruleset, dice(1))
    await grancrest(service)
    for _ in range(2):  # Setup, then the initiative leads straight into Alice's main process
        out = await service.next(CHANNEL, GM)
    assert out.encounter.actor == out.encounter.find("Alice").id  # type: ignore[union-attr]
    assert await codes(service.act(CHANNEL, BOB, "minor")) == "combat.not_owner"
    used = await service.act(CHANNEL, ALICE, "minor", detail="move 2")
    assert used.events[0].to_dict()["remaining"] == ["major"]
    assert await codes(service.act(CHANNEL, ALICE, "minor")) == "combat.action_used"
    await service.act(CHANNEL, GM, "major", "Alice")  # the GM may act for anyone
    ended = await service.act(CHANNEL, ALICE, "end_turn")  # the actor's player ends the turn
    goblin = ended.encounter.find("Goblin 1")
    assert goblin is not None  # and the flow goes on by itself to the next turn
    assert (ended.encounter.phase, ended.encounter.actor) == (Phase.MAIN, goblin.id)
    assert await codes(service.act(CHANNEL, GM, "dance")) == "combat.unknown_action"


async def test_nothing_is_written_when_a_command_is_refused(database: Database) -> None:
    service = EncounterService(database, ruleset)
    await grancrest(service)
    before = await service.status(CHANNEL)
    await codes(service.act(CHANNEL, BOB, "interrupt", "Goblin 1", "x"))
    after = await service.status(CHANNEL)
    assert before is not None and after is not None and after.to_dict() == before.to_dict()


async def test_undo_restores_the_state_before_each_change_in_turn(database: Database) -> None:
    service = EncounterService(database, ruleset, dice(2))
    await grancrest(service)
    snapshots = [(await service.status(CHANNEL)).to_dict()]  # type: ignore[union-attr]
    changes = (  # Setup, Alice's turn, her minor action, her end of turn (to the next turn)
        lambda: service.next(CHANNEL, GM),
        lambda: service.next(CHANNEL, GM),
        lambda: service.act(CHANNEL, ALICE, "minor"),
        lambda: service.act(CHANNEL, ALICE, "end_turn"),
    )
    for change in changes:
        await change()
        snapshots.append((await service.status(CHANNEL)).to_dict())  # type: ignore[union-attr]
    for expected in reversed(snapshots[:-1]):
        out = await service.undo(CHANNEL, GM)
        restored = out.encounter.to_dict()
        assert {**restored, "version": 0} == {**expected, "version": 0}
    # Back to the additions, which can be undone too, then the start cannot.
    await service.undo(CHANNEL, GM)
    await service.undo(CHANNEL, GM)
    assert await codes(service.undo(CHANNEL, GM)) == "combat.nothing_to_undo"
    status = await service.status(CHANNEL)
    assert status is not None and status.combatants == []


async def test_a_stale_click_is_refused_not_applied(database: Database) -> None:
    service = EncounterService(database, ruleset)
    await grancrest(service)
    seen = (await service.status(CHANNEL)).version  # type: ignore[union-attr]
    await service.next(CHANNEL, GM, expected_version=seen)
    with pytest.raises(StaleState) as error:
        await service.next(CHANNEL, GM, expected_version=seen)
    assert "先に" in error.value.message


async def test_join_a_saved_character(database: Database) -> None:
    async with database.writes() as session, session.begin():
        hero = Character(
            guild_id=GUILD, owner_id=ALICE.user_id, system="GranCrest", name="Lord Aster",
            stats={"action_value": 7, "reflex": 3, "colour": "blue"},
        )  # fmt: skip
        session.add(hero)
    service = EncounterService(database, ruleset)
    await service.start(CHANNEL, GUILD, GM, "GranCrest")
    assert await codes(service.join(CHANNEL, BOB, hero.id)) == "combat.not_owner"
    out = await service.join(CHANNEL, ALICE, hero.id)
    joined = out.encounter.find("Lord Aster")
    assert joined is not None and joined.character_id == hero.id
    assert (joined.stats.action_value, joined.owner_id, joined.side) == (7, ALICE.user_id, Side.PC)
    assert await codes(service.join(CHANNEL, ALICE, hero.id)) == "combat.name_taken"


async def test_every_change_is_logged_with_who_and_the_dice(database: Database) -> None:
    service = EncounterService(database, ruleset, dice(3))
    await service.start(CHANNEL, GUILD, GM, "Esperancer")
    await service.add(CHANNEL, GM, "Drone")
    await service.next(CHANNEL, GM)
    await service.next(CHANNEL, GM)  # initiative: the drone rolls 2D10
    async with database.reads() as session:
        rows = list(
            (await session.execute(select(EncounterLog).order_by(EncounterLog.version))).scalars()
        )
    assert [r.version for r in rows] == [1, 2, 3, 4]
    assert [r.command for r in rows] == ["start", "add", "next", "next"]
    assert all(r.user_id == GM.user_id for r in rows)
    assert rows[-1].dice and all(sides == 10 for sides, _ in rows[-1].dice)
    assert any(e["event"] == "rolled" for e in rows[-1].events)


async def test_an_encounter_survives_a_restart_mid_round(database_url: str) -> None:
    first = connect(database_url)
    service = EncounterService(first, ruleset, dice(4))
    await grancrest(service)
    for _ in range(2):  # Setup, then straight into Alice's turn
        await service.next(CHANNEL, GM)
    await service.act(CHANNEL, ALICE, "minor")
    before = await service.status(CHANNEL)
    await first.dispose()  # the process goes away

    second = connect(database_url)
    try:
        after = await EncounterService(second, ruleset).status(CHANNEL)
        assert after is not None and before is not None
        assert after.to_dict() == before.to_dict()
        assert (after.round, after.phase, after.find("Alice").used) == (1, Phase.MAIN, ["minor"])  # type: ignore[union-attr]
        resumed = await EncounterService(second, ruleset).act(CHANNEL, ALICE, "major")
        assert resumed.events[0].to_dict()["remaining"] == []
    finally:
        await second.dispose()


def simulate(steps: int, seed: int) -> Encounter:
    """The same encounter advanced ``steps`` times by the pure engine alone."""
    enc = Encounter(CHANNEL, GUILD, "GranCrest", GM.user_id)
    engine.add(enc, "Goblin", Side.NPC, count=2, stats=Stats(action_value=4))
    engine.add(enc, "Alice", Side.PC, owner_id=ALICE.user_id, stats=Stats(action_value=6))
    source = dice(seed)
    for _ in range(steps):
        engine.advance(enc, ruleset("GranCrest"), source)
    return enc


async def test_50_concurrent_clicks_on_one_version_make_exactly_one_advance(
    database: Database,
) -> None:
    service = EncounterService(database, ruleset)
    await grancrest(service)
    seen = (await service.status(CHANNEL)).version  # type: ignore[union-attr]
    results = await asyncio.gather(
        *(service.next(CHANNEL, GM, expected_version=seen) for _ in range(50)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, StaleState) for r in results if isinstance(r, BaseException))
    status = await service.status(CHANNEL)
    assert status is not None and status.version == seen + 1 and status.phase is Phase.SETUP


async def test_50_concurrent_next_calls_from_different_users(database: Database) -> None:
    """The GM's calls all apply, one after another (no lost update, no repeated phase); the
    others are refused; the result is exactly the pure engine's."""
    service = EncounterService(database, ruleset, dice(5))
    await grancrest(service)
    callers = [GM if n % 2 == 0 else Caller(500 + n) for n in range(50)]
    results = await asyncio.gather(  # the GM means to go on, over Alice's turn too
        *(service.next(CHANNEL, c, confirmed=True) for c in callers), return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 25 and all(getattr(r, "code", "") == "combat.not_gm" for r in refused)
    assert sorted(r.version for r in applied) == list(range(4, 29))
    status = await service.status(CHANNEL)
    expected = simulate(25, 5)
    assert status is not None
    assert (status.round, status.phase, status.actor) == (
        expected.round,
        expected.phase,
        expected.actor,
    )


async def test_two_services_on_one_database_never_lose_an_update(database_url: str) -> None:
    """Two bot processes (separate pools, separate in-process locks) on one database."""
    one, two = connect(database_url), connect(database_url)
    try:
        a, b = EncounterService(one, ruleset, dice(6)), EncounterService(two, ruleset, dice(6))
        await grancrest(a)
        results = await asyncio.gather(
            *(svc.next(CHANNEL, GM, confirmed=True) for _ in range(15) for svc in (a, b)),
            return_exceptions=True,
        )
        applied = [r for r in results if not isinstance(r, BaseException)]
        assert all(isinstance(r, StaleState) for r in results if isinstance(r, BaseException))
        versions = sorted(r.version for r in applied)
        assert versions == list(range(4, 4 + len(applied)))  # each applied once, in turn
        status = await a.status(CHANNEL)
        assert status is not None and status.version == 3 + len(applied)
    finally:
        await one.dispose()
        await two.dispose()


async def test_undo_reopens_an_encounter_that_ended_within_the_window(database: Database) -> None:
    """A GM typo that ends the fight (here a naval flagship sunk by a wrong amount) is undone
    like any change: the encounter is active again, as it was; past the window it stays ended."""
    service = EncounterService(database, ruleset, dice(3))
    await service.start(CHANNEL, GUILD, GM, "naval")
    for preset, side, position in (
        ("柾良式巡視船", "npc", 3),
        ("オールマイト・キャプテン号", "pc", 0),
    ):
        detail = f"preset={preset} side={side} position={position} flagship=yes"
        await service.act(CHANNEL, GM, "place_ship", None, detail)
    await service.add(CHANNEL, GM, "Guard", side=Side.NPC, stats=Stats(hp=90))
    before = (await service.status(CHANNEL)).to_dict()  # type: ignore[union-attr]
    ended = await service.act(CHANNEL, GM, "ship_damage", None, "amount=3000 ship=柾良式巡視船")
    assert not ended.encounter.active and await service.status(CHANNEL) is None
    assert await codes(service.undo(CHANNEL, ALICE)) == "combat.not_gm"
    reopened = await service.undo(CHANNEL, GM)
    assert reopened.encounter.active and reopened.encounter.id == ended.encounter.id
    status = await service.status(CHANNEL)
    assert status is not None and {**status.to_dict(), "version": 0} == {**before, "version": 0}
    await service.act(CHANNEL, GM, "ship_damage", None, "amount=10 ship=柾良式巡視船")  # it goes on
    await service.end(CHANNEL, GM)

    def age(conn) -> None:  # the fight ended longer ago than the window
        from sqlalchemy import update

        from bot.store.models import EncounterRow, now

        table = EncounterRow.__table__
        old = now() - REOPEN_WINDOW - timedelta(seconds=1)
        conn.execute(update(table).where(table.c.channel_id == CHANNEL).values(ended_at=old))

    await database.run(age, write=True)
    assert await codes(service.undo(CHANNEL, GM)) == "combat.no_encounter"


async def test_undo_never_reopens_over_a_newer_encounter(database: Database) -> None:
    service = EncounterService(database, ruleset)
    await grancrest(service)
    await service.end(CHANNEL, GM)
    await service.start(CHANNEL, GUILD, GM, "Esperancer")
    assert await codes(service.undo(CHANNEL, GM)) == "combat.nothing_to_undo"  # the new one's
    status = await service.status(CHANNEL)
    assert status is not None and status.system != "GranCrest"


async def test_a_naval_newcomer_cannot_come_on_at_0_hp(database: Database) -> None:
    """/combat add is refused as /naval ship add and /naval set are: 0 HP comes from damage."""
    service = EncounterService(database, ruleset)
    await service.start(CHANNEL, GUILD, GM, "naval")
    for hp in (0, -3):
        refused = service.add(CHANNEL, GM, "Ghost", stats=Stats(hp=hp, action_value=5))
        assert await codes(refused) == "naval.bad_hp"
    out = await service.add(CHANNEL, GM, "Sailor", stats=Stats(hp=1, action_value=5))
    assert [c.name for c in out.encounter.combatants] == ["Sailor"]
    # Elsewhere 0 HP means something (Grancrest: dying), so the engine takes it there.
    await service.end(CHANNEL, GM)
    await service.start(CHANNEL, GUILD, GM, "grancrest")
    assert (await service.add(CHANNEL, GM, "Fallen", stats=Stats(hp=0))).encounter.find("Fallen")
