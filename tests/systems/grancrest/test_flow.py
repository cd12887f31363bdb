"""Grancrest digest, "Round flow" and "Tie-break": each rule by name."""

from __future__ import annotations

import pytest

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import Event, InterruptDeclared, PhaseStarted, Rolled
from bot.combat.model import Action, Encounter, Phase, Side
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, names, perform, step, walk
from tests.conftest import FixedDice

S, INIT, M, C = Phase.SETUP, Phase.INITIATIVE, Phase.MAIN, Phase.CLEANUP


def started(enc: Encounter, events: list[Event]) -> list[tuple[Phase, str | None]]:
    """The phases a command passed through, in order (actor names for the main processes)."""
    out = []
    for e in events:
        if isinstance(e, PhaseStarted):
            actor = enc.combatant(e.actor) if e.actor is not None else None
            out.append((Phase(e.phase), actor.name if actor else None))
    return out


def minor(enc: Encounter, who: int) -> list[Event]:
    """The acting combatant's first action (a minor skill), as the service runs it."""
    return perform(enc, "skill", who, "timing=minor name=《x》")


def test_round_is_setup_then_initiative_and_main_per_combatant_then_cleanup() -> None:
    enc = encounter("GranCrest")
    add(enc, "Sword Lord", Side.PC, action_value=6)
    add(enc, "Dragonewt", action_value=5)
    passed = [started(enc, step(enc)) for _ in range(5)]
    assert passed == [
        [(S, None)],
        [(INIT, None), (M, "Sword Lord")],
        [(INIT, None), (M, "Dragonewt")],
        [(C, None)],
        [(S, None)],
    ]
    assert enc.round == 2


def test_the_initiative_phase_passes_into_the_main_process_in_one_step() -> None:
    enc = encounter("GranCrest")
    add(enc, "Sword Lord", Side.PC, action_value=6)
    add(enc, "Dragonewt", action_value=5)
    # Nobody is waited for at an initiative phase: each Next (or end of turn) lands on a turn.
    assert walk(enc, 5) == [
        (1, S, None), (1, M, "Sword Lord"), (1, M, "Dragonewt"), (1, C, None), (2, S, None),
    ]  # fmt: skip


def test_setup_makes_everyone_not_acted() -> None:
    enc = encounter("GranCrest")
    add(enc, "A", action_value=3)
    walk(enc, 3)  # Setup, A's main process, Cleanup
    assert enc.phase is C and enc.combatants[0].acted
    step(enc)
    assert enc.phase is S and not enc.combatants[0].acted


def test_initiative_picks_the_highest_action_value_among_not_acted() -> None:
    enc = encounter("GranCrest")
    add(enc, "Slow", action_value=2)
    add(enc, "Fast", action_value=9)
    add(enc, "Middle", action_value=5)
    seen = walk(enc, 4)
    assert [actor for _, phase, actor in seen] == [None, "Fast", "Middle", "Slow"]


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


def test_the_initiative_window_stays_open_until_the_actors_first_action() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    villain = add(enc, "Villain", action_value=9)
    walk(enc, 2)  # Setup, then (through the initiative phase) the Villain's main process
    assert enc.phase is M and enc.actor == villain
    assert [p.kind for p in enc.prompts] == ["initiative_skills"]
    events = minor(enc, villain)  # the Villain's first action closes the window
    assert not enc.prompts
    assert not any(isinstance(e, InterruptDeclared) for e in events)
    with pytest.raises(CombatError) as error:
        perform(enc, "interrupt", hero, "《カバーリング》")
    assert error.value.code == "combat.interrupts_closed"
    step(enc)  # the next initiative phase opens it again, into the Hero's main process
    assert enc.actor == hero and [p.kind for p in enc.prompts] == ["initiative_skills"]


def test_the_window_closes_at_the_end_of_a_turn_without_actions() -> None:
    enc = encounter("GranCrest")
    add(enc, "A", action_value=5)
    walk(enc, 2)
    assert [p.kind for p in enc.prompts] == ["initiative_skills"]
    step(enc)  # A's turn ends untouched: Cleanup, and no window left open
    assert enc.phase is C and not enc.prompts
    with pytest.raises(CombatError) as error:
        perform(enc, "interrupt", enc.combatants[0].id, "x")
    assert error.value.code == "combat.interrupts_closed"


def test_an_initiative_skill_before_the_first_action_goes_back_to_the_initiative_phase() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    villain = add(enc, "Villain", action_value=9)
    walk(enc, 2)
    assert enc.actor == villain
    # The Hero is not the actor, but may declare while the Villain has not acted yet.
    events = perform(enc, "interrupt", hero, "《カバーリング》")
    assert started(enc, events) == [(INIT, None)]
    assert InterruptDeclared(hero, "《カバーリング》") in events
    assert enc.phase is INIT and enc.actor is None  # and it waits: nothing went on by itself
    assert not enc.combatant(villain).acted  # type: ignore[union-attr]
    # Still the initiative phase: the window is open to more declarations.
    assert perform(enc, "interrupt", villain, "《先手》")[-1] == InterruptDeclared(
        villain, "《先手》"
    )
    assert enc.phase is INIT
    # The GM's Next resolves it: the Villain's main process (again, not acted yet).
    assert started(enc, step(enc)) == [(M, "Villain")]
    minor(enc, villain)
    with pytest.raises(CombatError) as error:
        perform(enc, "interrupt", hero, "《カバーリング》")
    assert error.value.code == "combat.interrupts_closed"
    assert enc.phase is M and enc.actor == villain


def test_an_initiative_skill_by_the_skill_special_also_goes_back_to_the_initiative() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    add(enc, "Villain", action_value=9)
    walk(enc, 2)
    events = perform(enc, "skill", hero, "timing=initiative name=《カバーリング》")
    assert started(enc, events) == [(INIT, None)] and enc.phase is INIT
    step(enc)
    assert enc.phase is M


def test_initiative_waits_for_the_gm_only_after_a_skill_was_declared_in_it() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    villain = add(enc, "Villain", action_value=9)
    walk(enc, 2)
    perform(enc, "interrupt", hero, "《カバーリング》")
    step(enc)  # resolved: the Villain's main process
    minor(enc, villain)
    # The next initiative phase is a fresh one: nothing declared, so it is passed.
    assert started(enc, step(enc)) == [(INIT, None), (M, "Hero")]


def test_main_phase_has_one_minor_and_one_major_in_either_order() -> None:
    enc = encounter("GranCrest")
    hero = add(enc, "Hero", Side.PC, action_value=5)
    rules = ruleset("GranCrest")
    walk(enc, 2)
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
    walk(enc, 2)
    assert not enc.combatants[0].acted
    passed = started(enc, step(enc))
    assert passed == [(INIT, None), (M, "B")] and enc.combatants[0].acted


def test_nobody_not_acted_goes_to_cleanup() -> None:
    enc = encounter("GranCrest")
    add(enc, "A", action_value=5)
    assert [p for _, p, _ in walk(enc, 2)] == [S, M]
    assert started(enc, step(enc)) == [(C, None)]  # no initiative phase with nobody left


def test_a_combatant_that_cannot_act_is_skipped() -> None:
    enc = encounter("GranCrest")
    add(enc, "Dying", Side.PC, action_value=9)
    add(enc, "Fine", action_value=1)
    enc.combatants[0].incapacitated = True  # dying: no actions (digest "Dying")
    assert [a for _, p, a in walk(enc, 3) if p is M] == ["Fine"]


def test_worked_example_sword_lord_acts_before_dragonewt_then_next_round() -> None:
    enc = encounter("GranCrest")
    add(enc, "Sword Lord", Side.PC, action_value=6)
    add(enc, "Dragonewt", action_value=5)
    seen = walk(enc, 5)
    assert [a for _, p, a in seen if p is M] == ["Sword Lord", "Dragonewt"]
    assert seen[-1] == (2, S, None)  # everyone acted → next round
