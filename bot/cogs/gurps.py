"""``/gurps …``: the group's GURPS 百鬼夜翔 rules in Discord — CP costs, validating a sheet, the
GM's experience, traits and stress points. Thin: the rules are in ``bot.systems.gurps``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import caller_of, option, post_locale, send, user_locale
from bot.cogs.gurps_text import (
    PRESSURE,
    change_lines,
    light_name,
    skill_name,
    stress_maximum,
    trait_name,
    traits_of,
)
from bot.dice.numbers import is_whole
from bot.dice.parser import fold_width
from bot.i18n import glossary, t
from bot.i18n.dice_words import dice_text
from bot.i18n.translator import options, text
from bot.store.characters import change_state, find_character, names_matching
from bot.store.stress import (
    change_stress,
    new_session,
    set_state,
    stress_history,
    stress_of,
)
from bot.systems.fields import read
from bot.systems.gurps import regulation, stress
from bot.systems.gurps.dice import Outcome
from bot.systems.gurps.regulation import Light, RegulationError
from bot.systems.gurps.standing import quick_contest, roll_check, standing

if TYPE_CHECKING:
    from bot.client import TabletopBot

KINDS = ("easy", "average", "hard", *regulation.YOJUTSU_COSTS)
# Fatigue a night costs (digest "Sleep"); only sleep gives it back.
NIGHTS = {"sleepless": 5, "half_sleep": 2, "sleep": 0}


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
        level: option("level"),
        attribute: option("attribute"),
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
            mark = t("ui.order_mark", locale=locale)
            lines = [f"{mark}{t(b.code, locale=locale, **b.params)}" for b in breaches]
            message = (
                t("gurps.invalid", locale=locale, count=len(breaches)) + "\n" + "\n".join(lines)
            )
        await send(interaction, message, ephemeral=True)

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

    async def _character(self, interaction: discord.Interaction, name: str, *, mine: bool) -> dict:
        row = await find_character(self.bot.database, interaction.guild_id, "GURPS", name)
        if row is None:
            raise RegulationError("gurps.unknown_character", name=name[:64])
        caller = await caller_of(self.bot, interaction)
        if mine and row["owner_id"] != caller.user_id and not caller.manages_channel:
            raise RegulationError("gurps.not_yours", name=row["name"])
        return row

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
        words = re.split(r"[\s,、]+", fold_width(traits))
        # every language's spelling counts as the regulation's name
        names = sorted({glossary.canonical("gurps_trait", n) for n in words if n})
        await set_state(self.bot.database, row["id"], traits=names)
        locale = user_locale(interaction)
        shown = t("ui.list_sep", locale=locale).join(trait_name(n, locale) for n in names)
        await send(
            interaction,
            t("gurps.traits_set", locale=locale, name=row["name"], traits=shown or "—"),
            ephemeral=True,
        )

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
        spec = stress.cause_amount(cause, traits_of(row))
        locale = await post_locale(self.bot, interaction)
        lines = await self._apply_stress(row, cause, spec, locale, pay_yen=pay_yen)
        await send(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

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
            bullet = t("ui.order_mark", locale=locale)
            lines.append(f"{bullet}{label} {entry['delta']:+d} → {entry['after']}")
        if not history:
            lines.append(t("gurps.no_history", locale=locale))
        await send(interaction, "\n".join(lines), ephemeral=True)

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

    @gurps.command(
        name=text("skills", "cmd.gurps.skills"),
        description=text("A character's skill levels for /gurps check", "cmd.gurps.skills.desc"),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        skills=text("e.g. 剣=14 鍵開け=12 視覚=13", "cmd.gurps.skill_list"),
    )
    @options("character", "skills")
    async def skills(
        self,
        interaction: discord.Interaction,
        character: str,
        skills: app_commands.Range[str, 1, 1000],
    ) -> None:
        row = await self._character(interaction, character, mine=True)
        levels = {
            glossary.canonical("gurps_skill", name): level
            for name, level in regulation.parse_sheet(
                " ".join(f"skill:{p}" for p in re.split(r"[\s,、]+", fold_width(skills)) if p)
            ).skills.items()
        }
        for name, level in levels.items():
            if not 1 <= level <= regulation.MAX_SKILL:
                raise RegulationError("gurps.breach_skill", name=name, value=level)
        await set_state(self.bot.database, row["id"], skills=levels)
        locale = user_locale(interaction)
        listed = t("ui.list_sep", locale=locale).join(
            f"{skill_name(k, locale)} {v}" for k, v in levels.items()
        )
        await send(interaction, t("gurps.skills_set", locale=locale,
                                  name=row["name"], skills=listed), ephemeral=True)  # fmt: skip

    @gurps.command(
        name=text("check", "cmd.gurps.check"),
        description=text(
            "A 3D6 check with the character's standing modifiers", "cmd.gurps.check.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        skill=text("A skill, an attribute (st dx iq ht) or a number", "cmd.gurps.skill"),
        mod=text("Situation modifier", "cmd.gurps.mod"),
        pressure=text("Under pressure: changes stress", "cmd.gurps.pressure"),
        vision=text("Needs sight: the scene's darkness applies", "cmd.gurps.vision"),
    )
    @options("character", "skill", "mod", "pressure", "vision")
    async def check(
        self,
        interaction: discord.Interaction,
        character: str,
        skill: str,
        mod: option("mod") = 0,
        pressure: bool = False,
        vision: bool = False,
    ) -> None:
        row = await self._character(interaction, character, mine=True)
        locale = await post_locale(self.bot, interaction)
        skill = glossary.canonical("gurps_skill", skill)  # 開鎖 / Lockpicking = 鍵開け
        base, standing_mods = standing(
            row["name"], row["stats"], row.get("state") or {}, skill,
            vision=vision, light=await self._light(interaction),
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
        cause = None
        if pressure:
            cause = PRESSURE[judged]
        elif judged is Outcome.CRITICAL:
            cause = "critical"  # any critical success recovers 1D
        if cause is not None and "iq" in row["stats"]:
            lines += await self._stress_after_check(row, cause, locale)
        await send(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

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

    async def _light(self, interaction: discord.Interaction) -> str | None:
        settings = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        return settings.scene_light

    async def _stress_after_check(self, row: dict, cause: str, locale: str) -> list[str]:
        traits = traits_of(row)
        spec = (
            stress.pressure_cause(cause, traits)
            if cause != "critical"
            else stress.cause_amount("critical", traits)
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

    @gurps.command(
        name=text("fatigue", "cmd.gurps.fatigue"),
        description=text(
            "Fatigue from sleep: sleepless −5, half −2, sleep restores", "cmd.gurps.fatigue.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        night=text("How the night went", "cmd.gurps.night"),
        spend=text(
            "Fatigue spent (spells, extra effort); negative: regained by rest", "cmd.gurps.spend"
        ),
    )
    @app_commands.choices(
        night=[app_commands.Choice(name=text(n, f"night.{n}"), value=n) for n in NIGHTS]
    )
    @options("character", "night", "spend")
    async def fatigue_(
        self,
        interaction: discord.Interaction,
        character: str,
        night: str | None = None,
        spend: option("spend") = 0,
    ) -> None:
        changing = night is not None or spend != 0
        row = await self._character(interaction, character, mine=changing)
        stats = row["stats"]
        if "st" not in stats or "ht" not in stats:
            raise RegulationError("gurps.needs_st_ht", name=row["name"])
        # With extra ST, the ST that sets fatigue (fatigue_st) counts instead.
        full = regulation.fatigue(int(stats.get("fatigue_st", stats["st"])), int(stats["ht"]))

        def work(now: dict) -> tuple[dict, int]:
            """From the pools as saved now (the row locked): what bad nights took (only sleep
            gives it back) and what was spent."""
            state = now.get("state") or {}
            lost, spent = int(state.get("fatigue_lost", 0)), int(state.get("fatigue_spent", 0))
            if night == "sleep":
                lost = spent = 0
            elif night is not None:
                lost = min(full, lost + NIGHTS[night])
            spent = max(0, min(full - lost, spent + spend))
            changes = {"fatigue_lost": lost, "fatigue_spent": spent} if changing else {}
            return changes, full - lost - spent

        left = await change_state(self.bot.database, row["id"], work)
        # a change is posted (the channel's language); a look only the user sees (theirs)
        locale = await post_locale(self.bot, interaction) if changing else user_locale(interaction)
        await send(
            interaction,
            t("gurps.fatigue", locale=locale, name=row["name"], left=left, full=full),
            ephemeral=not changing,
        )

    @gurps.command(
        name=text("never_give_up", "cmd.gurps.never_give_up"),
        description=text(
            "あきらめない: once a session, a Will roll back to stress 4",
            "cmd.gurps.never_give_up.desc",
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        will=text("Will to roll against (default: IQ ± Will levels)", "cmd.gurps.will"),
    )
    @options("character", "will")
    async def never_give_up(
        self,
        interaction: discord.Interaction,
        character: str,
        will: option("will_roll") | None = None,
    ) -> None:
        row = await self._character(interaction, character, mine=True)
        if will is None:
            will = stress_maximum(row)  # Will = IQ ± the levels of 意志の強さ / 弱さ
        if "あきらめない" not in traits_of(row):
            raise RegulationError("gurps.no_never_give_up", name=row["name"])
        maximum = stress_maximum(row)
        result, judged = roll_check(will, self.bot.dice)
        passed = judged in (Outcome.CRITICAL, Outcome.SUCCESS)

        def work(current: dict) -> tuple[stress.Stress, stress.Change]:
            before = stress_of(current, maximum)  # read under the row's lock, like every change
            after = stress.never_give_up(before, passed)
            return after, stress.record("never_give_up", before, after)

        await change_stress(self.bot.database, row["id"], work)
        locale = await post_locale(self.bot, interaction)
        key = "gurps.never_give_up_passed" if passed else "gurps.never_give_up_failed"
        shown = dice_text(result.text, locale)
        await send(interaction, t(key, locale=locale, name=row["name"], text=shown))

    @gurps.command(
        name=text("new_session", "cmd.gurps.new_session"),
        description=text(
            "A new session: あきらめない may be used again (GM)", "cmd.gurps.new_session.desc"
        ),
    )
    async def new_session_(self, interaction: discord.Interaction) -> None:
        caller = await caller_of(self.bot, interaction)
        if not caller.manages_channel:
            raise RegulationError("gurps.gm_only")
        await new_session(self.bot.database, interaction.guild_id or 0)
        locale = await post_locale(self.bot, interaction)
        await send(interaction, t("gurps.new_session", locale=locale))

    @gurps.command(
        name=text("unused_cp", "cmd.gurps.unused_cp"),
        description=text(
            "Spend unused CP (each use at most 3 times a scenario)", "cmd.gurps.unused_cp.desc"
        ),
    )
    @app_commands.describe(
        character=text("Saved GURPS character", "cmd.gurps.character"),
        use=text("What for (new_scenario: start counting again, GM)", "cmd.gurps.use"),
    )
    @app_commands.choices(
        use=[app_commands.Choice(name=text(u, f"unused_cp.{u}"), value=u)
             for u in (*regulation.UNUSED_CP_USES, "new_scenario")]
    )  # fmt: skip
    @options("character", "use")
    async def unused_cp(self, interaction: discord.Interaction, character: str, use: str) -> None:
        row = await self._character(interaction, character, mine=True)
        if use == "new_scenario":
            caller = await caller_of(self.bot, interaction)
            if not caller.manages_channel:
                raise RegulationError("gurps.gm_only")

        def work(now: dict) -> tuple[dict, dict]:
            # Counted from the uses saved now (the row locked), so the limit of 3 holds when
            # several players press at once.
            before = dict((now.get("state") or {}).get("unused_cp", {}))
            used = {} if use == "new_scenario" else regulation.spend_unused_cp(before, use)
            return {"unused_cp": used}, used

        used = await change_state(self.bot.database, row["id"], work)
        locale = await post_locale(self.bot, interaction)
        counts = ", ".join(
            f"{t(f'unused_cp.{u}', locale=locale)} {used.get(u, 0)}/{regulation.MAX_UNUSED_CP_USES}"
            for u in regulation.UNUSED_CP_USES
        )
        await send(
            interaction, t("gurps.unused_cp", locale=locale, name=row["name"], counts=counts)
        )

    @stress_.autocomplete("character")
    @traits.autocomplete("character")
    @skills.autocomplete("character")
    @fatigue_.autocomplete("character")
    @never_give_up.autocomplete("character")
    @unused_cp.autocomplete("character")
    @check.autocomplete("character")
    @contest.autocomplete("character")
    async def _character_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await names_matching(self.bot.database, interaction.guild_id, "GURPS", current)
        return [app_commands.Choice(name=n, value=n) for n in names]
