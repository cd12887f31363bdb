"""Cover at sea (rules digest "Ships": a ship is targeted like a combatant, and Cover may
protect it). The one who covers declares it — never the attacker.

Decisions (the add-on leaves the 2D6 system's Cover to the table; the bot resolves an attack
in one command, so Cover is declared ahead of the hit rather than after it):
- ``/naval cover``: a free action of the coverer, at any time, for a combatant or ship of its
  own side at its own position (distance 0). It stands for this round only.
- The next attack this round that hits the covered target deals that damage to the coverer
  instead (after any protection); the cover is then spent. A coverer covers one at a time.
- The cover lapses if either is out of battle or they no longer share a position.
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import CoverDeclared, Event
from bot.combat.model import Combatant, Encounter, Kind
from bot.dice import DieSource
from bot.systems.base import key_values
from bot.systems.naval import battlefield, reach


def _gap(enc: Encounter, a: Combatant, b: Combatant) -> int | None:
    return reach.distance(enc, a, b)


def declare(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``target=…``: ``c`` covers a combatant or ship of its own side at its own position."""
    assert c is not None
    found = key_values(detail) if "=" in detail else {"target": detail}
    target = battlefield.find(enc, found.get("target", ""))
    if c.kind is Kind.SHIP or not c.can_act:
        raise CombatError("combat.cannot_act", name=c.name)
    if target.id == c.id or target.side is not c.side:
        raise CombatError("naval.cover_own_side", name=c.name, target=target.name)
    if target.out or _gap(enc, c, target) != 0:
        raise CombatError("naval.cannot_cover", name=c.name, target=target.name)
    covers = {k: v for k, v in enc.data.get("covers", {}).items() if v["by"] != c.id}
    covers[str(target.id)] = {"by": c.id, "round": enc.round}
    enc.data["covers"] = covers
    return [CoverDeclared(c.id, target.id)]


def coverer(enc: Encounter, target: Combatant) -> Combatant | None:
    """Who stands ready to take the hit on ``target`` this round (None: nobody)."""
    held = enc.data.get("covers", {}).get(str(target.id))
    if not held or held["round"] != enc.round:
        return None
    found = enc.combatant(held["by"])
    if found is None or found.out or not found.can_act or _gap(enc, found, target) != 0:
        return None
    return found


def spend(enc: Encounter, target: Combatant) -> None:
    enc.data.get("covers", {}).pop(str(target.id), None)
