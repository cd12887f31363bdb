"""``build_bot(settings)``: the ready-to-start Discord bot; ``run_bot`` starts it."""

from __future__ import annotations

import asyncio
import gc
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import report, user_locale
from bot.combat.service import EncounterService
from bot.config import Settings
from bot.dice import DieSource
from bot.i18n import current_locale
from bot.i18n.translator import Translator
from bot.store.db import Database, connect
from bot.store.migrate import upgrade
from bot.store.settings import SettingsStore
from bot.store.tables import TableStore
from bot.systems import ruleset
from bot.ui.esp_views import InitiativeButton, SonicButton
from bot.ui.naval_views import NavalEventButton
from bot.ui.views import (
    EncounterButton,
    EndTurnButton,
    InterruptButton,
    ReactButton,
    RevealButton,
)

log = logging.getLogger("bot")


class Tree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Replies to the user speak the user's language unless a post says otherwise.
        current_locale.set(user_locale(interaction))
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)


class TabletopBot(commands.Bot):
    def __init__(
        self,
        config: Settings,
        *,
        database: Database | None = None,
        dice: DieSource | None = None,
        message_content: bool = True,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content  # chat rolls; privileged (see README)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=Tree,
            help_command=None,
        )
        self.config = config
        self.dice = dice
        self._database = database

    @property
    def database(self) -> Database:
        assert self._database is not None, "the database connects in setup_hook"
        return self._database

    async def setup_hook(self) -> None:
        from bot.cogs.characters import CharactersCog
        from bot.cogs.dice import DiceCog
        from bot.cogs.encounter import EncounterCog
        from bot.cogs.esperancer import EsperancerCog
        from bot.cogs.grancrest import GrancrestCog
        from bot.cogs.gurps import GurpsCog
        from bot.cogs.naval import NavalCog
        from bot.cogs.settings import SettingsCog
        from bot.cogs.tables import TablesCog

        if self._database is None:
            self._database = connect(self.config.database_url)
        await upgrade(self.database)
        self.settings_store = SettingsStore(self.database)
        self.tables = TableStore(self.database)
        self.encounters = EncounterService(self.database, ruleset, self.dice)
        await self.tree.set_translator(Translator())
        for cog in (
            DiceCog, SettingsCog, EncounterCog, TablesCog, CharactersCog, GrancrestCog,
            EsperancerCog, GurpsCog, NavalCog,
        ):  # fmt: skip
            await self.add_cog(cog(self))
        self.add_dynamic_items(
            EncounterButton, RevealButton, ReactButton, EndTurnButton, InterruptButton,
            InitiativeButton, SonicButton, NavalEventButton,
        )  # fmt: skip
        await self.sync_commands()
        # Everything loaded so far lives as long as the bot: keep it out of the collector's
        # full passes, which would otherwise walk it again and again under load.
        gc.freeze()
        if not self.intents.message_content:
            log.warning(
                "The message-content intent is off: chat rolls (2D6>=8 typed in a channel) are "
                "disabled; slash commands work. Enable it in the Developer Portal to use them."
            )

    async def sync_commands(self) -> None:
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        encounters = self.get_cog("Encounters")
        if encounters is not None:  # the trackers' last states, still waiting their turn
            try:
                await asyncio.wait_for(encounters.trackers_drawn(), 5)
            except Exception:
                log.warning("some trackers were not brought up to date", exc_info=True)
        await super().close()
        if self._database is not None:
            await self._database.dispose()


def build_bot(
    settings: Settings,
    *,
    database: Database | None = None,
    dice: DieSource | None = None,
    message_content: bool = True,
) -> TabletopBot:
    return TabletopBot(settings, database=database, dice=dice, message_content=message_content)


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
