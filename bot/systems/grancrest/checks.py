"""Grancrest checks typed as dice in encounter commands (``2D6+7``): read, checked, rolled
with a ``?`` target so the critical's +10 is applied (rules digest "Checks")."""

from __future__ import annotations

import re

from bot.combat.errors import CombatError
from bot.combat.events import Rolled
from bot.combat.model import Combatant
from bot.dice import DiceError, DieSource, RollResult, roll
from bot.dice.parser import fold_width

_CHECK = re.compile(r"[0-9]*D6?(?:[+-][0-9]+)*")


def is_check(command: str) -> bool:
    return bool(_CHECK.fullmatch(fold_width(command).upper().replace(" ", "")))


def check_dice(command: str, dice: DieSource | None) -> RollResult:
    """Roll ``command`` as a Grancrest check (``gc.bad_check`` for anything else)."""
    text = fold_width(command).upper().replace(" ", "")
    if not _CHECK.fullmatch(text):
        raise CombatError("gc.bad_check", text=command[:40])
    try:
        result = roll(f"{text}>=?", system="GranCrest", dice=dice, strict=True)
    except DiceError as error:
        raise CombatError("gc.bad_check", text=command[:40]) from error
    assert result is not None
    return result


def rolled(c: Combatant, purpose: str, result: RollResult) -> Rolled:
    return Rolled(c.id, purpose, result.text, result.total, list(result.rands))
