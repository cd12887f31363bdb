"""Persistent buttons. Their custom ids carry what they act on, so they keep working after a
restart: discord.py matches the id's pattern and rebuilds the item (``DynamicItem``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.combat.model import Encounter
from bot.i18n import t


class EncounterButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"enc:(?P<action>next|end|skip):(?P<encounter>[0-9]+):(?P<version>[0-9]+)",
):
    """Next / End on the tracker, and Skip on the GM's question whether to pass over a
    player's turn. The version is the state the button was drawn for: a click on an older
    tracker (or an answer to a question overtaken since) is refused as "someone acted first"."""

    def __init__(
        self, action: str, encounter_id: int, version: int, locale: str | None = None
    ) -> None:
        style = discord.ButtonStyle.primary if action == "next" else discord.ButtonStyle.danger
        button = discord.ui.Button(
            label=t(f"ui.button_{action}", locale=locale),
            style=style,
            custom_id=f"enc:{action}:{encounter_id}:{version}",
        )
        super().__init__(button)
        self.action, self.encounter_id, self.version = action, encounter_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> EncounterButton:
        return cls(match["action"], int(match["encounter"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Encounters")
        await cog.on_tracker_button(interaction, self.action, self.encounter_id, self.version)


class RevealButton(discord.ui.DynamicItem[discord.ui.Button], template=r"reveal:(?P<roll>[0-9]+)"):
    """Publishes a secret roll's result to its channel (the roller or a GM may press it)."""

    def __init__(self, roll_id: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("ui.button_reveal", locale=locale),
            style=discord.ButtonStyle.secondary,
            custom_id=f"reveal:{roll_id}",
        )
        super().__init__(button)
        self.roll_id = roll_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> RevealButton:
        return cls(int(match["roll"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Dice")
        await cog.reveal(interaction, self.roll_id)


def tracker_view(enc: Encounter) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if enc.active and enc.id is not None:
        view.add_item(EncounterButton("next", enc.id, enc.version))
        view.add_item(EncounterButton("end", enc.id, enc.version))
    return view


def skip_view(encounter_id: int, version: int, locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EncounterButton("skip", encounter_id, version, locale))
    return view


def reveal_view(roll_id: int, locale: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RevealButton(roll_id, locale))
    return view


class ReactButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"gc:react:(?P<encounter>[0-9]+):(?P<target>[0-9]+)",
):
    """On an attack's announcement: the target's player (or the GM) rolls the reaction."""

    def __init__(
        self, encounter_id: int, target_id: int, locale: str | None = None, name: str = ""
    ) -> None:
        # One attack on several targets shows a button for each: their names tell them apart.
        label = t("ui.button_react_for", locale=locale, name=name) if name else None
        button = discord.ui.Button(
            label=(label or t("ui.button_react", locale=locale))[:80],
            style=discord.ButtonStyle.success,
            custom_id=f"gc:react:{encounter_id}:{target_id}",
        )
        super().__init__(button)
        self.encounter_id, self.target_id = encounter_id, target_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ReactButton:
        return cls(int(match["encounter"]), int(match["target"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Grancrest")
        await cog.on_react_button(interaction, self.encounter_id, self.target_id)


def action_groups(
    enc: Encounter, events: list[object], locale: str | None = None
) -> list[list[discord.ui.Item]]:
    """Buttons an announcement needs, each event's kept together (an offer's yes / no): end
    the turn that starts, roll a reaction to an attack. However many there are, the outgoing
    layer spreads them over rows and messages."""
    from bot.combat.events import PhaseStarted, ReactionRequested, TurnStarted
    from bot.ui.esp_views import esperancer_buttons
    from bot.ui.naval_views import naval_buttons
    from bot.ui.render import display_name

    if enc.id is None:
        return []
    groups: list[list[discord.ui.Item]] = []
    own = {"Esperancer": esperancer_buttons, "naval": naval_buttons}.get(enc.system)
    several = sum(isinstance(e, ReactionRequested) for e in events) > 1
    for event in events:
        if (
            isinstance(event, PhaseStarted)
            and event.phase == "initiative"
            and enc.system == "GranCrest"
            and any(p.kind == "initiative_skills" for p in enc.prompts)  # still open
        ):
            groups.append([InterruptButton(enc.id, locale)])
        elif own is not None and (buttons := own(enc, event, locale)):
            groups.append(buttons)
        elif isinstance(event, TurnStarted):
            groups.append([EndTurnButton(enc.id, event.combatant_id, locale)])
        elif isinstance(event, ReactionRequested):
            name = display_name(enc.combatant(event.target_id), for_gm=False) if several else ""
            groups.append([ReactButton(enc.id, event.target_id, locale, name)])
    return groups


class EndTurnButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"enc:endturn:(?P<encounter>[0-9]+):(?P<actor>[0-9]+)",
):
    """On a turn's announcement: its player (or the GM) ends that turn — and only that one."""

    def __init__(self, encounter_id: int, actor_id: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("ui.button_end_turn", locale=locale),
            style=discord.ButtonStyle.secondary,
            custom_id=f"enc:endturn:{encounter_id}:{actor_id}",
        )
        super().__init__(button)
        self.encounter_id, self.actor_id = encounter_id, actor_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> EndTurnButton:
        return cls(int(match["encounter"]), int(match["actor"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Encounters")
        await cog.on_end_turn_button(interaction, self.encounter_id, self.actor_id)


class InterruptButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"gc:interrupt:(?P<encounter>[0-9]+)",
):
    """On an initiative phase's announcement: anyone declares an initiative skill (a modal)."""

    def __init__(self, encounter_id: int, locale: str | None = None) -> None:
        button = discord.ui.Button(
            label=t("ui.button_interrupt", locale=locale),
            style=discord.ButtonStyle.primary,
            custom_id=f"gc:interrupt:{encounter_id}",
        )
        super().__init__(button)
        self.encounter_id = encounter_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> InterruptButton:
        return cls(int(match["encounter"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Grancrest")
        await cog.ask_interrupt(interaction, InterruptModal(self.encounter_id))


class InterruptModal(discord.ui.Modal):
    def __init__(self, encounter_id: int) -> None:
        super().__init__(title=t("ui.interrupt_title"), timeout=300)
        self.encounter_id = encounter_id
        self.skill = discord.ui.TextInput(
            label=t("ui.interrupt_skill"), custom_id="skill", max_length=100
        )
        self.combatant = discord.ui.TextInput(
            label=t("ui.interrupt_combatant"), custom_id="combatant", required=False, max_length=64
        )
        self.add_item(self.skill)
        self.add_item(self.combatant)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog("Grancrest")
        who = self.combatant.value.strip() or None
        await cog.on_interrupt(interaction, self.encounter_id, self.skill.value, who)
