"""Commands built from a parsed line: sum rolls, D66, the calculator, choice and repeat.

Each command is frozen (it is cached and shared) and rolls with ``run(ctx)``. Text output
follows BCDice exactly: parts joined by `` ＞ `` (U+FF1E between spaces).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.dice.limits import MAX_REPEAT
from bot.dice.nodes import D66Term, Dice, Node, ZeroDivision, const_value
from bot.dice.result import RollResult
from bot.dice.system import SumCheck

if TYPE_CHECKING:
    from bot.dice.system import Context

SEP = " ＞ "


def target_text(op: str | None, target: int | str | None) -> str:
    return "" if op is None else f"{op}{target}"


@dataclass(frozen=True, slots=True)
class SumRoll:
    """``2D6+1>=8``: add the terms up; with a comparison the system judges the roll."""

    expr: Node
    op: str | None
    target: int | str | None  # an int, "?" (undecided) or None (no comparison)
    secret: bool = False
    # The normalised command by the system's implicit sides ("5D" prints as 5D6 or 5D10): a
    # memo of text derived from this frozen command, the same for every roll.
    shown: dict[int, str] = field(default_factory=dict, repr=False, compare=False, hash=False)

    def run(self, ctx: Context) -> RollResult:
        rands = ctx.rands
        start = len(rands)
        total, out = self.expr.eval(ctx)
        shown = self.shown.get(ctx.implicit_sides)
        if shown is None:
            shown = f"({self.expr.expr(ctx)}{target_text(self.op, self.target)})"
            self.shown[ctx.implicit_sides] = shown
        expr = self.expr
        # One die alone prints its value once: (1D6) ＞ 3, and (1D66) ＞ 45 (two d6 drawn).
        single = (type(expr) is Dice and expr.keep is None and len(rands) - start <= 1) or (
            type(expr) is D66Term and expr.count == 1
        )
        text = f"{shown}{SEP}{total}" if single else f"{shown}{SEP}{out}{SEP}{total}"
        result = RollResult(text, secret=self.secret, total=total)
        if self.op is None:
            return result
        drawn = rands[start:]
        check = SumCheck(
            total=total,
            dice=[value for _, value in drawn],
            sides=[sides for sides, _ in drawn],
            op=self.op,
            target=self.target if isinstance(self.target, int) else None,
        )
        judgement = ctx.system.judge(check)
        result.text += "".join(SEP + segment for segment in judgement.segments)
        result.success, result.failure = judgement.success, judgement.failure
        result.critical, result.fumble = judgement.critical, judgement.fumble
        if judgement.total is not None:
            result.total = judgement.total
        return result


@dataclass(frozen=True, slots=True)
class D66Roll:
    """``D66`` (system order), ``D66A``/``D66S`` ascending, ``D66D`` descending, ``D66N`` as
    rolled: two d6 read as a two-digit number."""

    order: str
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        tens, units = ctx.roll(6), ctx.roll(6)
        order = self.order or ctx.system.d66_order
        if order in ("A", "S"):
            tens, units = min(tens, units), max(tens, units)
        elif order == "D":
            tens, units = max(tens, units), min(tens, units)
        value = tens * 10 + units
        return RollResult(f"(D66{self.order}){SEP}{value}", secret=self.secret, total=value)


@dataclass(frozen=True, slots=True)
class Calc:
    """``C(1+2*3)``: integer arithmetic without dice, printed as typed."""

    expr: Node
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        typed = self.expr.typed()
        shown = f"c{typed}" if typed.startswith("(") and _wrapped(typed) else f"c({typed})"
        try:
            value = const_value(self.expr, calculator=True)
        except ZeroDivision:
            return RollResult(
                f"{shown}{SEP}ゼロ除算が発生したため計算できませんでした", secret=self.secret
            )
        return RollResult(f"{shown}{SEP}{value}", secret=self.secret, total=value)


def _wrapped(text: str) -> bool:
    """True when the opening parenthesis closes at the very end: ``(1+2)``, not ``(1)*(2)``."""
    depth = 0
    for index, char in enumerate(text):
        depth += char == "("
        depth -= char == ")"
        if depth == 0:
            return index == len(text) - 1
    return False


@dataclass(frozen=True, slots=True)
class Choice:
    """``choice[a,b]`` / ``choice(a,b)`` / ``choice a b``; ``choiceN`` picks N different items."""

    items: tuple[str, ...]
    count: int | None
    form: str  # "[", "(" or " "
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        left = list(self.items)
        picked = []
        for _ in range(self.count or 1):
            picked.append(left.pop(ctx.roll(len(left)) - 1))
        n = "" if self.count is None else str(self.count)
        if self.form == " ":
            shown, joined = f"(choice{n} {' '.join(self.items)})", " ".join(picked)
        else:
            close = "]" if self.form == "[" else ")"
            shown = f"(choice{n}{self.form}{','.join(self.items)}{close})"
            joined = ", ".join(picked)
        return RollResult(f"{shown}{SEP}{joined}", secret=self.secret)


@dataclass(frozen=True, slots=True)
class Repeat:
    """``x5 <cmd>`` / ``rep5 <cmd>`` / ``repeat5 <cmd>``: roll the inner command N times."""

    times: int
    body: str
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        if not 1 <= self.times <= MAX_REPEAT:
            return RollResult(
                f"繰り返し回数は1以上、{MAX_REPEAT}以下としてください", secret=self.secret
            )
        if _is_repeat(self.body):
            return RollResult("Repeatコマンドの重複はできません", secret=self.secret)
        parts: list[RollResult] = []
        for _ in range(self.times):
            part = ctx.run_line(self.body, ctx)
            if part is None:
                failed = self.body.split()[0] if self.body.split() else self.body
                return RollResult(
                    f"繰り返し対象のコマンドが実行できませんでした ({failed})", secret=self.secret
                )
            parts.append(part)
        text = "\n\n".join(f"#{i}\n{part.text}" for i, part in enumerate(parts, 1))
        secret = self.secret or any(part.secret for part in parts)
        return RollResult(text, secret=secret, parts=parts)


_NESTED_REPEAT = re.compile(r"S?(?:REPEAT|REP|X)[0-9]+(?:\s|$)", re.IGNORECASE)


def _is_repeat(body: str) -> bool:
    return _NESTED_REPEAT.match(body.lstrip()) is not None


@dataclass(frozen=True, slots=True)
class Notice:
    """A command BCDice answers with a message instead of a roll (``choice`` over 100 items)."""

    text: str
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        return RollResult(self.text, secret=self.secret)


@dataclass(frozen=True, slots=True)
class SystemRoll:
    """A command that only some systems know (Esperancer ``ES``, GURPS ``HIT``/``REACT``).
    ``args`` holds what was parsed; the system's ``run_special`` rolls it."""

    name: str
    args: tuple[object, ...]
    secret: bool = False

    def run(self, ctx: Context) -> RollResult | None:
        return ctx.system.run_special(self, ctx)
