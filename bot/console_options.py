"""The console's slash options, checked as Discord's client checks them before it sends a
command: unknown and missing options, choices, number bounds, text lengths. A mistake is a
``LocalizedError`` with the same kind of message the bot gives, so the console prints it and
carries on instead of dying on SimCord's ``OptionError``."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.dice.numbers import Bound, read_int, read_number
from bot.i18n import LocalizedError
from bot.systems.base import YES

Kind = discord.AppCommandOptionType
NO = ("no", "false", "0", "off", "いいえ")
DISCORD_INTEGER = 2**53  # Discord's limit for an integer option without bounds
DISCORD_TEXT = 6000  # and for a text option's length


class OptionMistake(LocalizedError):
    """What Discord's client would not have let through."""


def checked(command: app_commands.Command, given: dict[str, str]) -> dict[str, object]:
    """The typed values, by option name, of ``given`` (raw text by option name)."""
    parameters = {p.display_name: p for p in command.parameters}
    parameters.update({p.name: p for p in command.parameters})
    known = ", ".join(p.display_name for p in command.parameters) or "—"
    values: dict[str, object] = {}
    for name, raw in given.items():
        parameter = parameters.get(name)
        if parameter is None:
            raise OptionMistake(
                "console.unknown_option", command=command.qualified_name, option=name, known=known
            )
        values[parameter.display_name] = _value(parameter, raw)
    for parameter in command.parameters:
        if parameter.required and parameter.display_name not in values:
            raise OptionMistake(
                "console.missing_option",
                command=command.qualified_name,
                option=parameter.display_name,
            )
    return values


def _value(parameter: app_commands.Parameter, raw: str) -> object:
    name, kind = parameter.display_name, parameter.type
    if kind is Kind.integer:
        value: object = read_int(raw, name, _bound(parameter))
    elif kind is Kind.number:
        value = read_number(raw, name, _bound(parameter, decimals=True))
    elif kind is Kind.boolean:
        word = raw.strip().lower()
        if word not in YES and word not in NO:
            raise OptionMistake("console.not_yes_no", option=name, text=raw[:20])
        return word in YES
    elif kind is Kind.string:
        low = int(parameter.min_value or 0)
        high = int(parameter.max_value or DISCORD_TEXT)
        if not low <= len(raw) <= high:
            raise OptionMistake(
                "console.option_length", option=name, low=low, high=high, length=len(raw)
            )
        value = raw
    else:  # roles, channels, users, attachments: pickers the console has not
        raise OptionMistake("console.no_pickers", option=name)
    choices = [c.value for c in parameter.choices]
    if choices and value not in choices:
        raise OptionMistake(
            "console.option_choice", option=name, choices=", ".join(map(str, choices)),
            text=raw[:20],
        )  # fmt: skip
    return value


def _bound(parameter: app_commands.Parameter, *, decimals: bool = False) -> Bound:
    low = parameter.min_value if parameter.min_value is not None else -DISCORD_INTEGER
    high = parameter.max_value if parameter.max_value is not None else DISCORD_INTEGER
    return Bound(int(low), int(high), decimals)
