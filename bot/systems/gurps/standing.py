"""What a character's check rolls against (rules digest "Success roll", "Darkness",
"Dexterity", "Stress points"): the base level and the standing modifiers, each named.

Pure: the saved character's numbers and state in, (base, [(modifier key, value)]) out; the cog
names the keys in the reader's language (``gurps.mod_<key>``).
"""

from __future__ import annotations

import re
from typing import Any

from bot.dice import DieSource, RollResult, roll
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.systems.fields import read
from bot.systems.gurps import regulation, stress
from bot.systems.gurps.dice import Outcome, outcome
from bot.systems.gurps.regulation import RegulationError

ATTRIBUTES = ("st", "dx", "iq", "ht")
# Will by name, for fright checks and the like: IQ ± the levels of 意志の強さ / 弱さ.
WILL_NAMES = frozenset({"will", "意志", "意志力", "意志判定"})


def skill_name(skill: str) -> str:
    return fold_width(skill).strip().strip("〈〉")


def standing(
    character: str,
    stats: dict[str, Any],
    state: dict[str, Any],
    skill: str,
    *,
    vision: bool = False,
    light: str | None = None,
    relief: bool = False,
) -> tuple[int, list[tuple[str, int]]]:
    """``skill`` is a number, an attribute (st dx iq ht), Will (``will`` / 意志) or a skill in
    ``state["skills"]``. Modifiers: depressed −5 (not on a roll for stress relief); the scene's
    darkness when the check needs sight (闇視 / 暗視 as the digest says); the dexterity rule for
    the craft skills. With extra ST, ST rolls are made against ``fatigue_st``."""
    name = skill_name(skill)
    if is_whole(name):
        base = read(name, "skill")
    elif name.lower() in WILL_NAMES:
        if "iq" not in stats:
            raise RegulationError("gurps.needs_iq", name=character)
        base = int(stats["iq"]) + int(stats.get("will", 0))
    elif name.lower() == "st" and "fatigue_st" in stats:
        # "［追加体力］によって体力を増やしている場合、体力判定は「最大疲労点」を基準に": the ST
        # that sets fatigue, not the raised ST.
        base = int(stats["fatigue_st"])
    elif name.lower() in ATTRIBUTES and name.lower() in stats:
        base = int(stats[name.lower()])
    elif name in state.get("skills", {}):
        base = int(state["skills"][name])
    else:
        raise RegulationError("gurps.unknown_skill", name=name[:40], character=character)
    modifiers: list[tuple[str, int]] = []
    if (state.get("stress") or {}).get("depressed") and not relief:
        modifiers.append(("depressed", stress.DEPRESSED_PENALTY))
    if vision:
        scene, torch = regulation.parse_light(light)
        dark = regulation.darkness(scene, torch, frozenset(state.get("traits", [])))
        if dark:
            modifiers.append(("darkness", dark))
    if regulation.is_craft(name):
        deft = regulation.dexterity(int(stats["dx"])) if "dx" in stats else 0
        deft += handiness(state.get("traits", []))
        if deft:
            modifiers.append(("dexterity", deft))
    return base, modifiers


_HANDY = re.compile(r"(不器用|器用)\s*[=＝]?\s*([+-]?[0-9]+)?$")


def handiness(traits: list[str]) -> int:
    """器用 / 不器用 apply to the craft skills like DX does ("器用 apply likewise"). Decision:
    the trait may carry its bonus (``器用2``, ``不器用3``); without one, 器用 is +1 and 不器用
    −3, their first level in GURPS 3rd edition."""
    total = 0
    for trait in traits:
        match = _HANDY.match(fold_width(trait).strip())
        if match:
            clumsy = match.group(1) == "不器用"
            size = abs(int(match.group(2))) if match.group(2) else (3 if clumsy else 1)
            total += -size if clumsy else size
    return total


def quick_contest(margin_a: int, margin_b: int) -> int:
    """Quick contest (digest "Success roll"): both roll, the larger margin (level − roll) wins.
    1: the first wins, -1: the second, 0: a tie (equal margins)."""
    return (margin_a > margin_b) - (margin_a < margin_b)


def roll_check(level: int, dice: DieSource | None) -> tuple[RollResult, Outcome]:
    """A 3D6 roll-under check at ``level``, in BCDice's format, and how it came out."""
    result = roll(f"3D6<={level}", system="GURPS", dice=dice, strict=True)
    assert result is not None and result.total is not None
    return result, outcome(result.total, result.total, level)
