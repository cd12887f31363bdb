"""Expression nodes of sum rolls and the calculator.

Nodes are frozen and hold only what was typed, so one parsed command can be cached and rolled
any number of times, from any task, without sharing state. Rolling returns ``(value, output)``
where ``output`` is BCDice's dice detail (``8[5,3]+4``); ``expr`` is the normalised command
(``2D10+3-4`` for ``2d10--3-4``); ``typed`` is the calculator's as-typed form (``-1--1``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.dice.system import Context


class Node(Protocol):
    has_dice: bool

    def eval(self, ctx: Context) -> tuple[int, str]: ...

    def expr(self, ctx: Context) -> str: ...

    def typed(self) -> str: ...


class ZeroDivision(Exception):
    """Raised by the calculator, which reports it instead of BCDice's sum-roll rule (x/0 = 1)."""


def divide(dividend: int, divisor: int, rounding: str) -> int:
    """Integer division with BCDice's suffixes: F or none floor, U/C up, R half away from 0."""
    if rounding in ("U", "C"):
        return -(-dividend // divisor)
    if rounding == "R":
        sign = -1 if (dividend < 0) != (divisor < 0) else 1
        n, d = abs(dividend), abs(divisor)
        return sign * ((2 * n + d) // (2 * d))
    return dividend // divisor


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    has_dice = False
    rolled: tuple[int, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rolled", (self.value, str(self.value)))

    def eval(self, ctx: Context) -> tuple[int, str]:
        return self.rolled

    def expr(self, ctx: Context) -> str:
        return str(self.value)

    def typed(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Signed:
    """Unary ``+`` or ``-``."""

    sign: str
    body: Node

    @property
    def has_dice(self) -> bool:
        return self.body.has_dice

    def eval(self, ctx: Context) -> tuple[int, str]:
        value, out = self.body.eval(ctx)
        return (-value, "-" + out) if self.sign == "-" else (value, out)

    def expr(self, ctx: Context) -> str:
        inner = self.body.expr(ctx)
        return "-" + inner if self.sign == "-" else inner

    def typed(self) -> str:
        return self.sign + self.body.typed()


@dataclass(frozen=True, slots=True)
class Paren:
    body: Node

    @property
    def has_dice(self) -> bool:
        return self.body.has_dice

    def eval(self, ctx: Context) -> tuple[int, str]:
        value, out = self.body.eval(ctx)
        return value, f"({out})"

    def expr(self, ctx: Context) -> str:
        return f"({self.body.expr(ctx)})"

    def typed(self) -> str:
        return f"({self.body.typed()})"


def _negated_literal(node: Node) -> Num | None:
    """``-3`` written as a unary minus on a number, which BCDice folds into the operator."""
    if isinstance(node, Signed) and node.sign == "-" and isinstance(node.body, Num):
        return node.body
    return None


_FLIP = {"+": "-", "-": "+"}


@dataclass(frozen=True, slots=True)
class Chain:
    """``first (op operand rounding)*`` at one precedence level: all ``+ -`` or all ``* /``."""

    first: Node
    rest: tuple[tuple[str, Node, str], ...]
    has_dice: bool
    # Each operation with how it prints: (op, operand, rounding, printed operator, fixed
    # operand text or "", printed suffix). Worked out once: a cached command rolls many times.
    steps: tuple[tuple[str, Node, str, str, str, str], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        steps = []
        for op, node, rounding in self.rest:
            literal = _negated_literal(node) if op in _FLIP else None
            if literal is not None:
                steps.append((op, node, rounding, _FLIP[op], str(literal.value), ""))
            else:
                steps.append((op, node, rounding, op, "", _round_suffix(rounding)))
        object.__setattr__(self, "steps", tuple(steps))

    def eval(self, ctx: Context) -> tuple[int, str]:
        total, out = self.first.eval(ctx)
        parts = [out]
        for op, node, rounding, shown_op, fixed, suffix in self.steps:
            value, out = node.eval(ctx)
            if op == "+":
                total += value
            elif op == "-":
                total -= value
            elif op == "*":
                total *= value
            else:
                # BCDice: a sum roll divided by zero gives 1 rather than an error.
                total = 1 if value == 0 else divide(total, value, rounding or ctx.rounding)
            parts.append(shown_op + (fixed or out) + suffix)
        return total, "".join(parts)

    def expr(self, ctx: Context) -> str:
        parts = [self.first.expr(ctx)]
        for _, node, _, shown_op, fixed, suffix in self.steps:
            parts.append(shown_op + (fixed or node.expr(ctx)) + suffix)
        return "".join(parts)

    def typed(self) -> str:
        # The calculator's echo: BCDice prints a round-up U as C there (C(7/2U) → c(7/2C)).
        return self.first.typed() + "".join(
            op + n.typed() + ("C" if r == "U" else r) for op, n, r in self.rest
        )


def _round_suffix(rounding: str) -> str:
    # BCDice prints C (ceiling) as U; F and R as typed.
    return "U" if rounding == "C" else rounding


def const_value(node: Node, *, calculator: bool = False) -> int:
    """Fold a dice-free expression. Sum-roll rules by default (floor division, x/0 = 1); the
    calculator's with ``calculator=True`` (division by zero raises ``ZeroDivision``)."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Signed):
        value = const_value(node.body, calculator=calculator)
        return -value if node.sign == "-" else value
    if isinstance(node, Paren):
        return const_value(node.body, calculator=calculator)
    if isinstance(node, Chain):
        total = const_value(node.first, calculator=calculator)
        for op, operand, rounding in node.rest:
            value = const_value(operand, calculator=calculator)
            if op == "+":
                total += value
            elif op == "-":
                total -= value
            elif op == "*":
                total *= value
            elif value != 0:
                total = divide(total, value, rounding)
            elif calculator:
                raise ZeroDivision
            else:
                total = 1
        return total
    raise TypeError(f"not a constant expression: {node!r}")


@dataclass(frozen=True, slots=True)
class Dice:
    """``xDn`` with optional keep/drop (``KH3``); ``sides`` None = the system's default."""

    count: int
    sides: int | None
    keep: tuple[str, int] | None
    column: int
    has_dice = True

    def eval(self, ctx: Context) -> tuple[int, str]:
        sides = self.sides or ctx.implicit_sides
        values = ctx.roll_many(self.count, sides)
        if self.keep is not None:
            values.sort()
            total = sum(_kept(values, *self.keep))
        else:
            total = sum(values)
            if ctx.sort_dice:
                values.sort()
        return total, f"{total}[{','.join(map(str, values))}]"

    def expr(self, ctx: Context) -> str:
        sides = self.sides or ctx.implicit_sides
        keep = f"{self.keep[0]}{self.keep[1]}" if self.keep else ""
        return f"{self.count}D{sides}{keep}"

    def typed(self) -> str:
        return f"{self.count}D{self.sides or ''}"


def _kept(ascending: list[int], kind: str, n: int) -> list[int]:
    if kind == "KH":
        return ascending[::-1][:n]
    if kind == "KL":
        return ascending[:n]
    if kind == "DH":
        return ascending[::-1][n:]
    return ascending[n:]


@dataclass(frozen=True, slots=True)
class D66Term:
    """``xD66`` inside a sum: each "die" is two d6 read as tens and units. ``order`` is the
    suffix of a lone ``D66A``/``D66D``/``D66N``/``D66S`` (the D66 command)."""

    count: int | None
    order: str
    column: int
    has_dice = True

    def eval(self, ctx: Context) -> tuple[int, str]:
        roll = ctx.roll
        values = [roll(6) * 10 + roll(6) for _ in range(self.count or 1)]
        total = sum(values)
        if ctx.sort_dice:
            values.sort()
        return total, f"{total}[{','.join(map(str, values))}]"

    def expr(self, ctx: Context) -> str:
        return f"{self.count or 1}D66"

    def typed(self) -> str:
        return f"{self.count or ''}D66{self.order}"


@dataclass(frozen=True, slots=True)
class Threshold:
    """A reroll / explosion condition: ``[5]``, ``[>4]``, ``@<=2``. ``op`` None borrows."""

    op: str | None
    value: int


@dataclass(frozen=True, slots=True)
class Pool:
    """Barabara ``B``, reroll ``R``, upper ``U`` and tally ``TY``/``TZ`` groups. They are
    only legal as the whole command (checked when the command is built), never inside a sum."""

    kind: str
    count: int | None
    sides: int
    threshold: Threshold | None
    column: int
    has_dice = True

    def eval(self, ctx: Context) -> tuple[int, str]:
        raise TypeError("dice pools are rolled by their command")

    def expr(self, ctx: Context) -> str:
        return f"{self.count}{self.kind}{self.sides}"

    def typed(self) -> str:
        return self.expr(None)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class EspCheck:
    """Esperancer's check ``[n]ES`` (``ESN``: no re-roll of 10s); rolled by its command."""

    count: int | None
    no_reroll: bool
    column: int
    has_dice = True

    def eval(self, ctx: Context) -> tuple[int, str]:
        raise TypeError("an Esperancer check is rolled by its command")

    def expr(self, ctx: Context) -> str:
        return f"{self.count or ''}ES{'N' if self.no_reroll else ''}"

    def typed(self) -> str:
        return self.expr(None)  # type: ignore[arg-type]
