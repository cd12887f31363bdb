"""Esperancer digest, "Checks": each rule by name, with fixed dice."""

from __future__ import annotations

import pytest

from bot.dice import DiceError, RollResult, roll
from tests.conftest import FixedDice


def check(command: str, *dice: int) -> RollResult:
    result = roll(command, system="Esperancer", dice=FixedDice((10, d) for d in dice))
    assert result is not None
    return result


def test_every_check_rolls_2d10() -> None:
    result = check("ES", 3, 4)
    assert result.text == "(2ES) ＞ 3,4 ＞ 7"
    assert result.rands == [(10, 3), (10, 4)]


def test_a_ten_is_critical_and_rerolled_and_added_seed_example() -> None:
    # The seed's example: [10][4], the 10 is re-rolled and shows 6: 10 + 4 + 6 = 20.
    result = check("ES", 10, 4, 6)
    assert result.text == "(2ES) ＞ 16[10,6],4 ＞ 20 ＞ クリティカル"
    assert result.total == 20 and result.critical


def test_a_rerolled_ten_is_critical_again_and_the_chain_continues() -> None:
    result = check("ES+2>=30", 10, 1, 10, 3)  # both dice first, then the re-rolls
    assert result.text == "(2ES+2>=30) ＞ 23[10,10,3],1+2 ＞ 26 ＞ クリティカル ＞ 失敗"
    assert result.failure and result.critical


def test_reroll_safety_cap_ends_a_chain_after_100_rerolls_with_a_notice() -> None:
    result = check("1ES", *([10] * 101))
    assert result.text.endswith(" ＞ 振り足し上限100回")
    assert len(result.rands) == 101


def test_player_may_turn_the_reroll_off() -> None:
    result = check("ESN", 10, 4)
    assert result.text == "(2ESN) ＞ 10,4 ＞ 14 ＞ クリティカル"


def test_dice_modifiers_count_dice_and_flat_modifiers_add() -> None:
    assert check("ES-1D10+3", 5).text == "(1ES+3) ＞ 5+3 ＞ 8"
    assert check("ES+1D10>=15", 5, 5, 5).text == "(3ES>=15) ＞ 5,5,5 ＞ 15 ＞ 成功"
    assert check("3ES>=?", 1, 2, 3).text == "(3ES>=?) ＞ 1,2,3 ＞ 6"
    with pytest.raises(DiceError) as error:
        roll("ES-2D10", system="Esperancer")
    assert error.value.code == "dice.no_dice"


def test_a_roll_that_is_not_a_check_does_not_explode() -> None:
    # Poison damage: 1D10 true damage, not a check.
    result = check("1D10", 10)
    assert result.text == "(1D10) ＞ 10"
    assert not result.critical and result.rands == [(10, 10)]


def test_the_check_belongs_to_esperancer() -> None:
    assert roll("ES", system="DiceBot") is None
    with pytest.raises(DiceError) as error:
        roll("ES", system="GranCrest", strict=True)
    assert error.value.code == "dice.wrong_system"
