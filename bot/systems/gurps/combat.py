"""HP in a GURPS fight (rules digest "Damage dice", "Combat at 0 HP and below").

Damage is given as a number or as dice, whose adds become dice first (2D+4 → 3D); healing stops
at the maximum. At 0 HP or less a combatant rolls HT at the start of each of its turns; a
failure leaves it unconscious (out of the fight) until healed above 0. Reaching −HT, −2×HT,
−3×HT and −4×HT it rolls HT again, and a failure is death; at −5×HT it dies at once. The bot
makes these rolls; the GM may undo them like any other change. An NPC marked ``mook=yes`` is
simply out at 0 HP, with no rolls. A combatant's GURPS numbers live in ``extra["gurps"]``;
without an HT the maximum HP stands in for it (HP is HT plus any extra HP).
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat.errors import CombatError
from bot.combat.events import Damaged, Event, Healed, Rolled
from bot.combat.lifecycle import set_condition
from bot.combat.model import Combatant, Condition, Encounter
from bot.combat.rights import edit
from bot.combat.rules import Verdict
from bot.dice import DiceError, DieSource, roll
from bot.dice.parser import fold_width
from bot.systems.base import key_values, read_numbers
from bot.systems.fields import read, read_value

DEATH_CHECKS = (1, 2, 3, 4)  # HT rolls on reaching −1×HT … −4×HT
DEAD_AT = 5  # −5×HT: dead at once
DEFAULT_HT = 10


def numbers(c: Combatant) -> dict[str, Any]:
    return c.extra.setdefault("gurps", {})


def ht_of(c: Combatant) -> int:
    return int(numbers(c).get("ht") or c.stats.max_hp or DEFAULT_HT)


def verdict(c: Combatant) -> Verdict | None:
    if c.stats.hp is None:
        return None
    gurps = numbers(c)
    if gurps.get("dead") or c.stats.hp <= -DEAD_AT * ht_of(c):
        return Condition.DEAD, "dead"
    if c.stats.hp <= 0 and gurps.get("mook"):
        return Condition.OUT, "hp_zero"
    if c.stats.hp <= 0 and gurps.get("unconscious"):
        return Condition.OUT, "unconscious"
    return Condition.FIGHTING, None


def _amount(c: Combatant, spec: str, dice: DieSource | None) -> tuple[int, list[Event]]:
    text = fold_width(spec).strip().upper()
    if re.fullmatch(r"[0-9]+", text):
        return read(text, "amount"), []
    try:
        result = roll(text, system="GURPS", dice=dice, strict=True)
    except DiceError as error:
        raise CombatError("gurps.bad_damage", text=spec[:40]) from error
    if result is None or result.total is None or result.success or result.failure:
        raise CombatError("gurps.bad_damage", text=spec[:40])
    rolled = Rolled(c.id, "damage", result.text, result.total, list(result.rands))
    return max(0, result.total), [rolled]


def ht_roll(c: Combatant, purpose: str, dice: DieSource | None) -> tuple[bool, Rolled]:
    """An HT success roll (3D6 at or under HT, criticals as GURPS has them)."""
    result = roll(f"3D6<={ht_of(c)}", system="GURPS", dice=dice, strict=True)
    assert result is not None and result.total is not None
    return result.success, Rolled(c.id, purpose, result.text, result.total, list(result.rands))


def damage(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``7`` or ``2D+4``: the combatant loses that many HP (and rolls the death checks it
    crosses)."""
    assert c is not None
    amount, events = _amount(c, detail, dice)
    if c.stats.hp is None:
        raise CombatError("gurps.no_hp", name=c.name)
    if c.condition is Condition.DEAD:
        raise CombatError("gurps.dead", name=c.name)
    before = c.stats.hp
    c.stats.hp -= amount
    events.append(Damaged(c.id, amount, c.stats.hp))
    return events + death_checks(c, before, dice)


def death_checks(c: Combatant, before: int, dice: DieSource | None) -> list[Event]:
    """HT on reaching each of −HT … −4×HT for the first time; a failure is death."""
    assert c.stats.hp is not None
    events: list[Event] = []
    ht = ht_of(c)
    if not numbers(c).get("mook") and c.stats.hp > -DEAD_AT * ht:
        for multiple in DEATH_CHECKS:
            line = -multiple * ht
            if before > line >= c.stats.hp:
                survived, rolled = ht_roll(c, "death_check", dice)
                events.append(rolled)
                if not survived:
                    numbers(c)["dead"] = True
                    break
    found = verdict(c)
    return events + (set_condition(c, *found) if found else [])


def turn_start(c: Combatant, dice: DieSource | None) -> list[Event]:
    """At 0 HP or less, HT at the start of its turn; failing it, it falls unconscious."""
    if c.stats.hp is None or c.stats.hp > 0 or numbers(c).get("mook") or not c.fighting:
        return []
    stays, rolled = ht_roll(c, "consciousness", dice)
    if stays:
        return [rolled]
    numbers(c)["unconscious"] = True
    return [rolled, *set_condition(c, Condition.OUT, "unconscious")]


def heal(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    assert c is not None
    amount, events = _amount(c, detail, dice)
    if c.stats.hp is None:
        raise CombatError("gurps.no_hp", name=c.name)
    if c.condition is Condition.DEAD:
        raise CombatError("gurps.dead", name=c.name)
    top = c.stats.max_hp if c.stats.max_hp is not None else c.stats.hp + amount
    healed = max(0, min(amount, top - c.stats.hp))
    c.stats.hp += healed
    if c.stats.hp > 0:
        numbers(c).pop("unconscious", None)  # healed above 0: awake again
    return [*events, Healed(c.id, healed, c.stats.hp)]


SETTABLE = ("hp", "max_hp", "ht", "mook", "speed")
OWN = ("ht", "mook")  # kept in extra["gurps"]; hp, max_hp and speed are the common numbers


def parse_numbers(
    detail: str, allowed: tuple[str, ...] = SETTABLE
) -> dict[str, int | float | bool]:
    """``hp=12 ht=11 mook=yes speed=5.25`` → checked values (each number within its field's
    bounds; 移動力 may be fractional)."""
    found = key_values(detail)
    if "speed" in allowed and "speed" in found:
        rest = " ".join(f"{k}={v}" for k, v in found.items() if k != "speed")
        values: dict[str, int | float | bool] = {}
        if rest:
            values.update(read_numbers(rest, allowed, "gurps.bad_numbers", flags=("mook",)))
        values["speed"] = read_value(found["speed"], "speed")
        return values
    return dict(read_numbers(detail, allowed, "gurps.bad_numbers", flags=("mook",)))


def set_numbers(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``hp=12 max_hp=12 ht=11 mook=yes``: a combatant's numbers for the fight."""
    assert c is not None
    events: list[Event] = []
    for key, value in parse_numbers(detail).items():
        if key in OWN:
            events += edit(c, key, numbers(c).get(key, False if key == "mook" else None), value)
            numbers(c)[key] = value
        else:
            events += edit(c, key, getattr(c.stats, key), value)
            setattr(c.stats, key, value)
    if c.stats.hp is not None and c.stats.hp > 0:  # back above 0 by the GM's hand: up again
        numbers(c).pop("unconscious", None)
        numbers(c).pop("dead", None)
    if c.stats.hp is not None and (c.stats.max_hp or 0) < c.stats.hp:  # a new maximum
        c.stats.max_hp = c.stats.hp
    return events
