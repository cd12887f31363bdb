"""The hooks a game system gives the dice language (BCDice's ``Base`` in small).

Every system has the common commands. A system may change defaults (implicit sides, sorted
display, D66 order), judge sum rolls by their shape (Grancrest's nD6 ``>=``, GURPS's 3D6
``<=``), rewrite its own shorthands (GURPS ``16-3D6``) and run commands of its own. A
``Context`` carries the dice and the system through one roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from bot.dice.source import DieSource, Roller

if TYPE_CHECKING:
    from bot.dice.result import RollResult


class BuiltinTable(Protocol):
    """A table a system ships with (``bot.dice.tables.DiceTable`` is one)."""

    def roll(self, ctx: Context) -> RollResult: ...


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

    def __init__(self, tables: Mapping[str, BuiltinTable] | None = None) -> None:
        self.tables: Mapping[str, BuiltinTable] = tables or {}  # built-in tables by command name

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
