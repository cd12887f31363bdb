"""The floor: a bare discord.py bot with our load's command names, each answering a fixed text.

Run by ``benchmarks/bot.py --bare`` in place of our bot, against the same fake Discord and
load, so ours ÷ bare is the share of what a discord.py process can do here that we reach.
No database, no rules, no views: one interaction response per command; the process's
garbage collector set as ours is (``bot.collector``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import collector

ANSWER = "ok"


class BareBot(discord.Client):
    def __init__(self) -> None:
        # No pings, as ours (the fake Discord refuses a message that could ping everyone).
        super().__init__(
            intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none()
        )
        self.tree = app_commands.CommandTree(self)
        combat = app_commands.Group(name="combat", description="combat")

        async def answer(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(ANSWER)

        @combat.command(name="start", description="start")
        async def start(interaction: discord.Interaction, ruleset: str | None = None) -> None:
            await answer(interaction)

        @combat.command(name="add", description="add")
        async def add(
            interaction: discord.Interaction,
            name: str | None = None,
            count: int | None = None,
            action_value: int | None = None,
        ) -> None:
            await answer(interaction)

        @combat.command(name="next", description="next")
        async def next_(interaction: discord.Interaction) -> None:
            await answer(interaction)

        @combat.command(name="status", description="status")
        async def status(interaction: discord.Interaction) -> None:
            await answer(interaction)

        @combat.command(name="act", description="act")
        async def act(
            interaction: discord.Interaction, action: str | None = None, detail: str | None = None
        ) -> None:
            await answer(interaction)

        @app_commands.command(name="roll", description="roll")
        async def roll(interaction: discord.Interaction, command: str | None = None) -> None:
            await answer(interaction)

        self.tree.add_command(combat)
        self.tree.add_command(roll)

    async def setup_hook(self) -> None:
        await self.tree.sync()
        collector.settle()  # the same collector settings as ours: the floor is no weaker
