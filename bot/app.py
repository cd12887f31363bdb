"""``build_bot(settings)``: the ready-to-start Discord bot, composed of its cogs; ``run_bot``
starts it."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.client import TabletopBot
from bot.cogs.characters import CharactersCog
from bot.cogs.common import report, user_locale
from bot.cogs.dice import DiceCog
from bot.cogs.encounter import EncounterCog
from bot.cogs.esperancer import EsperancerCog
from bot.cogs.grancrest import GrancrestCog
from bot.cogs.gurps import GurpsCog
from bot.cogs.naval import NavalCog
from bot.cogs.settings import SettingsCog
from bot.cogs.tables import TablesCog
from bot.config import Settings
from bot.dice import DieSource
from bot.i18n import current_locale
from bot.i18n.translator import Translator
from bot.store.db import Database
from bot.ui.esp_views import InitiativeButton, SonicButton
from bot.ui.naval_views import NavalEventButton
from bot.ui.secret_views import ShowButton
from bot.ui.views import (
    EncounterButton,
    EndTurnButton,
    InterruptButton,
    ReactButton,
    RevealButton,
)


class Tree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Replies to the user speak the user's language unless a post says otherwise.
        current_locale.set(user_locale(interaction))
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)


async def install(bot: TabletopBot) -> None:
    """Everything the bot runs: the translator, the cogs, the persistent buttons."""
    await bot.tree.set_translator(Translator())
    for cog in (
        DiceCog, SettingsCog, EncounterCog, TablesCog, CharactersCog, GrancrestCog,
        EsperancerCog, GurpsCog, NavalCog,
    ):  # fmt: skip
        await bot.add_cog(cog(bot))
    bot.add_dynamic_items(
        EncounterButton, RevealButton, ReactButton, EndTurnButton, InterruptButton,
        InitiativeButton, SonicButton, NavalEventButton, ShowButton,
    )  # fmt: skip


def build_bot(
    settings: Settings,
    *,
    database: Database | None = None,
    dice: DieSource | None = None,
    message_content: bool = True,
) -> TabletopBot:
    return TabletopBot(
        settings,
        install=install,
        tree_cls=Tree,
        database=database,
        dice=dice,
        message_content=message_content,
    )


async def run_bot(settings: Settings) -> None:
    """Connect to Discord; without the message-content intent, carry on with slash commands."""
    assert settings.discord_token
    bot = build_bot(settings)
    try:
        async with bot:
            await bot.start(settings.discord_token)
    except discord.PrivilegedIntentsRequired:
        bot = build_bot(settings, message_content=False)
        async with bot:
            await bot.start(settings.discord_token)


__all__ = ["TabletopBot", "build_bot", "run_bot"]
