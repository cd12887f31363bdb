"""Naval actions in an encounter (rules digest "Moving a ship", "Battlefield"): setting out
ships and crews, boarding, steering by licence, and the wind's forbidden directions.

Decision: "forward" is toward the enemy — up the positions for the PCs' ships, down for the
enemy's — so the wind events can forbid a side's forward or backward moves.
"""

from __future__ import annotations

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import Event, Healed, Rolled, ShipMoved, SkillUsed
from bot.combat.model import Action, Combatant, Encounter, Kind, Side
from bot.combat.rights import edit as edited
from bot.dice import DieSource, roll
from bot.dice.parser import fold_width
from bot.i18n import Term, glossary
from bot.systems.base import key_values, yes
from bot.systems.fields import read
from bot.systems.naval import attack, battlefield
from bot.systems.naval.battlefield import ECONOMY, PRESETS, ShipSpec

LICENCES = ("none", "driving", "ship")
# Wind: which way each side may not move this round.
WIND = {"headwind": {Side.PC: "forward", Side.NPC: "back"},
        "tailwind": {Side.PC: "back", Side.NPC: "forward"}}  # fmt: skip


def _int(found: dict[str, str], key: str, default: int | None = None, field: str = "") -> int:
    value = found.get(key)
    if value is None and default is not None:
        return default
    return read(value or "", field or key, key)


def _ship(enc: Encounter, name: str) -> Combatant:
    ship = battlefield.find(enc, name)
    battlefield.ship_data(ship)  # refuses anything but a ship
    return ship


def place(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``name=… preset=柾良式巡視船 side=npc position=2 flagship=yes`` (or hp= areas= helm=)."""
    found = key_values(detail)
    preset = found.get("preset")
    if preset:
        if preset not in PRESETS:
            raise CombatError("naval.unknown_preset", name=preset[:40], known=", ".join(PRESETS))
        spec = PRESETS[preset]
    else:
        spec = ShipSpec(
            _int(found, "hp", field="ship_hp"), _int(found, "areas", 1), _int(found, "helm", 1) - 1
        )
    side = Side.PC if found.get("side", "pc").lower() == "pc" else Side.NPC
    flagship = yes(found.get("flagship"))
    name = found.get("name") or preset or ""
    if enc.round > 0:  # once the fight is on, new ships come only with reinforcement events
        event = enc.data.get("event", {})
        left = int(event.get("ships_left", 0)) if event.get("round") == enc.round else 0
        if event.get("side") != side.value or left <= 0:
            raise CombatError("naval.no_new_ships", side=Term(f"side.{side.value}"))
        event["ships_left"] = left - 1
    return battlefield.place_ship(enc, name, side, spec, _int(found, "position", 0),
                                  flagship=flagship)  # fmt: skip


def aboard(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """The GM places a combatant: ``ship=… area=2`` (areas counted from 1, front first)."""
    assert c is not None
    found = key_values(detail)
    return battlefield.put_aboard(enc, c, _ship(enc, found.get("ship", "")),
                                  _int(found, "area", 1) - 1)  # fmt: skip


def board(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``ship=… area=1``: a free action on its own turn, before the move action."""
    assert c is not None
    found = key_values(detail)
    return battlefield.board(enc, c, _ship(enc, found.get("ship", "")), _int(found, "area", 1) - 1)


def licence(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``ship`` (【船舶】), ``driving`` (【運転免許】) or ``none``."""
    assert c is not None
    value = glossary.lookup("licence", detail) or detail.strip().lower()  # 船舶 / ship …
    if value not in LICENCES:
        known = glossary.Terms(f"licence.{name}" for name in LICENCES)
        raise CombatError("naval.bad_licence", value=detail.strip()[:20], known=known)
    events = edited(c, "licence", c.extra.get("licence", "none"), value)
    c.extra["licence"] = value
    return events


def steer(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``forward`` / ``back`` (``forward 2`` with a ship licence: Move, then Minor for one more).

    From the helm's area: no licence spends the whole Main process (Move, Minor and Major);
    a driving licence spends Move + Minor; a ship licence spends Move (and Minor for the second).
    """
    assert c is not None
    ECONOMY.own_turn(enc, c)
    words = fold_width(detail).lower().split()
    direction = glossary.lookup("direction", words[0]) if words else None  # 前進 / forward …
    if direction not in ("forward", "back"):
        raise CombatError("naval.bad_direction", text=detail[:20])
    times = read(words[1], "steps") if len(words) > 1 else 1
    ship = battlefield.at_helm(enc, c)
    kind = c.extra.get("licence", "none")
    spend = {"none": [Action.MOVE, Action.MINOR, Action.MAJOR],
             "driving": [Action.MOVE, Action.MINOR], "ship": [Action.MOVE]}[kind]  # fmt: skip
    if times == 2 and kind == "ship":
        spend = [Action.MOVE, Action.MINOR]
    elif times != 1:
        raise CombatError("naval.one_position", name=c.name)
    taken = [a for a in spend if a in c.used]
    if taken:
        raise CombatError(
            "naval.actions_spent", name=c.name, actions=glossary.Terms(f"action.{a}" for a in taken)
        )
    if WIND.get(battlefield.event_kind(enc) or "", {}).get(ship.side) == direction:
        raise CombatError(
            "naval.wind_forbids", ship=ship.name, direction=Term(f"direction.{direction}")
        )
    sign = 1 if ship.side is Side.PC else -1
    steps = times * battlefield.move_steps(ship) * (sign if direction == "forward" else -sign)
    events = battlefield.shift(enc, ship, steps)  # refused first when the ship is aground
    ECONOMY.spend(enc, c, *spend)
    return events


def ship_damage(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``ship=… amount=120 by=pc``: damage a ship; an attack by the other side raises that
    side's morale by one; at 0 HP the ship sinks (and the battle may end)."""
    found = key_values(detail)
    ship = _ship(enc, found.get("ship", ""))
    events: list[Event] = []
    by = found.get("by", "").lower()
    if by in ("pc", "npc") and Side(by) is not ship.side:
        events += battlefield.ship_attacked(enc, Side(by))
    amount = _int(found, "amount")
    return events + battlefield.deal(enc, ship, amount)


def ship_skill(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``ship=… skill=砲撃 [at=… ships=yes]``: a free action in its own Main process, paid in
    morale. [砲撃]'s area damage (range: the scene) falls on everyone at the position of
    ``at`` (a combatant or a ship's front area), and on the ships there with ``ships=yes``."""
    assert c is not None
    found = key_values(detail)
    ship = _ship(enc, found.get("ship", ""))
    skill = found.get("skill", "")
    before = ship.stats.hp or 0
    events, damage = battlefield.use_ship_skill(enc, c, ship, skill)
    events.append(SkillUsed(c.id, skill, "ship"))
    if damage:  # 砲撃: (morale spent × 5)D, ranged physical area damage
        result = roll(damage, system="DiceBot", dice=dice, strict=True)
        assert result is not None and result.total is not None
        events.append(Rolled(c.id, "damage", result.text, result.total, list(result.rands)))
        if found.get("at"):
            spot = _ship_or_combatant(enc, found["at"])
            targets = attack.at_position(enc, spot, yes(found.get("ships")))
            if any(t.kind is Kind.SHIP and t.side is not c.side for t in targets):
                events += battlefield.ship_attacked(enc, c.side)
            for target in targets:
                if not target.out:  # not gone down with a ship this same blast sank
                    events += battlefield.deal(enc, target, result.total)
    elif skill == "修繕":
        events.append(Healed(ship.id, (ship.stats.hp or 0) - before, ship.stats.hp))
    return events


def _ship_or_combatant(enc: Encounter, name: str) -> int:
    """Where an area attack lands: a combatant's position, or a ship's front area."""
    target = battlefield.find(enc, name)
    if target.kind is Kind.SHIP:
        return battlefield.area_position(target, 0)
    where = battlefield.position_of(enc, target)
    if where is None:
        raise CombatError("naval.not_placed", name=target.name)
    return where


def edit(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``ship=… hp=… position=… flagship=yes``: the GM corrects a ship."""
    found = key_values(detail)
    ship = _ship(enc, found.get("ship", ""))
    data = battlefield.ship_data(ship)
    events: list[Event] = []
    if "position" in found:
        battlefield.check_on_field(ship.name, _int(found, "position"), int(data["areas"]))
        data["position"] = _int(found, "position")
        events.append(ShipMoved(ship.id, data["position"]))
    if yes(found.get("flagship")):
        battlefield.set_flagship(enc, ship)
    elif found.get("flagship", "").lower() in ("no", "false", "0", "いいえ"):
        data["flagship"] = False
    if "hp" in found:
        hp = _int(found, "hp", field="amount")
        if ship.out and hp > 0:  # a wreck stays a wreck until the fight ends
            raise CombatError("naval.target_out", name=ship.name)
        loss = (ship.stats.hp or 0) - hp
        if loss > 0:
            events += battlefield.deal(enc, ship, loss)
        else:
            ship.stats.hp = hp
            ship.stats.max_hp = max(ship.stats.max_hp or 0, hp)
            events.append(Healed(ship.id, -loss, hp))
    return events


def remove(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``ship=…``: off the battlefield; those aboard stay in the fight, standing nowhere until
    the GM puts them aboard another ship."""
    ship = _ship(enc, key_values(detail).get("ship", ""))
    for other in enc.combatants:
        if other.aboard == ship.id:
            other.aboard = None
            other.extra.pop("area", None)
    return engine.remove(enc, ship)
