"""Grancrest weapons in hand and carried (rules digest "Minor actions", "Major actions").

A combatant's weapons live in ``extra["gc"]["weapons"]`` by name, each ``equipped`` (in hand)
or only carried. Only an equipped weapon attacks; swapping one equipped weapon for one carried
weapon is the minor action 更換武器, and handing a weapon to someone is the major action 交換道具,
allowed only within the same square. A weapon saved before equipping existed counts as
equipped, so old characters keep attacking as they did.
"""

from __future__ import annotations

import re
from typing import Any

from bot.combat.errors import CombatError
from bot.combat.events import Event, ItemExchanged, WeaponSwapped
from bot.combat.model import Action, Combatant, Encounter
from bot.combat.rights import edit
from bot.dice import DieSource
from bot.dice.parser import fold_width
from bot.systems.base import key_values
from bot.systems.fields import read
from bot.systems.grancrest import combat
from bot.systems.grancrest.checks import check_dice
from bot.systems.grancrest.combat import ECONOMY
from bot.systems.grancrest.rules import DAMAGE_DICE, MAX_DAMAGE_DICE, distance

YES = ("yes", "true", "1", "ranged", "遠隔", "はい", "是", "on")


def options(detail: str) -> dict[str, str]:
    """``target=Sword Lord hit=2D6+7``: a value runs until the next ``key=`` (names may hold
    spaces)."""
    return key_values(detail)


def carried(c: Combatant) -> dict[str, dict[str, Any]]:
    return combat.numbers(c).get("weapons", {})


def is_equipped(weapon: dict[str, Any]) -> bool:
    return bool(weapon.get("equipped", True))


def equipped(c: Combatant) -> list[str]:
    return [name for name, w in carried(c).items() if is_equipped(w)]


def named(c: Combatant, name: str) -> tuple[str, dict[str, Any]]:
    """A weapon ``c`` has, by name in any letter case (``gc.unknown_weapon`` otherwise)."""
    found = next(((n, w) for n, w in carried(c).items() if n.casefold() == name.casefold()), None)
    if found is None:
        raise CombatError("gc.unknown_weapon", name=name, known=", ".join(carried(c)) or "—")
    return found


def damage_dice(text: str) -> int:
    """``3D`` / ``3D6`` / ``3`` (the damage dice) or ``+1D`` (dice added to the usual 2D)."""
    match = re.fullmatch(r"\s*(\+)?\s*([0-9]{1,3})\s*(?:D6?)?\s*", fold_width(text).upper())
    if not match:
        raise CombatError("gc.bad_dice", text=text[:40], limit=MAX_DAMAGE_DICE)
    count = int(match.group(2)) + (DAMAGE_DICE if match.group(1) else 0)
    if not 1 <= count <= MAX_DAMAGE_DICE:
        raise CombatError("gc.bad_dice", text=text[:40], limit=MAX_DAMAGE_DICE)
    return count


def attack_numbers(c: Combatant, given: dict[str, str]) -> dict[str, str]:
    """The attack's numbers: the named weapon's, else — when the attack gives no hit and no
    power of its own — the one weapon in hand (with two in hand, say which); what the attack
    gives overrides the weapon. ``weapon=none``: an attack by a skill, no weapon's numbers."""
    name = given.get("weapon", "").strip()
    if name.casefold() in ("none", "なし", "無"):
        return {k: v for k, v in given.items() if k != "weapon"}
    if not name:
        hands = equipped(c)
        if "hit" in given or "power" in given or not hands:
            return given
        if len(hands) > 1:
            raise CombatError("gc.which_weapon", known=", ".join(hands))
        name = hands[0]
    name, weapon = named(c, name)
    if not is_equipped(weapon):
        raise CombatError("gc.weapon_carried", name=name)
    defaults = {
        "hit": weapon["hit"],
        "power": str(weapon["power"]),
        "types": ",".join(weapon["types"]),
        "ranged": "yes" if weapon["ranged"] else "no",
    }
    if weapon.get("range") is not None:
        defaults["range"] = str(weapon["range"])
    if weapon.get("dice") is not None:
        defaults["dice"] = str(weapon["dice"])
    return {**defaults, **{k: v for k, v in given.items() if k != "weapon"}, "weapon": name}


def set_weapon(
    enc: Encounter | None, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``name=Sword hit=2D6+7 power=9 types=weapon ranged=no range=3 dice=+1D equip=yes``: a
    weapon the combatant has (the same name replaces it). It goes into the hand when the hand
    is empty, else it is carried, unless ``equip`` says."""
    assert c is not None
    given = options(detail)
    name = given.get("name", "").strip()
    if not name or len(name) > 64:
        raise CombatError("gc.bad_weapon", text=detail[:40])
    check_dice(given.get("hit", "2D6"), lambda sides: 1)  # refuses what is not a check
    previous = next((n for n in carried(c) if n.casefold() == name.casefold()), None)
    hand = equipped(c)
    in_hand = (
        given["equip"].lower() in YES
        if "equip" in given
        else (not hand or hand == [previous])
    )  # fmt: skip
    weapon: dict[str, Any] = {
        "hit": given.get("hit", "2D6").upper(),
        "power": read(given.get("power", "0"), "power"),
        "types": sorted(
            t.value for t in combat.parse_types(given.get("types", "weapon").replace(",", " "))
        ),
        "ranged": given.get("ranged", "no").lower() in YES,
        "equipped": in_hand,
    }
    if given.get("range"):
        weapon["range"] = read(given["range"], "square", "range")
    if given.get("dice"):
        weapon["dice"] = damage_dice(given["dice"])
    weapons = combat.numbers(c).setdefault("weapons", {})
    before = weapons.pop(previous) if previous is not None else None
    events = edit(c, f"weapon:{name}", before, weapon)
    weapons[name] = weapon
    return events


def swap(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``in=Bow out=Sword``: the minor action 更換武器 — one carried weapon into the hand, one
    equipped weapon out (``out`` may be left off when one weapon, or none, is in hand)."""
    assert c is not None
    given = options(detail) if "=" in detail else {"in": detail.strip()}
    if not given.get("in"):
        raise CombatError("gc.bad_swap", text=detail[:40])
    taken, weapon = named(c, given["in"])
    if is_equipped(weapon):
        raise CombatError("gc.already_equipped", name=taken)
    hand = equipped(c)
    if given.get("out"):
        out, put_away = named(c, given["out"])
        if not is_equipped(put_away):
            raise CombatError("gc.weapon_carried", name=out)
    elif len(hand) > 1:
        raise CombatError("gc.which_out", known=", ".join(hand))
    else:
        out = hand[0] if hand else None
    ECONOMY.spend(enc, c, Action.MINOR)
    if out is not None:
        carried(c)[out]["equipped"] = False
    weapon["equipped"] = True
    return [WeaponSwapped(c.id, out, taken)]


def give(enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None) -> list[Event]:
    """``item=Spear to=Wind Child back=Dagger``: the major action 交換道具 — one weapon handed
    to someone in the same square (and, with ``back``, one of theirs in return)."""
    assert c is not None
    given = options(detail)
    other = enc.find(given.get("to", "")) if given.get("to") else None
    if other is None:
        raise CombatError("combat.unknown_combatant", name=given.get("to") or "—")
    if other.id == c.id or not given.get("item"):
        raise CombatError("gc.bad_exchange", text=detail[:40])
    item, weapon = named(c, given["item"])
    back = named(other, given["back"]) if given.get("back") else None
    _room_for(other, item, c, back[0] if back else None)
    here, there = combat.numbers(c).get("square"), combat.numbers(other).get("square")
    ECONOMY.own_turn(enc, c)
    ECONOMY.still_may(c, Action.MAJOR)
    if here is not None and there is not None and distance(tuple(here), tuple(there)) > 0:
        apart = distance(tuple(here), tuple(there))
        raise CombatError("gc.not_same_square", name=other.name, distance=apart)
    ECONOMY.spend(enc, c, Action.MAJOR)
    _hand_over(c, other, item, weapon)
    if back is not None:
        _hand_over(other, c, *back)
    return [ItemExchanged(c.id, other.id, item, back[0] if back else None)]


def _hand_over(giver: Combatant, taker: Combatant, name: str, weapon: dict[str, Any]) -> None:
    """The weapon leaves the giver and arrives carried (the taker swaps it in to use it)."""
    del combat.numbers(giver)["weapons"][name]
    combat.numbers(taker).setdefault("weapons", {})[name] = {**weapon, "equipped": False}


def _room_for(taker: Combatant, item: str, giver: Combatant, back: str | None) -> None:
    """Refuse before anything moves when a weapon would arrive where one of its name is."""
    for holder, name, leaving in ((taker, item, back), (giver, back, item)):
        if name is None:
            continue
        clash = [n for n in carried(holder) if n.casefold() == name.casefold() and n != leaving]
        if clash:
            raise CombatError("gc.weapon_name_taken", name=holder.name, weapon=name)
