"""Bad input: a clear, located, translated error — or silence for chat that is not a command."""

from __future__ import annotations

import pytest

from bot.dice import DiceError, roll
from bot.dice.limits import MAX_INPUT
from bot.i18n import use_locale
from tests.conftest import FixedDice


@pytest.mark.parametrize(
    ("command", "code", "column"),
    [
        ("2D6+", "dice.syntax_end", 5),
        ("2D6>=", "dice.syntax_end", 6),
        ("1d6+ab", "dice.syntax", 5),
        ("hello", "dice.syntax", 1),
        ("(1D6)D6", "dice.count_not_number", 6),
        ("2D6*3B6", "dice.mixed_terms", 6),
        ("choice[a", "dice.syntax_end", 9),
    ],
)
def test_strict_mode_says_what_is_wrong_and_where(command: str, code: str, column: int) -> None:
    assert roll(command) is None  # chat: silence, as BCDice
    with pytest.raises(DiceError) as error:
        roll(command, strict=True)
    assert (error.value.code, error.value.column) == (code, column)
    assert str(column) in error.value.message


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("500D6", "dice.too_many_dice"),
        ("201D", "dice.too_many_dice"),
        ("1D10001", "dice.too_many_sides"),
        ("100D6+100D6", None),  # 200 dice in all is fine: the limit is per term
        ("x2 201D6", "dice.too_many_dice"),
        ("x100 101D6", "dice.too_many_draws"),
        ("(" * 70 + "1D6" + ")" * 70, "dice.too_deep"),
        ("1D6" + "-" * 80 + "1", "dice.too_deep"),
        ("1D6 " + "x" * MAX_INPUT, "dice.too_long"),
    ],
)
def test_limits_raise_a_typed_error_even_in_chat(command: str, code: str | None) -> None:
    if code is None:
        assert roll(command) is not None
        return
    with pytest.raises(DiceError) as error:
        roll(command)
    assert error.value.code == code


def test_total_dice_drawn_is_bounded() -> None:
    with pytest.raises(DiceError) as error:
        roll("200U2[2]", dice=lambda sides: sides)  # every die explodes forever
    assert error.value.code == "dice.too_many_draws"
    assert roll("x50 200D6") is not None  # exactly 10,000 dice is allowed
    with pytest.raises(DiceError):
        roll("x51 200D6")


def test_errors_are_translated() -> None:
    with pytest.raises(DiceError) as error:
        roll("2D6+", strict=True)
    assert "5文字目" in error.value.localized("ja")
    assert "第5個字" in error.value.localized("zh-TW")
    assert "column 5" in error.value.localized("en")
    with use_locale("en-US"):
        assert "column 5" in error.value.message


def test_unknown_system_is_a_clear_error() -> None:
    with pytest.raises(DiceError) as error:
        roll("2D6", system="Nechronica")
    assert error.value.code == "dice.unknown_system"
    assert "GranCrest" in error.value.message


def test_empty_input_is_not_a_command() -> None:
    assert roll("") is None
    assert roll("   ") is None
    with pytest.raises(DiceError):
        roll("", strict=True)


def test_a_bad_die_source_is_a_programming_error_not_a_dice_error() -> None:
    with pytest.raises(ValueError, match="outside"):
        roll("2D6", dice=lambda sides: 0)
    with pytest.raises(AssertionError):
        roll("3D6", dice=FixedDice([1, 1]))
