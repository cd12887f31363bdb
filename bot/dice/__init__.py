"""The dice language: BCDice's commands, output and judgements, plus our rule sets' checks.

    from bot.dice import roll, RollResult
    result = roll("2D6>=8", system="GranCrest", dice=source)

Pure code: no Discord, no database. ``dice`` is any ``(sides) -> value`` callable.
"""

from bot.dice.engine import roll
from bot.dice.errors import DiceError
from bot.dice.result import RollResult
from bot.dice.source import DieSource, Roller, system_die

__all__ = ["DiceError", "DieSource", "RollResult", "Roller", "roll", "system_die"]
