"""This fight's options for the rulings the bot makes where the combat chapter is silent.

- ``melee_reach``: ``same_square`` (default: a melee attack reaches 0Sq only, a weapon with a
  range reaches that far) or ``adjacent`` (1Sq).
- ``dying_block``: ``no`` (default: a dying enemy is no hostile to get past, leaving its square
  costs 1) or ``yes`` (it still costs 3).
- ``hidden_block``: ``no`` (default: a hidden NPC holds no square against the players'
  combatants — the cost would give it away) or ``yes`` (it costs 3 all the same).
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import Event, OptionSet
from bot.combat.model import Combatant, Encounter
from bot.dice import DieSource
from bot.systems.base import key_values

CHOICES = {
    "melee_reach": ("same_square", "adjacent"),
    "dying_block": ("no", "yes"),
    "hidden_block": ("no", "yes"),
}
KEY = "gc_options"
_SAID = {"true": "yes", "on": "yes", "1": "yes", "false": "no", "off": "no", "0": "no"}


def value(enc: Encounter, option: str) -> str:
    return str(enc.data.get(KEY, {}).get(option, CHOICES[option][0]))


def melee_reach(enc: Encounter) -> int:
    return 1 if value(enc, "melee_reach") == "adjacent" else 0


def blocks(enc: Encounter, option: str) -> bool:
    return value(enc, option) == "yes"


def set_options(
    enc: Encounter, c: Combatant | None, detail: str, dice: DieSource | None
) -> list[Event]:
    """``melee_reach=adjacent dying_block=yes``: the GM sets this fight's rulings."""
    given = {k.lower(): v.strip().lower() for k, v in key_values(detail).items()}
    if not given:
        raise CombatError("gc.bad_option", text=detail[:40] or "—", known=_known())
    chosen: dict[str, str] = {}
    for option, said in given.items():
        said = _SAID.get(said, said)
        if option not in CHOICES or said not in CHOICES[option]:
            raise CombatError("gc.bad_option", text=f"{option}={said}"[:40], known=_known())
        chosen[option] = said
    enc.data.setdefault(KEY, {}).update(chosen)
    return [OptionSet(option, said) for option, said in chosen.items()]


def _known() -> str:
    return "; ".join(f"{k}={'|'.join(v)}" for k, v in CHOICES.items())
