"""Game systems as players see them: the ``/system set`` choices over every system (ours
and BCDice's), a system's display name, and ``/help system`` (the system's own help)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import send, user_locale
from bot.dice import DiceError
from bot.dice.remote import EngineError, SystemEntry
from bot.dice.system_search import search
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.systems import SYSTEM_IDS

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger("bot.dice")
CHOICE_NAME = 100  # Discord's limit on a choice's name


async def _others(bot: TabletopBot) -> list[SystemEntry]:
    """BCDice's systems; empty (with a log line) when its engine cannot list them now."""
    try:
        return await bot.rolls.catalog()
    except EngineError as error:
        log.warning("BCDice's list of systems is unavailable: %s", error.code)
        return []


async def _natives(bot: TabletopBot) -> list[SystemEntry]:
    """Ours, with BCDice's reading of the same id where it has one (グランクレスト …)."""
    remote = {} if bot.rolls.remote.problem else {e.id: e for e in await _all_bcdice(bot)}
    return [
        SystemEntry(s, t(f"system.{s}"), remote[s].sort_key if s in remote else s)
        for s in SYSTEM_IDS
    ]


async def _all_bcdice(bot: TabletopBot) -> list[SystemEntry]:
    try:
        return await bot.rolls.remote.systems()
    except EngineError:
        return []


async def system_choices(bot: TabletopBot, current: str) -> list[app_commands.Choice[str]]:
    natives = search(await _natives(bot), current, by_reading=False)
    others = search(await _others(bot), current)
    choices = [_choice(e) for e in natives + others][:25]
    problem = bot.rolls.remote.problem
    if problem is not None and len(choices) < 25:  # why the list is so short
        name = t("system.unavailable", reason=problem.params.get("reason", ""))[:CHOICE_NAME]
        choices.append(app_commands.Choice(name=name, value="-"))
    return choices


def _choice(entry: SystemEntry) -> app_commands.Choice[str]:
    name = f"{entry.id} — {entry.name}"
    return app_commands.Choice(name=name[:CHOICE_NAME], value=entry.id)


async def resolve(bot: TabletopBot, typed: str) -> str:
    """The system id ``typed`` names, or a clear refusal (why BCDice's are missing, if so)."""
    found = await bot.rolls.find(typed)
    if found is not None:
        return found.id
    problem = bot.rolls.remote.problem
    if problem is not None:
        raise problem
    raise DiceError("dice.unknown_system_any", system=typed[:60])


async def system_name(bot: TabletopBot, system: str) -> str:
    if bot.rolls.is_native(system):
        return t(f"system.{system}")
    for entry in await _all_bcdice(bot):
        if entry.id == system:
            return entry.name
    return system


class HelpCog(commands.Cog, name="Help"):
    help = app_commands.Group(
        name=text("help", "cmd.help"), description=text("Help", "cmd.help.desc")
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @help.command(
        name=text("system", "cmd.help.system"),
        description=text(
            "The commands of the channel's game system (or of another)", "cmd.help.system.desc"
        ),
    )
    @app_commands.describe(
        system=text("Game system (default: the channel's)", "cmd.help.system.system")
    )
    @options("system")
    async def help_system(
        self, interaction: discord.Interaction, system: str | None = None
    ) -> None:
        if system is None:
            settings = await self.bot.settings_store.effective(
                interaction.guild_id, interaction.channel_id or 0
            )
            system = settings.system
        else:
            system = await resolve(self.bot, system)
        locale = user_locale(interaction)
        name = await system_name(self.bot, system)
        title = t("system.help_title", locale=locale, system=system, name=name)
        if self.bot.rolls.is_native(system):
            body = t("system.help_native", locale=locale, name=name)
        else:
            body = (await self.bot.rolls.info(system)).help.strip()
        await send(interaction, f"{title}\n{body}", ephemeral=True)

    @help_system.autocomplete("system")
    async def _system_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await system_choices(self.bot, current)
