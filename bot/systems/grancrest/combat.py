"""Grancrest's damage, healing and dying inside an encounter (rules digest "Dying").

A combatant's Grancrest numbers live in ``extra["gc"]``: strength and spirit bases and the
four defenses. Damage subtracts the lowest applicable defense; HP at 0 or below makes the
combatant dying (no actions, no checks); level 3 loses 2D6 HP at each Cleanup; at the end of
combat level 1 recovers to HP 1 and levels 2–3 roll the death check. A combatant without a
Strength base (most NPCs) has no dying levels: at 0 HP it is simply out of the fight.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat.economy import Economy
from bot.combat.errors import CombatError
from bot.combat.events import Damaged, DefenseApplied, Event, Healed, Rolled
from bot.combat.lifecycle import set_condition
from bot.combat.model import Action, Combatant, Condition, Encounter
from bot.combat.rights import edit
from bot.combat.rules import Verdict
from bot.dice import DieSource, RollResult
from bot.dice.parser import fold_width
from bot.i18n import glossary
from bot.systems.fields import FIELDS, read
from bot.systems.grancrest.checks import is_check
from bot.systems.grancrest.rules import (
    DamageType,
    Defenses,
    Dying,
    applicable,
    cleanup_loss,
    dying_level,
    end_of_combat,
    heal,
    hp_damage,
)
from bot.systems.stats import StatError, parse_with

GC_STATS = {
    name: FIELDS[name]
    for name in ("hp", "max_hp", "strength", "spirit", "weapon", "heat", "impact", "internal",
                 "move", "reduction")
}  # fmt: skip
# Numbers turn order reads, set with gc_set (an effect's change re-sorts the order from the
# next initiative phase); /combat add has options of its own for them.
TURN_STATS = {name: FIELDS[name] for name in ("action_value", "reflex")}
STATS_FIELDS = ("hp", "max_hp", *TURN_STATS)  # kept in Combatant.stats
DEFENSES = ("weapon", "heat", "impact", "internal")
ECONOMY = Economy((Action.MINOR, Action.MAJOR))  # either order


def numbers(c: Combatant) -> dict[str, Any]:
    return c.extra.setdefault("gc", {})


def defenses(c: Combatant) -> Defenses:
    gc = numbers(c)
    return Defenses(**{kind: int(gc.get(kind, 0)) for kind in DEFENSES})


def level_of(c: Combatant) -> Dying:
    """The dying level the HP gives (none without a Strength base: see ``verdict``)."""
    hp, strength = c.stats.hp, numbers(c).get("strength")
    if hp is None or strength is None:
        return Dying.NONE
    return dying_level(hp, int(strength))


def verdict(c: Combatant) -> Verdict | None:
    """The condition Grancrest's numbers give: dying levels 1–3, dead, or — with no Strength
    base to measure dying by — out of the fight at 0 HP or below."""
    if c.stats.hp is None:
        return None
    if numbers(c).get("strength") is None:
        return (Condition.OUT, "hp_zero") if c.stats.hp <= 0 else (Condition.FIGHTING, None)
    level = level_of(c)
    if level is Dying.DEAD:
        return Condition.DEAD, "dead"
    if level is Dying.NONE:
        return Condition.FIGHTING, None
    return Condition.DYING, f"dying_{int(level)}"


def settle(c: Combatant) -> list[Event]:
    """Follow the HP with the condition at once; announce a change."""
    found = verdict(c)
    return set_condition(c, *found) if found is not None else []


def parse_numbers(detail: str, *, turn_stats: bool = False) -> dict[str, Any]:
    """``strength=6 weapon=10 hp=40 dodge=2D6+4`` → checked values (``dodge`` stays dice)."""
    found: dict[str, Any] = {}
    detail = fold_width(detail)
    dodge = re.search(r"dodge\s*=\s*(\S+)", detail, re.IGNORECASE)
    if dodge:
        if not is_check(dodge.group(1)):
            raise StatError("gc.bad_dodge", text=dodge.group(1)[:40])
        found["dodge"] = dodge.group(1).upper()
        detail = detail[: dodge.start()] + detail[dodge.end() :]
    schema = {**GC_STATS, **TURN_STATS} if turn_stats else GC_STATS
    found.update({k: int(v) for k, v in parse_with(detail, schema).items()})
    if not found:
        known = glossary.Terms(f"field.{k}" for k in schema)
        raise StatError("char.bad_stats", text=detail[:40] or "—", known=known)
    return found


def set_numbers(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``strength=6 spirit=4 weapon=10 heat=2 hp=40 dodge=2D6+4``: a combatant's Grancrest
    numbers (``dodge`` is the reaction check it rolls by default)."""
    assert c is not None
    values = parse_numbers(detail, turn_stats=True)
    events: list[Event] = []
    for key, value in values.items():
        if key in STATS_FIELDS:
            events += edit(c, key, getattr(c.stats, key), int(value))
            setattr(c.stats, key, int(value))
        else:
            events += edit(c, key, numbers(c).get(key), value)
            numbers(c)[key] = value
    if "hp" in values and "max_hp" not in values:  # HP above the maximum is a new maximum
        c.stats.max_hp = max(c.stats.max_hp or 0, int(values["hp"]))
    return events + settle(c)


_DAMAGE = re.compile(r"\s*([0-9]+)\s*(.*?)\s*(?:reduction\s*=\s*([0-9]+))?\s*", re.IGNORECASE)


def take_damage(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``15 weapon,impact reduction=3``: damage before defenses, its types (default: weapon)
    and a damage reduction after the defense (added to the combatant's saved one)."""
    assert c is not None
    match = _DAMAGE.fullmatch(fold_width(detail))
    if not match:
        raise CombatError("gc.bad_damage", text=detail[:40])
    types = parse_types(match.group(2))
    if c.stats.hp is None:
        raise CombatError("gc.no_hp", name=c.name)
    if c.condition is Condition.DEAD:
        raise CombatError("gc.already_dead", name=c.name)
    reduction = read(match.group(3), "amount", "reduction") if match.group(3) else 0
    return through_defense(c, read(match.group(1), "amount"), types, reduction)


def through_defense(
    target: Combatant, damage: int, types: set[DamageType], reduction: int = 0
) -> list[Event]:
    """Damage against the lowest applicable defense, then the target's damage reduction (its
    saved ``reduction`` and this attack's): shown, and taken from HP when HP is kept."""
    armour = defenses(target)
    kind = applicable(armour, types)
    reduced = reduction + int(numbers(target).get("reduction", 0))
    loss = hp_damage(damage, armour, types, reduced)
    shown: list[Event] = [
        DefenseApplied(target.id, damage, kind.value, getattr(armour, kind), reduced, loss)
    ]
    if target.stats.hp is None:
        return shown  # no HP kept for it: the GM applies the damage by hand
    return shown + apply_loss(target, loss)


def apply_loss(c: Combatant, loss: int) -> list[Event]:
    """Take ``loss`` HP (after defenses) and follow with the condition."""
    assert c.stats.hp is not None
    c.stats.hp -= loss
    return [Damaged(c.id, loss, c.stats.hp), *settle(c)]


def parse_types(text: str) -> set[DamageType]:
    """``weapon,heat``, ``武器+炎熱``, ``〈武器〉〈衝擊〉``: every language's names (the glossary's
    ``damage_type``), full-width or not; an unknown one is refused with the reader's names."""
    words = glossary.split_terms(text)
    if not words:
        return {DamageType.WEAPON}
    found = [glossary.lookup("damage_type", w) for w in words]
    for word, kind in zip(words, found, strict=True):
        if kind is None:
            known = glossary.Terms(f"damage_type.{d.value}" for d in DamageType)
            raise CombatError("gc.bad_type", name=word[:20], known=known)
    return {DamageType(kind) for kind in found if kind}


def take_healing(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``10`` or ``10 levels=1,2``: HP restored, and the dying levels the effect may heal."""
    assert c is not None
    match = re.fullmatch(r"\s*([0-9]+)\s*(?:levels?\s*=\s*([0-9,\s]+))?\s*", fold_width(detail))
    if not match or c.stats.hp is None:
        raise CombatError("gc.bad_heal", text=detail[:40])
    usable = {Dying(int(n)) for n in re.findall(r"[1-3]", match.group(2) or "")}
    if c.condition is Condition.DEAD:
        raise CombatError("gc.heal_dead")
    amount = read(match.group(1), "amount")
    strength = numbers(c).get("strength")
    if strength is None:  # no dying levels to heal through: it simply gets HP back
        healed_hp = c.stats.hp + amount
        becomes_acted = False
    else:
        healed = heal(c.stats.hp, amount, int(strength), usable)  # HealRefused
        healed_hp, becomes_acted = healed.hp, healed.becomes_acted
    healed_hp = min(healed_hp, c.stats.max_hp) if c.stats.max_hp is not None else healed_hp
    gained = max(0, healed_hp - c.stats.hp)
    c.stats.hp += gained
    events: list[Event] = [Healed(c.id, gained, c.stats.hp), *settle(c)]
    if becomes_acted and c.fighting:
        c.acted = True  # recovering from dying makes the combatant acted
    return events


def cleanup(enc: Encounter, dice: DieSource | None) -> list[Event]:
    """Dying level 3 loses 2D6 HP at this Cleanup (rolled and announced)."""
    events: list[Event] = []
    for c in enc.combatants:
        loss = cleanup_loss(level_of(c), dice)
        if loss is None or c.stats.hp is None:
            continue
        c.stats.hp -= loss.total or 0
        events += [
            _rolled(c, "dying", loss),
            Damaged(c.id, loss.total or 0, c.stats.hp),
            *settle(c),
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
            events += set_condition(c, Condition.DEAD, "dead")
        else:
            c.stats.hp = outcome.hp
            events += settle(c)
    return events


def _rolled(c: Combatant, purpose: str, result: RollResult) -> Rolled:
    return Rolled(c.id, purpose, result.text, result.total, list(result.rands))
