"""``TabletopBot``: the bot's process — its settings, database and services.

What it runs (cogs, persistent buttons, the command tree's translator) is installed by
``bot.app``, which composes the bot; so this module, which every cog types against, imports
no cog and the arrows keep pointing one way: app → cogs → client.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import collector
from bot.bcdice.setup import choose_engine
from bot.combat.service import EncounterService
from bot.command_sync import Sync, sync_commands
from bot.config import Settings
from bot.dice import DieSource
from bot.dice.service import DiceService
from bot.log.service import ChannelLog
from bot.operations import announce_ready, check_permissions
from bot.store.characters import CharacterStore
from bot.store.db import Database, connect
from bot.store.migrate import upgrade
from bot.store.settings import SettingsStore
from bot.store.tables import TableStore
from bot.systems import ruleset

log = logging.getLogger("bot")
CLOSE_SECONDS = 3.5  # for commands under way and the trackers' last drawings
# The names discord.py gives the tasks that handle a slash command, a button, a chat message.
IN_FLIGHT = ("CommandTree-invoker", "discord-ui-", "discord.py: on_message")

Install = Callable[["TabletopBot"], Awaitable[None]]


class TabletopBot(commands.Bot):
    def __init__(
        self,
        config: Settings,
        *,
        install: Install,
        tree_cls: type[app_commands.CommandTree] = app_commands.CommandTree,
        database: Database | None = None,
        dice: DieSource | None = None,
        message_content: bool = True,
        sync: Sync = Sync.UNREMEMBERED,
        **shards: object,
    ) -> None:
        # It never joins a voice channel: no warnings about voice libraries at each start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()
        intents.message_content = message_content  # chat rolls; privileged (see README)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=tree_cls,
            help_command=None,
            # Whatever a message says, it pings nobody unless its post names the user
            # (bot.cogs.outgoing sets that per message; this covers anything else).
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.config = config
        self.dice = dice
        self._database = database
        self._install = install
        self._sync = sync
        self._announced = False
        self._closed_said = False
        # Called at once with each interaction, before any handler runs: a listener would be
        # a task of its own per interaction.
        self.interaction_watchers: list[Callable[[discord.Interaction], None]] = []

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        if event_name == "interaction":
            for watcher in self.interaction_watchers:
                watcher(*args)
        super().dispatch(event_name, *args, **kwargs)

    @property
    def database(self) -> Database:
        assert self._database is not None, "the database connects in setup_hook"
        return self._database

    async def setup_hook(self) -> None:
        if self._database is None:
            self._database = connect(self.config.database_url)
        await upgrade(self.database)
        self.settings_store = SettingsStore(self.database, self.config.default_system)
        self.tables = TableStore(self.database)
        self.characters = CharacterStore(self.database)
        self.encounters = EncounterService(self.database, ruleset, self.dice)
        self.channel_log = ChannelLog(self.database, self.config.log_retention_days)
        self.channel_log.start()  # retention: prunes now, then daily
        # Every game system's rolls: ours here, BCDice's others through its engine (started
        # at the first roll that needs it).
        self.rolls = DiceService(choose_engine(self.config.bcdice_api_url), self.dice)
        await self._install(self)
        await sync_commands(self, self.database, self.config.dev_guild_id, self._sync)
        collector.settle()  # what is loaded lives as long as the bot; young passes rarer
        if not self.intents.message_content:
            log.warning(
                "The message-content intent is off: chat rolls (2D6>=8 typed in a channel) are "
                "disabled; slash commands work. Enable it in the Developer Portal to use them."
            )

    async def on_ready(self) -> None:
        if not self._announced:  # READY comes again after a lost session: say it once
            self._announced = True
            announce_ready(self, self.config.database_url)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        log.info("added to server %s (%s)", guild.name, guild.id)
        check_permissions(guild)

    async def close(self) -> None:
        """Stop: commands under way finish, the trackers' last states are drawn, the database
        closes — within CLOSE_SECONDS, so a stop takes well under 5 s in all."""
        deadline = time.monotonic() + CLOSE_SECONDS
        await _finish(_in_flight(), deadline)
        encounters = self.get_cog("Encounters")
        if encounters is not None:  # the trackers' last states, still waiting their turn
            drawing = asyncio.ensure_future(encounters.trackers_drawn())  # type: ignore[attr-defined]
            await _finish([drawing], deadline)
        await super().close()
        await self.release()

    async def release(self) -> None:
        """What the bot holds besides its Discord connection: the BCDice worker, the log's queue
        and the database's connections and threads. (A test's SimCord detaches the bot without
        closing it, and calls this.)"""
        rolls = getattr(self, "rolls", None)
        if rolls is not None:
            await rolls.remote.close()
        channel_log = getattr(self, "channel_log", None)
        if channel_log is not None:  # the lines still queued are written first
            await channel_log.close()
        if self._database is not None:
            await self._database.dispose()
            if not self._closed_said:
                self._closed_said = True
                log.info("closed: trackers brought up to date, database closed")


def _in_flight() -> list[asyncio.Future]:
    """discord.py's tasks for slash commands, buttons and chat messages being handled."""
    current = asyncio.current_task()
    return [
        task for task in asyncio.all_tasks()
        if task is not current and task.get_name().startswith(IN_FLIGHT)
    ]  # fmt: skip


async def _finish(work: list[asyncio.Future], deadline: float) -> None:
    if not work:
        return
    _, late = await asyncio.wait(work, timeout=max(0.0, deadline - time.monotonic()))
    if late:
        log.warning("stopping with %d task(s) unfinished (commands or tracker drawings)", len(late))
        for task in late:
            task.cancel()


class ShardedTabletopBot(TabletopBot, commands.AutoShardedBot):
    """The same bot running ``SHARD_IDS`` of ``SHARD_COUNT`` shards (one gateway connection
    each). A guild lives on one shard, so each channel's lock and tracker stay in the one
    process that runs its shard; the database keeps several processes correct anyway."""


def bot_class(config: Settings) -> tuple[type[TabletopBot], dict[str, object]]:
    """The plain bot, or the sharded one with its shard settings when sharding is set."""
    if config.shard_count is None:
        return TabletopBot, {}
    shards: dict[str, object] = {"shard_count": config.shard_count}
    if config.shard_ids is not None:
        shards["shard_ids"] = list(config.shard_ids)
    return ShardedTabletopBot, shards
