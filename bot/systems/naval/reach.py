"""Who an attack at sea reaches (rules digest "Melee and range", "Ships"): the distance in
positions, a weapon's nearest and farthest range (range 0 always counts), melee and contact
staying on the attacker's own ship, and an area attack's targets at one position.
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.model import Combatant, Encounter, Kind, Side
from bot.dice.parser import fold_width
from bot.systems.base import yes
from bot.systems.naval import battlefield


def distance(enc: Encounter, c: Combatant, target: Combatant) -> int | None:
    """Positions between them (a ship: its nearest area); None when either is not placed."""
    here = battlefield.position_of(enc, c)
    if here is None:
        return None
    if target.kind is Kind.SHIP:
        data = battlefield.ship_data(target)
        return min(abs(here - (int(data["position"]) + a)) for a in range(int(data["areas"])))
    there = battlefield.position_of(enc, target)
    return None if there is None else abs(here - there)


def nearest_area(enc: Encounter, c: Combatant, ship: Combatant) -> int:
    """Where an area attack aimed at a ship lands: its area nearest the attacker."""
    here = battlefield.position_of(enc, c)
    areas = range(int(battlefield.ship_data(ship)["areas"]))
    spots = [battlefield.area_position(ship, a) for a in areas]
    return spots[0] if here is None else min(spots, key=lambda p: (abs(p - here), p))


def at_position(enc: Encounter, position: int, ships: str, side: Side) -> list[Combatant]:
    """An area attack's targets: everyone standing there, and the ships there that ``ships``
    chooses — ``yes``/``all`` every one, ``enemy`` those of the other side, ``own`` those of
    ``side``, or their names separated by commas; empty or ``no``: none."""
    choice = fold_width(ships or "").strip()
    there = [s for s in battlefield.ships(enc)
             if not s.out and battlefield.area_at(s, position) is not None]  # fmt: skip
    if choice.lower() in ("", "no", "false", "0", "いいえ"):
        chosen: list[Combatant] = []
    elif yes(choice) or choice.lower() == "all":
        chosen = there
    elif choice.lower() in ("enemy", "own"):
        chosen = [s for s in there if (s.side is side) == (choice.lower() == "own")]
    else:
        chosen = []
        for name in (n.strip() for n in choice.replace("、", ",").split(",") if n.strip()):
            ship = battlefield.find(enc, name)
            if ship not in there:
                raise CombatError("naval.ship_not_there", ship=ship.name, position=position)
            chosen.append(ship)
    people = [c for c in enc.combatants if c.kind is not Kind.SHIP and not c.out
              and battlefield.position_of(enc, c) == position]  # fmt: skip
    return people + [s for s in there if s in chosen]


def check(
    enc: Encounter,
    c: Combatant,
    target: Combatant,
    style: str,
    farthest: int | None,
    near: int = 0,
    contact: bool = False,
) -> None:
    """Melee, and a range-1 skill that needs contact (``contact=yes``), stay on the attacker's
    own ship; a weapon's nearest range counts (range 0 always does); so does its farthest."""
    if style == "melee" or contact:
        own_ship = c.aboard is not None and (c.aboard == target.id or c.aboard == target.aboard)
        if not own_ship:  # melee never reaches another ship, nor another ship's hull
            raise CombatError("naval.melee_other_ship", name=c.name, target=target.name)
    gap = distance(enc, c, target)
    if gap is None:
        raise CombatError("naval.not_placed", name=c.name)
    reach = farthest if farthest is not None or style != "melee" else 0
    if contact:
        reach = min(reach, 1) if reach is not None else 1
    if reach is not None and gap > reach:  # range 0 is always in reach; melee: range 0 unless said
        raise CombatError("naval.out_of_range", target=target.name, distance=gap,
                          reach=reach)  # fmt: skip
    if 0 < gap < near:
        raise CombatError("naval.too_close", target=target.name, distance=gap, near=near)
