"""Sum rolls (BCDice's AddDice): arithmetic, rounding, keep/drop, D66 terms, comparisons."""

from __future__ import annotations

import pytest

from bot.dice import roll
from tests.conftest import FixedDice


def text(command: str, *dice: int, system: str = "DiceBot") -> str:
    result = roll(command, system=system, dice=FixedDice(dice))
    assert result is not None
    return result.text


@pytest.mark.parametrize(
    ("command", "dice", "expected"),
    [
        ("1D6", [5], "(1D6) ＞ 5"),
        ("2D6+1", [2, 6], "(2D6+1) ＞ 8[2,6]+1 ＞ 9"),
        ("1+2D6", [4, 3], "(1+2D6) ＞ 1+7[4,3] ＞ 8"),
        ("2d6*3-1d6+1", [6, 2, 3], "(2D6*3-1D6+1) ＞ 8[6,2]*3-3[3]+1 ＞ 22"),
        ("(2D6+1D4)*2", [5, 3, 4], "((2D6+1D4)*2) ＞ (8[5,3]+4[4])*2 ＞ 24"),
        ("2d10--3-4", [3, 5], "(2D10+3-4) ＞ 8[3,5]+3-4 ＞ 7"),
        ("1d6+-2", [3], "(1D6-2) ＞ 3[3]-2 ＞ 1"),
        ("+2D6", [1, 2], "(2D6) ＞ 3[1,2] ＞ 3"),
        ("-2D6", [1, 2], "(-2D6) ＞ -3[1,2] ＞ -3"),
        ("(2+3)d6", [1, 1, 1, 1, 1], "(5D6) ＞ 5[1,1,1,1,1] ＞ 5"),
    ],
)
def test_sum_roll_arithmetic_and_output(command: str, dice: list[int], expected: str) -> None:
    assert text(command, *dice) == expected


def test_implicit_sides_follow_the_system() -> None:
    assert text("2D", 3, 4) == "(2D6) ＞ 7[3,4] ＞ 7"
    assert text("2D", 9, 10, system="Esperancer") == "(2D10) ＞ 19[9,10] ＞ 19"
    assert text("D20+1", 20) == "(1D20+1) ＞ 20[20]+1 ＞ 21"


@pytest.mark.parametrize(
    ("command", "die", "expected_total"),
    [
        ("1D6/2", 5, 2),  # floor by default
        ("1D6/2F", 5, 2),
        ("1D6/2U", 5, 3),
        ("1D6/2C", 5, 3),  # C is U, printed as U
        ("1D6/2R", 5, 3),  # half rounds up
        ("1D6/4R", 5, 1),
        ("1D6/-3", 4, -2),  # floor toward minus infinity, as Ruby
        ("1D6/-3R", 5, -2),  # half away from zero
        ("1D6/0", 3, 1),  # BCDice: dividing a sum roll by zero gives 1
    ],
)
def test_division_rounding(command: str, die: int, expected_total: int) -> None:
    result = roll(command, dice=FixedDice([die]))
    assert result is not None and result.total == expected_total
    assert "/2C" not in result.text  # C prints as U


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("5D10KH3", "(5D10KH3) ＞ 21[2,3,5,8,8] ＞ 21"),
        ("5D10KL", "(5D10KL1) ＞ 2[2,3,5,8,8] ＞ 2"),
        ("5D10DH", "(5D10DH1) ＞ 18[2,3,5,8,8] ＞ 18"),
        ("5D10DL3", "(5D10DL3) ＞ 16[2,3,5,8,8] ＞ 16"),
        ("5D10MAX", "(5D10KH1) ＞ 8[2,3,5,8,8] ＞ 8"),
        ("5D10MIN-3", "(5D10KL1-3) ＞ 2[2,3,5,8,8]-3 ＞ -1"),
    ],
)
def test_keep_and_drop_show_every_die_sorted(command: str, expected: str) -> None:
    assert text(command, 8, 3, 2, 5, 8) == expected


def test_d66_terms_read_two_d6_as_tens_and_units() -> None:
    assert text("1D3+2D66", 3, 1, 6, 6, 1) == "(1D3+2D66) ＞ 3[3]+77[16,61] ＞ 80"


@pytest.mark.parametrize(
    ("command", "dice", "judgement", "success"),
    [
        ("2D6>=7", [3, 4], "成功", True),
        ("2D6>7", [3, 4], "失敗", False),
        ("2D6<=7", [3, 4], "成功", True),
        ("2D6<7", [3, 4], "失敗", False),
        ("2D6=7", [3, 4], "成功", True),
        ("2D6==7", [3, 4], "成功", True),
        ("2D6<>7", [3, 4], "失敗", False),
        ("2D6!=7", [3, 3], "成功", True),
        ("2D6=>7", [3, 4], "成功", True),
        ("2D6=<7", [3, 5], "失敗", False),
    ],
)
def test_comparisons_judge_success_and_failure(
    command: str, dice: list[int], judgement: str, success: bool
) -> None:
    result = roll(command, dice=FixedDice(dice))
    assert result is not None
    assert result.text.endswith(" ＞ " + judgement)
    assert (result.success, result.failure) == (success, not success)


def test_target_is_folded_and_question_mark_means_no_judgement() -> None:
    assert text("1d6>=1+2", 3) == "(1D6>=3) ＞ 3 ＞ 成功"
    result = roll("2D6>=?", dice=FixedDice([6, 6]))
    assert result is not None and result.text == "(2D6>=?) ＞ 12[6,6] ＞ 12"
    assert not (result.success or result.failure)


def test_a_bare_number_or_arithmetic_is_not_a_command() -> None:
    assert roll("134") is None
    assert roll("1+2*3/4") is None
    assert roll("2D6>") is None
