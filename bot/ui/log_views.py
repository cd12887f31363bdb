"""The confirmation button of ``/log clear``. Its id carries the channel and the moment the GM
asked, so it keeps working after a restart and clears only what was there when asked (what the
channel says after the question stays)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t


class ClearLogButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"log:clear:(?P<channel>[0-9]+):(?P<before>[0-9]+)",
):
    def __init__(self, channel_id: int, before_ms: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("log.button_clear", locale=locale),
            style=discord.ButtonStyle.danger,
            custom_id=f"log:clear:{channel_id}:{before_ms}",
        )
        super().__init__(button)
        self.channel_id, self.before_ms = channel_id, before_ms

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ClearLogButton:
        return cls(int(match["channel"]), int(match["before"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Log")
        await cog.on_clear_button(interaction, self.channel_id, self.before_ms)


def clear_view(channel_id: int, before_ms: int, locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ClearLogButton(channel_id, before_ms, locale))
    return view
