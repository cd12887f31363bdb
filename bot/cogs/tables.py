"""``/table add | list | roll | remove``: user-defined tables in BCDice's text format."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Refusal, caller_of, post_locale, send, user_locale
from bot.dice import roll
from bot.i18n import t
from bot.i18n.dice_words import dice_text
from bot.i18n.translator import options, text

if TYPE_CHECKING:
    from bot.client import TabletopBot

MAX_UPLOAD = 100_000


class TablesCog(commands.Cog, name="Tables"):
    table = app_commands.Group(
        name=text("table", "cmd.table"),
        description=text("Your server's dice tables", "cmd.table.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @table.command(
        name=text("add", "cmd.table.add"),
        description=text(
            "Add or replace a table (paste it or upload a .txt)", "cmd.table.add.desc"
        ),
    )
    @app_commands.describe(
        command=text("The command that rolls it, e.g. DRINK", "cmd.table.add.command"),
        content=text(
            "The table: name, dice, then value:text lines (use \\n between lines)",
            "cmd.table.add.content",
        ),
        file=text("Or a text file with the table", "cmd.table.add.file"),
    )
    @options("command", "content", "file")
    async def add(
        self,
        interaction: discord.Interaction,
        command: str,
        content: str | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        caller = await caller_of(self.bot, interaction)
        if file is not None:
            if file.size > MAX_UPLOAD:
                raise Refusal("table.file_too_big", limit=MAX_UPLOAD)
            source = (await file.read()).decode("utf-8", errors="replace")
        elif content:
            source = content.replace("\\n", "\n") if "\n" not in content else content
        else:
            raise Refusal("table.nothing")
        name, table = await self.bot.tables.add(
            interaction.guild_id or 0, caller.user_id, caller.manages_channel, command, source
        )
        await send(
            interaction,
            t(
                "table.added",
                locale=user_locale(interaction),
                name=table.name,
                command=name,
                rows=len(table.rows),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @table.command(
        name=text("list", "cmd.table.list"),
        description=text("List the server's tables", "cmd.table.list.desc"),
    )
    async def list_(self, interaction: discord.Interaction) -> None:
        tables = await self.bot.tables.for_guild(interaction.guild_id)
        lines = [f"`{cmd}` — {tbl.name} ({tbl.dice})" for cmd, tbl in sorted(tables.items())]
        await send(
            interaction,
            "\n".join(lines) or t("table.none", locale=user_locale(interaction)),
            ephemeral=True,
        )

    @table.command(
        name=text("roll", "cmd.table.roll"),
        description=text("Roll on a table", "cmd.table.roll.desc"),
    )
    @app_commands.describe(command=text("The table's command", "cmd.table.roll.command"))
    @options("command")
    async def roll_(self, interaction: discord.Interaction, command: str) -> None:
        tables = await self.bot.tables.for_guild(interaction.guild_id)
        if command.upper() not in tables:
            raise Refusal("table.unknown", command=command[:40])
        result = roll(command.upper(), dice=self.bot.dice, tables=tables, strict=True)
        assert result is not None
        shown = dice_text(result.text, await post_locale(self.bot, interaction))
        await send(interaction, f"{interaction.user.display_name}: {shown}")

    @table.command(
        name=text("remove", "cmd.table.remove"),
        description=text("Remove a table (its maker or a GM)", "cmd.table.remove.desc"),
    )
    @app_commands.describe(command=text("The table's command", "cmd.table.remove.command"))
    @options("command")
    async def remove(self, interaction: discord.Interaction, command: str) -> None:
        caller = await caller_of(self.bot, interaction)
        removed = await self.bot.tables.remove(
            interaction.guild_id or 0, caller.user_id, caller.manages_channel, command
        )
        key = "table.removed" if removed else "table.unknown"
        await send(
            interaction,
            t(key, locale=user_locale(interaction), command=command.upper()[:40]),
            ephemeral=True,
        )

    @roll_.autocomplete("command")
    @remove.autocomplete("command")
    async def _table_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tables = await self.bot.tables.for_guild(interaction.guild_id)
        folded = current.casefold()
        return [
            app_commands.Choice(name=f"{cmd} — {tbl.name}"[:100], value=cmd)
            for cmd, tbl in sorted(tables.items())
            if folded in cmd.casefold() or folded in tbl.name.casefold()
        ][:25]
