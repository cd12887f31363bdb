"""BCDice's own test vectors, read from ../shared/conformance/bcdice (never copied here).

Every in-scope case must give BCDice's exact text and flags with BCDice's dice. Out of scope,
as the issue says: GurpsFW, and cases whose output is rulebook table prose. Where we differ on
purpose the case is listed in DIFFERENT with the reason.
"""

from __future__ import annotations

import re
import tomllib

import pytest

from bot.dice import DiceError, roll
from tests.conftest import SHARED, FixedDice

DATA = SHARED / "conformance" / "bcdice"
FLAGS = ("secret", "success", "failure", "critical", "fumble")

OUT_OF_SCOPE_FILES = {"GurpsFW.toml": "the Filled-With variant is out of scope (issue)"}
# Commands whose output is rulebook table prose, which we do not ship.
PROSE_TABLES = {
    "GranCrest.toml": re.compile(
        r"^S?(MT|PFT|POSITIVEFT|NFT|NEGATIVEFT|CT|CATEGORYCT|[TIPOBC]CT)\b", re.I
    ),
    "GURPS.toml": re.compile(r"^S?(CRT|HCRT|FMB|MFMB|YSCRT|YSFMB|YFMB|FEAR)", re.I),
}
# Deliberate differences: a clear "too many dice / sides" error instead of BCDice's silent 0.
DIFFERENT = {
    "dummyBot.toml:4:500d6": "dice.too_many_dice",
    "dummyBot.toml:8:201D": "dice.too_many_dice",
    "randomizer.toml:2:1D10001": "dice.too_many_sides",
}


def _cases() -> list:
    if not DATA.is_dir():
        return [pytest.param(None, id="no-data", marks=pytest.mark.skip(f"{DATA} is absent"))]
    params = []
    for path in sorted(DATA.glob("*.toml")):
        for index, case in enumerate(tomllib.loads(path.read_text("utf-8"))["test"], 1):
            key = f"{path.name}:{index}:{case['input']}"
            marks = []
            if path.name in OUT_OF_SCOPE_FILES:
                marks.append(pytest.mark.skip(OUT_OF_SCOPE_FILES[path.name]))
            elif path.name in PROSE_TABLES and PROSE_TABLES[path.name].match(case["input"]):
                marks.append(pytest.mark.skip("rulebook table prose is not shipped"))
            params.append(pytest.param(key, case, id=key, marks=marks))
    return params


@pytest.mark.parametrize(("key", "case"), _cases())
def test_bcdice_case(key: str, case: dict) -> None:
    dice = FixedDice((r["sides"], r["value"]) for r in case.get("rands", []))
    if key in DIFFERENT:
        with pytest.raises(DiceError) as caught:
            roll(case["input"], system=case["game_system"], dice=dice)
        assert caught.value.code == DIFFERENT[key]
        return
    result = roll(case["input"], system=case["game_system"], dice=dice)
    if case["output"] == "":
        assert result is None
        return
    assert result is not None, "BCDice answers this; we stayed silent"
    assert result.text == case["output"]
    for flag in FLAGS:
        assert getattr(result, flag) == case.get(flag, False), flag
    assert dice.drawn == len(dice.queue), "left dice unused"
