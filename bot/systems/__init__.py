"""Game systems: each one's pure rules, starting with what it adds to the dice language."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bot.dice.registry import dice_system, register
from bot.dice.system import DiceSystem
from bot.systems.esperancer.dice import EsperancerDice
from bot.systems.grancrest.dice import GrancrestDice
from bot.systems.gurps.dice import GurpsDice
from bot.systems.naval.events import TABLE_COMMAND, event_table

if TYPE_CHECKING:
    from bot.systems.base import RuleSet

SYSTEM_IDS = ("DiceBot", "GranCrest", "GURPS", "Esperancer")
RULESET_IDS = ("DiceBot", "GranCrest", "Esperancer", "naval", "GURPS")


def _register_dice() -> None:
    # The naval add-on runs on top of any system, so its event table rolls everywhere.
    tables = {TABLE_COMMAND: event_table()}
    for system in (
        DiceSystem(tables), GrancrestDice(tables), GurpsDice(tables), EsperancerDice(tables)
    ):  # fmt: skip
        register(system)


def builtin_tables() -> frozenset[str]:
    """The commands of every system's own tables (a user table may not take them over)."""
    return frozenset(name for system_id in SYSTEM_IDS for name in dice_system(system_id).tables)


_register_dice()
__all__ = ["RULESET_IDS", "SYSTEM_IDS", "builtin_tables", "dice_system", "ruleset"]


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
    try:
        return _rulesets()[ruleset_id.lower()]
    except KeyError:
        from bot.combat.errors import CombatError  # here: an import each call costs the engine

        raise CombatError(
            "combat.unknown_ruleset", ruleset=ruleset_id, known=", ".join(RULESET_IDS)
        ) from None
