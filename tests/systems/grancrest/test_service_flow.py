"""Grancrest's round at the table, through the encounter service (issue 16): the GM's Next
passes the initiative phase into the main process it picks, the initiative window stays open
until the actor's first action, and an initiative skill declared before it takes the fight
back to an initiative phase that waits for the GM's Next."""

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


async def table(database: Database) -> EncounterService:
    rng = random.Random(3)
    service = EncounterService(database, ruleset, dice=lambda sides: rng.randint(1, sides))
    await service.start(CHANNEL, GUILD, GM, "GranCrest")
    await service.add(CHANNEL, GM, "Goblin", stats=Stats(action_value=4))
    await service.add(CHANNEL, ALICE, "Alice", side=Side.PC, stats=Stats(action_value=6))
    return service


async def test_one_next_goes_from_setup_through_the_initiative_into_the_first_turn(
    database: Database,
) -> None:
    service = await table(database)
    setup = await service.next(CHANNEL, GM)
    assert phases(setup.events) == ["setup"]
    first = await service.next(CHANNEL, GM)
    assert phases(first.events) == ["initiative", "main"]
    enc = first.encounter
    assert enc.phase is Phase.MAIN and enc.combatant(enc.actor).name == "Alice"  # type: ignore[arg-type, union-attr]
    assert [p.kind for p in enc.prompts] == [WINDOW]
    # Alice's turn is hers: the GM passing over it untouched needs a confirmation.
    with pytest.raises(SkipUnconfirmed):
        await service.next(CHANNEL, GM)
    acted = await service.act(CHANNEL, ALICE, "minor", "Alice")
    assert not acted.encounter.prompts  # her first action closed the window
    with pytest.raises(CombatError) as closed:
        await service.act(CHANNEL, GM, "interrupt", "Goblin", "《先手》")
    assert closed.value.code == "combat.interrupts_closed"
    ended = await service.act(CHANNEL, ALICE, "end_turn")
    assert phases(ended.events) == ["initiative", "main"]  # straight into the Goblin's turn
    assert ended.encounter.combatant(ended.encounter.actor).name == "Goblin"  # type: ignore[arg-type, union-attr]
    last = await service.act(CHANNEL, GM, "end_turn")
    assert phases(last.events) == ["cleanup"] and last.encounter.round == 1


async def test_an_initiative_skill_before_the_first_action_waits_for_the_gm(
    database: Database,
) -> None:
    service = await table(database)
    await service.next(CHANNEL, GM)
    await service.next(CHANNEL, GM)  # Alice's main process, nothing done yet
    back = await service.act(CHANNEL, GM, "interrupt", "Goblin", "《先手》")
    assert phases(back.events) == ["initiative"]
    assert back.encounter.phase is Phase.INITIATIVE and back.encounter.actor is None
    # Nobody's turn is passed over now: the GM's Next needs no confirmation.
    resumed = await service.next(CHANNEL, GM)
    assert phases(resumed.events) == ["main"]
    enc = resumed.encounter
    assert enc.combatant(enc.actor).name == "Alice" and not enc.combatant(enc.actor).acted  # type: ignore[arg-type, union-attr]
    assert [p.kind for p in enc.prompts] == [WINDOW]  # still open until her first action
