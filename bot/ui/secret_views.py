"""The "Show my roll" button on a secret roll's notice, for a roller whose direct messages are
closed: it shows the result to the roller (or a GM) alone."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t


class ShowButton(discord.ui.DynamicItem[discord.ui.Button], template=r"show:(?P<roll>[0-9]+)"):
    def __init__(self, roll_id: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("ui.button_show", locale=locale),
            style=discord.ButtonStyle.secondary,
            custom_id=f"show:{roll_id}",
        )
        super().__init__(button)
        self.roll_id = roll_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ShowButton:
        return cls(int(match["roll"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.client.get_cog("Dice").show(interaction, self.roll_id)


def show_view(roll_id: int | None, locale: str | None = None) -> discord.ui.View | None:
    if roll_id is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ShowButton(roll_id, locale))
    return view
