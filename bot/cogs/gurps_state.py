"""``/gurps`` commands that keep a character's state across sessions: stress points and their
log, breakdown, あきらめない, fatigue, unused CP. Thin: the rules are in ``bot.systems.gurps``."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.common import caller_of, option, post_locale, send, user_locale
from bot.cogs.gurps_base import GurpsBase, gurps
from bot.cogs.gurps_text import stress_maximum, traits_of
from bot.i18n import t
from bot.i18n.dice_words import dice_text
from bot.i18n.translator import options, text
from bot.store.characters import change_state
from bot.store.stress import change_stress, new_session, stress_history, stress_of
from bot.systems.gurps import regulation, stress
from bot.systems.gurps.dice import Outcome
from bot.systems.gurps.regulation import RegulationError
from bot.systems.gurps.standing import roll_check

# Fatigue a night costs (digest "Sleep"); only sleep gives it back.
NIGHTS = {"sleepless": 5, "half_sleep": 2, "sleep": 0}


class StateCommands(GurpsBase):
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
        await self._redraw(interaction)

    async def _show_stress(self, interaction: discord.Interaction, name: str) -> None:
        row = await self._character(interaction, name, mine=False)
        current = stress_of(row, stress_maximum(row))
        locale = user_locale(interaction)
        mark = t("gurps.stress_depressed_mark", locale=locale) if current.depressed else ""
        if current.breakdown_days is not None:
            mark += t("gurps.stress_breakdown_mark", locale=locale, days=current.breakdown_days)
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
        # Refused before the Will roll is made: in a breakdown, already used, not depressed.
        stress.never_give_up(stress_of(row, maximum), will_roll_succeeded=True)
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
        await self._redraw(interaction)

    @gurps.command(
        name=text("breakdown_over", "cmd.gurps.breakdown_over"),
        description=text(
            "End a character's breakdown: its days are over, or 《精神治療》 (GM)",
            "cmd.gurps.breakdown_over.desc",
        ),
    )
    @app_commands.describe(character=text("Saved GURPS character", "cmd.gurps.character"))
    @options("character")
    async def breakdown_over(self, interaction: discord.Interaction, character: str) -> None:
        caller = await caller_of(self.bot, interaction)
        if not caller.manages_channel:
            raise RegulationError("gurps.gm_only")
        row = await self._character(interaction, character, mine=False)
        maximum = stress_maximum(row)

        def work(current: dict) -> tuple[stress.Stress, stress.Change]:
            before = stress_of(current, maximum)
            after = stress.end_breakdown(before)
            return after, stress.record("breakdown_over", before, after)

        after, _ = await change_stress(self.bot.database, row["id"], work)
        locale = await post_locale(self.bot, interaction)
        mark = t("gurps.stress_depressed_mark", locale=locale) if after.depressed else ""
        await send(
            interaction,
            t("gurps.breakdown_over", locale=locale, name=row["name"], value=after.value,
              maximum=after.maximum, depressed=mark),
            allowed_mentions=discord.AllowedMentions.none(),
        )  # fmt: skip
        await self._redraw(interaction)

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
    @fatigue_.autocomplete("character")
    @never_give_up.autocomplete("character")
    @breakdown_over.autocomplete("character")
    @unused_cp.autocomplete("character")
    async def _state_character_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, current)
