"""The naval battlefield (rules digest "Battlefield", "Ships", "Morale and ship skills",
"Victory"): ships on a line of positions, their areas and helm, who stands where, boarding,
moving a ship with everyone aboard, sinking, morale, and the end of the battle.

Ships are ``Kind.SHIP`` combatants; their own numbers live in ``extra["ship"]``, a combatant's
area in ``extra["area"]``. How a move is paid for (Main process or licences) is the flow's.

Orientation: ``extra["ship"]["position"]`` is the lowest position a ship covers (the picture's
left end). Area 1 (index 0) is the bow, toward the enemy, for both sides: a PC ship (whose
forward is up the positions) has its bow at its highest position, an NPC ship at its lowest.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.combat import engine
from bot.combat.economy import Economy
from bot.combat.errors import CombatError
from bot.combat.events import Boarded, Damaged, Event, MoraleChanged, ShipMoved, ShipSunk
from bot.combat.lifecycle import set_condition
from bot.combat.model import Action, Combatant, Condition, Encounter, Kind, Side, Stats
from bot.combat.rules import Verdict
from bot.dice import DieSource, roll
from bot.systems.fields import bound

ECONOMY = Economy((Action.MOVE, Action.MINOR, Action.MAJOR))


@dataclass(frozen=True)
class ShipSpec:
    hp: int
    areas: int  # 1 to 3
    helm: int  # the helm's area, 0 = the front
    skills: tuple[str, ...] = ()


# The seed's sample ships (numbers are facts of the seed; the names are how tables call them).
PRESETS = {
    "オールマイト・キャプテン号": ShipSpec(2300, 3, 1, ("砲撃", "速力上昇", "修繕")),
    "柾良式巡視船": ShipSpec(300, 1, 0),
}


# Decision: the battlefield runs over the positions bot.systems.fields allows (−99 to 99), and
# every area of every ship stays on it: placing, the GM's edit and steering are refused past
# its ends, and rough seas do not push a ship off it.
FIELD = range(bound("position").low, bound("position").high + 1)


def on_field(position: int, areas: int) -> bool:
    return position in FIELD and position + areas - 1 in FIELD


def check_on_field(name: str, position: int, areas: int) -> None:
    if not on_field(position, areas):
        raise CombatError("naval.off_field", ship=name or "—", low=FIELD[0], high=FIELD[-1])


def ship_data(ship: Combatant) -> dict:
    if ship.kind is not Kind.SHIP:
        raise CombatError("combat.not_a_ship", name=ship.name)
    return ship.extra["ship"]


def ships(enc: Encounter) -> list[Combatant]:
    return [c for c in enc.combatants if c.kind is Kind.SHIP]


def place_ship(
    enc: Encounter, name: str, side: Side, spec: ShipSpec, position: int, *, flagship: bool = False
) -> list[Event]:
    if not 1 <= spec.areas <= 3 or not 0 <= spec.helm < spec.areas:
        raise CombatError("naval.bad_ship", areas=spec.areas, helm=spec.helm)
    check_on_field(name, position, spec.areas)
    if spec.hp <= 0:  # a ship comes on afloat; sinking is what damage does
        raise CombatError("naval.bad_hp", name=name or "—", hp=spec.hp)
    data = {"position": position, "areas": spec.areas, "helm": spec.helm,
            "skills": list(spec.skills), "flagship": False}  # fmt: skip
    stats = Stats(hp=spec.hp, max_hp=spec.hp)
    events = engine.add(enc, name, side, stats=stats, kind=Kind.SHIP, extra={"ship": data})
    sailed(enc, enc.combatants[-1])
    if flagship:
        set_flagship(enc, enc.combatants[-1])
    return events


def sailed(enc: Encounter, ship: Combatant) -> None:
    """Remember the positions ships have covered this fight (``enc.data["sailed"]``): the
    battlefield picture keeps them in its frame, so successive pictures line up."""
    data = ship_data(ship)
    low, high = int(data["position"]), int(data["position"]) + int(data["areas"]) - 1
    was = enc.data.get("sailed") or [low, high]
    enc.data["sailed"] = [min(int(was[0]), low), max(int(was[1]), high)]


def set_flagship(enc: Encounter, ship: Combatant) -> None:
    """Each side names one flagship: naming another takes the title from the first."""
    for other in ships(enc):
        if other.side is ship.side and "ship" in other.extra:
            other.extra["ship"]["flagship"] = other.id == ship.id


def event_kind(enc: Encounter) -> str | None:
    """This round's naval event, if one was rolled (events last for their round only)."""
    event = enc.data.get("event", {})
    if event.get("state") == "rolled" and event.get("round") == enc.round:
        return event.get("kind")
    return None


def area_position(ship: Combatant, area: int) -> int:
    """Where an area lies: area index 0 is the bow, the end toward the enemy."""
    data = ship_data(ship)
    low, count = int(data["position"]), int(data["areas"])
    return low + (count - 1 - area if ship.side is Side.PC else area)


def area_at(ship: Combatant, position: int) -> int | None:
    """The area of ``ship`` at ``position`` (None: the ship is not there)."""
    for area in range(int(ship_data(ship)["areas"])):
        if area_position(ship, area) == position:
            return area
    return None


def position_of(enc: Encounter, c: Combatant) -> int | None:
    """Where a combatant stands: its ship's position plus its area (None: not aboard)."""
    ship = enc.combatant(c.aboard) if c.aboard is not None else None
    return None if ship is None else area_position(ship, int(c.extra.get("area", 0)))


def put_aboard(enc: Encounter, c: Combatant, ship: Combatant, area: int) -> list[Event]:
    """Place a combatant in an area of a ship (setting up, or a reinforcement): a ship is never
    crew, and a wreck holds nobody in the fight."""
    if c.kind is Kind.SHIP:
        raise CombatError("naval.ship_as_crew", name=c.name)
    if ship.out:
        raise CombatError("naval.wreck", ship=ship.name)
    if not 0 <= area < ship_data(ship)["areas"]:
        raise CombatError("naval.no_such_area", ship=ship.name, areas=ship_data(ship)["areas"])
    c.aboard, c.extra["area"] = ship.id, area
    return [Boarded(c.id, ship.id, area)]


def board(enc: Encounter, c: Combatant, ship: Combatant, area: int) -> list[Event]:
    """Boarding: a free action before the move action (however it was spent), onto a ship
    afloat whose area is at the boarder's own position ("the same axis")."""
    ECONOMY.own_turn(enc, c)
    if Action.MOVE in c.used:
        raise CombatError("naval.board_after_move", name=c.name)
    if ship.out:
        raise CombatError("naval.wreck", ship=ship.name)
    here = position_of(enc, c)
    if here is None or c.aboard == ship.id:
        raise CombatError("naval.cannot_board", name=c.name, ship=ship.name)
    if not 0 <= area < ship_data(ship)["areas"] or area_position(ship, area) != here:
        raise CombatError("naval.not_same_position", name=c.name, ship=ship.name)
    return put_aboard(enc, c, ship, area)


def at_helm(enc: Encounter, c: Combatant) -> Combatant:
    """The ship ``c`` can steer: it must stand in the helm's area."""
    ship = enc.combatant(c.aboard) if c.aboard is not None else None
    if ship is None or int(c.extra.get("area", -1)) != ship_data(ship)["helm"]:
        raise CombatError("naval.not_at_helm", name=c.name)
    return ship


def shift(enc: Encounter, ship: Combatant, steps: int) -> list[Event]:
    """Move a ship ``steps`` positions (negative: back); everyone aboard moves with it."""
    data = ship_data(ship)
    if data.get("aground_round") == enc.round:
        raise CombatError("naval.aground", ship=ship.name)
    check_on_field(ship.name, int(data["position"]) + steps, int(data["areas"]))
    data["position"] = int(data["position"]) + steps
    sailed(enc, ship)
    return [ShipMoved(ship.id, data["position"])]


def damage_ship(enc: Encounter, ship: Combatant, amount: int) -> list[Event]:
    """A ship at 0 HP sinks: everyone aboard is out of battle until the fight ends."""
    assert ship.stats.hp is not None
    ship.stats.hp = max(0, ship.stats.hp - amount)
    if ship.stats.hp > 0 or ship.out:
        return []
    ship_data(ship)["sunk"] = True
    set_condition(ship, Condition.OUT, "sunk", announce=False)  # ShipSunk says it all
    aboard = tuple(c.id for c in enc.combatants if c.aboard == ship.id and not c.out)
    for c in enc.combatants:
        if c.id in aboard:
            c.extra["lost_with_ship"] = ship.id
            set_condition(c, Condition.OUT, "lost_with_ship", announce=False)
    return [ShipSunk(ship.id, aboard)]


def deal(enc: Encounter, c: Combatant, amount: int) -> list[Event]:
    """Damage a combatant or a ship; 0 HP: out of battle, or sunk with everyone aboard."""
    if c.stats.hp is None:
        return [Damaged(c.id, amount, None)]
    events: list[Event] = [Damaged(c.id, amount, max(0, c.stats.hp - amount))]
    if c.kind is Kind.SHIP:
        return events + damage_ship(enc, c, amount)
    c.stats.hp = max(0, c.stats.hp - amount)
    return events + set_condition(c, *verdict(c))  # type: ignore[misc]


def verdict(c: Combatant) -> Verdict | None:
    """Sunk ships and those lost with them are out until the fight ends; so is anyone at 0 HP
    (戦闘不能), until the GM gives it HP again."""
    if c.kind is Kind.SHIP:
        sunk = bool((c.extra.get("ship") or {}).get("sunk"))
        return (Condition.OUT, "sunk") if sunk else (Condition.FIGHTING, None)
    if c.extra.get("lost_with_ship") is not None:
        return Condition.OUT, "lost_with_ship"
    if c.stats.hp is None:
        return None
    return (Condition.OUT, "hp_zero") if c.stats.hp <= 0 else (Condition.FIGHTING, None)


def find(enc: Encounter, name: str) -> Combatant:
    """A combatant or a ship by name, or a clear refusal."""
    found = enc.find(name.strip())
    if found is None:
        raise CombatError("combat.unknown_combatant", name=name.strip()[:40] or "—")
    return found


def morale(enc: Encounter, side: Side) -> int:
    return int(enc.data.get("morale", {}).get(side.value, 0))


def set_morale(enc: Encounter, side: Side, value: int) -> list[Event]:
    enc.data.setdefault("morale", {})[side.value] = max(0, value)
    return [MoraleChanged(side.value, morale(enc, side))]


def ship_attacked(enc: Encounter, attacker_side: Side) -> list[Event]:
    """Attacking an enemy ship: +1 morale to the attacker's side (the digest's decision)."""
    return set_morale(enc, attacker_side, morale(enc, attacker_side) + 1)


def flagships_sunk(enc: Encounter) -> list[tuple[Side, str]]:
    """The sides whose flagship has sunk (the other way to lose, beside being wiped out).

    Decision: both sides losing at once — both flagships sunk by one action, or one side's
    flagship sunk as the other is wiped out — is a draw, announced once (the seed: the side
    whose flagship reaches 0 HP loses, so with both at 0 neither wins)."""
    sunk = {
        s.side: "flagship_sunk"
        for s in ships(enc)
        if s.out and (s.extra.get("ship") or {}).get("flagship")
    }
    for side in (Side.PC, Side.NPC):
        people = [c for c in enc.combatants if c.side is side and c.kind is Kind.CHARACTER]
        if sunk and people and not any(c.fighting for c in people):
            sunk.setdefault(side, "wiped_out")
    if len(sunk) == 2:
        return [(Side.PC, "draw"), (Side.NPC, "draw")]
    return list(sunk.items())


def sides_without_flagship(enc: Encounter) -> list[Side]:
    """The sides with ships but no flagship: they cannot lose by a sinking (warned at start)."""
    missing = []
    for side in (Side.PC, Side.NPC):
        own = [s for s in ships(enc) if s.side is side and "ship" in s.extra]
        if not any(s.extra["ship"].get("flagship") for s in own):
            missing.append(side)
    return missing


def apply_event(enc: Encounter, kind: str, dice: DieSource | None) -> list[Event]:
    """The rolled event's immediate effects (the digest's table); wind and flooding are checked
    where they apply (steering, ship skills), reinforcements are placed by the GM."""
    afloat = [s for s in ships(enc) if not s.out]
    events: list[Event] = []
    if kind == "fierce_battle":  # both sides' morale doubles
        for side in (Side.PC, Side.NPC):
            if morale(enc, side):
                events += set_morale(enc, side, morale(enc, side) * 2)
    elif kind == "rough_seas":  # every ship moves one position, each in a random direction
        for ship in afloat:
            way = _die(2, dice)
            to = int(ship_data(ship)["position"]) + (1 if way == 1 else -1)
            if on_field(to, int(ship_data(ship)["areas"])):  # the field's end holds a ship
                ship_data(ship)["position"] = to
                sailed(enc, ship)
                events.append(ShipMoved(ship.id, to))
    elif kind == "run_aground" and afloat:  # one random ship: stuck, ¼ of its remaining HP
        ship = afloat[_die(len(afloat), dice) - 1]
        ship_data(ship)["aground_round"] = enc.round
        events += deal(enc, ship, (ship.stats.hp or 0) // 4)
    return events


def _die(sides: int, dice: DieSource | None) -> int:
    result = roll(f"1D{sides}", system="DiceBot", dice=dice, strict=True)
    assert result is not None and result.total is not None
    return result.total
