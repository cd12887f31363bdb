"""Our native engine against BCDice: a command rolled by BCDice (its own dice), then by us
with BCDice's dice replayed as our die source; text and flags compared."""

from __future__ import annotations

from dataclasses import dataclass

from bot.bcdice.worker import NodeWorker
from bot.dice import DiceError, roll
from bot.dice.result import RollResult
from tests.conftest import FixedDice

FLAGS = ("secret", "success", "failure", "critical", "fumble")


@dataclass(frozen=True, slots=True)
class Difference:
    system: str
    command: str
    theirs: str | None
    ours: str | None


def _describe(result: RollResult | None) -> str | None:
    if result is None:
        return None
    flags = ",".join(f for f in FLAGS if getattr(result, f))
    return f"{result.text} [{flags}]"


async def compare(worker: NodeWorker, system: str, command: str) -> Difference | None:
    theirs = await worker.roll(system, command, None)
    dice = FixedDice(theirs.rands if theirs is not None else [])
    try:
        ours = roll(command, system=system, dice=dice)
        if ours is not None and dice.drawn != len(dice.queue):
            return Difference(system, command, _describe(theirs), f"{_describe(ours)} (dice left)")
    except DiceError as error:
        return Difference(system, command, _describe(theirs), f"refused: {error.code}")
    except AssertionError as error:  # we asked for other dice than BCDice drew
        return Difference(system, command, _describe(theirs), f"dice: {error}")
    if _describe(ours) == _describe(theirs):
        return None
    return Difference(system, command, _describe(theirs), _describe(ours))
