"""Ship skills (rules digest "Morale and ship skills"): paid in morale, used by a combatant of
the ship's side standing aboard, in its own Main process, as a free action; flooding stops
ships at half HP or less. The seed's three: [砲撃], [速力上昇] and [修繕]."""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import Event
from bot.combat.model import Combatant, Encounter
from bot.systems.naval.battlefield import ECONOMY, event_kind, morale, set_morale, ship_data, ships

SKILL_COST = {"速力上昇": 3, "修繕": 3}  # 砲撃 spends all the morale there is
REPAIR_HP, SPEED_UP_CLEANUPS = 200, 2


def use_ship_skill(
    enc: Encounter, c: Combatant, ship: Combatant, skill: str, *, aimed: bool = True
) -> tuple[list[Event], str | None]:
    """A ship skill: by a combatant of the ship's side standing aboard, in its own Main process,
    paid in morale; flooding stops ships at half HP or less. Returns the events and, for
    [砲撃], the area damage to roll: (morale spent × 5)D. A 砲撃 not ``aimed`` anywhere and a
    修繕 of a ship at full HP are refused before any morale is spent."""
    data = ship_data(ship)
    if skill not in data["skills"]:
        raise CombatError("naval.no_such_skill", ship=ship.name, skill=skill)
    if c.aboard != ship.id or c.side is not ship.side:
        raise CombatError("naval.not_aboard", name=c.name, ship=ship.name)
    ECONOMY.own_turn(enc, c)  # a free action of its own Main process
    if ship.out:
        raise CombatError("naval.target_out", name=ship.name)
    flooding = event_kind(enc) == "flooding"
    if (
        flooding
        and ship.stats.hp is not None
        and ship.stats.max_hp
        and (ship.stats.hp * 2 <= ship.stats.max_hp)
    ):
        raise CombatError("naval.flooded", ship=ship.name)
    if skill == "砲撃" and not aimed:
        raise CombatError("naval.bombard_needs_target", skill=skill)
    if skill == "修繕" and ship.stats.max_hp and (ship.stats.hp or 0) >= ship.stats.max_hp:
        raise CombatError("naval.full_hp", ship=ship.name)  # refused before morale is spent
    have = morale(enc, ship.side)
    cost = have if skill == "砲撃" else SKILL_COST.get(skill, 0)
    if have < max(cost, 1):
        raise CombatError("naval.low_morale", skill=skill, cost=max(cost, 1), morale=have)
    events = set_morale(enc, ship.side, have - cost)
    if skill == "砲撃":
        return events, f"{cost * 5}D6"
    if skill == "速力上昇":
        data["speed_up"] = SPEED_UP_CLEANUPS  # the flow counts Cleanups down
    elif skill == "修繕":
        assert ship.stats.hp is not None
        top = ship.stats.max_hp or ship.stats.hp + REPAIR_HP
        ship.stats.hp = min(top, ship.stats.hp + REPAIR_HP)
    return events, None


def cleanup(enc: Encounter) -> list[Event]:
    """Each Cleanup counts [速力上昇] down: it lasts until two Cleanups have passed."""
    for ship in ships(enc):
        data = ship.extra.get("ship", {})  # a ship added without naval numbers has none
        if data.get("speed_up", 0) > 0:
            data["speed_up"] -= 1
    return []


def move_steps(ship: Combatant) -> int:
    """Positions per move: 2 while [速力上昇] lasts."""
    return 2 if ship_data(ship).get("speed_up", 0) > 0 else 1
