"""Dice pools: barabara ``xBn``, reroll ``xRn[t]``, upper ``xUn[t]`` and tally ``xTYn``/``xTZn``.

Unlike sum rolls, each die is looked at on its own: counted against the target, rolled again,
or exploded into a chain.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.dice.commands import SEP, target_text
from bot.dice.limits import MAX_TALLY_SIDES
from bot.dice.result import RollResult
from bot.dice.system import compare

if TYPE_CHECKING:
    from bot.dice.system import Context

Group = tuple[int, int]  # (count, sides)


def _groups_text(kind: str, groups: tuple[Group, ...]) -> str:
    return "+".join(f"{count}{kind}{sides}" for count, sides in groups)


def _successes(values: list[int], op: str | None, target: int | None) -> int:
    if op is None or target is None:
        return 0
    return sum(1 for value in values if compare(value, op, target))


@dataclass(frozen=True, slots=True)
class Barabara:
    """``2B6+4B10>3``: list every die; with a target, count the dice that meet it."""

    groups: tuple[Group, ...]
    op: str | None
    target: int | None
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        values: list[int] = []
        for count, sides in self.groups:
            values += ctx.roll_many(count, sides)
        shown = f"({_groups_text('B', self.groups)}{target_text(self.op, self.target)})"
        text = f"{shown}{SEP}{','.join(map(str, values))}"
        total = None
        if self.op is not None:
            total = _successes(values, self.op, self.target)
            text += f"{SEP}成功数{total}"
        return RollResult(text, secret=self.secret, total=total)


REROLL_HELP = (
    "条件が間違っています。2R6>=5 あるいは 2R6[5] のように振り足し目標値を指定してください。"
)


@dataclass(frozen=True, slots=True)
class Reroll:
    """``12R6>=6``: roll, then roll one more die for each die meeting the reroll condition,
    round after round; count successes over every die rolled."""

    groups: tuple[Group, ...]
    op: str | None
    target: int | None
    reroll_op: str | None  # as written; None borrows the success operator (or >=)
    reroll_at: int | None
    secret: bool = False

    def _condition(self) -> tuple[str, int] | None:
        value = self.reroll_at if self.reroll_at is not None else self.target
        if value is None:
            return None
        return self.reroll_op or self.op or ">=", value

    def run(self, ctx: Context) -> RollResult:
        condition = self._condition()
        if condition is None or any(
            all(compare(face, *condition) for face in range(1, sides + 1))
            for _, sides in self.groups
        ):
            typed = f"{_groups_text('R', self.groups)}{target_text(self.op, self.target)}"
            return RollResult(f"{typed}{SEP}{REROLL_HELP}", secret=self.secret)
        rounds: list[str] = []
        every: list[int] = []
        pending = [count for count, _ in self.groups]
        while any(pending):
            next_pending = []
            for (_, sides), count in zip(self.groups, pending, strict=True):
                values = ctx.roll_many(count, sides) if count else []
                if values:
                    rounds.append(",".join(map(str, values)))
                every += values
                next_pending.append(sum(1 for v in values if compare(v, *condition)))
            pending = next_pending
        successes = _successes(every, self.op, self.target)
        text = f"({self._shown()}){SEP}{' + '.join(rounds)}{SEP}成功数{successes}"
        return RollResult(text, secret=self.secret, total=successes)

    def _shown(self) -> str:
        op, at = self.reroll_op, self.reroll_at
        if at is None:
            at, op = self.target, None
        if op is None and self.op is None:
            op = ">="  # no target to borrow from: say which way the condition goes
        elif op == ">=" and self.op is not None:
            op = None  # BCDice's echo: 3R8[>=5]>=7 prints as (3R8[5]>=7)
        return (
            f"{_groups_text('R', self.groups)}[{op or ''}{at}]{target_text(self.op, self.target)}"
        )


@dataclass(frozen=True, slots=True)
class Upper:
    """``4U6[6]+2>=10``: each die that shows the threshold or more rolls again and adds; the
    chains are listed, then the largest and the total (or, with a target, the chains that
    meet it). The modifier applies to every chain and once to the total."""

    groups: tuple[Group, ...]
    modifier: int
    op: str | None
    target: int | None
    threshold: int | None
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        at = self.threshold if self.threshold is not None else 0
        shown = (
            f"({_groups_text('U', self.groups)}[{at}]{modifier}{target_text(self.op, self.target)})"
        )
        if at <= 1:
            return RollResult(f"{shown}{SEP}無限ロールの条件がまちがっています", secret=self.secret)
        chains: list[int] = []
        parts: list[str] = []
        roll = ctx.roll
        for count, sides in self.groups:
            for _ in range(count):
                faces = [roll(sides)]
                while faces[-1] >= at:
                    faces.append(roll(sides))
                chain = sum(faces)
                chains.append(chain)
                parts.append(
                    str(chain) if len(faces) == 1 else f"{chain}[{','.join(map(str, faces))}]"
                )
        text = f"{shown}{SEP}{','.join(parts)}{modifier}{SEP}"
        if self.op is not None:
            successes = _successes([c + self.modifier for c in chains], self.op, self.target)
            return RollResult(f"{text}成功数{successes}", secret=self.secret, total=successes)
        best, total = max(chains, default=0) + self.modifier, sum(chains) + self.modifier
        return RollResult(f"{text}{best}/{total}(最大/合計)", secret=self.secret, total=total)


@dataclass(frozen=True, slots=True)
class Tally:
    """``20TY6``: list the dice, then how many of each face came up (``TZ`` lists zeros too)."""

    count: int
    sides: int
    zeros: bool
    secret: bool = False

    def run(self, ctx: Context) -> RollResult:
        shown = f"({self.count}T{'Z' if self.zeros else 'Y'}{self.sides})"
        if not 1 <= self.sides <= MAX_TALLY_SIDES:
            text = f"{shown}{SEP}面数は1以上、{MAX_TALLY_SIDES}以下としてください"
            return RollResult(text, secret=self.secret)
        values = ctx.roll_many(self.count, self.sides)
        counts = Counter(values)
        faces = range(1, self.sides + 1) if self.zeros else sorted(counts)
        tally = ", ".join(f"[{face}]×{counts[face]}" for face in faces)
        return RollResult(
            f"{shown}{SEP}{','.join(map(str, values))}{SEP}{tally}", secret=self.secret
        )
