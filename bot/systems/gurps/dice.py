"""GURPS 3D6 roll-under checks, the ``N-3D6`` shorthand, and the HIT / REACT tables.

Rules digest "Success roll": critical on 3-4, on 5 at effective skill 15+, on 6 at 16+;
fumble on 18, on 17 at skill 15 or less, and on any roll 10 or more over the skill; 17 always
fails. The natural dice decide criticals and fumbles; dice modifiers only move the total.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING

from bot.dice.commands import SEP, SumRoll, SystemRoll
from bot.dice.nodes import Chain, Dice, Node, Num, const_value
from bot.dice.result import RollResult
from bot.dice.system import DiceSystem, Judgement, SumCheck
from bot.systems.gurps import regulation

if TYPE_CHECKING:
    from bot.dice.system import Context


class Outcome(Enum):
    CRITICAL = "クリティカル"
    SUCCESS = "成功"
    FAILURE = "失敗"
    AUTOMATIC_FAILURE = "自動失敗"
    FUMBLE = "ファンブル"


def outcome(natural: int, total: int, skill: int) -> Outcome:
    """Judge a 3D6 roll against effective skill, in the digest's order."""
    if natural <= 4 or (natural == 5 and skill >= 15) or (natural == 6 and skill >= 16):
        return Outcome.CRITICAL
    if natural == 18 or (natural == 17 and skill <= 15) or natural - skill >= 10:
        return Outcome.FUMBLE
    if natural == 17:
        return Outcome.AUTOMATIC_FAILURE
    return Outcome.SUCCESS if total <= skill else Outcome.FAILURE


def outcome_text(result: Outcome, margin: int) -> str:
    label = "成功度" if result in (Outcome.CRITICAL, Outcome.SUCCESS) else "失敗度"
    return f"{result.value}({label}：{margin})"


# BCDice's labels, with their bracketed notes (which side; whose vital organs).
HIT_LOCATIONS = {
    3: "脳", 4: "脳", 5: "頭", 6: "遠い腕", 7: "手首(左右ランダム)", 8: "近い腕", 9: "胴体",
    10: "胴体", 11: "胴体", 12: "遠い足", 13: "近い足", 14: "近い足", 15: "足首(左右ランダム)",
    16: "足首(左右ランダム)", 17: "重要機関(胴体の)", 18: "武器",
}  # fmt: skip


def reaction(value: int) -> str:
    """The reaction table's short label for a modified 3D6 reaction roll."""
    bands = ((0, "最悪"), (3, "とても悪い"), (6, "悪い"), (9, "良くない"), (12, "中立"),
             (15, "良い"), (18, "とても良い"))  # fmt: skip
    return next((label for top, label in bands if value <= top), "最高")


def _is_3d6(node: Node) -> bool:
    return isinstance(node, Dice) and node.count == 3 and node.sides in (None, 6) and not node.keep


@lru_cache(maxsize=1024)
def rewrite_shorthand(command: SumRoll) -> SumRoll:
    """``12+2-3D6-1`` (skill first, as on a character sheet) → ``3D6-1<=14``. The modifiers
    after the dice fold into one, as BCDice prints them (``15-3D6+1-2`` → ``3D6-1<=15``; a
    net 0 is dropped)."""
    expr = command.expr
    if command.op is not None or not isinstance(expr, Chain) or expr.rest[0][0] not in "+-":
        return command
    terms = [("+", expr.first, ""), *expr.rest]
    split = next((i for i, (op, node, _) in enumerate(terms) if op == "-" and _is_3d6(node)), None)
    if not split or any(node.has_dice for i, (_, node, _) in enumerate(terms) if i != split):
        return command
    skill = sum(
        -const_value(node) if op == "-" else const_value(node) for op, node, _ in terms[:split]
    )
    dice = terms[split][1]
    modifier = sum(
        -const_value(node) if op == "-" else const_value(node) for op, node, _ in terms[split + 1 :]
    )
    new_expr: Node = dice
    if modifier:
        new_expr = Chain(dice, (("+" if modifier > 0 else "-", Num(abs(modifier)), ""),), True)
    return SumRoll(new_expr, "<=", skill, command.secret)


@lru_cache(maxsize=1024)
def convert_damage(command: SumRoll) -> SumRoll:
    """Damage adds become dice (digest "Damage dice"): a roll with no target of ``nD`` plus a
    flat add of 4 or more — ``2D+4`` → ``3D``, ``1D+7`` → ``3D``, ``2D+5`` → ``3D+1``."""
    expr = command.expr
    if command.op is not None or not isinstance(expr, Chain) or len(expr.rest) != 1:
        return command
    dice, (op, add, rounding) = expr.first, expr.rest[0]
    if (
        not isinstance(dice, Dice) or dice.keep or dice.sides not in (None, 6) or op != "+"
        or add.has_dice or rounding
    ):  # fmt: skip
        return command
    count, left = regulation.convert_adds(dice.count, const_value(add))
    if count == dice.count:
        return command
    more = Dice(count, dice.sides, None, dice.column)
    new_expr: Node = Chain(more, (("+", Num(left), ""),), True) if left else more
    return SumRoll(new_expr, None, None, command.secret)


class GurpsDice(DiceSystem):
    id = "GURPS"
    name = "GURPS 百鬼夜翔"
    has_shorthands = True

    def judge(self, check: SumCheck) -> Judgement:
        if (
            check.op != "<="
            or check.target is None
            or len(check.dice) != 3
            or any(sides != 6 for sides in check.sides)
        ):
            return super().judge(check)
        result = outcome(check.natural, check.total, check.target)
        text = outcome_text(result, check.target - check.total)
        return Judgement(
            [text],
            success=result in (Outcome.CRITICAL, Outcome.SUCCESS),
            failure=result not in (Outcome.CRITICAL, Outcome.SUCCESS),
            critical=result is Outcome.CRITICAL,
            fumble=result is Outcome.FUMBLE,
        )

    def prepare(self, command: object) -> object:
        if not isinstance(command, SumRoll):
            return command
        return convert_damage(rewrite_shorthand(command))

    def run_special(self, command: object, ctx: Context) -> RollResult | None:
        if not isinstance(command, SystemRoll) or command.name not in ("HIT", "REACT"):
            return None
        dice = ctx.roll_many(3, 6)
        if command.name == "HIT":
            value = sum(dice)
            text = f"命中部位表({value}){SEP}{HIT_LOCATIONS[value]}"
        else:
            value = sum(dice) + int(command.args[0])  # type: ignore[call-overload]
            text = f"反応表({value}){SEP}{reaction(value)}"
        return RollResult(text, secret=command.secret, total=value)
