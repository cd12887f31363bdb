"""Combat integrity, "pending prompts": one lifecycle for reactions, Sonic Drive offers, the naval
event roll and the initiative-skill window, through the real encounter service."""

from __future__ import annotations

from bot.combat.events import (
    ActionUsed,
    AttackResolved,
    PromptCancelled,
    PromptLapsed,
    ReactionRequested,
    Rolled,
    SonicDriveChosen,
)
from bot.combat.model import Side
from bot.i18n import use_locale
from bot.store.db import Database
from bot.ui.tracker import tracker
from tests.combat.table import ALICE, BOB, GM, Table, of


async def duel(database: Database) -> tuple[Table, int, int, int]:
    """Grancrest: the Sword Lord (Alice), the Dragonewt, and Bob's Archer, acting in that order."""
    table = Table(database)
    await table.start("GranCrest")
    lord = await table.add("Sword Lord", ALICE, side=Side.PC, action_value=7)
    newt = await table.add("Dragonewt", action_value=6)
    await table.act(GM, "gc_set", newt, "hp=40 strength=5 dodge=2D6+1")
    archer = await table.add("Archer", BOB, side=Side.PC, action_value=5)
    await table.next(2)  # Setup, then the initiative leads straight into the Sword Lord's Main
    return table, lord, newt, archer


async def test_removing_a_combatant_whose_reaction_is_pending_cancels_it_and_attacks_go_on(
    database: Database,
) -> None:
    table, lord, newt, archer = await duel(database)
    await table.act(ALICE, "attack", lord, "target=Dragonewt hit=2D6+5 power=9")
    removed = (await table.service.remove(100, GM, "Dragonewt")).events
    assert PromptCancelled("reaction", newt) in removed
    assert (await table.state()).prompts == []
    await table.add("Goblin", action_value=1)
    await table.act(ALICE, "end_turn")  # → Initiative → the Archer's Main, by itself
    assert (await table.state()).actor == archer
    events = await table.act(BOB, "attack", archer, "target=Goblin hit=2D6 power=3")
    assert of(events, ReactionRequested)  # nothing left over blocks the next attack


async def test_next_while_a_reaction_is_pending_rolls_the_saved_one_and_the_next_actor_attacks(
    database: Database,
) -> None:
    table, lord, newt, archer = await duel(database)
    table.dice.load(6, 5)  # hit 16
    await table.act(ALICE, "attack", lord, "target=Dragonewt hit=2D6+5 power=9")
    table.dice.load(2, 2, 3, 3)  # the bot rolls the saved dodge 2D6+1 = 5; damage 9 + 6
    events = await table.next()  # the GM moves on without the reaction
    assert PromptLapsed("reaction", newt, "expired") in events
    reaction = next(e for e in of(events, Rolled) if e.purpose == "reaction")
    assert reaction.text.startswith("(2D6+1") and reaction.total == 5
    assert AttackResolved(lord, newt, 16, 5, True) in events
    assert (await table.state()).actor == newt  # that Next went on to the Dragonewt's Main
    await table.next()  # the GM passes it: Initiative → the Archer's Main
    assert (await table.state()).actor == archer
    assert of(await table.act(BOB, "attack", archer, "target=Dragonewt"), ReactionRequested)


async def test_a_pending_reaction_blocks_no_unrelated_action(database: Database) -> None:
    table, lord, newt, _ = await duel(database)
    await table.act(ALICE, "attack", lord, "target=Dragonewt hit=2D6+5 power=9")
    assert of(await table.act(ALICE, "minor", lord, "draw a potion"), ActionUsed)
    assert await table.act(GM, "gc_set", newt, "weapon=4")  # the GM's numbers meanwhile


async def test_undo_brings_back_a_pending_prompt(database: Database) -> None:
    table, lord, newt, _ = await duel(database)
    await table.act(ALICE, "attack", lord, "target=Dragonewt hit=2D6+5 power=9")
    await table.act(GM, "react", newt, "2D6")
    assert (await table.state()).prompts == []
    restored = (await table.service.undo(100, GM)).encounter
    assert [(p.kind, p.owner, p.about) for p in restored.prompts] == [("reaction", newt, lord)]


async def test_the_tracker_lists_what_the_fight_waits_for(database: Database) -> None:
    table, lord, _, _ = await duel(database)
    await table.act(ALICE, "attack", lord, "target=Dragonewt hit=2D6+5 power=9")
    with use_locale("ja"):
        text = tracker(await table.state()).description or ""
    assert "⏳ Dragonewt：リアクション" in text


async def test_a_sonic_drive_offer_lapses_when_its_owners_turn_ends(database: Database) -> None:
    table = Table(database)
    await table.start("Esperancer")
    hero = await table.add("Hero", ALICE, side=Side.PC, hp=30, sonic_drive=15)
    await table.add("Drone", hp=20)
    await table.next(2)
    table.dice.load(9, 9)  # Hero 18 ≥ 15: the offer
    await table.next()  # Hero's turn
    assert [(p.kind, p.owner) for p in (await table.state()).prompts] == [("sonic", hero)]
    events = await table.act(ALICE, "end_turn")
    assert PromptLapsed("sonic", hero, "expired") in events
    assert SonicDriveChosen(hero, False) in events
    refused = await table.refused(ALICE, "sonic", hero, "yes")  # only before its turn ends
    assert refused.code == "combat.already_chosen"
