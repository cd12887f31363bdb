"""Grancrest digest, "Checks (判定)": each rule by name, with fixed dice."""

from __future__ import annotations

from bot.dice import RollResult, roll
from bot.systems.grancrest.dice import is_critical
from tests.conftest import FixedDice


def check(command: str, *dice: int) -> RollResult:
    result = roll(command, system="GranCrest", dice=FixedDice(dice))
    assert result is not None
    return result


def test_check_rolls_d6s_against_a_target_with_greater_or_equal() -> None:
    result = check("2D6+3>=10", 4, 3)
    assert result.text == "(2D6+3>=10) ＞ 7[3,4]+3 ＞ 10 ＞ 成功"  # dice shown sorted
    assert result.success and not result.critical


def test_critical_is_two_or_more_sixes_among_all_d6() -> None:
    assert is_critical([6, 6]) and is_critical([6, 1, 6]) and is_critical([6, 6, 6])
    assert not is_critical([6, 5, 1])
    # The sixes may come from different dice terms.
    assert check("2D6+1D6>=30", 6, 1, 6).critical


def test_critical_adds_ten_to_the_achievement_value() -> None:
    result = check("2D6>=10", 6, 6)
    assert result.text == "(2D6>=10) ＞ 12[6,6] ＞ 12 ＞ （クリティカル） ＞ 22 ＞ 成功"
    assert result.total == 22
    assert (result.success, result.critical) == (True, True)


def test_critical_can_still_fail() -> None:
    result = check("3D6>=24", 6, 6, 1)
    assert result.text == "(3D6>=24) ＞ 13[1,6,6] ＞ 13 ＞ （クリティカル） ＞ 23 ＞ 失敗"
    assert (result.success, result.failure, result.critical) == (False, True, True)


def test_critical_with_undecided_target_shows_the_bonus_only() -> None:
    result = check("3D6+7>=?", 1, 6, 6)
    assert result.text == "(3D6+7>=?) ＞ 13[1,6,6]+7 ＞ 20 ＞ （クリティカル） ＞ 30"
    assert result.critical and not (result.success or result.failure)


def test_there_is_no_fumble() -> None:
    result = check("2D6>=10", 1, 1)
    assert result.text == "(2D6>=10) ＞ 2[1,1] ＞ 2 ＞ 失敗"
    assert not result.fumble


def test_only_greater_or_equal_checks_are_judged_for_criticals() -> None:
    assert not check("2D6<=10", 6, 6).critical
    assert not check("2D6+1D10>=10", 6, 6, 3).critical  # not all d6
