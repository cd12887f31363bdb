"""The game systems the dice language knows, by ID.

Game systems register themselves here (as BCDice's game systems do), so the dice engine is
handed its systems instead of importing the packages that build on it. DiceBot, the common
commands only, is always known.
"""

from __future__ import annotations

from bot.dice.errors import DiceError
from bot.dice.system import DiceSystem

_BY_ID: dict[str, DiceSystem] = {}
_BY_FOLDED: dict[str, DiceSystem] = {}


def register(system: DiceSystem) -> None:
    """Make ``system`` known under its ID (a later registration of the same ID replaces it)."""
    _BY_FOLDED[system.id.lower()] = system
    _BY_ID.clear()  # rebuilt lazily: lookups by exact spelling are cached there


def known() -> tuple[str, ...]:
    """The registered systems' IDs, in the order they were first registered."""
    return tuple(s.id for s in _BY_FOLDED.values())


def dice_system(system_id: str) -> DiceSystem:
    """The dice rules of a system by its BCDice-style ID (any letter case)."""
    found = _BY_ID.get(system_id)
    if found is not None:
        return found
    found = _BY_FOLDED.get(system_id.lower())
    if found is None:
        raise DiceError("dice.unknown_system", system=system_id, known=", ".join(known()))
    _BY_ID[system_id] = found
    return found


register(DiceSystem())
