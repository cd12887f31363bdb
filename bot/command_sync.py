"""Sending the slash commands to Discord only when they changed.

Discord rate-limits command updates (and a global update takes a while to reach every client),
so a start whose commands hash the same as the last ones sent — per application and scope —
sends nothing. ``python -m bot sync`` sends them regardless."""

from __future__ import annotations

import hashlib
import json
import logging
from enum import Enum
from typing import TYPE_CHECKING, Any

import discord

from bot.permissions import invite_url
from bot.store.command_syncs import CommandSyncs

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.store.db import Database

log = logging.getLogger("bot")


class Sync(Enum):
    WHEN_CHANGED = "changed"  # a real start: send a changed payload only, remember it
    ALWAYS = "always"  # ``python -m bot sync``: send it, remember it
    UNREMEMBERED = "unremembered"  # SimCord's Discord, new every run: send it, remember nothing


async def payload(tree: discord.app_commands.CommandTree, guild: discord.Object | None) -> list:
    """What ``tree.sync`` sends for ``guild`` (None: the global commands), translations and all."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def digest(body: Any) -> str:
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_commands(
    bot: commands.Bot, database: Database, dev_guild_id: int | None, mode: Sync
) -> bool:
    """Send the commands (to DEV_GUILD_ID's server at once, else globally) as ``mode`` says;
    True when they were sent."""
    tree = bot.tree
    guild = discord.Object(dev_guild_id) if dev_guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    if mode is Sync.UNREMEMBERED:
        await tree.sync(guild=guild)
        return True
    where = f"server {guild.id}" if guild else "global"
    scope = f"{bot.application_id}:{where}"
    store = CommandSyncs(database)
    new = digest(await payload(tree, guild))
    if mode is Sync.WHEN_CHANGED and await store.digest(scope) == new:
        log.info("slash commands unchanged since the last sync (%s): not sent", where)
        return False
    try:
        sent = await tree.sync(guild=guild)
    except discord.Forbidden:  # invited without the applications.commands scope
        log.error(
            "Discord refused the slash commands for %s: invite the bot again with the scope "
            "applications.commands: %s", where, invite_url(bot.application_id or 0),
        )  # fmt: skip
        return False
    await store.remember(scope, new)
    log.info("slash commands sent to Discord (%s): %d", where, len(sent))
    return True
