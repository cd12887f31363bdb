"""Attacks at sea (rules digest "Melee and range", "Ships", "Morale and ship skills", "Events"):
who may be targeted from where, the round's event modifiers on checks, dodging, cover, damage
to combatants and ships, and the seed's NPC with its pistol.

Decisions (the digest leaves the 2D6 system's own attack rules to the table):
- One hit check; each combatant target with a dodge set rolls it, and a tie goes to the dodger
  (as in the Grancrest rules this bot already follows). Ships do not dodge.
- Damage is rolled once and dealt to every target hit (area attacks), less nothing: armour is
  the GM's to apply with ``/naval heal``-style corrections or ``/combat undo``.
- A combatant at 0 HP is out of battle (戦闘不能), which is what "a side wiped out" counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.combat import engine
from bot.combat.errors import CombatError, FieldError
from bot.combat.events import AttackResolved, CoverTaken, Event, Rolled
from bot.combat.model import Action, Combatant, Encounter, Kind, Side, Stats
from bot.combat.rights import edit
from bot.dice import DieSource, roll
from bot.dice.errors import DiceError
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.systems.base import key_values, yes
from bot.systems.fields import read
from bot.systems.naval import battlefield, cover, reach
from bot.systems.naval.battlefield import ECONOMY

STYLES = ("melee", "ranged", "magic")


@dataclass(frozen=True)
class Weapon:
    name: str
    hit: str  # the hit check, e.g. 2D6+12
    damage: str  # e.g. 2D6+70
    style: str = "ranged"  # melee / ranged / magic
    reach: int | None = None  # the farthest range (None: the scene); range 0 always counts
    near: int = 0  # the nearest range besides 0 (``reach=2-3``: nothing at range 1)

    def to_dict(self) -> dict:
        return {"name": self.name, "hit": self.hit, "damage": self.damage,
                "style": self.style, "reach": self.reach, "near": self.near}  # fmt: skip


@dataclass(frozen=True)
class CrewSpec:
    level: int
    action_value: int
    hp: int
    weapon: Weapon


# The seed's sample NPC (facts of the seed).
CREW_PRESETS = {
    "柾良海軍巡視兵": CrewSpec(8, 9, 90, Weapon("短銃", "2D6+12", "2D6+70", "ranged", 1)),
}


def wind_dice(enc: Encounter, side: Side, style: str) -> int:
    """Strong headwind / tailwind: ±1 die on ranged and magic checks, by side."""
    if style not in ("ranged", "magic"):
        return 0
    kind = battlefield.event_kind(enc)
    helped = {"headwind": Side.NPC, "tailwind": Side.PC}.get(kind or "")
    if helped is None:
        return 0
    return 1 if side is helped else -1


def rough_seas_penalty(enc: Encounter, c: Combatant) -> int:
    """Rough seas: −2 to every check of a non-flying combatant — ignored when nobody flies."""
    if battlefield.event_kind(enc) != "rough_seas" or c.extra.get("flying"):
        return 0
    flyers = any(o.extra.get("flying") and not o.out for o in enc.combatants)
    return -2 if flyers else 0


_DICE = re.compile(r"([0-9]*)D([0-9]*)", re.IGNORECASE)


def adjusted(check: str, extra_dice: int, modifier: int) -> str:
    """``2D6+12`` with −1 die and −2 → ``1D6+12-2`` (never fewer than one die)."""
    text = fold_width(check).strip().upper()
    if extra_dice:
        found = _DICE.search(text)
        if found is None:
            raise CombatError("naval.bad_detail", key="hit", value=check[:20])
        count = max(1, int(found.group(1) or 1) + extra_dice)
        text = f"{text[: found.start()]}{count}D{found.group(2) or 6}{text[found.end() :]}"
    return f"{text}{modifier:+d}" if modifier else text


def _roll(
    command: str, c: Combatant, purpose: str, dice: DieSource | None, key: str
) -> tuple[int, Rolled]:
    plain = fold_width(command).strip()
    if is_whole(plain):  # a fixed number rolls nothing
        value = read(plain, "roll", key)
        return value, Rolled(c.id, purpose, plain, value, [])
    try:
        result = roll(command, system="DiceBot", dice=dice, strict=True)
    except DiceError as error:  # which field, then what and where in it
        raise FieldError(key, command, error) from None
    if result is None or result.total is None:
        raise CombatError("naval.bad_detail", key=key, value=command[:20])
    return result.total, Rolled(c.id, purpose, result.text, result.total, list(result.rands))


def _weapon(c: Combatant, found: dict[str, str]) -> Weapon:
    own = c.extra.get("weapon") or {}
    reach = found.get("reach", own.get("reach"))
    near = int(own.get("near", 0)) if "reach" not in found else 0
    text = fold_width(str(reach)).replace("～", "-").replace("~", "-") if reach is not None else ""
    reach_value = None if text in ("", "scene") else read(text.split("-")[-1], "reach")
    if "-" in text.strip("-"):  # ``2-3``: ranges 2 to 3 (and 0, as every attack at sea)
        near = read(text.split("-")[0], "reach")
        if reach_value is not None and near > reach_value:
            raise CombatError("naval.bad_detail", key="reach", value=text[:20])
    weapon = Weapon(
        own.get("name", ""),
        found.get("hit") or own.get("hit", ""),
        found.get("damage") or own.get("damage", ""),
        (found.get("style") or own.get("style") or "ranged").lower(),
        reach_value,
        near,
    )
    if not weapon.hit or not weapon.damage:
        raise CombatError("naval.no_weapon", name=c.name)
    if weapon.style not in STYLES:
        raise CombatError("naval.bad_detail", key="style", value=weapon.style[:20])
    return weapon


def declare(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``target=… [hit=2D6+12 damage=2D6+70 style=ranged reach=1 contact=yes] [area=yes
    ships=enemy] [protect=10]``: the attacker's major action, on its own turn. Missing numbers
    come from the attacker's weapon (``/naval crew`` presets carry one). Cover is the
    coverer's to declare (``bot.systems.naval.cover``), never the attacker's to name."""
    assert c is not None
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, Action.MAJOR)
    found = key_values(detail)
    target = battlefield.find(enc, found.get("target", ""))
    if target.out:  # sunk, or out of battle until the fight ends
        raise CombatError("naval.target_out", name=target.name)
    weapon = _weapon(c, found)
    if found.get("cover"):
        raise CombatError("naval.cover_is_the_coverers", name=found["cover"][:40])
    contact = yes(found.get("contact"))
    reach.check(enc, c, target, weapon.style, weapon.reach, weapon.near, contact)
    area = yes(found.get("area"))
    if area:
        spot = battlefield.position_of(enc, target) if target.kind is not Kind.SHIP else None
        spot = spot if spot is not None else reach.nearest_area(enc, c, target)
        targets = reach.at_position(enc, spot, found.get("ships", ""), c.side)
        if weapon.style == "melee" or contact:  # only the attacker's own ship and who is on it
            targets = [t for t in targets if t.id == c.aboard or t.aboard == c.aboard]
    else:
        targets = [target]
    # A protection skill's value, taken off the damage to the chosen target.
    protection = read(found.get("protect") or "0", "protect")

    ECONOMY.spend(enc, c, Action.MAJOR)
    check = adjusted(weapon.hit, wind_dice(enc, c.side, weapon.style),
                     rough_seas_penalty(enc, c))  # fmt: skip
    hit, rolled = _roll(check, c, "hit", dice, "hit")
    events: list[Event] = [rolled]
    struck = []
    for t in targets:
        dodge = (t.extra.get("naval") or {}).get("dodge")
        if t.kind is Kind.SHIP or not dodge:
            struck.append(t)
            continue
        value, dodged = _roll(adjusted(dodge, 0, rough_seas_penalty(enc, t)), t, "dodge", dice,
                              "dodge")  # fmt: skip
        hits = hit > value  # a tie goes to the dodger
        events += [dodged, AttackResolved(c.id, t.id, hit, value, hits)]
        if hits:
            struck.append(t)
    if any(t.kind is Kind.SHIP and t.side is not c.side for t in targets):
        events += battlefield.ship_attacked(enc, c.side)  # +1 morale per attack on a ship
    if struck:
        amount, damage_roll = _roll(weapon.damage, c, "damage", dice, "damage")
        events.append(damage_roll)
        for t in struck:
            if t.out:  # went down with a ship sunk by this same attack
                continue
            if t.id == target.id:  # the chosen target may be covered and / or protected
                taker = cover.coverer(enc, t)
                if taker is not None:
                    cover.spend(enc, t)
                    events.append(CoverTaken(taker.id, t.id))
                events += battlefield.deal(enc, taker or t, max(0, amount - protection))
            else:
                events += battlefield.deal(enc, t, amount)
    return events


def crew(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``preset=柾良海軍巡視兵 ship=… area=1 [count=2] [side=npc] [name=…]``: the seed's NPC,
    with its numbers and pistol, standing on a ship."""
    found = key_values(detail)
    preset = found.get("preset", "")
    if preset not in CREW_PRESETS:
        raise CombatError("naval.unknown_preset", name=preset[:40] or "—",
                          known=", ".join(CREW_PRESETS))  # fmt: skip
    spec = CREW_PRESETS[preset]
    ship = battlefield.find(enc, found.get("ship", ""))
    battlefield.ship_data(ship)
    count = read(found.get("count") or "1", "crew", "count")
    area = read(found.get("area") or "1", "area") - 1
    if not 0 <= area < battlefield.ship_data(ship)["areas"]:
        raise CombatError("naval.no_such_area", ship=ship.name,
                          areas=battlefield.ship_data(ship)["areas"])  # fmt: skip
    if ship.out:
        raise CombatError("naval.wreck", ship=ship.name)
    side = Side.PC if found.get("side", "npc").lower() == "pc" else Side.NPC
    stats = Stats(action_value=spec.action_value, hp=spec.hp, max_hp=spec.hp)
    extra = {"weapon": spec.weapon.to_dict(), "level": spec.level, "area": area}
    name = " ".join((found.get("name") or "").split())
    if not name and count == 1 and enc.find(preset) is not None:
        # A second single guard is numbered like copies are ("柾良海軍巡視兵 2"), not refused.
        name = next(n for k in range(2, engine.MAX_COMBATANTS + 2)
                    if enc.find(n := engine.numbered(preset, k)) is None)  # fmt: skip
    return engine.add(enc, name or preset, side, count=count, stats=stats,
                      aboard=ship.id, extra=extra)  # fmt: skip


def set_numbers(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``hp=40 action=9 dodge=2D6+4 flying=yes weapon=短銃 hit=2D6+12 damage=2D6+70
    style=ranged reach=1``: a combatant's numbers for the naval fight."""
    assert c is not None
    found = key_values(detail)
    if not found:
        raise CombatError("naval.bad_detail", key="—", value=detail[:20] or "—")
    events: list[Event] = []
    for key, stat in (("hp", "hp"), ("action", "action_value")):
        if key in found:
            value = _number(found, key)
            if key == "hp" and value <= 0:  # being downed is what damage does
                raise CombatError("naval.bad_hp", name=c.name, hp=value)
            events += edit(c, stat, getattr(c.stats, stat), value)
            setattr(c.stats, stat, value)
            if key == "hp":  # the maximum follows only upward: a loss is not a new maximum
                c.stats.max_hp = max(c.stats.max_hp or 0, value)
    if "dodge" in found:
        _roll(found["dodge"], c, "dodge", lambda sides: 1, "dodge")  # must be rollable
        events += edit(c, "dodge", (c.extra.get("naval") or {}).get("dodge"), found["dodge"])
        c.extra.setdefault("naval", {})["dodge"] = found["dodge"]
    if "flying" in found:
        events += edit(c, "flying", bool(c.extra.get("flying")), yes(found["flying"]))
        c.extra["flying"] = yes(found["flying"])
    if any(k in found for k in ("weapon", "hit", "damage", "style", "reach")):
        weapon = _weapon(c, found)
        for command, key in ((weapon.hit, "hit"), (weapon.damage, "damage")):
            _roll(command, c, key, lambda sides: 1, key)
        chosen = {**weapon.to_dict(), "name": found.get("weapon") or weapon.name}
        events += edit(c, "weapon", c.extra.get("weapon"), chosen)
        c.extra["weapon"] = chosen
    return events


def _number(found: dict[str, str], key: str) -> int:
    return read(found[key], key)
