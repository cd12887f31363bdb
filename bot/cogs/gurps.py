"""``/gurps …``: the group's GURPS 百鬼夜翔 regulation in Discord — CP costs from the two tables,
validating a sheet, the GM's experience. Thin: the rules are in ``bot.systems.gurps``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import send, user_locale
from bot.dice.parser import fold_width
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.systems.gurps import regulation
from bot.systems.gurps.regulation import RegulationError

if TYPE_CHECKING:
    from bot.app import TabletopBot

KINDS = ("easy", "average", "hard", *regulation.YOJUTSU_COSTS)


class GurpsCog(commands.Cog, name="GURPS"):
    gurps = app_commands.Group(
        name=text("gurps", "cmd.gurps"),
        description=text("GURPS 百鬼夜翔: the group's regulation", "cmd.gurps.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @gurps.command(
        name=text("cp", "cmd.gurps.cp"),
        description=text("CP cost of a skill or 妖術 at a level", "cmd.gurps.cp.desc"),
    )
    @app_commands.describe(
        kind=text("Skill difficulty or 妖術 kind", "cmd.gurps.kind"),
        level=text("The level wanted", "cmd.gurps.level"),
        attribute=text("The attribute it is based on", "cmd.gurps.attribute"),
    )
    @app_commands.choices(
        kind=[app_commands.Choice(name=text(k, f"gurps_kind.{k}"), value=k) for k in KINDS]
    )
    @options("kind", "level", "attribute")
    async def cp(
        self,
        interaction: discord.Interaction,
        kind: str,
        level: app_commands.Range[int, 0, 99],
        attribute: app_commands.Range[int, 1, 99],
    ) -> None:
        offset = level - attribute
        if kind in regulation.SKILL_COSTS:
            cost = regulation.skill_cost(kind, offset)
        else:
            cost = regulation.yojutsu_cost(kind, offset)
        locale = user_locale(interaction)
        await send(
            interaction,
            t(
                "gurps.cp",
                locale=locale,
                kind=t(f"gurps_kind.{kind}", locale=locale),
                level=level,
                offset=f"{offset:+d}" if offset else "±0",
                cost=f"{cost:g}",
            ),
            ephemeral=True,
        )

    @gurps.command(
        name=text("validate", "cmd.gurps.validate"),
        description=text("Check a sheet against the regulation", "cmd.gurps.validate.desc"),
    )
    @app_commands.describe(
        sheet=text(
            "e.g. cp=620 unused=5 st=12 skill:剣=14 trait:意志の強さ=3 power:火炎=8 limit:変身=-30",
            "cmd.gurps.sheet",
        )
    )
    @options("sheet")
    async def validate(
        self, interaction: discord.Interaction, sheet: app_commands.Range[str, 1, 1000]
    ) -> None:
        locale = user_locale(interaction)
        breaches = regulation.validate(regulation.parse_sheet(sheet))
        if not breaches:
            message = t("gurps.valid", locale=locale)
        else:
            lines = [f"・{t(b.code, locale=locale, **b.params)}" for b in breaches]
            message = (
                t("gurps.invalid", locale=locale, count=len(breaches)) + "\n" + "\n".join(lines)
            )
        await send(interaction, message[:2000], ephemeral=True)

    @gurps.command(
        name=text("gmxp", "cmd.gurps.gmxp"),
        description=text("The GM's experience: a third of the PCs' total", "cmd.gurps.gmxp.desc"),
    )
    @app_commands.describe(
        earned=text("What each PC earned, e.g. 3 4 5 (or the total)", "cmd.gurps.earned")
    )
    @options("earned")
    async def gmxp(self, interaction: discord.Interaction, earned: str) -> None:
        parts = re.split(r"[\s,、+]+", fold_width(earned).strip())
        if not parts or not all(p.isdigit() for p in parts):
            raise RegulationError("gurps.bad_xp", text=earned[:40])
        total = sum(int(p) for p in parts)
        await send(
            interaction,
            t("gurps.gmxp", total=total, xp=regulation.gm_experience(total)),
            allowed_mentions=discord.AllowedMentions.none(),
        )
