"""Esperancer actions in an encounter: numbers, statuses, engagement, attacks, skills, moves.

Rules digest "Turn flow", "Engagement", "Status effects". Decision (the digest is silent): an
attack hits when its check beats the dodge; a tie goes to the dodge, as in Grancrest. A
combatant at 0 HP or below is out of the fight (戦闘不能) until the GM brings its HP back.
Leaving an engage is a move: it spends the minor action (``full``: the major), so there is no
free way out of a blockade.
"""

from __future__ import annotations

import re

from bot.combat.errors import CombatError
from bot.combat.events import (
    ActionUsed,
    AttackResolved,
    Damaged,
    EngageChanged,
    Event,
    MovedDistance,
    Rolled,
    SkillUsed,
)
from bot.combat.model import Action, Combatant, Encounter, Phase
from bot.combat.rights import edit
from bot.dice import DiceError, DieSource, RollResult, roll
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.systems.base import key_values as options
from bot.systems.base import yes
from bot.systems.esperancer import statuses
from bot.systems.esperancer.statuses import ECONOMY, Effect, numbers
from bot.systems.fields import read


def _roll(command: str, dice: DieSource | None) -> RollResult:
    try:
        result = roll(command, system="Esperancer", dice=dice, strict=True)
    except DiceError as error:
        raise CombatError("esp.bad_roll", text=command[:40]) from error
    if result is None or result.total is None:
        raise CombatError("esp.bad_roll", text=command[:40])
    return result


def _rolled(c: Combatant, purpose: str, result: RollResult) -> Rolled:
    return Rolled(c.id, purpose, result.text, result.total, list(result.rands))


def set_numbers(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``hp=30 dodge=2 speed=5 boss=yes``."""
    assert c is not None
    found = options(detail)
    if not found:
        raise CombatError("esp.bad_numbers", text=detail[:40])
    events: list[Event] = []
    for key, value in found.items():
        if key == "boss":
            events += edit(c, "boss", bool(numbers(c).get("boss")), yes(value))
            numbers(c)["boss"] = yes(value)
            if yes(value):  # bosses are immune to sleep and faint: they end at once
                events += statuses.remove(c, Effect.SLEEP) + statuses.remove(c, Effect.FAINT)
        elif key in ("hp", "dodge", "speed"):
            number = read(value, key)
            if key == "hp":
                events += edit(c, "hp", c.stats.hp, number)
                c.stats.hp = number
                c.stats.max_hp = max(c.stats.max_hp or 0, number)  # above it: a new maximum
            elif key == "speed":
                events += edit(c, "speed", int(c.stats.speed), number)
                c.stats.speed = number  # where /combat add and /char put it too
            else:
                events += edit(c, key, numbers(c).get(key, 0), number)
                numbers(c)[key] = number
        else:
            raise CombatError("esp.bad_numbers", text=f"{key}={value}"[:40])
    return events


def status(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``add poison`` / ``remove prone`` (also 毒, 転倒, 麻痺, 眠り, 気絶, 封印)."""
    assert c is not None
    verb, _, name = detail.strip().partition(" ")
    effect = statuses.effect_named(name)
    if verb.lower() == "add":
        return statuses.apply(c, effect)
    if verb.lower() == "remove":
        return statuses.remove(c, effect)
    raise CombatError("esp.bad_status", text=detail[:40])


def engage(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """Join ``detail``'s engage (or form one with it)."""
    assert c is not None
    other = enc.find(detail.strip())
    if other is None or other is c:
        raise CombatError("combat.unknown_combatant", name=detail.strip() or "—")
    for who in (c, other):
        if not who.fighting:
            raise CombatError("esp.not_fighting", name=who.name)
    group = numbers(other).get("engage")
    if group is None:
        group = max((numbers(x).get("engage") or 0 for x in enc.combatants), default=0) + 1
        numbers(other)["engage"] = group
    numbers(c)["engage"] = group
    return [EngageChanged(c.id, group)]


def leave(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """Leave the engage: a move of its own turn (the minor action; ``full``: the major)."""
    assert c is not None
    if numbers(c).get("engage") is None:
        raise CombatError("esp.not_in_engage", name=c.name)
    ECONOMY.spend(enc, c, Action.MAJOR if "full" in detail.lower() else Action.MINOR)
    return drop_engage(c)


def drop_engage(c: Combatant) -> list[Event]:
    """Out of its engage (leaving it, or out of the fight): nothing when it was in none."""
    if numbers(c).pop("engage", None) is None:
        return []
    return [EngageChanged(c.id, None)]


def same_engage(a: Combatant, b: Combatant) -> bool:
    group = numbers(a).get("engage")
    return group is not None and group == numbers(b).get("engage")


def attack(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``target=… hit=+3 damage=2D10+5 range=engaged|ranged``: the hit check (an ES check) against
    the target's dodge (ES + its dodge; prone: one die fewer); damage is a plain roll."""
    assert c is not None
    found = options(detail)
    target = enc.find(found.get("target", ""))
    if target is None:
        raise CombatError("combat.unknown_combatant", name=found.get("target", "—"))
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, Action.MAJOR)
    if target.out:
        raise CombatError("esp.target_out", name=target.name)
    if found.get("range", "engaged").lower() in ("engaged", "melee", "至近") and not same_engage(
        c, target
    ):
        raise CombatError("esp.not_engaged", name=target.name)
    hit = _roll(_check(found.get("hit", "")), dice)
    dodge_mod = int(numbers(target).get("dodge", 0))
    dodge_command = _check(f"{dodge_mod:+d}" if dodge_mod else "")
    if statuses.has(target, Effect.PRONE):
        dodge_command += "-1D10"  # prone: dodge checks −1D10 (one die fewer)
    dodge = _roll(dodge_command, dice)
    ECONOMY.spend(enc, c, Action.MAJOR)
    hits = (hit.total or 0) > (dodge.total or 0)
    events: list[Event] = [
        _rolled(c, "hit", hit), _rolled(target, "dodge", dodge),
        AttackResolved(c.id, target.id, hit.total or 0, dodge.total or 0, hits),
    ]  # fmt: skip
    if hits:
        spec = found.get("damage", "0") or "0"
        if is_whole(spec):
            amount = read(spec, "damage")
        else:  # a damage roll is not a check: a plain roll, no explosion
            damage = _roll(spec.upper(), dice)
            amount = max(0, damage.total or 0)  # damage never heals
            events.append(_rolled(c, "damage", damage))
        if target.stats.hp is not None:
            target.stats.hp -= amount
            events.append(Damaged(target.id, amount, target.stats.hp))
    return events + statuses.on_attacked(target)


def _check(modifier: str) -> str:
    text = fold_width(modifier).upper().replace(" ", "")
    if re.match(r"[0-9]*ESN?", text):
        return text
    if text and not re.fullmatch(r"([+-]([0-9]+D10|[0-9]+D|[0-9]+))+", text):
        raise CombatError("esp.bad_roll", text=modifier[:40])
    return "ES" + text


def skill(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``timing=major name=…``: minor (one, no combining), major (at most one plain major skill
    a turn; sealed: none), combinable (any number), setup / cleanup (several, in that phase)."""
    assert c is not None
    found = options(detail)
    timing, name = found.get("timing", "").lower(), found.get("name", "—")
    if timing in ("setup", "cleanup"):
        if enc.phase is not Phase(timing):
            raise CombatError("gc.wrong_timing", name=name, timing=timing)
        if not c.can_act:
            raise CombatError("combat.cannot_act", name=c.name)
        return [SkillUsed(c.id, name, timing)]
    ECONOMY.own_turn(enc, c)
    if timing == "minor":
        ECONOMY.spend(enc, c, Action.MINOR)
        return [ActionUsed(c.id, Action.MINOR.value, name)]
    if timing in ("major", "combinable") and Action.MAJOR in c.used:
        raise CombatError("esp.major_over", name=c.name)  # declared with the major, not after
    if timing == "major":
        # The skill is declared for this turn's major action (an attack may follow with it).
        if statuses.has(c, Effect.SEAL):
            raise CombatError("esp.sealed", name=c.name)
        if numbers(c).get("major_skill"):
            raise CombatError("esp.one_major_skill", name=c.name, skill=numbers(c)["major_skill"])
        numbers(c)["major_skill"] = name
        return [SkillUsed(c.id, name, timing)]
    if timing == "combinable":
        return [SkillUsed(c.id, name, timing)]
    raise CombatError("combat.unknown_action", action=timing or "—")


def move(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``5`` metres (minor, up to speed) or ``15 full`` (major, up to speed × 3); ``past=Name``
    is refused while that enemy, engaged with the mover, still stands (blockade)."""
    assert c is not None
    match = re.match(r"\s*([0-9]{1,6})", fold_width(detail))
    if not match:
        raise CombatError("esp.bad_move", text=detail[:40])
    metres, full = read(match.group(1), "metres"), "full" in detail.lower()
    action = Action.MAJOR if full else Action.MINOR
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, action)
    speed = int(c.stats.speed)
    limit = speed * 3 if full else speed
    if metres > limit:
        raise CombatError("esp.too_far", name=c.name, metres=metres, limit=limit)
    past = options(detail).get("past")
    if past:
        enemy = enc.find(past)
        if (
            enemy is not None
            and enemy.side is not c.side
            and enemy.fighting
            and same_engage(c, enemy)
        ):
            raise CombatError("esp.blockaded", name=c.name, enemy=enemy.name)
    ECONOMY.spend(enc, c, action)
    return [MovedDistance(c.id, metres, full)]
