"""``/gurps …``: the group's GURPS 百鬼夜翔 rules in Discord — CP costs, validating a sheet, the
GM's experience, traits and stress points. Thin: the rules are in ``bot.systems.gurps``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from sqlalchemy import select

from bot.cogs.common import caller_of, channel_locale, send, user_locale
from bot.dice.parser import fold_width
from bot.i18n import t
from bot.i18n.translator import options, text
from bot.store.models import Character
from bot.store.stress import change_stress, set_state, stress_history, stress_of
from bot.systems.gurps import regulation, stress
from bot.systems.gurps.regulation import RegulationError

if TYPE_CHECKING:
    from bot.app import TabletopBot

KINDS = ("easy", "average", "hard", *regulation.YOJUTSU_COSTS)
CHARACTERS = Character.__table__


def traits_of(row: dict) -> frozenset[str]:
    return frozenset((row.get("state") or {}).get("traits", []))


def stress_maximum(row: dict) -> int:
    stats = row["stats"]
    if "iq" not in stats:
        raise RegulationError("gurps.needs_iq", name=row["name"])
    return stress.maximum(int(stats["iq"]), int(stats.get("will", 0)))


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

    async def _character(self, interaction: discord.Interaction, name: str, *, mine: bool) -> dict:
        async with self.bot.database.read() as conn:
            row = (
                await conn.execute(
                    select(CHARACTERS).where(
                        CHARACTERS.c.guild_id == interaction.guild_id,
                        CHARACTERS.c.system == "GURPS",
                        CHARACTERS.c.name == name,
                    )
                )
            ).mappings().first()  # fmt: skip
        if row is None:
            raise RegulationError("gurps.unknown_character", name=name[:64])
        caller = await caller_of(self.bot, interaction)
        if mine and row["owner_id"] != caller.user_id and not caller.manages_channel:
            raise RegulationError("gurps.not_yours", name=row["name"])
        return dict(row)

    @gurps.command(
        name=text("traits", "cmd.gurps.traits"),
        description=text(
            "Traits these rules look at (冷静沈着, 正直, 闇視 …)", "cmd.gurps.traits.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        traits=text("e.g. 冷静沈着 正直 誠実 暗視", "cmd.gurps.trait_list"),
    )
    @options("character", "traits")
    async def traits(
        self,
        interaction: discord.Interaction,
        character: str,
        traits: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        row = await self._character(interaction, character, mine=True)
        names = sorted({n for n in re.split(r"[\s,、]+", fold_width(traits)) if n})
        await set_state(self.bot.database, row["id"], "traits", names)
        await send(
            interaction,
            t("gurps.traits_set", locale=user_locale(interaction), name=row["name"],
              traits=", ".join(names) or "—"),
            ephemeral=True,
        )  # fmt: skip

    @gurps.command(
        name=text("stress", "cmd.gurps.stress"),
        description=text("Stress points: apply a cause, or show them", "cmd.gurps.stress.desc"),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        cause=text("What happened (empty: show)", "cmd.gurps.cause"),
        pay_yen=text("Relief paid in money (1D−1 × 10,000 yen)", "cmd.gurps.pay"),
    )
    @app_commands.choices(
        cause=[
            app_commands.Choice(name=text(c, f"stress_cause.{c}"), value=c) for c in stress.CAUSES
        ]
    )
    @options("character", "cause", "pay_yen")
    async def stress_(
        self,
        interaction: discord.Interaction,
        character: str,
        cause: str | None = None,
        pay_yen: bool = False,
    ) -> None:
        if cause is None:
            await self._show_stress(interaction, character)
            return
        row = await self._character(interaction, character, mine=True)
        maximum = stress_maximum(row)
        spec = stress.cause_amount(cause, traits_of(row))

        def work(current: dict) -> tuple[stress.Stress, stress.Change]:
            before = stress_of(current, maximum)
            return stress.apply(before, cause, spec, self.bot.dice, pay_yen=pay_yen)

        after, change = await change_stress(self.bot.database, row["id"], work)
        locale = await channel_locale(self.bot, interaction.guild_id, interaction.channel_id or 0)
        await send(
            interaction,
            "\n".join(change_lines(row["name"], after, change, locale)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _show_stress(self, interaction: discord.Interaction, name: str) -> None:
        row = await self._character(interaction, name, mine=False)
        current = stress_of(row, stress_maximum(row))
        locale = user_locale(interaction)
        mark = t("gurps.stress_depressed_mark", locale=locale) if current.depressed else ""
        lines = [
            t("gurps.stress_status", locale=locale, name=row["name"], value=current.value,
              maximum=current.maximum, depressed=mark)
        ]  # fmt: skip
        history = await stress_history(self.bot.database, row["id"])
        for entry in history:
            label = t(f"stress_cause.{entry['cause']}", locale=locale)
            lines.append(f"・{label} {entry['delta']:+d} → {entry['after']}")
        if not history:
            lines.append(t("gurps.no_history", locale=locale))
        await send(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @stress_.autocomplete("character")
    @traits.autocomplete("character")
    async def _character_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        async with self.bot.database.read() as conn:
            rows = (
                await conn.execute(
                    select(CHARACTERS.c.name)
                    .where(
                        CHARACTERS.c.guild_id == interaction.guild_id,
                        CHARACTERS.c.system == "GURPS",
                    )
                    .order_by(CHARACTERS.c.name)
                    .limit(200)
                )
            ).all()
        folded = current.casefold()
        return [
            app_commands.Choice(name=r.name, value=r.name)
            for r in rows
            if folded in r.name.casefold()
        ][:25]


def change_lines(name: str, after: stress.Stress, change: stress.Change, locale: str) -> list[str]:
    """A stress change as posted: the cause and amount (with its roll), then what it led to."""
    delta = f"{change.delta:+d}"
    if change.rolled:
        delta += t("gurps.stress_rolled", locale=locale, text=change.rolled)
    lines = [
        t("gurps.stress_changed", locale=locale, name=name,
          cause=t(f"stress_cause.{change.cause}", locale=locale), delta=delta,
          after=change.after, maximum=after.maximum)
    ]  # fmt: skip
    if change.relief_yen is not None:
        lines.append(t("gurps.relief_yen", locale=locale, yen=f"{change.relief_yen:,}"))
    if change.became_depressed:
        lines.append(t("gurps.depressed", locale=locale, name=name))
    if change.depression_ended:
        lines.append(t("gurps.depression_ended", locale=locale, name=name))
    if change.breakdown_days is not None:
        lines.append(t("gurps.breakdown", locale=locale, name=name, days=change.breakdown_days))
    return lines
