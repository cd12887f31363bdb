"""Grancrest attacks in an encounter (rules digest "Attacks (opposed check)").

The attacker, on its main phase, spends its major action: it names one target or several (an
area or multi-target attack: ``target=A, B, C``), rolls the hit check once (``2D6+7``: two 6s
are a critical, +10) and gives the attack's power, damage dice and types — or names a weapon in
hand, whose numbers apply. Each target's player then rolls that target's own reaction (the GM
rolls for NPCs) — an acted combatant may still react; a tie goes to the reaction. The damage is
rolled once, at the first hit (power + 2D, ``dice=+1D`` for 3D, +10 on a critical hit check, as
its own term), and each target hit takes it through its own lowest applicable defense, then its
damage reduction.

Each reaction waits as a prompt of its target's. A dying target makes no check: the attack hits
it. A reaction still waiting when the attacker's turn ends is rolled by the bot with the
target's saved reaction.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat import prompts
from bot.combat.errors import CombatError
from bot.combat.events import AttackResolved, Event, ReactionRequested
from bot.combat.model import Action, Combatant, Condition, Encounter, Prompt
from bot.dice import DieSource
from bot.dice.parser import fold_width
from bot.systems.fields import read
from bot.systems.grancrest import combat, options, weapons
from bot.systems.grancrest.checks import check_dice, rolled
from bot.systems.grancrest.combat import ECONOMY
from bot.systems.grancrest.rules import (
    DAMAGE_DICE,
    damage_roll,
    distance,
    out_of_reach,
)

REACTION = "reaction"
MAX_TARGETS = 30
DAMAGE = "gc_damage"  # enc.data: an attack's damage roll, shared by all its targets
_REDUCTION = re.compile(r"\s*reduction\s*=\s*([0-9]+)\s*", re.IGNORECASE)


def targets_of(enc: Encounter, named: str) -> list[Combatant]:
    """``A, B、C``: each target once, every name known."""
    names = [n.strip() for n in re.split(r"[,、，]", named) if n.strip()]
    if not names:
        raise CombatError("combat.unknown_combatant", name="—")
    if len(names) > MAX_TARGETS:
        raise CombatError("gc.too_many_targets", limit=MAX_TARGETS)
    found: list[Combatant] = []
    for name in names:
        target = enc.find(name)
        if target is None:
            raise CombatError("combat.unknown_combatant", name=name)
        if target in found:
            raise CombatError("gc.same_target_twice", name=target.name)
        found.append(target)
    return found


def _reach_check(enc: Encounter, attacker: Combatant, target: Combatant, given: dict) -> None:
    ranged = given.get("ranged", "no").lower() in weapons.YES
    here, there = combat.numbers(attacker).get("square"), combat.numbers(target).get("square")
    if here is None or there is None:
        return  # no map positions: the table judges the distance
    if given.get("range"):
        reach: int | None = read(given["range"], "square", "range")
    else:
        reach = None if ranged else options.melee_reach(enc)
    apart = distance(tuple(here), tuple(there))
    why = out_of_reach(ranged, apart, reach)
    if why is not None:
        raise CombatError(f"gc.{why}", name=target.name, distance=apart, reach=reach)


def declare(
    enc: Encounter, attacker: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``target=Dragonewt hit=2D6+7 power=9 types=weapon ranged=no range=5 dice=+1D``, or
    ``target=A, B weapon=Sword`` for a weapon in hand (options given here override the
    weapon's)."""
    assert attacker is not None
    given = weapons.attack_numbers(attacker, weapons.options(detail))
    targets = targets_of(enc, given.get("target") or given.get("targets") or "")
    ECONOMY.own_turn(enc, attacker)
    ECONOMY.still_may(attacker, Action.MAJOR)
    for target in targets:
        if target.out:
            raise CombatError("gc.already_dead", name=target.name)
        if target.id == attacker.id:
            raise CombatError("gc.attacks_itself", name=target.name)
        _reach_check(enc, attacker, target, given)
    power = read(given.get("power", "0"), "power")
    types = sorted(combat.parse_types(given.get("types", "weapon").replace(",", " ")))
    count = weapons.damage_dice(given["dice"]) if given.get("dice") else DAMAGE_DICE
    hit = check_dice(given.get("hit", "2D6"), dice)
    ECONOMY.spend(enc, attacker, Action.MAJOR)
    shared = enc.data.setdefault(DAMAGE, {})
    for stale in list(shared):  # an attack whose reactions went with a removed combatant
        _forget_done(enc, int(stale))
    number = max((int(k) for k in shared), default=0) + 1
    shared[str(number)] = None  # rolled at the first hit
    attack = {
        "id": number,
        "hit": hit.total,
        "critical": hit.critical,
        "power": power,
        "dice": count,
        "types": [t.value for t in types],
    }
    events: list[Event] = [rolled(attacker, "hit", hit)]
    waiting = [t for t in targets if t.condition is not Condition.DYING]
    for target in waiting:
        prompts.open_prompt(enc, REACTION, target.id, "turn", about=attacker.id, data=attack)
        events.append(ReactionRequested(target.id, target.owner_id))
    for target in targets:  # no check from the dying: the attack hits them
        if target not in waiting:
            events += resolve(enc, attacker, target, attack, None, dice)
    _forget_done(enc, number)
    return events


def react(
    enc: Encounter, target: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``2D6+4`` (the reaction check; default: the target's saved ``dodge``, else 2D6), with
    ``reduction=5`` for a damage reduction this reaction brings (a skill's)."""
    assert target is not None
    waiting = prompts.find(enc, REACTION, target.id)
    if not waiting:
        raise CombatError("gc.no_attack_pending", name=target.name)
    if not target.fighting:  # the dying make no checks; the engine settles it as a hit
        raise CombatError("combat.cannot_act", name=target.name)
    text = fold_width(detail)
    reduction = 0
    found = _REDUCTION.search(text)
    if found:
        reduction = read(found.group(1), "amount", "reduction")
        text = text[: found.start()] + " " + text[found.end() :]
    text = re.sub(r"^\s*check\s*=", "", text.strip(), flags=re.IGNORECASE)
    reaction = check_dice(text.strip() or saved_reaction(target), dice)
    prompts.close(enc, waiting[0])
    first = [rolled(target, "reaction", reaction)]
    return answer(enc, waiting[0], target, reaction.total or 0, first, dice, reduction)


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
        events = resolve(enc, attacker, target, prompt.data, None, dice)
        _forget_done(enc, prompt.data.get("id"))
        return events
    reaction = check_dice(saved_reaction(target), dice)
    first = [rolled(target, "reaction", reaction)]
    return answer(enc, prompt, target, reaction.total or 0, first, dice)


def answer(
    enc: Encounter,
    prompt: Prompt,
    target: Combatant,
    reaction: int,
    first: list[Event],
    dice: DieSource | None,
    reduction: int = 0,
) -> list[Event]:
    attacker = enc.combatant(prompt.about) if prompt.about is not None else None
    events = first + resolve(enc, attacker, target, prompt.data, reaction, dice, reduction)
    _forget_done(enc, prompt.data.get("id"))
    return events


def _damage(
    enc: Encounter, attacker: Combatant, attack: dict[str, Any], dice: DieSource | None
) -> tuple[int, list[Event]]:
    """The attack's damage: rolled at its first hit, the same number for every later one."""
    shared = enc.data.setdefault(DAMAGE, {})
    key = str(attack.get("id", ""))
    if shared.get(key) is not None:
        return int(shared[key]), []
    count = int(attack.get("dice", DAMAGE_DICE))
    roll = damage_roll(attack["power"], attack["critical"], dice, count)
    if key in shared:
        shared[key] = roll.total
    return roll.total or 0, [rolled(attacker, "damage", roll)]


def _forget_done(enc: Encounter, number: object) -> None:
    """An attack's shared damage goes once no reaction to it waits any more."""
    if number is None:
        return
    if not any(p.kind == REACTION and p.data.get("id") == number for p in enc.prompts):
        enc.data.get(DAMAGE, {}).pop(str(number), None)


def resolve(
    enc: Encounter,
    attacker: Combatant | None,
    target: Combatant,
    attack: dict[str, Any],
    reaction: int | None,
    dice: DieSource | None,
    reduction: int = 0,
) -> list[Event]:
    """The opposed check's outcome (no reaction: a hit) and, on a hit, the damage."""
    hits = reaction is None or attack["hit"] > reaction  # a tie goes to the reaction
    attacker_id = attacker.id if attacker is not None else 0
    events: list[Event] = [AttackResolved(attacker_id, target.id, attack["hit"], reaction, hits)]
    if not hits or attacker is None:
        return events
    damage, roll_events = _damage(enc, attacker, attack, dice)
    types = combat.parse_types(" ".join(attack["types"]))
    return events + roll_events + combat.through_defense(target, damage, types, reduction)
