"""The naval round at the table, through the encounter service (issue 16): the same flow as
Grancrest's — the GM's Next passes the initiative phase into the main process, the window for
initiative skills stays open until the actor's first action, and a skill declared before it
takes the fight back to an initiative phase that waits for the GM."""

from __future__ import annotations

import random

import pytest

from bot.combat.errors import CombatError, SkipUnconfirmed
from bot.combat.events import Event, PhaseStarted
from bot.combat.model import Phase, Side, Stats
from bot.combat.service import Caller, EncounterService
from bot.store.db import Database
from bot.systems import ruleset

GM, ALICE = Caller(1, manages_channel=True), Caller(2)
CHANNEL, GUILD = 100, 200
WINDOW = "initiative_skills"


def phases(events: list[Event]) -> list[str]:
    return [e.phase for e in events if isinstance(e, PhaseStarted)]


async def sea(database: Database) -> EncounterService:
    rng = random.Random(5)
    service = EncounterService(database, ruleset, dice=lambda sides: rng.randint(1, sides))
    await service.start(CHANNEL, GUILD, GM, "naval")
    for detail in ("name=Ark side=pc position=0 hp=600 flagship=yes",
                   "name=Raft side=npc position=2 hp=200 flagship=yes"):  # fmt: skip
        await service.act(CHANNEL, GM, "place_ship", None, detail)
    await service.add(CHANNEL, GM, "Pirate", stats=Stats(action_value=4))
    await service.add(CHANNEL, ALICE, "Alice", side=Side.PC, stats=Stats(action_value=7))
    await service.act(CHANNEL, GM, "aboard", "Alice", "ship=Ark area=1")
    await service.act(CHANNEL, GM, "aboard", "Pirate", "ship=Raft area=1")
    await service.next(CHANNEL, GM)  # Setup: the event roll
    await service.act(CHANNEL, GM, "skip_event")
    return service


async def test_one_next_leaves_setup_through_the_initiative_into_the_first_turn(
    database: Database,
) -> None:
    service = await sea(database)
    first = await service.next(CHANNEL, GM)
    assert phases(first.events) == ["initiative", "main"]
    enc = first.encounter
    assert enc.phase is Phase.MAIN and enc.combatant(enc.actor).name == "Alice"  # type: ignore[arg-type, union-attr]
    assert [p.kind for p in enc.prompts] == [WINDOW]
    with pytest.raises(SkipUnconfirmed):  # her turn, untouched
        await service.next(CHANNEL, GM)
    steered = await service.act(CHANNEL, ALICE, "steer", "Alice", "forward")
    assert not steered.encounter.prompts  # her first action closed the window
    with pytest.raises(CombatError) as closed:
        await service.act(CHANNEL, GM, "interrupt", "Pirate", "《先手》")
    assert closed.value.code == "combat.interrupts_closed"
    ended = await service.act(CHANNEL, ALICE, "end_turn")
    assert phases(ended.events) == ["initiative", "main"]  # straight into the Pirate's turn
    last = await service.act(CHANNEL, GM, "end_turn")
    assert phases(last.events) == ["cleanup"]


async def test_an_initiative_skill_before_the_first_action_waits_for_the_gm(
    database: Database,
) -> None:
    service = await sea(database)
    await service.next(CHANNEL, GM)  # Alice's main process, nothing done yet
    back = await service.act(CHANNEL, GM, "interrupt", "Pirate", "《先手》")
    assert phases(back.events) == ["initiative"]
    assert back.encounter.phase is Phase.INITIATIVE and back.encounter.actor is None
    resumed = await service.next(CHANNEL, GM)  # nobody's turn passed over: no confirmation
    assert phases(resumed.events) == ["main"]
    enc = resumed.encounter
    assert enc.combatant(enc.actor).name == "Alice" and not enc.combatant(enc.actor).acted  # type: ignore[arg-type, union-attr]
    assert [p.kind for p in enc.prompts] == [WINDOW]
