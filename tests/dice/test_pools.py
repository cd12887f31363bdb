"""Dice pools: barabara (B), reroll (R), upper (U) and tally (TY / TZ)."""

from __future__ import annotations

from bot.dice import roll
from tests.conftest import FixedDice


def text(command: str, *dice: int) -> str:
    result = roll(command, dice=FixedDice(dice))
    assert result is not None, command
    return result.text


def test_barabara_lists_dice_and_counts_successes() -> None:
    assert text("2b6+4b10", 1, 3, 1, 10, 3, 1) == "(2B6+4B10) ＞ 1,3,1,10,3,1"
    assert text("3B6>=4", 5, 2, 4) == "(3B6>=4) ＞ 5,2,4 ＞ 成功数2"
    assert roll("3B6+1") is None  # no modifiers on barabara dice


def test_reroll_rolls_one_more_die_per_qualifying_die_until_none_qualify() -> None:
    assert text("2R6>=3", 3, 1, 2) == "(2R6[3]>=3) ＞ 3,1 + 2 ＞ 成功数1"
    assert text("2R6[3]", 3, 2, 1) == "(2R6[>=3]) ＞ 3,2 + 1 ＞ 成功数0"
    expected = "(2R4+2R6[<=2]>=4) ＞ 4,2 + 3,5 + 2 + 4 ＞ 成功数3"
    assert text("2R4+2R6>=4@<=2", 4, 2, 3, 5, 2, 4) == expected


def test_reroll_refuses_a_condition_that_never_ends() -> None:
    help_text = (
        "条件が間違っています。2R6>=5 あるいは 2R6[5] のように振り足し目標値を指定してください。"
    )
    assert text("2R6") == f"2R6 ＞ {help_text}"
    assert text("2R6<=7") == f"2R6<=7 ＞ {help_text}"


def test_upper_dice_explode_and_report_largest_and_total() -> None:
    dice = (5, 2, 6, 5, 6, 6, 6, 5)
    assert text("4U6[6]", *dice) == "(4U6[6]) ＞ 5,2,11[6,5],23[6,6,6,5] ＞ 23/41(最大/合計)"
    assert text("4U6[6]+1+2+10", *dice) == (
        "(4U6[6]+13) ＞ 5,2,11[6,5],23[6,6,6,5]+13 ＞ 36/54(最大/合計)"
    )
    assert text("4U6>=10@6", *dice) == "(4U6[6]>=10) ＞ 5,2,11[6,5],23[6,6,6,5] ＞ 成功数2"


def test_upper_dice_refuse_a_threshold_that_never_ends() -> None:
    assert text("4U6+2U4+11>=21") == "(4U6+2U4[0]+11>=21) ＞ 無限ロールの条件がまちがっています"
    assert roll("4U6[6]+11>=21@4") is None  # threshold given twice


def test_tally_counts_each_face() -> None:
    assert text("5TY6", 6, 1, 2, 5, 2) == "(5TY6) ＞ 6,1,2,5,2 ＞ [1]×1, [2]×2, [5]×1, [6]×1"
    assert text("5TZ6", 6, 1, 2, 5, 2) == (
        "(5TZ6) ＞ 6,1,2,5,2 ＞ [1]×1, [2]×2, [3]×0, [4]×0, [5]×1, [6]×1"
    )
    assert text("2TY21") == "(2TY21) ＞ 面数は1以上、20以下としてください"
    assert roll("0TY4") is None
