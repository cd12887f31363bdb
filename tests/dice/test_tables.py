"""User-defined tables in BCDice's text format."""

from __future__ import annotations

import pytest

from bot.dice import DiceError, roll
from bot.dice.tables import parse_table, possible_values
from tests.conftest import FixedDice

DRINKS = "飲み物表\n1D6\n1:水\n2:お茶\n3-5：ジュース\\nおかわり自由\n６:選ばれし者の知的飲料\n"


def test_table_rolls_in_bcdice_format() -> None:
    table = parse_table(DRINKS)
    result = roll("DRINK", tables={"DRINK": table}, dice=FixedDice([6]))
    assert result is not None and result.text == "飲み物表(6) ＞ 選ばれし者の知的飲料"
    result = roll("sdrink 秘密", tables={"DRINK": table}, dice=FixedDice([4]))
    assert result is not None and result.secret
    assert result.text == "飲み物表(4) ＞ ジュース\nおかわり自由"


def test_table_dice_kinds() -> None:
    assert possible_values("2D6") == set(range(2, 13))
    assert len(possible_values("D66")) == 36
    assert len(possible_values("D66A")) == 21 and 12 in possible_values("D66A")
    assert 21 in possible_values("D66D") and 12 not in possible_values("D66D")


def test_d66_table_reads_tens_and_units() -> None:
    rows = "\n".join(f"{a}{b}:{a}-{b}" for a in range(1, 7) for b in range(1, 7))
    table = parse_table(f"D66表\nD66\n{rows}")
    result = roll("T", tables={"T": table}, dice=FixedDice([5, 2]))
    assert result is not None and result.text == "D66表(52) ＞ 5-2"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "table.empty"),
        ("名前だけ", "table.empty"),
        ("表\n2D", "table.bad_dice"),
        ("表\n1D6\n1:a\n2 b", "table.bad_row"),
        ("表\n1D2\n1:a\n3:b", "table.bad_value"),
        ("表\n1D2\n1:a\n1:b\n2:c", "table.duplicate"),
        ("表\n2D6\n2:a", "table.missing"),
        ("表\n20D100\n", "table.too_big"),
    ],
)
def test_table_checker_names_the_problem(text: str, code: str) -> None:
    with pytest.raises(DiceError) as error:
        parse_table(text)
    assert error.value.code == code
    assert error.value.message  # translated text exists
