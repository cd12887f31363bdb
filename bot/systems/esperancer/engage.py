"""Esperancer engages and movement (rules digest "Engagement", "Turn flow").

Characters clustered together form an engage; an engaged-range weapon reaches only enemies in
the same engage; an engaged character cannot move past the enemy it is engaged with until that
enemy is defeated (blockade).

Decisions (the digest is silent on positions): an engage moves with its members — a move of
any distance takes the mover out of its engage, and ``/esp engage`` is a move into another
one (the minor action; ``full``: the major), so both come in one's own turn. While the fight is
being prepared (round 0) engages are the starting positions and are set freely. Moving away
from an engaged enemy is allowed (it is leaving); moving past it is the blockade.
"""

from __future__ import annotations

import re

from bot.combat.errors import CombatError
from bot.combat.events import EngageChanged, Event, MovedDistance
from bot.combat.model import Action, Combatant, Encounter
from bot.dice import DieSource
from bot.dice.parser import fold_width
from bot.systems.base import key_values
from bot.systems.esperancer.statuses import ECONOMY, numbers
from bot.systems.fields import read

_FULL = re.compile(r"\s+(?:full|全力)\s*$", re.IGNORECASE)


def same_engage(a: Combatant, b: Combatant) -> bool:
    group = numbers(a).get("engage")
    return group is not None and group == numbers(b).get("engage")


def drop_engage(c: Combatant) -> list[Event]:
    """Out of its engage (a move, or out of the fight): nothing when it was in none."""
    if numbers(c).pop("engage", None) is None:
        return []
    return [EngageChanged(c.id, None)]


def _as_a_move(enc: Encounter, c: Combatant, full: bool) -> None:
    """Once the fight is on, changing engages is a move of its own turn."""
    if enc.round > 0:
        ECONOMY.spend(enc, c, Action.MAJOR if full else Action.MINOR)


def engage(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``Name`` (``Name full``: a full move): move into ``Name``'s engage, or form one with it."""
    assert c is not None
    full = bool(_FULL.search(detail))
    name = _FULL.sub("", detail).strip()
    other = enc.find(name)
    if other is None:
        raise CombatError("combat.unknown_combatant", name=name or "—")
    if other is c:
        raise CombatError("esp.engage_self", name=c.name)
    for who in (c, other):
        if not who.fighting:
            raise CombatError("esp.not_fighting", name=who.name)
    if same_engage(c, other):
        raise CombatError("esp.already_engaged", name=c.name, other=other.name)
    _as_a_move(enc, c, full)
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
    _as_a_move(enc, c, "full" in detail.lower())
    return drop_engage(c)


def move(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``5`` metres (minor, up to speed) or ``15 full`` (major, up to speed × 3); ``past=Name``
    is refused while that enemy, engaged with the mover, still stands (blockade). A move takes
    the mover out of its engage."""
    assert c is not None
    match = re.match(r"\s*([0-9]+)", fold_width(detail))
    if not match:
        raise CombatError("esp.bad_move", text=detail[:40])
    metres, full = read(match.group(1), "metres"), "full" in detail.lower()
    if metres == 0:
        raise CombatError("esp.zero_move", name=c.name)  # refused: the action stays unspent
    action = Action.MAJOR if full else Action.MINOR
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, action)
    speed = int(c.stats.speed)
    limit = speed * 3 if full else speed
    if metres > limit:
        raise CombatError("esp.too_far", name=c.name, metres=metres, limit=limit)
    past = key_values(detail).get("past")
    if past:
        enemy = enc.find(past)
        if enemy is None:
            raise CombatError("esp.unknown_past", name=past[:40])
        if enemy.side is not c.side and enemy.fighting and same_engage(c, enemy):
            raise CombatError("esp.blockaded", name=c.name, enemy=enemy.name)
    ECONOMY.spend(enc, c, action)
    return [MovedDistance(c.id, metres, full), *drop_engage(c)]
