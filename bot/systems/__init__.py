"""Game systems: each one's pure rules, starting with what it adds to the dice language."""

from __future__ import annotations

from functools import cache

from bot.dice.errors import DiceError
from bot.dice.system import DiceSystem

SYSTEM_IDS = ("DiceBot", "GranCrest", "GURPS", "Esperancer")


@cache
def _registry() -> dict[str, DiceSystem]:
    from bot.systems.esperancer.dice import EsperancerDice
    from bot.systems.grancrest.dice import GrancrestDice
    from bot.systems.gurps.dice import GurpsDice
    from bot.systems.naval.events import TABLE_COMMAND, event_table

    # The naval add-on runs on top of any system, so its event table rolls everywhere.
    tables = {TABLE_COMMAND: event_table()}
    systems = [DiceSystem(tables), GrancrestDice(tables), GurpsDice(tables), EsperancerDice(tables)]
    return {system.id.lower(): system for system in systems}


def dice_system(system_id: str) -> DiceSystem:
    """The dice rules of a system by its BCDice-style ID (any letter case)."""
    try:
        return _registry()[system_id.lower()]
    except KeyError:
        raise DiceError(
            "dice.unknown_system", system=system_id, known=", ".join(SYSTEM_IDS)
        ) from None
