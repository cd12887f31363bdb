"""Help in Discord: ``/help <page>``, each group's own ``help`` (``/gc help`` opens the Grancrest
page), the Help button's and the page menu's answers, and a hint when a slash command was sent
as a chat message.

The ``help`` subcommands are added to the groups the other cogs declare (``install_help``), so
those cogs stay as they are and every group gets the same one; a group holds at most 25
subcommands (tests/cogs/test_help.py checks that each still does).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import outgoing
from bot.cogs.common import channel_locale, send, user_locale
from bot.i18n import LOCALES, t
from bot.i18n.translator import text
from bot.ui.fit import Post, groups
from bot.ui.help_pages import COMMAND_TOPICS, GROUP_TOPICS, TOPICS, page
from bot.ui.help_views import help_button, page_menu

if TYPE_CHECKING:
    from bot.client import TabletopBot

SLASHES = ("/", "／")  # a full-width slash too: what a Japanese keyboard types
TYPED = 60  # how much of a mistyped line the hint quotes


class HelpPagesCog(commands.Cog, name="HelpPages"):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    async def show(self, interaction: discord.Interaction, topic: str) -> None:
        """The page, privately, in the reader's language, with the menu to the others."""
        locale = user_locale(interaction)
        await send(interaction, embed=page(topic, locale), view=page_menu(topic, locale),
                   ephemeral=True)  # fmt: skip

    async def turn_to(self, interaction: discord.Interaction, topic: str) -> None:
        """The page menu: the same message shows the chosen page."""
        locale = user_locale(interaction)
        post = Post(embeds=[page(topic, locale)], groups=groups(page_menu(topic, locale)))
        await outgoing.replace(interaction, post)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """``/combat start`` sent as chat (the client's command menu was not used): say how to
        send it, with its page. Any other chat, however command-like, stays unanswered."""
        if message.author.bot or not message.content.startswith(SLASHES):
            return
        words = message.content[1:].split()
        root = self._root(words[0]) if words else None
        if root is None:
            return
        guild_id = message.guild.id if message.guild else None
        settings = await self.bot.settings_store.effective(guild_id, message.channel.id)
        if not settings.chat_rolls:  # the server wants no answers to chat
            return
        locale = await channel_locale(self.bot, guild_id, message.channel.id)
        hint = t("help.chat_hint", locale=locale, typed=message.content[:TYPED], command=f"/{root}")
        topic = COMMAND_TOPICS.get(root)
        view = help_button(topic, locale) if topic is not None else None
        await outgoing.send_to(message.channel, Post(hint, groups=groups(view)), reply_to=message)

    def _root(self, word: str) -> str | None:
        """The bot's root command ``word`` names in any language's spelling."""
        folded = word.casefold()
        for command in self.bot.tree.get_commands():
            names = {command.name, *(c.get(f"cmd.{command.name}") for c in LOCALES.values())}
            if folded in {n.casefold() for n in names if n}:
                return command.name
        return None


def _opener(topic: str) -> Callable[[discord.Interaction], Awaitable[None]]:
    async def open_page(interaction: discord.Interaction) -> None:
        await interaction.client.get_cog("HelpPages").show(interaction, topic)  # type: ignore[attr-defined]

    return open_page


def _command(key: str, name: str, topic: str) -> app_commands.Command:
    english = LOCALES["en"]
    return app_commands.Command(
        name=text(name, key),
        description=text(english[f"{key}.desc"], f"{key}.desc"),
        callback=_opener(topic),
    )


def install_help(tree: app_commands.CommandTree) -> None:
    """``/help <page>`` for every page, and ``/<group> help`` for every group that has a page
    (once the cogs have added their groups, before the commands are synced)."""
    root = tree.get_command("help")
    assert isinstance(root, app_commands.Group), "HelpCog declares /help"
    for topic in TOPICS:
        root.add_command(_command(f"cmd.help.{topic}", topic, topic))
    for name, topic in GROUP_TOPICS.items():
        group = tree.get_command(name)
        if isinstance(group, app_commands.Group):
            group.add_command(_command(f"cmd.{name}.help", "help", topic))
