"""How the encounter is shown to the players: the GM's choices, kept in the encounter's state
(so undo takes them back like any change, and each change is announced as an ``OptionSet``).

- ``npc_hp``: ``bar`` (default: the public tracker shows an NPC's HP as a wound level and a bar,
  the GM's own view the numbers) or ``exact`` (everyone sees the NPCs' numbers).
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import Event, OptionSet
from bot.combat.model import Encounter

CHOICES = {"npc_hp": ("bar", "exact")}
KEY = "display"


def value(enc: Encounter, option: str) -> str:
    return str(enc.data.get(KEY, {}).get(option, CHOICES[option][0]))


def npc_hp_exact(enc: Encounter) -> bool:
    return value(enc, "npc_hp") == "exact"


def set_option(enc: Encounter, option: str, chosen: str) -> list[Event]:
    """Set one option; nothing to announce when it already had that value."""
    if option not in CHOICES or chosen not in CHOICES[option]:
        known = "; ".join(f"{k}={'|'.join(v)}" for k, v in CHOICES.items())
        raise CombatError("combat.bad_display_option", text=f"{option}={chosen}"[:40], known=known)
    if value(enc, option) == chosen:
        return []
    enc.data.setdefault(KEY, {})[option] = chosen
    return [OptionSet(option, chosen)]
