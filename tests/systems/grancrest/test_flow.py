"""Grancrest digest, "Round flow" and "Tie-break": each rule by name."""

from __future__ import annotations

import pytest

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import InterruptDeclared, PhaseStarted, Rolled
from bot.combat.model import Action, Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, names, step, walk
from tests.conftest import FixedDice

S, INIT, M, C = Phase.SETUP, Phase.INITIATIVE, Phase.MAIN, Phase.CLEANUP


def test_round_is_setup_then_initiative_and_main_per_combatant_then_cleanup() -> None:
    enc = encounter("GranCrest")
    add(enc, "Sword Lord", Side.PC, action_value=6)
    add(enc, "Dragonewt", action_value=5)
    assert walk(enc, 7) == [
        (1, S, None), (1, INIT, None), (1, M, "Sword Lord"), (1, INIT, None), (1, M, "Dragonewt"),
        (1, C, None), (2, S, None),
    ]  # fmt: skip


def test_setup_makes_everyone_not_acted() -> None:
    enc = encounter("GranCrest")
    add(enc, "A", action_value=3)
    walk(enc, 4)  # through A's main phase and into cleanup
    assert enc.phase is C and enc.combatants[0].acted
    step(enc)
    assert enc.phase is S and not enc.combatants[0].acted


def test_initiative_picks_the_highest_action_value_among_not_acted() -> None:
    enc = encounter("GranCrest")
    add(enc, "Slow", action_value=2)
    add(enc, "Fast", action_value=9)
    add(enc, "Middle", action_value=5)
    seen = [actor for _, phase, actor in walk(enc, 7) if phase is M]
    assert seen == ["Fast", "Middle", "Slow"]


def test_pc_before_npc_on_a_tie() -> None:
    enc = encounter("GranCrest")
    add(enc, "Goblin", action_value=5)
    add(enc, "Hero", Side.PC, action_value=5)
    assert [a for _, p, a in walk(enc, 5) if p is M] == ["Hero", "Goblin"]


def test_pc_vs_pc_higher_reflex_base_first() -> None:
    enc = encounter("GranCrest")
    add(enc, "Alice", Side.PC, action_value=5, reflex=2)
    add(enc, "Bob", Side.PC, action_value=5, reflex=4)
    assert [a for _, p, a in walk(enc, 5) if p is M] == ["Bob", "Alice"]


def test_pc_vs_pc_roll_off_when_reflex_ties_and_it_is_shown() -> None:
    enc = encounter("GranCrest")
    add(enc, "Alice", Side.PC, action_value=5, reflex=3)
    add(enc, "Bob", Side.PC, action_value=5, reflex=3)
    events = step(enc, FixedDice([1, 2, 6, 6]))  # Alice rolls 3, Bob 12
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert [(r.purpose, r.total) for r in rolls] == [("rolloff", 3), ("rolloff", 12)]
    assert [a for _, p, a in walk(enc, 4) if p is M] == ["Bob", "Alice"]


def test_pc_vs_pc_players_may_agree_an_order() -> None:
    enc = encounter("GranCrest")
    add(enc, "Alice", Side.PC, action_value=5, reflex=1)
    add(enc, "Bob", Side.PC, action_value=5, reflex=9)
    rules = ruleset("GranCrest")
    rules.specials()["choose_pc_order"].run(enc, None, "Alice, Bob", None)
    assert [a for _, p, a in walk(enc, 5) if p is M] == ["Alice", "Bob"]


def test_npc_vs_npc_gm_order_default_order_of_addition() -> None:
    enc = encounter("GranCrest")
    add(enc, "Orc", action_value=4)
    add(enc, "Imp", action_value=4)
    assert [a for _, p, a in walk(enc, 5) if p is M] == ["Orc", "Imp"]
    enc2 = encounter("GranCrest")
    add(enc2, "Orc", action_value=4)
    add(enc2, "Imp", action_value=4)
    ruleset("GranCrest").specials()["set_order"].run(enc2, None, "Imp, Orc", None)
    assert [a for _, p, a in walk(enc2, 5) if p is M] == ["Imp", "Orc"]


def test_setup_order_is_action_value_order() -> None:
    enc = encounter("GranCrest")
    add(enc, "Slow", action_value=1)
    add(enc, "Fast", action_value=8)
    started = next(e for e in step(enc) if isinstance(e, PhaseStarted))
    assert started.phase == "setup" and names(enc, started.order) == ["Fast", "Slow"]


def test_initiative_skills_can_be_declared_in_any_initiative_phase_until_main_starts() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    villain = add(enc, "Villain", action_value=9)
    special = ruleset("GranCrest").specials()["interrupt"]
    walk(enc, 2)  # Setup, Initiative (Villain is next)
    # Hero is not next, but may still declare in this initiative phase.
    events = special.run(enc, enc.combatant(hero), "《カバーリング》", None)
    assert events == [InterruptDeclared(hero, "《カバーリング》")]
    step(enc)  # Villain's main phase: closed
    with pytest.raises(CombatError) as error:
        special.run(enc, enc.combatant(villain), "x", None)
    assert error.value.code == "combat.interrupts_closed"
    step(enc)  # the next initiative phase opens again
    assert special.run(enc, enc.combatant(villain), "y", None)


def test_main_phase_has_one_minor_and_one_major_in_either_order() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    rules = ruleset("GranCrest")
    walk(enc, 3)
    c = enc.combatant(hero)
    assert c is not None
    engine.use_action(enc, rules, c, Action.MAJOR)  # major first is fine
    engine.use_action(enc, rules, c, Action.MINOR)
    with pytest.raises(CombatError) as error:
        engine.use_action(enc, rules, c, Action.MAJOR)
    assert error.value.code == "combat.action_used"


def test_main_makes_the_combatant_acted_and_returns_to_initiative() -> None:
    enc = encounter("GranCrest")
    add(enc, "A", action_value=5)
    add(enc, "B", action_value=4)
    walk(enc, 3)
    assert not enc.combatants[0].acted
    step(enc)
    assert enc.phase is INIT and enc.combatants[0].acted


def test_nobody_not_acted_goes_to_cleanup() -> None:
    enc = encounter("GranCrest")
    add(enc, "A", action_value=5)
    assert [p for _, p, _ in walk(enc, 4)] == [S, INIT, M, C]


def test_a_combatant_that_cannot_act_is_skipped() -> None:
    enc = encounter("GranCrest")
    add(enc, "Dying", Side.PC, action_value=9)
    add(enc, "Fine", action_value=1)
    enc.combatants[0].incapacitated = True  # dying: no actions (digest "Dying")
    assert [a for _, p, a in walk(enc, 5) if p is M] == ["Fine"]


def test_worked_example_sword_lord_acts_before_dragonewt_then_next_round() -> None:
    enc = encounter("GranCrest")
    add(enc, "Sword Lord", Side.PC, action_value=6)
    add(enc, "Dragonewt", action_value=5)
    seen = walk(enc, 7)
    assert [a for _, p, a in seen if p is M] == ["Sword Lord", "Dragonewt"]
    assert seen[-1] == (2, S, None)  # everyone acted → next round
