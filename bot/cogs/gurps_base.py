"""What every ``/gurps`` command shares: the command group, finding a saved character (and
whether the caller may change it), the scene's light, and changing stress under the row's lock."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.cogs.common import caller_of
from bot.cogs.gurps_text import change_lines, stress_maximum, traits_of
from bot.cogs.tracker_scene import redraw
from bot.i18n.translator import text
from bot.store.characters import find_character, names_matching
from bot.store.stress import change_stress, stress_of
from bot.systems.gurps import stress
from bot.systems.gurps.regulation import RegulationError

if TYPE_CHECKING:
    from bot.client import TabletopBot

gurps = app_commands.Group(
    name=text("gurps", "cmd.gurps"),
    description=text("GURPS 百鬼夜翔: the group's regulation", "cmd.gurps.desc"),
    guild_only=True,
)


class GurpsBase:
    """Mixed into the cog: its commands are the ``gurps`` group's, bound to the cog."""

    bot: TabletopBot

    async def _character(self, interaction: discord.Interaction, name: str, *, mine: bool) -> dict:
        row = await find_character(self.bot.database, interaction.guild_id, "GURPS", name)
        if row is None:
            raise RegulationError("gurps.unknown_character", name=name[:64])
        caller = await caller_of(self.bot, interaction)
        if mine and row["owner_id"] != caller.user_id and not caller.manages_channel:
            raise RegulationError("gurps.not_yours", name=row["name"])
        return row

    async def _light(self, interaction: discord.Interaction) -> str | None:
        settings = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        return settings.scene_light

    async def _redraw(self, interaction: discord.Interaction) -> None:
        """The channel's tracker shows the scene's light and the fighters' stress: after a
        change to either, bring it up to date."""
        await redraw(self.bot, interaction.channel, interaction.channel_id or 0)

    async def _stress_after_check(self, row: dict, cause: str, locale: str) -> list[str]:
        traits = traits_of(row)
        spec = (
            stress.cause_amount(cause, traits)
            if cause in stress.CAUSES
            else stress.pressure_cause(cause, traits)
        )
        return [] if spec == "0" else await self._apply_stress(row, cause, spec, locale)

    async def _apply_stress(
        self, row: dict, cause: str, spec: str, locale: str, *, pay_yen: bool = False
    ) -> list[str]:
        """Change the stored stress by ``spec`` (read and written under the row's lock) and say
        what happened."""
        maximum = stress_maximum(row)

        def work(current: dict) -> tuple[stress.Stress, stress.Change]:
            before = stress_of(current, maximum)
            return stress.apply(before, cause, spec, self.bot.dice, pay_yen=pay_yen)

        after, change = await change_stress(self.bot.database, row["id"], work)
        return change_lines(row["name"], after, change, locale)

    async def _choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The server's GURPS characters matching what was typed, for autocomplete."""
        names = await names_matching(self.bot.database, interaction.guild_id, "GURPS", current)
        return [app_commands.Choice(name=n, value=n) for n in names]
