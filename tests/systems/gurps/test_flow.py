"""GURPS digest, "Turn order": each rule by name."""

from __future__ import annotations

from bot.combat.events import ExtraActionGranted, Rolled
from bot.combat.model import Phase, Side
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
    assert [e.total for e in events if isinstance(e, Rolled)] == [3, 18]
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
