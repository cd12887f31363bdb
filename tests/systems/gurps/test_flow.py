"""GURPS digest, "Turn order": each rule by name."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.combat import engine
from bot.combat.events import ExtraActionGranted, Noted, Rolled
from bot.combat.model import Phase, Side, Stats
from bot.systems import ruleset
from tests.combat.helpers import add, encounter, names, step, walk
from tests.conftest import FixedDice

RULES = ruleset("GURPS")


def test_combatants_act_in_speed_order_high_first() -> None:
    enc = encounter("GURPS")
    add(enc, "Slow", speed=4.5)
    add(enc, "Quick", speed=6.25)
    add(enc, "Steady", speed=5.0)
    seen = walk(enc, 4)
    assert [a for _, _, a in seen] == ["Quick", "Steady", "Slow", "Quick"]
    assert seen[-1][0] == 2


def test_speed_ties_go_to_higher_dx_then_a_roll_off_kept_for_the_fight() -> None:
    enc = encounter("GURPS")
    add(enc, "Clumsy", speed=5, dx=9)
    add(enc, "Nimble", speed=5, dx=12)
    add(enc, "Twin A", speed=5, dx=10)
    add(enc, "Twin B", speed=5, dx=10)
    events = step(enc, FixedDice([1, 1, 1, 6, 6, 6]))  # A rolls 3, B rolls 18
    twin_a, twin_b = enc.combatants[2].id, enc.combatants[3].id
    assert [e for e in events if isinstance(e, Noted)] == [
        Noted("gurps.rolled_off", [(twin_a, "3"), (twin_b, "18")])
    ]
    assert names(enc, enc.order) == ["Nimble", "Twin B", "Twin A", "Clumsy"]
    walk(enc, 4)  # next round: no new roll-off, same order
    assert names(enc, enc.order) == ["Nimble", "Twin B", "Twin A", "Clumsy"]


def test_running_bonus_never_changes_the_order() -> None:
    enc = encounter("GURPS")
    runner = add(enc, "Runner", speed=5)
    add(enc, "Walker", speed=5.5)
    enc.combatant(runner).extra["running_bonus"] = 3  # type: ignore[union-attr]
    step(enc)
    assert names(enc, enc.order) == ["Walker", "Runner"]


def test_acceleration_extra_actions_at_the_end_of_the_turn_from_the_next_turn() -> None:
    enc = encounter("GURPS")
    hasty = add(enc, "Hasty", speed=4)
    add(enc, "Other", speed=6)
    step(enc)  # round 1: Other's turn
    granted = RULES.specials()["accelerate"].run(enc, enc.combatant(hasty), "", None)
    assert granted == [ExtraActionGranted(hasty, 2)]
    seen = walk(enc, 4)
    assert [(r, p, a) for r, p, a in seen] == [
        (1, Phase.MAIN, "Hasty"),  # no extra in the round it was granted
        (2, Phase.MAIN, "Other"),
        (2, Phase.MAIN, "Hasty"),
        (2, Phase.EXTRA, "Hasty"),  # at the end of the turn
    ]


def test_always_on_acceleration_starts_from_the_first_turn_in_speed_order() -> None:
    enc = encounter("GURPS")
    a = add(enc, "A", Side.PC, speed=4)
    b = add(enc, "B", speed=7)
    RULES.specials()["accelerate"].run(enc, enc.combatant(a), "always", None)
    RULES.specials()["accelerate"].run(enc, enc.combatant(b), "always", None)
    seen = walk(enc, 5)
    assert [(p, x) for _, p, x in seen] == [
        (Phase.MAIN, "B"), (Phase.MAIN, "A"), (Phase.EXTRA, "B"), (Phase.EXTRA, "A"),
        (Phase.MAIN, "B"),
    ]  # fmt: skip


def test_removing_the_current_actor_moves_on_to_the_next_in_order() -> None:
    from bot.combat import engine

    enc = encounter("GURPS")
    add(enc, "A", speed=7)
    add(enc, "B", speed=6)
    add(enc, "C", speed=5)
    step(enc)  # A
    step(enc)  # B
    engine.remove(enc, enc.find("B"))  # type: ignore[arg-type]
    assert [(r, a) for r, _, a in walk(enc, 2)] == [(1, "C"), (2, "A")]


def test_a_roll_off_among_many_tied_is_one_line() -> None:
    """Twelve tied on 移動力 and DX: every roll and re-roll is told in one line, not a line a
    roll (the old way posted 26 lines for such a fight)."""
    enc = encounter("GURPS")
    for n in range(12):
        add(enc, f"Goblin {n + 1}", speed=5, dx=10)
    fixed = random.Random(21)
    events = step(enc, FixedDice([fixed.randint(1, 6) for _ in range(600)]))
    assert not [e for e in events if isinstance(e, Rolled)]
    told = [e for e in events if isinstance(e, Noted) and e.key == "gurps.rolled_off"]
    assert len(told) == 1 and len(told[0].entries) == 12


def test_a_reroll_breaks_a_tie_only_among_the_tied() -> None:
    """A and B both roll 9, C rolls 12: A and B roll again (4 and 15) — both stay below C."""
    enc = encounter("GURPS")
    for name in ("A", "B", "C"):
        add(enc, name, speed=5, dx=10)
    dice = FixedDice([3, 3, 3, 3, 3, 3, 4, 4, 4, 1, 1, 2, 5, 5, 5])
    events = step(enc, dice)
    assert names(enc, enc.order) == ["C", "B", "A"]
    told = next(e for e in events if isinstance(e, Noted))
    assert [text for _, text in told.entries] == ["9→4", "9→15", "12"]


def test_a_newcomer_tied_with_earlier_rolls_rolls_until_it_differs() -> None:
    enc = encounter("GURPS")
    for name in ("A", "B"):
        add(enc, name, speed=5, dx=10)
    step(enc, FixedDice([3, 3, 3, 4, 4, 4]))  # A 9, B 12
    engine.add(enc, "C", Side.NPC, stats=Stats(speed=5, dx=10))
    enc.data["rolloff"][str(enc.combatants[0].id)] = 9  # an older save: a single number
    # C rolls 9 like A: both roll again, A 3, C 18 (B's 12 stays above them both).
    RULES.start_round(enc, FixedDice([3, 3, 3, 1, 1, 1, 6, 6, 6]))
    assert names(enc, enc.order) == ["B", "C", "A"]


def test_a_pc_without_speed_is_told_not_silently_last() -> None:
    enc = encounter("GURPS")
    pc = add(enc, "Aoi", Side.PC)
    add(enc, "Kappa", speed=5)
    events = step(enc)
    assert Noted("gurps.no_speed", [(pc, "")]) in events
    assert names(enc, enc.order) == ["Kappa", "Aoi"]
    assert not [e for e in walk(enc, 2) if isinstance(e, Noted)]  # told once a fight


@settings(max_examples=60, deadline=None)
@given(
    speeds=st.lists(st.sampled_from([4.5, 5.0, 5.25]), min_size=2, max_size=14),
    seed=st.integers(0, 2**16),
)
def test_roll_offs_order_every_tie_by_its_rolls_in_one_line(speeds: list[float], seed: int) -> None:
    """However many tie: one line, every tied pair told apart by its rolls compared in turn
    (or, past the tries, left to the order of joining), and nobody else moved."""
    enc = encounter("GURPS")
    for n, speed in enumerate(speeds):
        add(enc, f"C{n}", speed=speed, dx=10)
    source = random.Random(seed)
    events = step(enc, FixedDice([source.randint(1, 6) for _ in range(3 * 20 * 15 + 3)]))
    assert len([e for e in events if isinstance(e, Noted) and e.key == "gurps.rolled_off"]) <= 1
    rolls = {c.id: enc.data.get("rolloff", {}).get(str(c.id), []) for c in enc.combatants}
    order = [enc.combatant(i) for i in enc.order]
    for first, second in pairwise(order):
        assert first is not None and second is not None
        assert first.stats.speed >= second.stats.speed
        if first.stats.speed == second.stats.speed:
            mine, theirs = rolls[first.id], rolls[second.id]
            assert mine and theirs  # everyone tied has rolled
            common = min(len(mine), len(theirs))
            assert mine[:common] >= theirs[:common]
