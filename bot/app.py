"""``build_bot(settings)``: the ready-to-start Discord bot, composed of its cogs; ``run_bot``
starts it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

import aiohttp
import discord
from discord import app_commands

from bot.client import TabletopBot, bot_class
from bot.cogs import deadline
from bot.cogs.characters import CharactersCog
from bot.cogs.common import report, user_locale
from bot.cogs.dice import DiceCog
from bot.cogs.encounter import EncounterCog
from bot.cogs.esperancer import EsperancerCog
from bot.cogs.grancrest import GrancrestCog
from bot.cogs.gurps import GurpsCog
from bot.cogs.help import HelpPagesCog, install_help
from bot.cogs.log import LogCog
from bot.cogs.naval import NavalCog
from bot.cogs.settings import SettingsCog
from bot.cogs.systems import HelpCog
from bot.cogs.tables import TablesCog
from bot.command_sync import Sync
from bot.config import Settings
from bot.dice import DieSource
from bot.i18n import current_locale
from bot.i18n.translator import Translator
from bot.permissions import invite_url
from bot.store.db import Database
from bot.ui.esp_views import DodgeButton, InitiativeButton, SonicButton
from bot.ui.help_views import HelpButton, HelpMenu
from bot.ui.log_views import ClearLogButton
from bot.ui.naval_views import NavalEventButton
from bot.ui.secret_views import ShowButton
from bot.ui.views import (
    EncounterButton,
    EndTurnButton,
    InterruptButton,
    ReactButton,
    RevealButton,
)

log = logging.getLogger("bot")


class StartFailure(Exception):
    """Why the bot could not start, in one line for the operator, and the exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


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
    """Everything the bot runs: the translator, the cogs, the persistent buttons, and the
    deadline watch on every interaction (deferred if its handler is slow to answer)."""
    await bot.tree.set_translator(Translator())
    bot.interaction_watchers.append(deadline.watch)
    for cog in (
        DiceCog, SettingsCog, EncounterCog, TablesCog, CharactersCog, GrancrestCog,
        EsperancerCog, GurpsCog, NavalCog, HelpCog, HelpPagesCog, LogCog,
    ):  # fmt: skip
        await bot.add_cog(cog(bot))
    install_help(bot.tree)  # /help <page> and each group's own /<group> help
    bot.add_dynamic_items(
        EncounterButton, RevealButton, ReactButton, EndTurnButton, InterruptButton,
        InitiativeButton, SonicButton, DodgeButton, NavalEventButton, ShowButton, ClearLogButton,
        HelpButton, HelpMenu,
    )  # fmt: skip


def build_bot(
    settings: Settings,
    *,
    database: Database | None = None,
    dice: DieSource | None = None,
    message_content: bool = True,
    sync: Sync = Sync.UNREMEMBERED,
) -> TabletopBot:
    kind, shards = bot_class(settings)
    return kind(
        settings,
        install=install,
        tree_cls=Tree,
        database=database,
        dice=dice,
        message_content=message_content,
        sync=sync,
        **shards,
    )


async def run_bot(settings: Settings) -> None:
    """Connect to Discord until SIGTERM or SIGINT; without the message-content intent, carry
    on with slash commands. Raises ``StartFailure`` when Discord cannot be used at all."""
    assert settings.discord_token
    try:
        await serve(build_bot(settings, sync=Sync.WHEN_CHANGED), settings.discord_token)
    except discord.PrivilegedIntentsRequired:
        bot = build_bot(settings, message_content=False, sync=Sync.WHEN_CHANGED)
        await serve(bot, settings.discord_token)


async def sync_now(settings: Settings) -> None:
    """``python -m bot sync``: log in, send the slash commands whatever the last hash says."""
    assert settings.discord_token
    bot = build_bot(settings, sync=Sync.ALWAYS)
    async with bot:
        await _started(bot.login(settings.discord_token))  # setup_hook sends the commands


async def check_now(settings: Settings) -> None:
    """``python -m bot check``: the token works, the Message Content intent is on, and the URL
    that invites the bot — without connecting to the gateway. Compose runs it before the bot,
    so a wrong token stops there instead of restarting the bot for ever."""
    assert settings.discord_token
    client = discord.Client(intents=discord.Intents.none())
    async with client:
        await _started(client.login(settings.discord_token))
        app = await client.application_info()
        print(f"DISCORD_TOKEN works: the bot is {client.user} (application {app.id}).")
        if not (app.flags.gateway_message_content or app.flags.gateway_message_content_limited):
            print(
                "The Message Content intent is off: chat rolls (2D6>=8 typed in a channel) will "
                "not work. Developer Portal → your application → Bot → Message Content Intent."
            )
        print(f"Invite it to a server: {invite_url(app.id)}")


async def serve(bot: TabletopBot, token: str) -> None:
    async with bot:
        closing = close_on_signals(bot)
        await _started(bot.start(token))
        if closing:  # start() returns as soon as the gateway is closed: let close() finish
            await closing[0]


async def _started(starting: object) -> None:
    try:
        await starting  # type: ignore[misc]
    except discord.LoginFailure as error:
        raise StartFailure(
            "Discord refused DISCORD_TOKEN: copy the token again from the Developer Portal "
            "(your application → Bot → Reset Token).", 3,
        ) from error  # fmt: skip
    except aiohttp.ClientConnectionError as error:  # no network, a proxy, DNS
        raise StartFailure(f"Cannot reach Discord: {error}", 4) from error


def close_on_signals(bot: TabletopBot) -> list[asyncio.Task]:
    """SIGTERM (``docker stop``) and SIGINT (Ctrl+C) close the bot: the trackers' last states
    drawn, the database closed, exit 0. As PID 1 in a container nothing else would: the kernel
    gives PID 1 no default action for SIGTERM. Returns the closing task, once there is one."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task] = []

    def stop(signum: signal.Signals) -> None:
        if closing:
            return
        log.info("%s received: closing", signum.name)
        closing.append(loop.create_task(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        # Windows has no signal handlers in asyncio: Ctrl+C still interrupts there.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop, signum)
    return closing


__all__ = ["StartFailure", "TabletopBot", "build_bot", "check_now", "run_bot", "sync_now"]
