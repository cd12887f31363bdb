"""``/roll``, chat rolls, secret rolls and their Reveal button."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import (
    Refusal,
    caller_of,
    channel_locale,
    in_time,
    post_locale,
    report,
    send,
    user_locale,
)
from bot.dice import DiceError, RollResult, roll
from bot.i18n import t, use_locale
from bot.i18n.translator import options, text
from bot.store.rolls import get_roll, log_roll, set_notice
from bot.store.settings import Effective, SecretMode
from bot.ui.views import reveal_view

if TYPE_CHECKING:
    from bot.client import TabletopBot

# A chat line can only be a command when it starts like one (ASCII or full-width): a cheap
# test before the parser, since most chat is not dice.
_MAY_BE_COMMAND = re.compile(r"[0-9A-Za-z(+\-０-９Ａ-Ｚａ-ｚ（＋－]")


class DiceCog(commands.Cog, name="Dice"):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    # -- /roll -----------------------------------------------------------------------------
    @app_commands.command(
        name=text("roll", "cmd.roll"), description=text("Roll a dice command", "cmd.roll.desc")
    )
    @app_commands.describe(
        command=text("A dice command, e.g. 2D6>=8 or S3D6<=12", "cmd.roll.command"),
        secret=text("Roll in secret", "cmd.roll.secret"),
    )
    @options("command", "secret")
    async def roll_command(
        self, interaction: discord.Interaction, command: str, secret: bool = False
    ) -> None:
        settings = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        with use_locale(user_locale(interaction)):
            result = roll(
                command, system=settings.system, dice=self.bot.dice, strict=True,
                tables=await self.bot.tables.for_guild(interaction.guild_id),
            )  # fmt: skip
        assert result is not None  # strict mode raises instead
        result.secret = result.secret or secret
        logged = log_roll(
            self.bot.database,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            user_id=interaction.user.id,
            system=settings.system,
            command=command,
            result=result,
        )
        # A slow database must not miss Discord's deadline; a secret stays private if deferred.
        roll_id = await in_time(interaction, logged, ephemeral=result.secret)
        name = interaction.user.display_name
        if not result.secret:
            await send(interaction, f"{name}: {result.text}")
            return
        await self._secret_from_slash(interaction, settings, result, roll_id)

    async def _secret_from_slash(
        self,
        interaction: discord.Interaction,
        settings: Effective,
        result: RollResult,
        roll_id: int,
    ) -> None:
        locale = user_locale(interaction)
        name = interaction.user.display_name
        if settings.secret_mode is SecretMode.GM:
            delivered = await self._to_gm(
                interaction.guild, interaction.channel_id or 0, settings, name, result, roll_id
            )
            key = "dice.sent_to_gm" if delivered else "dice.no_gm"
            message = t(key, locale=locale) + ("" if delivered else f"\n{result.text}")
            await send(
                interaction,
                message,
                ephemeral=True,
                view=None if delivered else reveal_view(roll_id, locale),
            )
        else:
            await send(
                interaction,
                t("dice.your_secret", locale=locale, text=result.text),
                ephemeral=True,
                view=reveal_view(roll_id, locale),
            )
            if settings.secret_mode is SecretMode.ROLLER_AND_GM:
                await self._to_gm(
                    interaction.guild, interaction.channel_id or 0, settings, name, result, roll_id
                )
        public = await post_locale(self.bot, interaction)
        notice = await interaction.followup.send(
            t("dice.secret_notice", locale=public, name=name), wait=True
        )
        await set_notice(self.bot.database, roll_id, notice.id)

    # -- chat rolls ------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if (
            message.author.bot
            or not message.content
            or not _MAY_BE_COMMAND.match(message.content.lstrip()[:1])
        ):
            return
        guild_id = message.guild.id if message.guild else None
        settings = await self.bot.settings_store.effective(guild_id, message.channel.id)
        if not settings.chat_rolls:
            return
        public = await channel_locale(self.bot, guild_id, message.channel.id)
        try:
            result = roll(
                message.content,
                system=settings.system,
                dice=self.bot.dice,
                tables=await self.bot.tables.for_guild(guild_id),
            )
        except DiceError as error:  # clearly a command, but it broke a limit
            await message.reply(error.localized(public), mention_author=False)
            return
        if result is None:
            return
        roll_id = await log_roll(
            self.bot.database,
            guild_id=guild_id,
            channel_id=message.channel.id,
            user_id=message.author.id,
            system=settings.system,
            command=message.content,
            result=result,
        )
        name = message.author.display_name
        if not result.secret:
            await message.reply(f"{name}: {result.text}"[:2000], mention_author=False)
            return
        notice = await message.reply(
            t("dice.secret_notice", locale=public, name=name), mention_author=False
        )
        await set_notice(self.bot.database, roll_id, notice.id)
        if settings.secret_mode is not SecretMode.GM:
            content = t("dice.your_secret", locale=public, text=result.text)
            await self._dm(message.author, content, roll_id, public)
        if settings.secret_mode is not SecretMode.ROLLER:
            await self._to_gm(message.guild, message.channel.id, settings, name, result, roll_id)

    # -- delivery --------------------------------------------------------------------------
    async def _dm(self, user: discord.abc.User, content: str, roll_id: int, locale: str) -> bool:
        try:
            await user.send(content[:2000], view=reveal_view(roll_id, locale))
        except discord.HTTPException:
            return False
        return True

    async def _to_gm(
        self,
        guild: discord.Guild | None,
        channel_id: int,
        settings: Effective,
        name: str,
        result: RollResult,
        roll_id: int,
    ) -> bool:
        """The GM's copy: the server's GM channel, else a DM to this channel's encounter GM."""
        locale = await channel_locale(self.bot, guild.id if guild else None, channel_id)
        content = t("dice.gm_copy", locale=locale, name=name, text=result.text)
        if guild and settings.gm_channel_id:
            channel = guild.get_channel(settings.gm_channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(content[:2000], view=reveal_view(roll_id, locale))
                return True
        encounter = await self.bot.encounters.status(channel_id)
        if encounter is None:
            return False
        gm = guild.get_member(encounter.gm_id) if guild else None
        gm = gm or await self.bot.fetch_user(encounter.gm_id)
        return await self._dm(gm, content, roll_id, locale)

    async def _publish(self, channel: object, notice_id: int | None, content: str) -> None:
        """Turn the "secret roll by X" notice into the result; a new post if it is gone."""
        quiet = discord.AllowedMentions.none()
        if notice_id is not None:
            try:
                notice = channel.get_partial_message(notice_id)  # type: ignore[attr-defined]
                await notice.edit(content=content, allowed_mentions=quiet)
                return
            except discord.HTTPException:
                pass  # deleted, or too old to edit: post it instead
        await channel.send(content, allowed_mentions=quiet)  # type: ignore[attr-defined]

    async def reveal(self, interaction: discord.Interaction, roll_id: int) -> None:
        try:
            record = await get_roll(self.bot.database, roll_id)
            caller = await caller_of(self.bot, interaction)
            if record is None:
                raise Refusal("dice.unknown_roll")
            encounter = await self.bot.encounters.status(record["channel_id"])
            is_gm = caller.manages_channel or (
                encounter is not None and encounter.gm_id == caller.user_id
            )
            if record["user_id"] != caller.user_id and not is_gm:
                raise Refusal("dice.not_your_roll")
            channel = self.bot.get_channel(record["channel_id"]) or await self.bot.fetch_channel(
                record["channel_id"]
            )
            locale = await channel_locale(self.bot, record["guild_id"], record["channel_id"])
            content = t(
                "dice.revealed",
                locale=locale,
                user=f"<@{record['user_id']}>",
                text=record["result"],
            )
            await self._publish(channel, record["notice_message_id"], content[:2000])
            await send(
                interaction, t("dice.reveal_done", locale=user_locale(interaction)), ephemeral=True
            )
        except Exception as error:
            await report(interaction, error)
