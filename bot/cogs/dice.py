"""``/roll``, chat rolls, secret rolls and their Reveal button."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import outgoing
from bot.cogs.common import (
    Refusal,
    caller_of,
    channel_locale,
    post_locale,
    report,
    send,
    settings_of,
    user_locale,
)
from bot.cogs.secret_delivery import direct_message, to_gm
from bot.dice import DiceError, RollResult
from bot.i18n import t, use_locale
from bot.i18n.dice_words import dice_text
from bot.i18n.translator import options, text
from bot.store.channel_log import LogLine, utc
from bot.store.faults import DatabaseFault, cause_of
from bot.store.rolls import get_roll, log_roll, roll_row, set_notice
from bot.store.settings import Effective, SecretMode
from bot.ui.fit import Post, groups
from bot.ui.help_pages import topic_for
from bot.ui.help_views import help_button
from bot.ui.secret_views import show_view
from bot.ui.views import reveal_view

if TYPE_CHECKING:
    from bot.client import TabletopBot

# A chat line can only be a command when it starts like one (ASCII or full-width): a cheap
# test before the parser, since most chat is not dice.
log = logging.getLogger("bot.dice")
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
        settings = await settings_of(self.bot, interaction)
        tables = await self.bot.tables.for_guild(interaction.guild_id)
        with use_locale(user_locale(interaction)):
            result = await self.bot.rolls.roll(
                command, settings.system, strict=True, tables=tables
            )
        assert result is not None  # strict mode raises instead
        result.secret = result.secret or secret
        row = roll_row(interaction.guild_id, interaction.channel_id or 0, interaction.user.id,
                       settings.system, command, result)  # fmt: skip
        if not result.secret:  # answered first: the log is best effort, after
            public = await post_locale(self.bot, interaction)
            shown = dice_text(result.text, public, settings.system)
            await send(interaction, f"{interaction.user.display_name}: {shown}")
            self.bot.channel_log.note_roll(row)
            return
        # A secret's Reveal button needs its logged id (a slow database: the deadline watch
        # defers, privately).
        roll_id = await self._log(row)
        await self._secret_from_slash(interaction, settings, result, roll_id)

    async def _log(self, row: dict[str, Any]) -> int | None:
        """Log a secret roll now, for its Reveal button; while the database is down the roll
        still counts (no log, one line for the operator, and no Reveal button: there is no
        record to reveal). A public roll's row is queued instead, with the channel log."""
        try:
            return await log_roll(self.bot.database, row)
        except DatabaseFault as fault:
            channel = row["channel_id"]
            log.warning("roll in %s not logged (%s): %s", channel, fault.code, cause_of(fault))
            return None

    async def _notice(self, roll_id: int | None, message: discord.Message | None) -> None:
        if roll_id is None or message is None:  # (a notice is a followup or a post: a message)
            return
        try:
            await set_notice(self.bot.database, roll_id, message.id)
        except DatabaseFault as fault:  # Reveal will post anew instead of editing the notice
            log.warning("secret roll %s: notice not kept (%s)", roll_id, cause_of(fault))

    async def _secret_from_slash(
        self,
        interaction: discord.Interaction,
        settings: Effective,
        result: RollResult,
        roll_id: int | None,
    ) -> None:
        locale = user_locale(interaction)
        name = interaction.user.display_name
        reveal = reveal_view(roll_id, locale) if roll_id is not None else None
        problem = None
        if settings.secret_mode is not SecretMode.ROLLER:
            delivery = to_gm(
                self.bot, interaction.guild, interaction.channel_id or 0, settings, name, result,
                roll_id,
            )  # fmt: skip
            problem = await delivery
        if settings.secret_mode is SecretMode.GM and problem is None:
            await send(interaction, t("dice.sent_to_gm", locale=locale), ephemeral=True)
        else:  # the roller's own copy: always, with why the GM's did not arrive
            shown = dice_text(result.text, locale, settings.system)
            lines = [t("dice.your_secret", locale=locale, text=shown)]
            if problem is not None:
                lines.append(gm_failure(problem, locale))
            await send(interaction, "\n".join(lines), ephemeral=True, view=reveal)
        public = await post_locale(self.bot, interaction)
        notice = await outgoing.answer(  # the message: Reveal edits it
            interaction, Post(t("dice.secret_notice", locale=public, name=name)), message=True
        )
        await self._notice(roll_id, notice[0])

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
            result = await self.bot.rolls.roll(
                message.content, settings.system, tables=await self.bot.tables.for_guild(guild_id)
            )
        except DiceError as error:  # clearly a command, but it broke a limit (or BCDice failed)
            topic = topic_for(error, "roll")  # a limit: the dice page; BCDice down: none
            view = help_button(topic, public) if topic is not None else None
            reply = Post(error.localized(public), groups=groups(view))
            await outgoing.send_to(message.channel, reply, reply_to=message)
            return
        if result is None:
            return
        row = roll_row(guild_id, message.channel.id, message.author.id, settings.system,
                       message.content, result)  # fmt: skip
        name = message.author.display_name
        if not result.secret:  # answered first: the log is best effort, after
            reply = Post(f"{name}: {dice_text(result.text, public, settings.system)}")
            await outgoing.send_to(message.channel, reply, reply_to=message)
            self.bot.channel_log.note_roll(row)
            return
        roll_id = await self._log(row)
        await self._chat_secret(message, settings, result, roll_id, public)

    async def _chat_secret(
        self,
        message: discord.Message,
        settings: Effective,
        result: RollResult,
        roll_id: int | None,
        public: str,
    ) -> None:
        """The copies first, then the channel's notice, which says what could not arrive."""
        name = message.author.display_name
        lines = [t("dice.secret_notice", locale=public, name=name)]
        problem = None
        if settings.secret_mode is not SecretMode.ROLLER:
            problem = await to_gm(
                self.bot, message.guild, message.channel.id, settings, name, result, roll_id
            )
            if problem is not None:
                lines.append(gm_failure(problem, public))
        show = None
        if settings.secret_mode is not SecretMode.GM or problem is not None:
            shown = dice_text(result.text, public, settings.system)
            mine = [t("dice.your_secret", locale=public, text=shown)]
            if problem is not None:  # GM-only, and no GM got it: the roller keeps the result
                mine.append(gm_failure(problem, public))
            reveal = reveal_view(roll_id, public) if roll_id is not None else None
            if not await direct_message(message.author, "\n".join(mine), reveal):
                key = "dice.dms_closed_show" if roll_id is not None else "dice.dms_closed"
                lines.append(t(key, locale=public, name=name))
                show = show_view(roll_id, public)
        post = Post("\n".join(lines), groups=groups(show))
        notice = await outgoing.send_to(message.channel, post, reply_to=message)
        await self._notice(roll_id, notice[0])

    async def _publish(self, channel: object, notice_id: int | None, content: str) -> None:
        """Turn the "secret roll by X" notice into the result; a new post if it is gone."""
        if notice_id is not None:
            try:
                notice = channel.get_partial_message(notice_id)  # type: ignore[attr-defined]
                await outgoing.edit(notice, Post(content))
                return
            except discord.HTTPException:
                pass  # deleted, or too old to edit: post it instead
        # Not logged as a new post: the log shows the roll where it was rolled (below).
        await outgoing.send_to(channel, Post(content), record=False)  # type: ignore[arg-type]

    async def _log_revealed(
        self, record: dict, channel: object, locale: str, revealer: discord.abc.User
    ) -> None:
        """The revealed roll joins the channel's log at the time it was rolled, once, under
        its roller's name (the revealer may be a GM)."""
        guild = getattr(channel, "guild", None)
        if guild is None:
            return
        roller = record["user_id"]
        member = revealer if revealer.id == roller else guild.get_member(roller)
        text = dice_text(record["result"], locale, record["system"])
        line = LogLine(
            channel_id=record["channel_id"], guild_id=record["guild_id"],
            user_id=record["user_id"], user_name=member.display_name if member else None,
            body=t("log.revealed", locale=locale, text=text), kind="revealed",
            created_at=utc(record["created_at"]), roll_id=record["id"],
        )  # fmt: skip
        try:
            await self.bot.channel_log.reveal(line)
        except DatabaseFault as fault:
            log.warning("revealed roll %s not logged (%s)", record["id"], cause_of(fault))

    async def _own_roll(self, interaction: discord.Interaction, roll_id: int, refusal: str) -> dict:
        """The logged roll, for its roller or a GM of the server (not whoever happened to
        start an encounter); ``refusal`` for anyone else."""
        record = await get_roll(self.bot.database, roll_id)
        caller = await caller_of(self.bot, interaction)
        if record is None:
            raise Refusal("dice.unknown_roll")
        if record["user_id"] != caller.user_id and not caller.manages_channel:
            raise Refusal(refusal)
        return record

    async def reveal(self, interaction: discord.Interaction, roll_id: int) -> None:
        try:
            record = await self._own_roll(interaction, roll_id, "dice.not_your_roll")
            channel = self.bot.get_channel(record["channel_id"]) or await self.bot.fetch_channel(
                record["channel_id"]
            )
            locale = await channel_locale(self.bot, record["guild_id"], record["channel_id"])
            content = t(
                "dice.revealed",
                locale=locale,
                user=f"<@{record['user_id']}>",
                text=dice_text(record["result"], locale, record["system"]),
            )
            await self._publish(channel, record["notice_message_id"], content)
            await self._log_revealed(record, channel, locale, interaction.user)
            await send(
                interaction, t("dice.reveal_done", locale=user_locale(interaction)), ephemeral=True
            )
        except Exception as error:
            await report(interaction, error)

    async def show(self, interaction: discord.Interaction, roll_id: int) -> None:
        """A secret roll's result, to the roller (or a GM) alone: for one whose DMs are
        closed."""
        try:
            record = await self._own_roll(interaction, roll_id, "dice.not_your_secret")
            locale = user_locale(interaction)
            await send(
                interaction,
                t(
                    "dice.your_secret",
                    locale=locale,
                    text=dice_text(record["result"], locale, record["system"]),
                ),
                ephemeral=True,
                view=reveal_view(roll_id, locale),
            )
        except Exception as error:
            await report(interaction, error)


def gm_failure(problem: str, locale: str) -> str:
    """Why the GM's copy did not arrive, as one line for the roller."""
    return t("dice.gm_not_delivered", locale=locale, reason=t(problem, locale=locale))
