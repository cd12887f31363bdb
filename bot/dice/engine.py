"""``roll``: one chat line in, one BCDice-format result out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.dice.context import Context
from bot.dice.errors import DiceError, NotACommand
from bot.dice.limits import MAX_INPUT
from bot.dice.parser import command_part, normalize, parse
from bot.dice.result import RollResult
from bot.dice.source import DieSource, Roller

if TYPE_CHECKING:
    from bot.dice.tables import DiceTable

# Which system a system-only command belongs to, to say so when it is typed elsewhere.
_OWNERS = {"ES": "Esperancer", "HIT": "GURPS", "REACT": "GURPS"}


def roll(
    text: str,
    system: str = "DiceBot",
    dice: DieSource | None = None,
    *,
    strict: bool = False,
    tables: Mapping[str, DiceTable] | None = None,
) -> RollResult | None:
    """Roll one line of chat in a game system.

    Returns the result, or None when the line is not a command (BCDice stays silent then).
    With ``strict`` (a slash command, where the user meant a command) a line that is not a
    command raises ``DiceError`` saying where it went wrong. A command that breaks a limit
    always raises ``DiceError``. ``dice`` is the die source (default: the process's seeded
    RNG); ``tables`` maps command names to user-defined tables.
    """
    from bot.systems import dice_system  # systems build on this package: import at use

    rules = dice_system(system)
    if len(text) > MAX_INPUT:
        raise DiceError("dice.too_long", length=len(text), limit=MAX_INPUT)
    roller = Roller(dice)
    ctx = Context(roller, rules, run_line)
    result = run_line(normalize(text), ctx, strict=strict, tables=tables)
    if result is not None:
        result.rands = roller.rands
    return result


def run_line(
    line: str,
    ctx: Context,
    *,
    strict: bool = False,
    tables: Mapping[str, DiceTable] | None = None,
) -> RollResult | None:
    command_text = command_part(line)
    if not command_text:
        if strict:
            raise DiceError("dice.not_command", 1, text=line)
        return None
    if tables:
        table_result = _roll_table(command_text, ctx, tables)
        if table_result is not None:
            return table_result
    try:
        command = parse(command_text)
    except NotACommand as signal:
        if strict:
            raise signal.error from None
        return None
    result = ctx.system.prepare(command).run(ctx)
    if result is None and strict:
        name = getattr(command, "name", "")
        if name in _OWNERS:
            raise DiceError(
                "dice.wrong_system", 1, command=name, system=_OWNERS[name], current=ctx.system.name
            )
        raise DiceError("dice.not_command", 1, text=command_text)
    return result


def _roll_table(
    command_text: str, ctx: Context, tables: Mapping[str, DiceTable]
) -> RollResult | None:
    upper = command_text.upper()
    secret = False
    table = tables.get(upper)
    if table is None and upper.startswith("S"):
        table, secret = tables.get(upper[1:]), True
    if table is None:
        return None
    result = table.roll(ctx.roller)
    result.secret = secret
    return result
