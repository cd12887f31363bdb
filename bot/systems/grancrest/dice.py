"""Grancrest's checks: any nD6 sum rolled against ``>=`` (rules digest, "Checks").

Two or more 6s among the dice is a critical: +10 to the achievement value. A critical can still
fail. There is no fumble. Dice are shown sorted, as in BCDice's Grancrest.
"""

from __future__ import annotations

from bot.dice.system import DiceSystem, Judgement, SumCheck

CRITICAL_BONUS = 10


def is_critical(dice: list[int]) -> bool:
    """Two or more dice showing 6."""
    return dice.count(6) >= 2


class GrancrestDice(DiceSystem):
    id = "GranCrest"
    name = "グランクレストRPG"
    sort_dice = True

    def judge(self, check: SumCheck) -> Judgement:
        if check.op != ">=" or not check.dice or any(sides != 6 for sides in check.sides):
            return super().judge(check)
        if not is_critical(check.dice):
            return super().judge(check)
        achieved = check.total + CRITICAL_BONUS
        judgement = Judgement(["（クリティカル）", str(achieved)], critical=True, total=achieved)
        if check.target is not None:
            judgement.success = achieved >= check.target
            judgement.failure = not judgement.success
            judgement.segments.append("成功" if judgement.success else "失敗")
        return judgement
