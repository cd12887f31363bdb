"""Grancrest's damage, healing and dying inside an encounter (rules digest "Dying").

A combatant's Grancrest numbers live in ``extra["gc"]``: strength and spirit bases and the
four defenses. Damage subtracts the lowest applicable defense; HP at 0 or below makes the
combatant dying (no actions); level 3 loses 2D6 HP at each Cleanup; at the end of combat
level 1 recovers to HP 1 and levels 2–3 roll the death check.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat.errors import CombatError
from bot.combat.events import CombatantDown, Damaged, Event, Healed, Recovered, Rolled
from bot.combat.model import Combatant, Encounter
from bot.dice import DieSource, RollResult
from bot.dice.parser import fold_width
from bot.systems.grancrest.rules import (
    DamageType,
    Defenses,
    Dying,
    cleanup_loss,
    dying_level,
    end_of_combat,
    heal,
    hp_damage,
)
from bot.systems.stats import Stat, StatError, parse_with

GC_STATS = {
    "hp": Stat(int, -999, 9999), "max_hp": Stat(int, 0, 9999), "strength": Stat(int, 0, 99),
    "spirit": Stat(int, 0, 99), "weapon": Stat(int, 0, 999), "heat": Stat(int, 0, 999),
    "impact": Stat(int, 0, 999), "internal": Stat(int, 0, 999), "move": Stat(int, 0, 99),
}  # fmt: skip
DEFENSES = ("weapon", "heat", "impact", "internal")
_TYPE_NAMES = {
    "weapon": DamageType.WEAPON, "武器": DamageType.WEAPON, "heat": DamageType.HEAT,
    "炎熱": DamageType.HEAT, "impact": DamageType.IMPACT,
    "衝擊": DamageType.IMPACT, "衝撃": DamageType.IMPACT, "internal": DamageType.INTERNAL,
    "體內": DamageType.INTERNAL, "体内": DamageType.INTERNAL,
}  # fmt: skip


def numbers(c: Combatant) -> dict[str, Any]:
    return c.extra.setdefault("gc", {})


def defenses(c: Combatant) -> Defenses:
    gc = numbers(c)
    return Defenses(**{kind: int(gc.get(kind, 0)) for kind in DEFENSES})


def level_of(c: Combatant) -> Dying:
    hp = c.stats.hp
    if hp is None:
        return Dying.NONE
    strength = numbers(c).get("strength")
    if strength is None:  # without a Strength base nobody dies by the numbers, they go down
        return Dying.LEVEL_1 if hp <= 0 else Dying.NONE
    return dying_level(hp, int(strength))


def settle(c: Combatant, before: Dying) -> list[Event]:
    """Follow the HP with the dying level; announce a change."""
    level = level_of(c)
    numbers(c)["dying"] = int(level)
    c.incapacitated = level in (Dying.LEVEL_1, Dying.LEVEL_2, Dying.LEVEL_3)
    c.out = level is Dying.DEAD
    if level == before:
        return []
    if level is Dying.NONE:
        return [Recovered(c.id, c.stats.hp)]
    return [CombatantDown(c.id, "dead" if level is Dying.DEAD else f"dying_{int(level)}")]


def parse_numbers(detail: str) -> dict[str, Any]:
    """``strength=6 weapon=10 hp=40 dodge=2D6+4`` → checked values (``dodge`` stays dice)."""
    found: dict[str, Any] = {}
    dodge = re.search(r"dodge\s*=\s*(\S+)", fold_width(detail), re.IGNORECASE)
    if dodge:
        found["dodge"] = dodge.group(1).upper()
        detail = detail[: dodge.start()] + detail[dodge.end() :]
    found.update({k: int(v) for k, v in parse_with(detail, GC_STATS).items()})
    if not found:
        raise StatError("char.bad_stats", text=detail[:40] or "—", known=", ".join(GC_STATS))
    return found


def set_numbers(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``strength=6 spirit=4 weapon=10 heat=2 hp=40 dodge=2D6+4``: a combatant's Grancrest
    numbers (``dodge`` is the reaction check it rolls by default)."""
    assert c is not None
    values = parse_numbers(detail)
    before = level_of(c)
    for key, value in values.items():
        if key in ("hp", "max_hp"):
            setattr(c.stats, key, int(value))
        else:
            numbers(c)[key] = value
    if "hp" in values and c.stats.max_hp is None:
        c.stats.max_hp = int(values["hp"])
    return settle(c, before)


_DAMAGE = re.compile(r"\s*([0-9]+)\s*(.*)")


def take_damage(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``15 weapon,impact``: damage before defenses, and its types (default: weapon)."""
    assert c is not None
    match = _DAMAGE.fullmatch(fold_width(detail))
    if not match:
        raise CombatError("gc.bad_damage", text=detail[:40])
    types = parse_types(match.group(2))
    if c.stats.hp is None:
        raise CombatError("gc.no_hp", name=c.name)
    if c.out:
        raise CombatError("gc.already_dead", name=c.name)
    return apply_loss(c, hp_damage(int(match.group(1)), defenses(c), types))


def apply_loss(c: Combatant, loss: int) -> list[Event]:
    """Take ``loss`` HP (after defenses) and follow with the dying level."""
    assert c.stats.hp is not None
    before = level_of(c)
    c.stats.hp -= loss
    return [Damaged(c.id, loss, c.stats.hp), *settle(c, before)]


def parse_types(text: str) -> set[DamageType]:
    words = [w for w in re.split(r"[\s,、/]+", text.strip().lower()) if w]
    if not words:
        return {DamageType.WEAPON}
    unknown = [w for w in words if w not in _TYPE_NAMES]
    if unknown:
        raise CombatError("gc.bad_type", name=unknown[0], known="weapon, heat, impact, internal")
    return {_TYPE_NAMES[w] for w in words}


def take_healing(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``10`` or ``10 levels=1,2``: HP restored, and the dying levels the effect may heal."""
    assert c is not None
    match = re.fullmatch(r"\s*([0-9]+)\s*(?:levels?\s*=\s*([0-9,\s]+))?\s*", fold_width(detail))
    if not match or c.stats.hp is None:
        raise CombatError("gc.bad_heal", text=detail[:40])
    usable = {Dying(int(n)) for n in re.findall(r"[1-3]", match.group(2) or "")}
    strength = int(numbers(c).get("strength", 0))
    before = level_of(c)
    healed = heal(c.stats.hp, int(match.group(1)), strength, usable)  # HealRefused when barred
    healed_hp = min(healed.hp, c.stats.max_hp) if c.stats.max_hp is not None else healed.hp
    gained = healed_hp - c.stats.hp
    c.stats.hp = healed_hp
    events: list[Event] = [Healed(c.id, gained, c.stats.hp), *settle(c, before)]
    if healed.becomes_acted:
        c.acted = True  # recovering from dying makes the combatant acted
    return events


def cleanup(enc: Encounter, dice: DieSource | None) -> list[Event]:
    """Dying level 3 loses 2D6 HP at this Cleanup (rolled and announced)."""
    events: list[Event] = []
    for c in enc.combatants:
        before = level_of(c)
        loss = cleanup_loss(before, dice)
        if loss is None or c.stats.hp is None:
            continue
        c.stats.hp -= loss.total or 0
        events += [
            _rolled(c, "dying", loss),
            Damaged(c.id, loss.total or 0, c.stats.hp),
            *settle(c, before),
        ]
    return events


def combat_end(enc: Encounter, dice: DieSource | None) -> list[Event]:
    """Level 1 → HP 1; levels 2 and 3 roll the death check (spirit base + 2D vs −HP)."""
    events: list[Event] = []
    for c in enc.combatants:
        before = level_of(c)
        if before in (Dying.NONE, Dying.DEAD) or c.stats.hp is None:
            continue
        gc = numbers(c)
        outcome = end_of_combat(
            c.stats.hp, int(gc.get("strength", 0)), int(gc.get("spirit", 0)), dice
        )
        if outcome.check is not None:
            events.append(_rolled(c, "death_check", outcome.check))
        if outcome.dead:
            c.out, c.incapacitated = True, False
            gc["dying"] = int(Dying.DEAD)
            events.append(CombatantDown(c.id, "dead"))
        else:
            c.stats.hp = outcome.hp
            events += settle(c, before)
    return events


def _rolled(c: Combatant, purpose: str, result: RollResult) -> Rolled:
    return Rolled(c.id, purpose, result.text, result.total, list(result.rands))
