"""Common commands other than sums: C(), choice, D66, repeat, secret, comments, width, case."""

from __future__ import annotations

import pytest

from bot.dice import roll
from tests.conftest import FixedDice


def text(command: str, *dice: int, system: str = "DiceBot") -> str:
    result = roll(command, system=system, dice=FixedDice(dice))
    assert result is not None, command
    return result.text


def test_calc_prints_as_typed_and_reports_division_by_zero() -> None:
    assert text("C(1+2)") == "c(1+2) ＞ 3"
    assert text("c1+4*3/2") == "c(1+4*3/2) ＞ 7"
    assert text("C(-1--1)") == "c(-1--1) ＞ 0"
    assert text("C((-1)*(-1))") == "c((-1)*(-1)) ＞ 1"
    assert text("c1/2C") == "c(1/2C) ＞ 1"
    assert text("C(1/0)") == "c(1/0) ＞ ゼロ除算が発生したため計算できませんでした"
    assert roll("C(1D6)") is None  # no dice in the calculator


def test_choice_forms() -> None:
    assert text("choice[abc,def]", 1) == "(choice[abc,def]) ＞ abc"
    assert text("choice(A[], B[])", 2) == "(choice(A[],B[])) ＞ B[]"
    assert text("choice A,B P,J", 2) == "(choice A,B P,J) ＞ P,J"
    assert text("choice[a, b] 好きな方", 1) == "(choice[a,b]) ＞ a"


def test_choice_picks_several_without_repeats() -> None:
    assert text("choice2(a,b,c)", 1, 1) == "(choice2(a,b,c)) ＞ a, b"
    assert text("choice2 a b c", 3, 2) == "(choice2 a b c) ＞ c b"


def test_choice_ranges_and_limits() -> None:
    assert text("choice[A-F]", 3) == "(choice[A,B,C,D,E,F]) ＞ C"
    assert text("choice[3-10]", 8) == "(choice[3,4,5,6,7,8,9,10]) ＞ 10"
    assert text("choice[1-1000]") == "項目数は100以下としてください"
    for silent in ("choice[F-A]", "choice[]", "choice0[a,b]", "choice3[a,b]", "choice[a,b"):
        assert roll(silent) is None, silent


@pytest.mark.parametrize(
    ("command", "dice", "expected"),
    [
        ("D66", (1, 6), "(D66) ＞ 16"),
        ("D66N", (6, 1), "(D66N) ＞ 61"),
        ("D66A", (6, 1), "(D66A) ＞ 16"),
        ("D66S", (6, 1), "(D66S) ＞ 16"),
        ("D66D", (1, 6), "(D66D) ＞ 61"),
    ],
)
def test_d66_orders(command: str, dice: tuple[int, int], expected: str) -> None:
    assert text(command, *dice) == expected


def test_repeat_rolls_the_inner_command_each_time() -> None:
    result = roll("rep3 1D6+1 攻撃", dice=FixedDice([1, 2, 3]))
    assert result is not None
    assert result.text == (
        "#1\n(1D6+1) ＞ 1[1]+1 ＞ 2\n\n#2\n(1D6+1) ＞ 2[2]+1 ＞ 3\n\n#3\n(1D6+1) ＞ 3[3]+1 ＞ 4"
    )
    assert [part.total for part in result.parts] == [2, 3, 4]
    assert result.rands == [(6, 1), (6, 2), (6, 3)]


def test_repeat_limits_and_errors() -> None:
    assert text("x101 1D6") == "繰り返し回数は1以上、100以下としてください"
    assert text("x2 rep2 1D6") == "Repeatコマンドの重複はできません"
    assert text("x2 hello") == "繰り返し対象のコマンドが実行できませんでした (hello)"
    assert roll("x2") is None


def test_secret_prefix_marks_the_result_secret() -> None:
    for command in ("S2D6", "s2d6", "Schoice[a,b]", "SC(1)", "SD66", "sx2 1D6", "x2 S1D6"):
        result = roll(command, dice=FixedDice([1, 1, 1, 1]))
        assert result is not None and result.secret, command
    assert not roll("2D6", dice=FixedDice([1, 1])).secret  # type: ignore[union-attr]


def test_text_after_the_first_space_is_a_comment() -> None:
    assert text("2D6>=8 攻撃 >=12", 4, 4) == "(2D6>=8) ＞ 8[4,4] ＞ 8 ＞ 成功"


def test_full_width_input_reads_as_ascii() -> None:
    assert text("２Ｄ６＋３＞＝８", 2, 3) == "(2D6+3>=8) ＞ 5[2,3]+3 ＞ 8 ＞ 成功"
    assert text("ｓ１ｄ６　コメント", 4) == "(1D6) ＞ 4"
    assert text("ｃｈｏｉｃｅ［りんご，みかん］", 2) == "(choice[りんご,みかん]) ＞ みかん"


def test_letter_case_does_not_matter() -> None:
    assert text("2d6kh1", 1, 2) == text("2D6KH1", 1, 2)
    assert text("Choice[a,b]", 1) == text("CHOICE[a,b]", 1)


def test_rands_lists_every_die_in_draw_order() -> None:
    result = roll("2D6+1D4", dice=FixedDice([5, 3, 4]))
    assert result is not None and result.rands == [(6, 5), (6, 3), (4, 4)]
