"""What a command needs while it rolls: the dice and the game system's settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.dice.source import DieSource, Roller

if TYPE_CHECKING:
    from bot.dice.result import RollResult
    from bot.dice.system import DiceSystem


class Context(Roller):
    """A roller that also knows the game system. One per ``roll`` call, never shared."""

    __slots__ = ("implicit_sides", "rounding", "run_line", "sort_dice", "system")

    def __init__(
        self,
        source: DieSource | None,
        system: DiceSystem,
        run_line: Callable[[str, Context], RollResult | None],
    ) -> None:
        super().__init__(source)
        self.system = system
        # Copied out of the system because sum rolls read them for every term.
        self.implicit_sides = system.implicit_sides
        self.sort_dice = system.sort_dice
        self.rounding = system.rounding
        self.run_line = run_line  # how a repeat rolls its inner command
