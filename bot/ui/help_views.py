"""The Help button (on an error's reply) and the page menu (under every help page). Both are
stateless: the custom id names the page, so they work on messages sent before a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.ui.help_pages import TOPICS

_TOPIC = "|".join(TOPICS)


class HelpButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"help:open:(?P<topic>{_TOPIC})"
):
    """Opens one help page, privately, for whoever presses it."""

    def __init__(self, topic: str, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("help.button", locale=locale),
            style=discord.ButtonStyle.secondary,
            custom_id=f"help:open:{topic}",
        )
        super().__init__(button)
        self.topic = topic

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> HelpButton:
        return cls(match["topic"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.client.get_cog("HelpPages").show(interaction, self.topic)


class HelpMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"help:pick"):
    """Every page, the shown one marked: another page in one choice."""

    def __init__(self, shown: str | None = None, locale: str | None = None) -> None:
        menu: discord.ui.Select = discord.ui.Select(
            custom_id="help:pick",
            placeholder=t("help.pick", locale=locale),
            options=[
                discord.SelectOption(
                    label=t(f"help.title.{topic}", locale=locale)[:100],
                    value=topic,
                    default=topic == shown,
                )
                for topic in TOPICS
            ],
        )
        super().__init__(menu)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> HelpMenu:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        chosen = (interaction.data or {}).get("values") or [TOPICS[0]]
        topic = chosen[0] if chosen[0] in TOPICS else TOPICS[0]
        await interaction.client.get_cog("HelpPages").turn_to(interaction, topic)


def help_button(topic: str, locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HelpButton(topic, locale))
    return view


def page_menu(topic: str, locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HelpMenu(topic, locale))
    return view
