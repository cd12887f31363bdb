"""The hooks a game system gives the dice language (BCDice's ``Base`` in small).

Every system has the common commands. A system may change defaults (implicit sides, sorted
display, D66 order), judge sum rolls by their shape (Grancrest's nD6 ``>=``, GURPS's 3D6
``<=``), rewrite its own shorthands (GURPS ``16-3D6``) and run commands of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.dice.context import Context
    from bot.dice.result import RollResult
    from bot.dice.tables import DiceTable


def compare(value: int, op: str, target: int) -> bool:
    if op == ">=":
        return value >= target
    if op == ">":
        return value > target
    if op == "<=":
        return value <= target
    if op == "<":
        return value < target
    if op == "=":
        return value == target
    return value != target  # "<>"


@dataclass(frozen=True, slots=True)
class SumCheck:
    """A sum roll with a comparison, as the system's judge sees it."""

    total: int  # with modifiers
    dice: list[int]  # every die drawn, in order
    sides: list[int]  # each die's sides, in the same order
    op: str
    target: int | None  # None = "?" (roll now, target decided later)

    @property
    def natural(self) -> int:
        return sum(self.dice)


@dataclass(slots=True)
class Judgement:
    """Segments appended to the output (`` ＞ `` between them) and the flags they set."""

    segments: list[str] = field(default_factory=list)
    success: bool = False
    failure: bool = False
    critical: bool = False
    fumble: bool = False
    total: int | None = None  # an achievement value that replaces the sum (Grancrest +10)


class DiceSystem:
    """DiceBot: the common commands only, BCDice's defaults."""

    id = "DiceBot"
    name = "DiceBot"
    implicit_sides = 6  # "2D" means 2D6
    sort_dice = False  # show dice in rolled order
    d66_order = "N"  # plain D66 reads the dice as rolled
    rounding = "F"  # division floors unless the command says otherwise
    has_shorthands = False  # True when ``prepare`` rewrites commands

    def __init__(self, tables: Mapping[str, DiceTable] | None = None) -> None:
        self.tables: Mapping[str, DiceTable] = tables or {}  # built-in tables by command name

    def judge(self, check: SumCheck) -> Judgement:
        if check.target is None:
            return Judgement()
        if compare(check.total, check.op, check.target):
            return Judgement(["成功"], success=True)
        return Judgement(["失敗"], failure=True)

    def prepare(self, command: object) -> object:
        """Rewrite a system shorthand before rolling; most systems have none."""
        return command

    def run_special(self, command: object, ctx: Context) -> RollResult | None:
        """Roll a command that only some systems have; None = not a command here."""
        return None
