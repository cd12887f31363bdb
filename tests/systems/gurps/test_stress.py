"""GURPS 百鬼夜翔 digest, "Stress points": every cause, recovery and threshold by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import t
from bot.systems.gurps.stress import (
    CALM_TRAITS,
    CAUSES,
    Stress,
    StressError,
    apply,
    cause_amount,
    end_breakdown,
    maximum,
    never_give_up,
    penalty,
    pressure_cause,
    record,
)
from tests.conftest import FixedDice

NONE: frozenset[str] = frozenset()


def change(value: int, spec: str, *dice: int, cause: str = "x", **kw: bool) -> tuple:
    return apply(Stress(value, 15), cause, spec, FixedDice(dice), **kw)


def test_maximum_is_iq_plus_or_minus_will() -> None:
    assert maximum(12, 3) == 15  # 意志の強さ 3
    assert maximum(12, -2) == 10  # 意志の弱さ 2


@pytest.mark.parametrize(
    ("outcome", "spec", "calm_spec"),
    [("success", "-1", "0"), ("failure", "-3", "-1"),
     ("critical_failure", "-(1D6+2)", "-(1D6+2)"), ("critical_success", "+1D6+2", "+1D6+2")],
)  # fmt: skip
def test_checks_under_pressure_change_stress_and_calm_traits_soften_it(
    outcome: str, spec: str, calm_spec: str
) -> None:
    assert pressure_cause(outcome, NONE) == spec
    for trait in ("冷静沈着", "大雑把", "自信過剰", "喝采願望"):
        assert pressure_cause(outcome, frozenset({trait})) == calm_spec


def test_a_critical_failure_under_pressure_costs_1d_plus_2() -> None:
    stress, done = change(10, "-(1D6+2)", 4)
    assert (done.delta, stress.value) == (-6, 4)
    assert done.rolled == "(1D6+2) ＞ 4[4]+2 ＞ 6"


def test_a_critical_success_under_pressure_recovers_1d_plus_2_up_to_the_maximum() -> None:
    stress, _ = change(12, "+1D6+2", 5)
    assert stress.value == 15


@pytest.mark.parametrize(
    ("cause", "spec"),
    [("tension", "-1"), ("resist_disadvantage", "-2"), ("narrow_cycle", "-1"),
     ("narrow_meet", "-2"), ("reaction_poor", "-1"), ("reaction_bad", "-2"),
     ("reaction_very_bad", "-3"), ("reaction_disastrous", "-(1D6+3)"), ("social_skill", "-1"),
     ("conversation", "-1"), ("lie", "-1"), ("abuse_spell", "-1"), ("duty_failed", "-(1D6)"),
     ("duty_resisted", "-2"), ("sleepless", "-(1D6)"), ("sense_trait", "-1"),
     ("misfortune", "-(1D6)"), ("fright_failed", "-(1D6+1)"), ("fright_passed", "-1"),
     ("sleep", "+1D6"), ("relief", "+2D6"), ("critical", "+1D6")],
)  # fmt: skip
def test_every_listed_cause_and_recovery(cause: str, spec: str) -> None:
    assert cause_amount(cause, NONE) == spec
    assert set(CAUSES) >= {cause}


def test_lying_costs_2_if_honest_and_truthful_and_liars_recover_1() -> None:
    assert cause_amount("lie", frozenset({"正直"})) == "-1"
    assert cause_amount("lie", frozenset({"正直", "誠実"})) == "-2"
    for liar in ("虚言癖", "トリックスター", "サディスト"):
        assert cause_amount("lie", frozenset({liar})) == "+1"


def test_abusing_spells_costs_2_if_truthful() -> None:
    assert cause_amount("abuse_spell", frozenset({"誠実"})) == "-2"


def test_an_unknown_cause_names_the_known_ones() -> None:
    with pytest.raises(StressError) as error:
        cause_amount("boredom", NONE)
    assert "a sleepless night" in error.value.localized("en")  # the reader's names for them
    assert error.value.localized("en") == t("gurps.unknown_cause", locale="en", cause="boredom",
                                            known=error.value.params["known"])  # fmt: skip
    assert "gurps." not in error.value.localized("ja")


def test_3_or_less_is_depressed_with_minus_5_on_every_action_roll_but_relief() -> None:
    stress, done = change(6, "-3")
    assert stress.depressed and done.became_depressed
    assert penalty(stress) == -5 and penalty(stress, "relief") == 0
    stress4, _ = change(7, "-3")
    assert not stress4.depressed and penalty(stress4) == 0  # 4 is not yet depressed


def test_only_sleep_or_relief_ends_depression() -> None:
    low = Stress(2, 15, depressed=True)
    raised, done = apply(low, "critical", "+1D6", FixedDice([5]))
    assert raised.value == 7 and raised.depressed and not done.depression_ended
    slept, done = apply(low, "sleep", "+1D6", FixedDice([4]))
    assert slept.value == 6 and not slept.depressed and done.depression_ended
    short, _ = apply(low, "sleep", "+1D6", FixedDice([1]))
    assert short.value == 3 and short.depressed  # still 3 or less


def test_relief_with_money_costs_1d_minus_1_at_least_1_times_10000_yen() -> None:
    low = Stress(5, 15)
    _, paid = apply(low, "relief", "+2D6", FixedDice([3, 4, 1]), pay_yen=True)
    assert paid.delta == 7 and paid.relief_yen == 10_000  # 1D = 1 → 0 → at least 1
    _, paid = apply(low, "relief", "+2D6", FixedDice([3, 4, 6]), pay_yen=True)
    assert paid.relief_yen == 50_000


def test_never_give_up_once_a_session_brings_a_depressed_pc_back_to_4() -> None:
    low = Stress(1, 15, depressed=True)
    back = never_give_up(low, will_roll_succeeded=True)
    assert back.value == 4 and not back.depressed
    with pytest.raises(StressError):
        never_give_up(Stress(1, 15, depressed=True, never_give_up_used=True), True)
    failed = never_give_up(low, will_roll_succeeded=False)
    assert failed.value == 1 and failed.depressed and failed.never_give_up_used


def test_0_is_a_breakdown_of_3d_days() -> None:
    stress, done = change(2, "-(1D6+3)", 3, 4, 5, 6)
    assert stress.value == 0 and done.breakdown_days == 15
    assert stress.breakdown_days == 15


def test_a_breakdown_is_kept_and_not_lifted_by_never_give_up() -> None:
    broken, _ = change(2, "-(1D6+3)", 3, 4, 5, 6)
    assert broken.depressed and broken.breakdown_days == 15
    with pytest.raises(StressError) as error:
        never_give_up(replace(broken, never_give_up_used=False), will_roll_succeeded=True)
    assert error.value.code == "gurps.in_breakdown" and error.value.params["days"] == 15
    slept, _ = apply(broken, "sleep", "+1D6", FixedDice([6]))
    assert slept.breakdown_days == 15 and not slept.depressed  # sleep lifts depression only


def test_the_gm_ends_a_breakdown_and_stress_stays_where_it_is() -> None:
    broken = Stress(0, 15, depressed=True, breakdown_days=12)
    over = end_breakdown(broken)
    assert over.breakdown_days is None and over.value == 0 and over.depressed
    assert record("breakdown_over", broken, over).delta == 0
    with pytest.raises(StressError) as error:
        end_breakdown(over)
    assert error.value.code == "gurps.no_breakdown"


def test_a_critical_lifting_stress_above_3_does_not_end_depression() -> None:
    """README ruling: only sleep and relief end it; a critical under pressure neither."""
    low = Stress(2, 15, depressed=True)
    for cause, spec in (("critical", "+1D6"), ("critical_success", "+1D6+2")):
        raised, done = apply(low, cause, spec, FixedDice([6]))
        assert raised.value > 3 and raised.depressed and not done.depression_ended


def test_calm_traits_do_not_soften_a_fumble_under_pressure() -> None:
    """README ruling: the fumble's −(1D+2) is listed on its own."""
    for trait in CALM_TRAITS:
        assert pressure_cause("critical_failure", frozenset({trait})) == "-(1D6+2)"


def test_relief_rolls_take_no_minus_5_while_depressed() -> None:
    assert penalty(Stress(2, 15, depressed=True), "relief") == 0
    assert penalty(Stress(2, 15, depressed=True), "critical") == -5
