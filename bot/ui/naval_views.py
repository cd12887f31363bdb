"""The naval event's persistent buttons: the PC with the highest action value rolls it, the GM
may skip it. Their custom ids carry the encounter, so they survive a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.combat.model import Encounter
from bot.i18n import t


class NavalEventButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"naval:event:(?P<encounter>[0-9]+):(?P<choice>roll|skip)",
):
    def __init__(self, encounter_id: int, choice: str, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t(f"ui.button_event_{choice}", locale=locale),
            style=discord.ButtonStyle.primary
            if choice == "roll"
            else discord.ButtonStyle.secondary,
            custom_id=f"naval:event:{encounter_id}:{choice}",
        )
        super().__init__(button)
        self.encounter_id, self.choice = encounter_id, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> NavalEventButton:
        return cls(int(match["encounter"]), match["choice"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Naval")
        action = "roll_event" if self.choice == "roll" else "skip_event"
        await cog.on_button(interaction, self.encounter_id, action)


def naval_buttons(enc: Encounter, event: object, locale: str | None) -> list:
    from bot.combat.events import NavalEventRequested

    if isinstance(event, NavalEventRequested) and enc.id is not None:
        return [NavalEventButton(enc.id, c, locale) for c in ("roll", "skip")]
    return []
