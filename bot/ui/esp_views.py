"""Esperancer's persistent buttons: roll your own initiative; answer the Sonic Drive offer;
roll the dodge an attack waits for.
Like the others, their custom ids carry what they act on, so they survive a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.combat.model import Encounter, Phase
from bot.i18n import t
from bot.ui.fit import LABEL, shorten, units


class InitiativeButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"esp:init:(?P<encounter>[0-9]+)"
):
    """On the Initiative phase's announcement: each player rolls their own combatant's check."""

    def __init__(self, encounter_id: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("ui.button_initiative", locale=locale),
            style=discord.ButtonStyle.primary,
            custom_id=f"esp:init:{encounter_id}",
        )
        super().__init__(button)
        self.encounter_id = encounter_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> InitiativeButton:
        return cls(int(match["encounter"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Esperancer")
        await cog.on_button(interaction, self.encounter_id, "roll_initiative", None, "")


class SonicButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"esp:sonic:(?P<encounter>[0-9]+):(?P<who>[0-9]+):(?P<answer>yes|no)",
):
    """On a Sonic Drive offer: its player (or the GM) triggers it or lets it pass."""

    def __init__(
        self,
        encounter_id: int,
        combatant_id: int,
        answer: str,
        locale: str | None = None,
        whose: str | None = None,
    ) -> None:
        label = t(f"ui.button_sonic_{answer}", locale=locale)
        if whose is not None:  # many offers at once: each pair says whose it is
            room = LABEL - units(t("ui.button_whose", locale=locale, name="", choice=label))
            label = t("ui.button_whose", locale=locale, name=shorten(whose, room), choice=label)
        button = discord.ui.Button(
            label=label,
            style=discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.secondary,
            custom_id=f"esp:sonic:{encounter_id}:{combatant_id}:{answer}",
        )
        super().__init__(button)
        self.encounter_id, self.combatant_id, self.answer = encounter_id, combatant_id, answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> SonicButton:
        return cls(int(match["encounter"]), int(match["who"]), match["answer"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Esperancer")
        await cog.on_button(interaction, self.encounter_id, "sonic", self.combatant_id, self.answer)


class DodgeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"esp:dodge:(?P<encounter>[0-9]+):(?P<target>[0-9]+)",
):
    """On an attack that waits for a player's dodge: its player (or the GM) rolls it."""

    def __init__(self, encounter_id: int, target_id: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("ui.button_dodge", locale=locale),
            style=discord.ButtonStyle.success,
            custom_id=f"esp:dodge:{encounter_id}:{target_id}",
        )
        super().__init__(button)
        self.encounter_id, self.target_id = encounter_id, target_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> DodgeButton:
        return cls(int(match["encounter"]), int(match["target"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Esperancer")
        await cog.on_button(interaction, self.encounter_id, "dodge", self.target_id, "")


def esperancer_buttons(enc: Encounter, event: object, locale: str | None) -> list:
    from bot.combat.events import PhaseStarted, ReactionRequested, SonicDriveOffered
    from bot.ui.render import display_name

    if enc.id is None:
        return []
    if isinstance(event, PhaseStarted) and event.phase in ("setup", "initiative"):
        # Rolled in Setup or Initiative: offered while the fight still waits for the rolls.
        if enc.phase in (Phase.SETUP, Phase.INITIATIVE):
            return [InitiativeButton(enc.id, locale)]
        return []
    if isinstance(event, SonicDriveOffered):
        whose = display_name(enc.combatant(event.combatant_id), for_gm=False)
        return [SonicButton(enc.id, event.combatant_id, a, locale, whose) for a in ("yes", "no")]
    if isinstance(event, ReactionRequested):
        return [DodgeButton(enc.id, event.target_id, locale)]
    return []
