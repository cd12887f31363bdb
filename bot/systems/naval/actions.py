"""Naval actions in an encounter (rules digest "Battlefield", "Ships"): setting out ships and
crews, boarding, licences, damage to ships, ship skills and the GM's corrections. Steering and
walking aboard are ``bot.systems.naval.steering``'s."""

from __future__ import annotations

from bot.combat import engine
from bot.combat.errors import CombatError
from bot.combat.events import Event, Healed, Rolled, ShipMoved, SkillUsed
from bot.combat.model import Combatant, Encounter, Kind, Side
from bot.combat.rights import edit as edited
from bot.dice import DieSource, roll
from bot.i18n import Term, glossary
from bot.systems.base import key_values, yes
from bot.systems.fields import read
from bot.systems.naval import battlefield, reach, ship_skills
from bot.systems.naval.battlefield import PRESETS, ShipSpec

LICENCES = ("none", "driving", "ship")


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
    """``ship=… skill=砲撃 at=… [ships=enemy]``: a free action in its own Main process, paid in
    morale. [砲撃]'s area damage (range: the scene) falls on everyone at the position of
    ``at`` (a combatant, or a ship's area nearest the gunner's), and on the ships there that
    ``ships`` chooses (``yes``, ``enemy``, ``own`` or names). Without ``at`` it is refused
    before any morale is spent."""
    assert c is not None
    found = key_values(detail)
    ship = _ship(enc, found.get("ship", ""))
    skill = found.get("skill", "")
    before = ship.stats.hp or 0
    targets: list[Combatant] = []
    if skill == "砲撃" and found.get("at"):
        spot = _ship_or_combatant(enc, c, found["at"])
        targets = reach.at_position(enc, spot, found.get("ships", ""), c.side)
    events, damage = ship_skills.use_ship_skill(enc, c, ship, skill, aimed=bool(found.get("at")))
    events.append(SkillUsed(c.id, skill, "ship"))
    if damage:  # 砲撃: (morale spent × 5)D, ranged physical area damage
        result = roll(damage, system="DiceBot", dice=dice, strict=True)
        assert result is not None and result.total is not None
        events.append(Rolled(c.id, "damage", result.text, result.total, list(result.rands)))
        if any(t.kind is Kind.SHIP and t.side is not c.side for t in targets):
            events += battlefield.ship_attacked(enc, c.side)
        for target in targets:
            if not target.out:  # not gone down with a ship this same blast sank
                events += battlefield.deal(enc, target, result.total)
    elif skill == "修繕":
        events.append(Healed(ship.id, (ship.stats.hp or 0) - before, ship.stats.hp))
    return events


def _ship_or_combatant(enc: Encounter, c: Combatant, name: str) -> int:
    """Where an area attack lands: a combatant's position, or a ship's area nearest ``c``."""
    target = battlefield.find(enc, name)
    if target.out:
        raise CombatError("naval.target_out", name=target.name)
    if target.kind is Kind.SHIP:
        return reach.nearest_area(enc, c, target)
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
        battlefield.sailed(enc, ship)
        events.append(ShipMoved(ship.id, data["position"]))
    if yes(found.get("flagship")):
        battlefield.set_flagship(enc, ship)
    elif found.get("flagship", "").lower() in ("no", "false", "0", "いいえ"):
        data["flagship"] = False
    if "hp" in found:
        hp = _int(found, "hp", field="amount")
        if hp <= 0:  # sinking is for damage (/naval ship damage), never a typo in an edit
            raise CombatError("naval.bad_hp", name=ship.name, hp=hp)
        if ship.out:  # a wreck stays a wreck until the fight ends
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
