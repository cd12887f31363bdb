"""Grancrest attacks in an encounter (rules digest "Attacks (opposed check)").

The attacker, on its main phase, spends its major action: it names the target, rolls the hit
check (``2D6+7``: two 6s are a critical, +10) and the attack's power and damage types. The
target's player then rolls the reaction (``react``; the GM rolls for NPCs) — an acted
combatant may still react. A tie goes to the reaction. On a hit the bot rolls attack power + 2D
(+10 on a critical hit check) and applies it against the lowest applicable defense.

The reaction waits as a prompt of the target's. A dying target makes no check: the attack hits
(the hit check is still rolled, so a critical still adds its +10). A reaction still waiting
when the attacker's turn ends is rolled by the bot with the target's saved reaction.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import AttackResolved, Event, ReactionRequested, Rolled
from bot.combat.model import Action, Combatant, Condition, Encounter, Prompt
from bot.combat.rights import edit
from bot.dice import DiceError, DieSource, RollResult, roll
from bot.dice.parser import fold_width
from bot.systems.fields import read
from bot.systems.grancrest import combat
from bot.systems.grancrest.combat import ECONOMY
from bot.systems.grancrest.rules import can_target, damage_roll, distance, hp_damage

REACTION = "reaction"
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
    ECONOMY.own_turn(enc, attacker)
    ECONOMY.still_may(attacker, Action.MAJOR)
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
    power = read(options.get("power", "0"), "power")
    types = sorted(combat.parse_types(options.get("types", "weapon").replace(",", " ")))
    hit = _check(options.get("hit", "2D6"), dice)
    ECONOMY.spend(enc, attacker, Action.MAJOR)
    attack = {
        "hit": hit.total,
        "critical": hit.critical,
        "power": power,
        "types": [t.value for t in types],
    }
    events: list[Event] = [_rolled(attacker, "hit", hit)]
    if target.condition is Condition.DYING:  # no check from the dying: the attack hits
        return events + resolve(enc, attacker, target, attack, None, dice)
    prompts.open_prompt(enc, REACTION, target.id, "turn", about=attacker.id, data=attack)
    return [*events, ReactionRequested(target.id, target.owner_id)]


def react(
    enc: Encounter, target: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``2D6+4`` (the reaction check; default: the target's saved ``dodge``, else 2D6)."""
    assert target is not None
    waiting = prompts.find(enc, REACTION, target.id)
    if not waiting:
        raise CombatError("gc.no_attack_pending", name=target.name)
    if not target.fighting:  # the dying make no checks; the engine settles it as a hit
        raise CombatError("combat.cannot_act", name=target.name)
    reaction = _check(detail.strip() or saved_reaction(target), dice)
    prompts.close(enc, waiting[0])
    return answer(enc, waiting[0], target, reaction, dice)


def saved_reaction(target: Combatant) -> str:
    return str(combat.numbers(target).get("dodge", "2D6"))


def settle(enc: Encounter, prompt: Prompt, dice: DieSource | None, why: str) -> list[Event]:
    """A reaction nobody rolled in time: the bot rolls the target's saved reaction; a target
    that fell meanwhile makes none, and the attack hits."""
    target = enc.combatant(prompt.owner) if prompt.owner is not None else None
    if target is None:
        return []
    if why == "owner_down" or not target.fighting:
        attacker = enc.combatant(prompt.about) if prompt.about is not None else None
        return resolve(enc, attacker, target, prompt.data, None, dice)
    return answer(enc, prompt, target, _check(saved_reaction(target), dice), dice)


def answer(
    enc: Encounter, prompt: Prompt, target: Combatant, reaction: RollResult, dice: DieSource | None
) -> list[Event]:
    attacker = enc.combatant(prompt.about) if prompt.about is not None else None
    rolled = _rolled(target, "reaction", reaction)
    return [rolled, *resolve(enc, attacker, target, prompt.data, reaction.total or 0, dice)]


def resolve(
    enc: Encounter,
    attacker: Combatant | None,
    target: Combatant,
    attack: dict[str, Any],
    reaction: int | None,
    dice: DieSource | None,
) -> list[Event]:
    """The opposed check's outcome (no reaction: a hit) and, on a hit, the damage."""
    hits = reaction is None or attack["hit"] > reaction  # a tie goes to the reaction
    attacker_id = attacker.id if attacker is not None else 0
    events: list[Event] = [AttackResolved(attacker_id, target.id, attack["hit"], reaction, hits)]
    if not hits or attacker is None:
        return events
    damage = damage_roll(attack["power"], attack["critical"], dice)
    events.append(_rolled(attacker, "damage", damage))
    if target.stats.hp is None:
        return events  # no HP kept for it: the GM applies the damage by hand
    types = combat.parse_types(" ".join(attack["types"]))
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
    power = read(options.get("power", "0"), "power")
    weapon = {
        "hit": options.get("hit", "2D6").upper(),
        "power": power,
        "types": sorted(
            t.value for t in combat.parse_types(options.get("types", "weapon").replace(",", " "))
        ),
        "ranged": options.get("ranged", "no").lower() in ("yes", "true", "1", "ranged", "遠隔"),
    }
    carried = combat.numbers(c).setdefault("weapons", {})
    events = edit(c, f"weapon:{name}", carried.get(name), weapon)
    carried[name] = weapon
    return events
