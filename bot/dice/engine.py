"""``roll``: one chat line in, one BCDice-format result out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.dice.errors import DiceError, NotACommand
from bot.dice.limits import MAX_INPUT
from bot.dice.parser import command_part, normalize, parse
from bot.dice.registry import dice_system
from bot.dice.result import RollResult
from bot.dice.source import DieSource
from bot.dice.system import Context

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
    RNG); ``tables`` maps command names (upper case) to user-defined tables, which are tried
    before the system's built-in tables and the dice language.
    """
    rules = dice_system(system)
    if len(text) > MAX_INPUT:
        raise DiceError("dice.too_long", length=len(text), limit=MAX_INPUT)
    ctx = Context(dice, rules, run_line)
    result = run_line(normalize(text), ctx, strict=strict, tables=tables)
    if result is not None:
        result.rands = ctx.rands
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
    builtin = ctx.system.tables
    if (tables or builtin) and command_text[0].isalpha():  # table names start with a letter
        table_result = _roll_table(command_text, ctx, tables or {}, builtin)
        if table_result is not None:
            return table_result
    try:
        command = parse(command_text)
    except NotACommand as signal:
        if strict:
            raise signal.error from None
        return None
    if ctx.system.has_shorthands:
        command = ctx.system.prepare(command)
    result = command.run(ctx)
    if result is None and strict:
        name = getattr(command, "name", "")
        if name in _OWNERS:
            raise DiceError(
                "dice.wrong_system", 1, command=name, system=_OWNERS[name], current=ctx.system.name
            )
        raise DiceError("dice.not_command", 1, text=command_text)
    return result


def _roll_table(
    command_text: str, ctx: Context, *known: Mapping[str, DiceTable]
) -> RollResult | None:
    """A table whose command name is the whole command (``S`` before it: secret)."""
    upper = command_text.upper()
    candidates = [(upper, False), (upper[1:], True)] if upper.startswith("S") else [(upper, False)]
    for name, secret in candidates:
        for tables in known:
            table = tables.get(name)
            if table is not None:
                result = table.roll(ctx)
                result.secret = secret
                return result
    return None


def roll_table(
    text: str, tables: Mapping[str, DiceTable], dice: DieSource | None = None
) -> RollResult | None:
    """Only a user table whose command is the whole line (for systems BCDice rolls: the tables
    are ours, the rest of the line is BCDice's)."""
    if len(text) > MAX_INPUT:
        raise DiceError("dice.too_long", length=len(text), limit=MAX_INPUT)
    command_text = command_part(normalize(text))
    if not tables or not command_text or not command_text[0].isalpha():
        return None
    ctx = Context(dice, dice_system("DiceBot"), run_line)
    result = _roll_table(command_text, ctx, tables)
    if result is not None:
        result.rands = ctx.rands
    return result
