"""``/gurps …``: the group's GURPS 百鬼夜翔 rules in Discord — CP costs, validating a sheet, the
GM's experience, traits, skills, the scene's light and checks (the commands keeping stress,
fatigue and unused CP are ``bot.cogs.gurps_state``'s). Thin: the rules are in
``bot.systems.gurps``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import caller_of, option, post_locale, send, user_locale
from bot.cogs.gurps_base import gurps
from bot.cogs.gurps_state import StateCommands
from bot.cogs.gurps_text import (
    check_cause,
    cost_tables,
    light_name,
    skill_name,
    trait_name,
    traits_of,
)
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.i18n import glossary, t
from bot.i18n.dice_words import dice_text
from bot.i18n.translator import options, text
from bot.store.characters import change_state
from bot.store.stress import set_state
from bot.systems.fields import read
from bot.systems.gurps import regulation
from bot.systems.gurps.regulation import Light, RegulationError
from bot.systems.gurps.sheet import notes, parse_sheet, parse_skill_changes, validate
from bot.systems.gurps.standing import quick_contest, roll_check, standing

if TYPE_CHECKING:
    from bot.client import TabletopBot

CLEAR = frozenset({"-", "none", "なし", "無"})  # /gurps traits: remove them all
KINDS = regulation.all_kinds()


class GurpsCog(StateCommands, commands.Cog, name="GURPS"):
    gurps = gurps

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @gurps.command(
        name=text("cp", "cmd.gurps.cp"),
        description=text("CP cost of a skill or 妖術 at a level", "cmd.gurps.cp.desc"),
    )
    @app_commands.describe(
        kind=text("Skill difficulty or 妖術 kind", "cmd.gurps.kind"),
        level=text("The level wanted (empty: show the tables)", "cmd.gurps.level"),
        attribute=text("The attribute it is based on", "cmd.gurps.attribute"),
    )
    @app_commands.choices(
        kind=[app_commands.Choice(name=text(k, f"gurps_kind.{k}"), value=k) for k in KINDS]
    )
    @options("kind", "level", "attribute")
    async def cp(
        self,
        interaction: discord.Interaction,
        kind: str | None = None,
        level: option("level") | None = None,
        attribute: option("attribute") | None = None,
    ) -> None:
        locale = user_locale(interaction)
        if level is None:  # no level: the tables themselves
            await send(interaction, cost_tables(kind, locale), ephemeral=True)
            return
        if kind is None or attribute is None:
            raise RegulationError("gurps.cp_needs", field="kind" if kind is None else "attribute")
        offset = level - attribute
        cost = regulation.any_cost(kind, offset)
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
            "e.g. cp=620 unused=5 st=12 skill:剣=14 妖力:巨大化=8 power:火炎=8 limit:変身=+40 "
            "美醜=普通",
            "cmd.gurps.sheet",
        )
    )
    @options("sheet")
    async def validate(
        self, interaction: discord.Interaction, sheet: app_commands.Range[str, 1, 1000]
    ) -> None:
        locale = user_locale(interaction)
        parsed = parse_sheet(sheet)
        breaches = validate(parsed)
        mark = t("ui.order_mark", locale=locale)
        lines = [f"{mark}{t(b.code, locale=locale, **b.params)}" for b in breaches]
        if not breaches:
            lines.insert(0, t("gurps.valid", locale=locale))
        else:
            lines.insert(0, t("gurps.invalid", locale=locale, count=len(breaches)))
        lines += [f"※{t(n.code, locale=locale, **n.params)}" for n in notes(parsed)]
        await send(interaction, "\n".join(lines), ephemeral=True)

    @gurps.command(
        name=text("gmxp", "cmd.gurps.gmxp"),
        description=text("The GM's experience: a third of the PCs' total", "cmd.gurps.gmxp.desc"),
    )
    @app_commands.describe(
        earned=text("What each PC earned, e.g. 3 4 5 (or the total)", "cmd.gurps.earned")
    )
    @options("earned")
    async def gmxp(self, interaction: discord.Interaction, earned: str) -> None:
        parts = [p for p in re.split(r"[\s,、+]+", fold_width(earned).strip()) if p]
        if not parts or not all(is_whole(p) for p in parts):
            raise RegulationError("gurps.bad_xp", text=earned[:40])
        total = sum(read(p, "earned") for p in parts)
        locale = await post_locale(self.bot, interaction)
        await send(
            interaction,
            t("gurps.gmxp", locale=locale, total=total, xp=regulation.gm_experience(total)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @gurps.command(
        name=text("traits", "cmd.gurps.traits"),
        description=text(
            "Traits these rules look at (冷静沈着, 正直, 闇視 …)", "cmd.gurps.traits.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        traits=text(
            "e.g. 冷静沈着 正直 誠実 暗視 (empty: show them; -: clear)", "cmd.gurps.trait_list"
        ),
    )
    @options("character", "traits")
    async def traits(
        self,
        interaction: discord.Interaction,
        character: str,
        traits: app_commands.Range[str, 0, 500] = "",
    ) -> None:
        locale = user_locale(interaction)
        listed = fold_width(traits).strip()
        row = await self._character(interaction, character, mine=bool(listed))
        if not listed:  # no list: show them (changing nothing)
            names = sorted(traits_of(row))
            shown = t("ui.list_sep", locale=locale).join(trait_name(n, locale) for n in names)
            await send(interaction, t("gurps.traits_shown", locale=locale, name=row["name"],
                                      traits=shown or "—"), ephemeral=True)  # fmt: skip
            return
        words = [] if listed in CLEAR else re.split(r"[\s,、]+", listed)
        # every language's spelling counts as the regulation's name
        names = sorted({glossary.canonical("gurps_trait", n) for n in words if n})
        await set_state(self.bot.database, row["id"], traits=names)
        shown = t("ui.list_sep", locale=locale).join(trait_name(n, locale) for n in names)
        await send(
            interaction,
            t("gurps.traits_set", locale=locale, name=row["name"], traits=shown or "—"),
            ephemeral=True,
        )

    @gurps.command(
        name=text("light", "cmd.gurps.light"),
        description=text("Set the scene's lighting (GM)", "cmd.gurps.light.desc"),
    )
    @app_commands.describe(
        scene=text("The lighting", "cmd.gurps.scene"),
        torch=text("With a torch or flashlight", "cmd.gurps.torch"),
    )
    @app_commands.choices(
        scene=[app_commands.Choice(name=text(v.value, f"light.{v.value}"), value=v.value)
               for v in Light]
    )  # fmt: skip
    @options("scene", "torch")
    async def light(
        self, interaction: discord.Interaction, scene: str, torch: bool = False
    ) -> None:
        caller = await caller_of(self.bot, interaction)
        enc = await self.bot.encounters.status(interaction.channel_id or 0)
        if not caller.manages_channel and (enc is None or enc.gm_id != caller.user_id):
            raise RegulationError("gurps.light_gm_only")
        value = f"{scene}+torch" if torch else scene
        await self.bot.settings_store.set_channel(
            interaction.guild_id, interaction.channel_id or 0, scene_light=value
        )
        locale = await post_locale(self.bot, interaction)
        penalty = regulation.darkness(Light(scene), torch)
        message = t(
            "gurps.light_set",
            locale=locale,
            scene=light_name(value, locale),
            penalty=f"{penalty:+d}",
        )
        await send(interaction, message)
        await self._redraw(interaction)

    @gurps.command(
        name=text("skills", "cmd.gurps.skills"),
        description=text("A character's skill levels for /gurps check", "cmd.gurps.skills.desc"),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        skills=text(
            "e.g. 剣=14 鍵開け=12 (added or changed; 剣=- removes one)", "cmd.gurps.skill_list"
        ),
    )
    @options("character", "skills")
    async def skills(
        self,
        interaction: discord.Interaction,
        character: str,
        skills: app_commands.Range[str, 1, 1000],
    ) -> None:
        changes = {  # 開鎖 / Lockpicking = 鍵開け
            glossary.canonical("gurps_skill", name): level
            for name, level in parse_skill_changes(skills).items()
        }
        row = await self._character(interaction, character, mine=True)

        def work(now: dict) -> tuple[dict, dict[str, int]]:
            # Merged into the skills saved now (the row locked): named skills are added or
            # changed, ``名前=-`` removes one, the rest stay.
            levels = dict((now.get("state") or {}).get("skills", {}))
            for name, level in changes.items():
                if level is None:
                    levels.pop(name, None)
                else:
                    levels[name] = level
            return {"skills": levels}, levels

        levels = await change_state(self.bot.database, row["id"], work)
        locale = user_locale(interaction)
        listed = t("ui.list_sep", locale=locale).join(
            f"{skill_name(k, locale)} {v}" for k, v in levels.items()
        )
        message = t("gurps.skills_set", locale=locale, name=row["name"], skills=listed or "—")
        await send(interaction, message, ephemeral=True)

    @gurps.command(
        name=text("check", "cmd.gurps.check"),
        description=text(
            "A 3D6 check with the character's standing modifiers", "cmd.gurps.check.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        skill=text(
            "A skill, an attribute (st dx iq ht), will (意志) or a number", "cmd.gurps.skill"
        ),
        mod=text("Situation modifier", "cmd.gurps.mod"),
        pressure=text("Under pressure: changes stress", "cmd.gurps.pressure"),
        vision=text("Needs sight: the scene's darkness applies", "cmd.gurps.vision"),
        fright=text("A fright check: stress −1, or −(1D+1) on failure", "cmd.gurps.fright"),
        relief=text("A roll for stress relief: no −5, +2D on success", "cmd.gurps.relief"),
    )
    @options("character", "skill", "mod", "pressure", "vision", "fright", "relief")
    async def check(
        self,
        interaction: discord.Interaction,
        character: str,
        skill: str,
        mod: option("mod") = 0,
        pressure: bool = False,
        vision: bool = False,
        fright: bool = False,
        relief: bool = False,
    ) -> None:
        row = await self._character(interaction, character, mine=True)
        locale = await post_locale(self.bot, interaction)
        skill = glossary.canonical("gurps_skill", skill)  # 開鎖 / Lockpicking = 鍵開け
        base, standing_mods = standing(
            row["name"], row["stats"], row.get("state") or {}, skill,
            vision=vision, light=await self._light(interaction), relief=relief,
        )  # fmt: skip
        named = [("situation", mod)] if mod else []
        modifiers = [(t(f"gurps.mod_{k}", locale=locale), v) for k, v in named + standing_mods]
        effective = base + sum(m for _, m in modifiers)
        result, judged = roll_check(effective, self.bot.dice)
        listed = " ".join(f"{name}{value:+d}" for name, value in modifiers)
        shown = dice_text(result.text, locale)
        lines = [t("gurps.checked", locale=locale, name=row["name"],
                   skill=skill_name(skill, locale), base=base,
                   mods=t("gurps.checked_mods", locale=locale, mods=listed) if listed else "",
                   text=shown)]  # fmt: skip
        days = ((row.get("state") or {}).get("stress") or {}).get("breakdown_days")
        if days is not None:
            lines.append(t("gurps.check_in_breakdown", locale=locale, name=row["name"], days=days))
        cause = check_cause(judged, pressure=pressure, fright=fright, relief=relief)
        if cause is not None and "iq" not in row["stats"]:
            lines.append(t("gurps.stress_unchanged_no_iq", locale=locale, name=row["name"]))
        elif cause is not None:
            lines += await self._stress_after_check(row, cause, locale)
        await send(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
        if cause is not None:
            await self._redraw(interaction)

    @gurps.command(
        name=text("contest", "cmd.gurps.contest"),
        description=text(
            "Quick contest: both roll, the larger margin wins", "cmd.gurps.contest.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        skill=text("A skill, an attribute (st dx iq ht) or a number", "cmd.gurps.skill"),
        opponent=text("The other side: a saved character or any name", "cmd.gurps.opponent"),
        opponent_skill=text("Its skill, attribute or number", "cmd.gurps.opponent_skill"),
    )
    @options("character", "skill", "opponent", "opponent_skill")
    async def contest(
        self,
        interaction: discord.Interaction,
        character: str,
        skill: str,
        opponent: str,
        opponent_skill: str,
    ) -> None:
        locale = await post_locale(self.bot, interaction)
        light = await self._light(interaction)
        sides = []
        for name, which, mine in ((character, skill, True), (opponent, opponent_skill, False)):
            try:
                row = await self._character(interaction, name, mine=mine)
                base, mods = standing(
                    row["name"], row["stats"], row.get("state") or {}, which, light=light
                )
                name = row["name"]
            except RegulationError:
                if mine or not is_whole(which):
                    raise
                base, mods = read(which, "skill", "opponent_skill"), []  # an unsaved NPC
            level = base + sum(v for _, v in mods)
            result, _ = roll_check(level, self.bot.dice)
            sides.append((name, level - (result.total or 0), dice_text(result.text, locale)))
        winner = quick_contest(sides[0][1], sides[1][1])
        lines = [f"{name}：{text_}" for name, _, text_ in sides]
        if winner == 0:
            lines.append(t("gurps.contest_tie", locale=locale))
        else:
            best = sides[0] if winner > 0 else sides[1]
            lines.append(t("gurps.contest_won", locale=locale, name=best[0]))
        await send(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @traits.autocomplete("character")
    @skills.autocomplete("character")
    @check.autocomplete("character")
    @contest.autocomplete("character")
    async def _character_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current)
