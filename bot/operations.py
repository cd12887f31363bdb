"""What the operator reads in the log: one line when the bot is up, what a server's
permissions lack, how to invite the bot when it is in no server yet."""

from __future__ import annotations

import logging
from importlib import metadata
from typing import TYPE_CHECKING

import discord

from bot.permissions import invite_url, missing
from bot.store.urls import shown

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger("bot")


def version() -> str:
    try:
        return metadata.version("bot")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def announce_ready(bot: commands.Bot, database_url: str) -> None:
    """One INFO line: who, which version, which database, how many shards and servers."""
    user = bot.user
    log.info(
        "ready as %s (id %s): bot %s, database %s, %s, %d server(s)",
        user, user.id if user else "?", version(), shown(database_url),
        shards_run(bot), len(bot.guilds),
    )  # fmt: skip
    if not bot.guilds and bot.application_id:
        log.info("in no server yet: invite it with %s", invite_url(bot.application_id))
    for guild in bot.guilds:
        check_permissions(guild)


def shards_run(bot: commands.Bot) -> str:
    """``1 shard(s)`` for an unsharded bot; ``shards 0, 1 of 4`` for one that runs a range."""
    ids = getattr(bot, "shard_ids", None)
    if ids is None or bot.shard_count is None:
        return f"{bot.shard_count or 1} shard(s)"
    return f"shards {', '.join(map(str, ids))} of {bot.shard_count}"


def check_permissions(guild: discord.Guild) -> None:
    """Warn once per server about needed permissions its roles do not give the bot (a
    channel may still give them; the hints in the log name what failed where)."""
    me = guild.me
    if me is None:
        return
    lacking = missing(me.guild_permissions)
    if lacking:
        log.warning(
            "in server %s (%s) the bot lacks: %s — give its role these permissions, or invite "
            "it again with the README's URL", guild.name, guild.id, ", ".join(lacking),
        )  # fmt: skip
