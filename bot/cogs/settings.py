"""``/system`` (the channel's game system) and ``/config`` (the server's settings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Refusal, caller_of, send, user_locale
from bot.cogs.systems import resolve, system_choices, system_name
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.store.settings import SecretMode

if TYPE_CHECKING:
    from bot.client import TabletopBot

LANGUAGES = ("ja", "zh-TW", "en")


class SettingsCog(commands.Cog, name="Settings"):
    system = app_commands.Group(
        name=text("system", "cmd.system"),
        description=text("The channel's game system", "cmd.system.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @system.command(
        name=text("set", "cmd.system.set"),
        description=text("Choose the channel's game system", "cmd.system.set.desc"),
    )
    @app_commands.describe(system=text("Game system", "cmd.system.set.system"))
    @options("system")
    async def system_set(self, interaction: discord.Interaction, system: str) -> None:
        caller = await caller_of(self.bot, interaction)
        if not caller.manages_channel:
            raise Refusal("settings.not_allowed")
        match = await resolve(self.bot, system)
        await self.bot.settings_store.set_channel(
            interaction.guild_id, interaction.channel_id or 0, system=match
        )
        await send(
            interaction,
            t(
                "settings.system_set",
                locale=user_locale(interaction),
                system=match,
                name=await system_name(self.bot, match),
            ),
        )

    @system_set.autocomplete("system")
    async def _system_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await system_choices(self.bot, current)

    @system.command(
        name=text("show", "cmd.system.show"),
        description=text("Show the channel's game system", "cmd.system.show.desc"),
    )
    async def system_show(self, interaction: discord.Interaction) -> None:
        settings = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        await send(
            interaction,
            t(
                "settings.system_is",
                locale=user_locale(interaction),
                system=settings.system,
                name=await system_name(self.bot, settings.system),
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name=text("config", "cmd.config"),
        description=text("Server settings for the bot", "cmd.config.desc"),
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(
        secret_mode=text("Who sees secret rolls", "cmd.config.secret_mode"),
        chat_rolls=text("Answer dice commands typed in chat", "cmd.config.chat_rolls"),
        gm_role=text("Members with this role count as GMs", "cmd.config.gm_role"),
        gm_channel=text("Where the GM's copy of secret rolls goes", "cmd.config.gm_channel"),
        language=text("The server's default language for the bot's posts", "cmd.config.language"),
        channel_language=text(
            "Language of the bot's posts in this channel (server: back to the server's)",
            "cmd.config.channel_language",
        ),
        anyone_starts=text(
            "Let any member start an encounter and GM it", "cmd.config.anyone_starts"
        ),
    )
    @options(
        "secret_mode", "chat_rolls", "gm_role", "gm_channel", "language", "channel_language",
        "anyone_starts",
    )  # fmt: skip
    @app_commands.choices(
        secret_mode=[
            app_commands.Choice(name=text(m.value, f"secret_mode.{m.value}"), value=m.value)
            for m in SecretMode
        ],
        language=[app_commands.Choice(name=lang, value=lang) for lang in LANGUAGES],
        channel_language=[
            *(app_commands.Choice(name=lang, value=lang) for lang in LANGUAGES),
            app_commands.Choice(
                name=text("the server's default", "settings.language_choice.server"),
                value="server",
            ),
        ],
    )
    async def config(
        self,
        interaction: discord.Interaction,
        secret_mode: str | None = None,
        chat_rolls: bool | None = None,
        gm_role: discord.Role | None = None,
        gm_channel: discord.TextChannel | None = None,
        language: str | None = None,
        anyone_starts: bool | None = None,
        channel_language: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        member = interaction.user
        if not isinstance(member, discord.Member) or not member.guild_permissions.manage_guild:
            raise Refusal("settings.not_allowed")
        changes: dict[str, object] = {}
        if secret_mode is not None:
            changes["secret_mode"] = SecretMode(secret_mode).value
        if chat_rolls is not None:
            changes["chat_rolls"] = chat_rolls
        if gm_role is not None:
            changes["gm_role_id"] = gm_role.id
        if gm_channel is not None:
            changes["gm_channel_id"] = gm_channel.id
        if language is not None:
            changes["locale"] = language
        if anyone_starts is not None:
            changes["anyone_starts"] = anyone_starts
        if changes:
            await self.bot.settings_store.set_guild(interaction.guild_id, **changes)
        if channel_language is not None:  # this channel's posts; "server": the server's again
            await self.bot.settings_store.set_channel(
                interaction.guild_id, interaction.channel_id or 0,
                locale=None if channel_language == "server" else channel_language,
            )  # fmt: skip
        now = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        locale = user_locale(interaction)
        summary = t(
            "settings.summary", locale=locale,
            secret_mode=t(f"secret_mode.{now.secret_mode.value}", locale=locale),
            chat_rolls="✅" if now.chat_rolls else "❌",
            gm_role=f"<@&{now.gm_role_id}>" if now.gm_role_id else "—",
            gm_channel=f"<#{now.gm_channel_id}>" if now.gm_channel_id else "—",
            language=now.locale or self.bot.config.default_locale,
            anyone_starts="✅" if now.anyone_starts else "❌",
        )  # fmt: skip
        await send(
            interaction, summary, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
