"""``/log export | clear``: this channel's session log as files, and emptying it (a GM)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import outgoing
from bot.cogs.common import Refusal, caller_of, channel_locale, report, send, user_locale
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.log.export import DISCORD_LIMIT, OFFSETS, Format, MiB, export, safe_name
from bot.log.render import MENTION, Heading, names_of
from bot.store.channel_log import LogLine
from bot.ui.fit import Post
from bot.ui.log_views import clear_view

if TYPE_CHECKING:
    from bot.client import TabletopBot

MAX_HOURS = 24 * 36_500


class LogCog(commands.Cog, name="Log"):
    log_group = app_commands.Group(
        name=text("log", "cmd.log"),
        description=text("This channel's session log", "cmd.log.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @log_group.command(
        name=text("export", "cmd.log.export"),
        description=text(
            "This channel's log as files: rolls, announcements, changes", "cmd.log.export.desc"
        ),
    )
    @app_commands.describe(
        format=text("Plain text, an HTML page, or both (default)", "cmd.log.export.format"),
        hours=text("Only the last hours (default: all that is kept)", "cmd.log.export.hours"),
        utc_offset=text(
            "Times in this offset from UTC, e.g. 9 (default: by the channel's language)",
            "cmd.log.export.utc_offset",
        ),
    )
    @options("format", "hours", "utc_offset")
    @app_commands.choices(
        format=[
            app_commands.Choice(name=text(f.value, f"log.format.{f.value}"), value=f.value)
            for f in Format
        ]
    )
    async def export_(
        self,
        interaction: discord.Interaction,
        format: str = Format.BOTH.value,  # the option's name as users see it
        hours: app_commands.Range[int, 1, MAX_HOURS] | None = None,
        utc_offset: app_commands.Range[float, -12, 14] | None = None,
    ) -> None:
        guild, channel = interaction.guild, interaction.channel
        assert guild is not None and channel is not None  # guild_only
        mine = user_locale(interaction)
        now = datetime.now(UTC)
        since = now - timedelta(hours=hours) if hours else None
        lines = await self.bot.channel_log.lines(channel.id, since)
        if not lines:
            await send(interaction, t("log.empty", locale=mine), ephemeral=True)
            return
        # The file speaks the channel's language, as its posts do.
        locale = await channel_locale(self.bot, guild.id, channel.id)
        heading = Heading(
            server=guild.name, channel=getattr(channel, "name", str(channel.id)),
            bot_name=guild.me.display_name if guild.me else "bot", locale=locale,
            offset_hours=OFFSETS[locale] if utc_offset is None else utc_offset,
            exported_at=now, since=since, names=self._names(guild, lines),
        )  # fmt: skip
        limit = min(guild.filesize_limit, DISCORD_LIMIT)
        stem = f"log-{safe_name(heading.channel)}-{now.astimezone(heading.zone):%Y%m%d-%H%M}"
        made = export(lines, heading, Format(format), stem, limit)
        said = [t("log.exported", locale=mine, lines=len(lines), zone=heading.zone_name)]
        if made.gzipped:
            said.append(t("log.gzipped", locale=mine, limit=f"{limit / MiB:g}"))
        if made.parts > 1:
            said.append(t("log.split", locale=mine, parts=made.parts))
        for number, files in enumerate(made.messages(limit)):
            post = Post("\n".join(said) if number == 0 else None,
                        files=[(f.name, f.data) for f in files])  # fmt: skip
            await outgoing.answer(interaction, post, ephemeral=True)

    @staticmethod
    def _names(guild: discord.Guild, lines: list[LogLine]) -> dict[int, str]:
        """Display names of the users the lines come from or mention."""
        names = names_of(lines)
        for line in lines:
            for match in MENTION.finditer(line.body):
                user_id = int(match.group(1))
                if user_id not in names and (member := guild.get_member(user_id)) is not None:
                    names[user_id] = member.display_name
        return names

    @log_group.command(
        name=text("clear", "cmd.log.clear"),
        description=text("Empty this channel's log (the GM)", "cmd.log.clear.desc"),
    )
    async def clear(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id or 0
        await self._gm_only(interaction, channel_id)
        mine = user_locale(interaction)
        asked = int(time.time() * 1000)
        await send(interaction, t("log.clear_confirm", locale=mine),
                   view=clear_view(channel_id, asked, mine), ephemeral=True)  # fmt: skip

    async def on_clear_button(
        self, interaction: discord.Interaction, channel_id: int, before_ms: int
    ) -> None:
        try:
            await self._gm_only(interaction, channel_id)
            before = datetime.fromtimestamp(before_ms / 1000, UTC)
            count = await self.bot.channel_log.clear(channel_id, before)
            public = await channel_locale(self.bot, interaction.guild_id, channel_id)
            # Said in the channel (and so the new log's first line): who cleared it, and when.
            name = interaction.user.display_name
            await send(interaction, t("log.cleared", locale=public, name=name, count=count),
                       allowed_mentions=discord.AllowedMentions.none())  # fmt: skip
        except Exception as error:
            await report(interaction, error)

    async def _gm_only(self, interaction: discord.Interaction, channel_id: int) -> None:
        """The channel's encounter GM, or a GM of the server (Manage Channels, the GM role)."""
        caller = await caller_of(self.bot, interaction)
        if caller.manages_channel:
            return
        encounter = await self.bot.encounters.status(channel_id)
        if encounter is None or encounter.gm_id != caller.user_id:
            raise Refusal("log.not_gm")
