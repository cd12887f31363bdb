"""Grancrest attacks in an encounter (rules digest "Attacks (opposed check)").

The attacker, on its main phase, spends its major action: it names the target, rolls the hit
check (``2D6+7``: two 6s are a critical, +10) and the attack's power and damage types. The
target's player then rolls the reaction (``react``; the GM rolls for NPCs) — an acted
combatant may still react. A tie goes to the reaction. On a hit the bot rolls attack power + 2D
(+10 on a critical hit check) and applies it against the lowest applicable defense.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat.errors import CombatError
from bot.combat.events import AttackResolved, Event, ReactionRequested, Rolled, WeaponSet
from bot.combat.model import Action, Combatant, Encounter, Phase
from bot.dice import DiceError, DieSource, RollResult, roll
from bot.dice.parser import fold_width
from bot.systems.grancrest import combat
from bot.systems.grancrest.rules import can_target, damage_roll, distance, hp_damage

PENDING = "pending_attack"
_KEY = re.compile(r"\s*([A-Za-z_]+)\s*=\s*")


def _options(detail: str) -> dict[str, str]:
    """``target=Sword Lord hit=2D6+7``: a value runs until the next ``key=`` (names may hold
    spaces)."""
    text = fold_width(detail)
    keys = list(_KEY.finditer(text))
    return {
        match.group(1).lower(): text[
            match.end() : keys[n + 1].start() if n + 1 < len(keys) else len(text)
        ].strip()
        for n, match in enumerate(keys)
    }


def _check(command: str, dice: DieSource | None) -> RollResult:
    """A Grancrest check written as a dice command (``2D6+7``), rolled with a ``?`` target so
    the critical bonus is applied."""
    text = fold_width(command).upper().replace(" ", "")
    if not re.fullmatch(r"[0-9]*D6?(?:[+-][0-9]+)*", text):
        raise CombatError("gc.bad_check", text=command[:40])
    try:
        result = roll(f"{text}>=?", system="GranCrest", dice=dice, strict=True)
    except DiceError as error:
        raise CombatError("gc.bad_check", text=command[:40]) from error
    assert result is not None
    return result


def _rolled(c: Combatant, purpose: str, result: RollResult) -> Rolled:
    return Rolled(c.id, purpose, result.text, result.total, list(result.rands))


def declare(
    enc: Encounter, attacker: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``target=Dragonewt hit=2D6+7 power=9 types=weapon ranged=no``, or ``target=… weapon=Sword``
    for a weapon the attacker carries (options given here override the weapon's)."""
    assert attacker is not None
    if enc.data.get(PENDING):
        raise CombatError("gc.attack_pending")
    options = _options(detail)
    if options.get("weapon"):
        carried = combat.numbers(attacker).get("weapons", {})
        weapon = next(
            (w for name, w in carried.items() if name.casefold() == options["weapon"].casefold()),
            None,
        )
        if weapon is None:
            raise CombatError(
                "gc.unknown_weapon", name=options["weapon"], known=", ".join(carried) or "—"
            )
        defaults = {
            "hit": weapon["hit"],
            "power": str(weapon["power"]),
            "types": ",".join(weapon["types"]),
            "ranged": "yes" if weapon["ranged"] else "no",
        }
        options = {**defaults, **{k: v for k, v in options.items() if k != "weapon"}}
    target = enc.find(options.get("target", "")) if options.get("target") else None
    if target is None:
        raise CombatError("combat.unknown_combatant", name=options.get("target", "—"))
    if enc.phase is not Phase.MAIN or enc.actor != attacker.id:
        raise CombatError("combat.not_your_turn", name=attacker.name)
    if Action.MAJOR in attacker.used:
        raise CombatError("combat.action_used", name=attacker.name, action=Action.MAJOR.value)
    if target.out:
        raise CombatError("gc.already_dead", name=target.name)
    ranged = options.get("ranged", "no").lower() in ("yes", "true", "1", "ranged", "遠隔")
    here, there = combat.numbers(attacker).get("square"), combat.numbers(target).get("square")
    if here is not None and there is not None:
        apart = distance(tuple(here), tuple(there))
        if not can_target(ranged, apart):
            raise CombatError("gc.ranged_0sq", name=target.name)
        if not ranged and apart > 0:  # a melee attack reaches the same square only
            raise CombatError("gc.out_of_reach", name=target.name, distance=apart)
    try:
        power = int(options.get("power", "0"))
    except ValueError:
        raise CombatError("gc.bad_check", text=options.get("power", "")) from None
    types = sorted(combat.parse_types(options.get("types", "weapon").replace(",", " ")))
    hit = _check(options.get("hit", "2D6"), dice)
    attacker.used.append(Action.MAJOR)
    enc.data[PENDING] = {
        "attacker": attacker.id,
        "target": target.id,
        "hit": hit.total,
        "critical": hit.critical,
        "power": power,
        "types": [t.value for t in types],
    }
    return [_rolled(attacker, "hit", hit), ReactionRequested(target.id, target.owner_id)]


def react(
    enc: Encounter, target: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``2D6+4`` (the reaction check; default: the target's saved ``dodge``, else 2D6)."""
    assert target is not None
    pending: dict[str, Any] | None = enc.data.get(PENDING)
    if not pending or pending["target"] != target.id:
        raise CombatError("gc.no_attack_pending", name=target.name)
    attacker = enc.combatant(pending["attacker"])
    command = detail.strip() or str(combat.numbers(target).get("dodge", "2D6"))
    reaction = _check(command, dice)
    enc.data.pop(PENDING)
    hits = pending["hit"] > (reaction.total or 0)  # a tie goes to the reaction
    events: list[Event] = [
        _rolled(target, "reaction", reaction),
        AttackResolved(pending["attacker"], target.id, pending["hit"], reaction.total or 0, hits),
    ]
    if not hits or attacker is None:
        return events
    damage = damage_roll(pending["power"], pending["critical"], dice)
    events.append(_rolled(attacker, "damage", damage))
    if target.stats.hp is None:
        return events  # no HP kept for it: the GM applies the damage by hand
    types = combat.parse_types(" ".join(pending["types"]))
    loss = hp_damage(damage.total or 0, combat.defenses(target), types)
    return events + combat.apply_loss(target, loss)


def set_weapon(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``name=Sword hit=2D6+7 power=9 types=weapon ranged=no``: a weapon the combatant carries
    (the same name replaces it)."""
    assert c is not None
    options = _options(detail)
    name = options.get("name", "").strip()
    if not name:
        raise CombatError("gc.bad_weapon", text=detail[:40])
    _check(options.get("hit", "2D6"), lambda sides: 1)  # checks the dice are a valid check
    try:
        power = int(options.get("power", "0"))
    except ValueError:
        raise CombatError("gc.bad_weapon", text=detail[:40]) from None
    weapon = {
        "hit": options.get("hit", "2D6").upper(),
        "power": power,
        "types": sorted(
            t.value for t in combat.parse_types(options.get("types", "weapon").replace(",", " "))
        ),
        "ranged": options.get("ranged", "no").lower() in ("yes", "true", "1", "ranged", "遠隔"),
    }
    combat.numbers(c).setdefault("weapons", {})[name] = weapon
    return [WeaponSet(c.id, name)]
