"""Parsing: the grammar, the comment cut, and the cache that must never share roll state."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from copy import deepcopy

import pytest

from bot.dice import roll
from bot.dice.parser import GRAMMAR, command_part, normalize, parse
from tests.conftest import FixedDice


def test_grammar_is_one_commented_lark_file() -> None:
    text = GRAMMAR.read_text(encoding="utf-8")
    assert GRAMMAR.name == "dice.lark" and GRAMMAR.parent.name == "grammar"
    assert text.count("//") > 20


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("2D6>=8 攻撃", "2D6>=8"),
        ("2D6\t攻撃", "2D6"),
        ("choice[a b, c] 何か", "choice[a b, c] 何か"),  # choice reads past spaces itself
        ("x5 1D6 攻撃", "x5 1D6 攻撃"),
        ("S2D6 こっそり", "S2D6"),
    ],
)
def test_command_part_cuts_the_comment(line: str, command: str) -> None:
    assert command_part(normalize(line)) == command


def test_parsed_commands_are_cached_and_immutable() -> None:
    first = parse("(2D6+1)*2>=8")
    assert parse("(2D6+1)*2>=8") is first
    before = deepcopy(first)
    roll("(2D6+1)*2>=8", dice=FixedDice([1, 2]))
    roll("(2D6+1)*2>=8", dice=FixedDice([6, 6]))
    assert first == before
    with pytest.raises(AttributeError):
        first.op = "<="  # type: ignore[misc]


def test_concurrent_rolls_of_one_cached_command_do_not_mix() -> None:
    def one(value: int) -> str:
        result = roll("10D6+1", dice=lambda sides: value)
        assert result is not None
        return result.text

    with ThreadPoolExecutor(max_workers=8) as pool:
        texts = list(pool.map(one, [1 + n % 6 for n in range(600)]))
    for n, text in enumerate(texts):
        value = 1 + n % 6
        assert (
            text == f"(10D6+1) ＞ {value * 10}[{','.join([str(value)] * 10)}]+1 ＞ {value * 10 + 1}"
        )
