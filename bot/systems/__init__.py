"""Game systems: each one's pure rules, starting with what it adds to the dice language."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bot.dice.errors import DiceError
from bot.dice.system import DiceSystem

if TYPE_CHECKING:
    from bot.systems.base import RuleSet

SYSTEM_IDS = ("DiceBot", "GranCrest", "GURPS", "Esperancer")
RULESET_IDS = ("DiceBot", "GranCrest", "Esperancer", "naval", "GURPS")


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


@cache
def _rulesets() -> dict[str, RuleSet]:
    from bot.systems.dicebot import PlainRules
    from bot.systems.esperancer.flow import EsperancerRules
    from bot.systems.grancrest.flow import GrancrestRules
    from bot.systems.gurps.flow import GurpsRules
    from bot.systems.naval.flow import NavalRules

    rules = [PlainRules(), GrancrestRules(), EsperancerRules(), NavalRules(), GurpsRules()]
    return {r.id.lower(): r for r in rules}


def ruleset(ruleset_id: str) -> RuleSet:
    """An encounter's rule set by ID (any letter case): the four games, or DiceBot's plain one."""
    from bot.combat.errors import CombatError

    try:
        return _rulesets()[ruleset_id.lower()]
    except KeyError:
        raise CombatError(
            "combat.unknown_ruleset", ruleset=ruleset_id, known=", ".join(RULESET_IDS)
        ) from None
