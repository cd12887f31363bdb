"""Esperancer's check (rules digest "Checks"): 2D10 where each 10 is a critical that is rolled
again and added, chains continuing; dice modifiers add or remove dice, flat ones add.

Syntax, next to BCDice's: ``ES`` is the 2D10 check, ``3ES`` rolls three dice, ``ES-1D10``
one die fewer, ``ES+3>=15`` adds 3 and compares. ``ESN`` is the same check with the re-roll
turned off (the digest lets a player decline it). A plain ``1D10`` is not a check and never
explodes (poison damage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.dice.commands import SEP, SystemRoll, target_text
from bot.dice.errors import DiceError
from bot.dice.limits import MAX_DICE_PER_TERM, MAX_EXPLOSIONS
from bot.dice.result import RollResult
from bot.dice.system import DiceSystem, compare

if TYPE_CHECKING:
    from bot.dice.source import Roller
    from bot.dice.system import Context

CRITICAL_FACE = 10


def check_chains(roller: Roller, count: int, reroll: bool) -> tuple[list[list[int]], bool]:
    """Roll ``count`` d10 together, then re-roll each 10 (and each 10 that comes of it), die by
    die, as at the table. Returns the chains and whether one was stopped by the safety cap
    (digest: a chain ends after 100 re-rolls)."""
    chains = [[face] for face in roller.roll_many(count, 10)]
    capped = False
    for chain in chains:
        while reroll and chain[-1] == CRITICAL_FACE:
            if len(chain) > MAX_EXPLOSIONS:
                capped = True
                break
            chain.append(roller.roll(10))
    return chains, capped


def chain_text(chain: list[int]) -> str:
    return str(chain[0]) if len(chain) == 1 else f"{sum(chain)}[{','.join(map(str, chain))}]"


class EsperancerDice(DiceSystem):
    id = "Esperancer"
    name = "エスペランサーTRPG"
    implicit_sides = 10  # the game rolls only d10: "2D" means 2D10

    def run_special(self, command: object, ctx: Context) -> RollResult | None:
        if not isinstance(command, SystemRoll) or command.name != "ES":
            return None
        base, dice_modifier, flat, no_reroll, op, target, column = command.args
        count = int(base) + int(dice_modifier)  # type: ignore[call-overload]
        if count < 1:
            raise DiceError("dice.no_dice", column, count=count)
        if count > MAX_DICE_PER_TERM:
            raise DiceError("dice.too_many_dice", column, count=count, limit=MAX_DICE_PER_TERM)
        chains, capped = check_chains(ctx, count, reroll=not no_reroll)
        flat_text = f"{flat:+d}" if flat else ""
        total = sum(map(sum, chains)) + int(flat)  # type: ignore[call-overload]
        name = "ESN" if no_reroll else "ES"
        shown = f"({count}{name}{flat_text}{target_text(op, target)})"  # type: ignore[arg-type]
        parts = [shown, ",".join(map(chain_text, chains)) + flat_text, str(total)]
        critical = any(chain[0] == CRITICAL_FACE for chain in chains)
        if critical:
            parts.append("クリティカル")
        if capped:
            parts.append(f"振り足し上限{MAX_EXPLOSIONS}回")
        result = RollResult("", secret=command.secret, critical=critical, total=total)
        if isinstance(target, int) and op is not None:
            result.success = compare(total, str(op), target)
            result.failure = not result.success
            parts.append("成功" if result.success else "失敗")
        result.text = SEP.join(parts)
        return result
