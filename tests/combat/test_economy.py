"""Combat integrity, "the action economy": one ledger per turn that every entry point spends
through — the rule sets' commands, /combat act, buttons."""

from __future__ import annotations

from bot.combat.events import EngageChanged, TurnSkipped
from bot.combat.model import Phase, Side
from bot.store.db import Database
from tests.combat.table import ALICE, GM, Table


async def esperancer_turn(database: Database) -> tuple[Table, int]:
    table = Table(database)
    await table.start("Esperancer")
    hero = await table.add("Hero", ALICE, side=Side.PC, hp=30, speed=5)
    await table.add("Drone", hp=20)
    await table.act(ALICE, "engage", hero, "Drone")
    await table.next(2)
    table.dice.load(9, 9)
    await table.next()  # Hero's turn
    return table, hero


async def test_esperancer_no_move_nor_minor_skill_after_the_major(database: Database) -> None:
    table, hero = await esperancer_turn(database)
    table.dice.load(8, 8, 1, 1)
    await table.act(ALICE, "attack", hero, "target=Drone damage=3")
    assert (await table.refused(ALICE, "move", hero, "5")).code == "combat.minor_after_major"
    skill = await table.refused(ALICE, "skill", hero, "timing=minor name=Quick")
    assert skill.code == "combat.minor_after_major"
    assert (await table.refused(ALICE, "minor", hero)).code == "combat.minor_after_major"


async def test_esperancer_leaving_an_engage_uses_the_turns_movement(database: Database) -> None:
    table, hero = await esperancer_turn(database)
    assert await table.act(ALICE, "leave", hero) == [EngageChanged(hero, None)]
    assert (await table.refused(ALICE, "move", hero, "5")).code == "combat.action_used"


async def test_esperancer_sonic_drive_only_before_ones_own_turn_ends(database: Database) -> None:
    table = Table(database)
    await table.start("Esperancer")
    hero = await table.add("Hero", ALICE, side=Side.PC, hp=30, sonic_drive=15)
    await table.next(2)
    table.dice.load(9, 9)
    await table.next()
    await table.act(ALICE, "end_turn")
    assert (await table.refused(ALICE, "sonic", hero, "yes")).code == "combat.already_chosen"


async def test_naval_boarding_only_before_the_move_action_however_it_was_spent(
    database: Database,
) -> None:
    table = Table(database)
    await table.start("naval")
    await table.act(GM, "place_ship", None, "name=Ark side=pc position=0 hp=500 areas=2 helm=1")
    await table.act(GM, "place_ship", None, "name=Raft side=npc position=1 hp=100")
    hero = await table.add("Hero", ALICE, side=Side.PC, action_value=9, hp=40)
    await table.act(GM, "aboard", hero, "ship=Ark area=2")  # position 1, beside the raft
    await table.next()
    await table.act(GM, "skip_event")
    await table.next()  # the initiative leads straight into Hero's Main
    await table.act(ALICE, "move_action", hero, "a few steps along the deck")
    refused = await table.refused(ALICE, "board", hero, "ship=Raft area=1")
    assert refused.code == "naval.board_after_move"


async def test_actions_are_refused_to_whoever_is_out_of_the_fight(database: Database) -> None:
    table = Table(database)
    await table.start("GranCrest")
    lord = await table.add("Sword Lord", ALICE, side=Side.PC, action_value=6)
    await table.add("Goblin", action_value=4)
    await table.next(2)  # Setup, then straight into the Sword Lord's Main
    goblin = (await table.state()).find("Goblin")
    assert goblin is not None
    fell = await table.act(GM, "gc_set", lord, "hp=-1 strength=6")  # dying, in its own turn
    assert TurnSkipped(lord) in fell  # the rest of its turn is gone: the flow goes on
    state = await table.state()
    assert (state.phase, state.actor) == (Phase.MAIN, goblin.id)
    assert (await table.refused(ALICE, "minor", lord)).code == "combat.not_your_turn"
    refused = await table.refused(ALICE, "attack", lord, "target=Goblin")
    assert refused.code == "combat.not_your_turn"
    skill = await table.refused(ALICE, "skill", lord, "timing=major name=《Bash》")
    assert skill.code == "combat.not_your_turn"
    # What it could do outside its turn is refused for its state: an initiative skill in the
    # window still open in the Goblin's main process, a Cleanup skill in the Cleanup.
    assert (await table.refused(ALICE, "interrupt", lord, "x")).code == "combat.cannot_act"
    await table.act(GM, "end_turn")  # the Goblin's turn: the last one, so the Cleanup
    assert (await table.state()).phase is Phase.CLEANUP
    late = await table.refused(ALICE, "skill", lord, "timing=cleanup name=《Heal》")
    assert late.code == "combat.cannot_act"
