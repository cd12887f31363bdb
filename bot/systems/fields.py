"""The bounds of every number a player or GM types, stated once.

Slash options take their min / max from here (``bot.cogs.common.option``: Discord's client
refuses what is out of range before it is sent), and every ``key=value`` reader — saved stats,
``/gc set``, ``/esp set``, naval details, GURPS sheets — reads through ``read`` with the same
bounds. Every bound fits a 32-bit database column with room to spare.
"""

from __future__ import annotations

from bot.dice.numbers import Bound, check, read_int, read_number

FIELDS: dict[str, Bound] = {
    # Every combatant and saved character (ships included: their HP runs into the hundreds).
    "hp": Bound(-999, 99999), "max_hp": Bound(0, 99999), "amount": Bound(0, 99999),
    "count": Bound(1, 30), "combatant": Bound(1, 9999), "character": Bound(1, 2**31 - 1),
    "action_value": Bound(0, 99), "initiative_mod": Bound(-99, 99), "dx": Bound(0, 40),
    "speed": Bound(0, 99, decimals=True),  # GURPS basic speed 5.25; Esperancer metres a turn
    # Grancrest
    "reflex": Bound(0, 99), "move": Bound(0, 99), "strength": Bound(0, 99),
    "spirit": Bound(0, 99), "weapon": Bound(0, 999), "heat": Bound(0, 999),
    "impact": Bound(0, 999), "internal": Bound(0, 999), "power": Bound(0, 999),
    "reduction": Bound(0, 999),
    "square": Bound(0, 39),  # columns and rows counted from 0 on a map of at most 40
    # Esperancer
    "sonic_drive": Bound(0, 999), "dodge": Bound(-99, 99), "boss": Bound(0, 1),
    "metres": Bound(0, 999), "damage": Bound(0, 99999),
    # The naval add-on
    "position": Bound(-99, 99), "ship_hp": Bound(1, 99999), "areas": Bound(1, 3),
    "helm": Bound(1, 3), "area": Bound(1, 3), "crew": Bound(1, 20), "reach": Bound(0, 99),
    "protect": Bound(0, 9999), "action": Bound(0, 99), "steps": Bound(1, 2),
    "roll": Bound(-9999, 99999),  # a hit, dodge or damage given as a plain number
    # GURPS
    "st": Bound(1, 40), "iq": Bound(1, 40), "ht": Bound(1, 40), "will": Bound(-5, 5),
    "fatigue_st": Bound(1, 99), "level": Bound(0, 99), "attribute": Bound(1, 99),
    "mod": Bound(-30, 30), "spend": Bound(-99, 99), "will_roll": Bound(1, 40),
    "skill": Bound(-99, 99), "earned": Bound(0, 9999), "sheet": Bound(-99999, 99999),
}  # fmt: skip


def bound(field: str) -> Bound:
    return FIELDS[field]


def read(text: str, field: str, name: str | None = None) -> int:
    """A whole number for ``field`` (shown to the user as ``name``, default the field)."""
    return read_int(text, name or field, FIELDS[field])


def read_value(text: str, field: str, name: str | None = None) -> int | float:
    """A number for ``field``, decimals allowed where the field allows them."""
    return read_number(text, name or field, FIELDS[field])


def held(value: int | float, field: str) -> int | float:
    """A number that came already typed (a slash option) held to the field's bounds."""
    return check(value, field, FIELDS[field])
