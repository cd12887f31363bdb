"""HP in a GURPS fight (rules digest "Damage dice"): damage given as a number or as dice, whose
adds become dice first (2D+4 → 3D); healing up to the maximum."""

from __future__ import annotations

import re

from bot.combat.errors import CombatError
from bot.combat.events import Damaged, Event, Healed, Rolled
from bot.combat.model import Combatant, Encounter
from bot.dice import DiceError, DieSource, roll
from bot.dice.parser import fold_width


def _amount(c: Combatant, spec: str, dice: DieSource | None) -> tuple[int, list[Event]]:
    text = fold_width(spec).strip().upper()
    if re.fullmatch(r"[0-9]+", text):
        return int(text), []
    try:
        result = roll(text, system="GURPS", dice=dice, strict=True)
    except DiceError as error:
        raise CombatError("gurps.bad_damage", text=spec[:40]) from error
    if result is None or result.total is None or result.success or result.failure:
        raise CombatError("gurps.bad_damage", text=spec[:40])
    rolled = Rolled(c.id, "damage", result.text, result.total, list(result.rands))
    return max(0, result.total), [rolled]


def damage(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``7`` or ``2D+4``: the combatant loses that many HP."""
    assert c is not None
    amount, events = _amount(c, detail, dice)
    if c.stats.hp is None:
        raise CombatError("gurps.no_hp", name=c.name)
    c.stats.hp -= amount
    return [*events, Damaged(c.id, amount, c.stats.hp)]


def heal(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    assert c is not None
    amount, events = _amount(c, detail, dice)
    if c.stats.hp is None:
        raise CombatError("gurps.no_hp", name=c.name)
    top = c.stats.max_hp if c.stats.max_hp is not None else c.stats.hp + amount
    healed = max(0, min(amount, top - c.stats.hp))
    c.stats.hp += healed
    return [*events, Healed(c.id, healed, c.stats.hp)]
