"""``/combat …``: the encounter service in Discord, with announcements and a pinned tracker."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from sqlalchemy import select

from bot.cogs import outgoing
from bot.cogs.common import caller_of, option, post_locale, report, send, user_locale
from bot.cogs.tracker_scene import scene_of
from bot.combat.caller import Caller
from bot.combat.errors import CombatError, SkipUnconfirmed
from bot.combat.model import Encounter, Side, Stats
from bot.combat.service import Outcome
from bot.dice.numbers import is_whole
from bot.i18n import t, use_locale
from bot.i18n.translator import options, text
from bot.permissions import SHOWN
from bot.store.models import Character
from bot.systems import RULESET_IDS, ruleset
from bot.systems.esperancer.actions import parse_numbers as esp_numbers
from bot.systems.fields import read
from bot.systems.grancrest.combat import parse_numbers
from bot.systems.gurps.combat import parse_numbers as gurps_numbers
from bot.ui import render
from bot.ui.fit import Post, groups
from bot.ui.pages import page_with, pages
from bot.ui.tracker import Scene, tracker
from bot.ui.views import action_groups, skip_view, tracker_view

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger("bot.encounter")
PIN = SHOWN["pin_messages"]  # its own permission since 2026, no longer Manage Messages


def matches(current: str, *values: str) -> bool:
    folded = current.casefold()
    return any(folded in v.casefold() for v in values)


def tracker_page(enc: Encounter, scene: Scene | None = None) -> list[discord.Embed]:
    """What the pinned tracker shows: everything when it fits one message, else the page with
    whose turn it is (its footer says so; /combat status shows every page). It is public: the
    players' view (``bot.ui.tracker``)."""
    paged = pages(
        tracker(enc, scene=scene), lambda page, count: t("ui.tracker_page", page=page, pages=count)
    )
    return page_with(paged, "▶")


def action_label(system: str, name: str) -> str:
    """What an action does, in the reader's language; rule sets that share an action's name
    (``attack``) may describe their own (``action.naval.attack``)."""
    own = t(f"action.{system}.{name}")
    return own if own != f"action.{system}.{name}" else t(f"action.{name}")


class EncounterCog(commands.Cog, name="Encounters"):
    combat = app_commands.Group(
        name=text("combat", "cmd.combat"),
        description=text("Encounters: phases, turns and the tracker", "cmd.combat.desc"),
        guild_only=True,
    )

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self._posting: dict[int, asyncio.Lock] = {}
        # Tracker drawing, per channel: the newest state waiting to be drawn (with, for an ended
        # encounter, which message to retire), whether a drawing is under way or scheduled,
        # and when the last one was made (edits keep ``tracker_interval`` apart, so a burst of
        # commands costs one edit a second, never Discord's per-channel rate limit).
        self._tracker_next: dict[int, dict[int | None, tuple[Encounter, int | None, object, str]]]
        self._tracker_next = {}
        self._tracker_busy: set[int] = set()
        self._tracker_last: dict[int, float] = {}
        self._tracker_tasks: set[asyncio.Task] = set()
        self._tracker_ids: dict[int, tuple[int, int | None]] = {}  # see _tracker_of
        # Rule-set cogs that add to an announcement (the naval picture after a ship moves).
        self.followers: list[Callable[[discord.Interaction, Outcome], Awaitable[None]]] = []

    @property
    def service(self):
        return self.bot.encounters

    # -- publishing ------------------------------------------------------------------------
    async def publish(
        self, interaction: discord.Interaction, outcome: Outcome, retire: int | None = None
    ) -> None:
        """Post the command's events and bring the pinned tracker up to date. Posts to one
        channel go out in order, one at a time; a post Discord refuses is reported, since the
        change it announces is already saved."""
        channel_id = interaction.channel_id or 0
        lock = self._posting.setdefault(channel_id, asyncio.Lock())
        async with lock:
            locale = await post_locale(self.bot, interaction)
            with use_locale(locale):
                steps = [lambda: self._announce(interaction, outcome, locale)]
                steps += [partial(follow, interaction, outcome) for follow in self.followers]
                for step in steps:
                    try:
                        await step()
                    except outgoing.NotPosted as failure:  # the change is saved: say so
                        await outgoing.report_unposted(
                            interaction, failure, gm_id=outcome.encounter.gm_id, locale=locale
                        )
        enc = outcome.encounter
        if not enc.active and retire is None and enc.id is not None:
            retire = await self.service.tracker_message(enc.id)  # ended by a rule (a side lost)
        await self.refresh_tracker(interaction.channel, enc, locale, retire)

    async def _announce(
        self, interaction: discord.Interaction, outcome: Outcome, locale: str
    ) -> None:
        """The command's events as one post (as many messages as it needs), pinging the
        players whose turn or reaction it is."""
        enc = outcome.encounter
        said = render.announce(enc, outcome.events)
        if not (said.embeds or said.content):
            await send(interaction, t("ui.done", locale=user_locale(interaction)), ephemeral=True)
            return
        post = Post(
            content=said.content,
            embeds=said.embeds,
            groups=action_groups(enc, outcome.events, locale),
            pings=tuple(dict.fromkeys(said.pings)),
        )
        await outgoing.answer(interaction, post)

    async def refresh_tracker(
        self, channel: object, enc: Encounter, locale: str, retire: int | None = None
    ) -> None:
        """Bring the tracker to ``enc``. While a drawing is under way or waiting its turn, newer
        states only replace each other: a burst of commands costs a few edits, not one each."""
        channel_id = enc.channel_id
        waiting = self._tracker_next.setdefault(channel_id, {})
        held = waiting.get(enc.id)  # an ended encounter's last state never gives way to the next's
        if held is None or held[0].version <= enc.version:
            waiting[enc.id] = (enc, retire, channel, locale)
        if channel_id in self._tracker_busy:
            return
        self._tracker_busy.add(channel_id)
        delay = self._tracker_delay(channel_id)
        if delay > 0:
            self._draw_later(channel_id, delay)
            return
        try:  # the states the loop's other tasks bring in this turn join this drawing
            await asyncio.sleep(0)
        except BaseException:
            self._tracker_busy.discard(channel_id)
            raise
        await self._draw(channel_id)

    def _tracker_delay(self, channel_id: int) -> float:
        last = self._tracker_last.get(channel_id)
        interval = self.bot.config.tracker_interval
        return 0.0 if last is None else last + interval - time.monotonic()

    def _draw_later(self, channel_id: int, delay: float) -> None:
        async def later() -> None:
            await asyncio.sleep(delay)
            try:
                await self._draw(channel_id)
            except Exception:
                log.warning("could not update the tracker in %s", channel_id, exc_info=True)

        task = asyncio.create_task(later())
        self._tracker_tasks.add(task)
        task.add_done_callback(self._tracker_tasks.discard)

    async def _draw(self, channel_id: int) -> None:
        """Draw the newest waiting state; anything newer that arrives meanwhile waits for the
        interval (the channel stays busy until then)."""
        try:
            waiting = self._tracker_next.get(channel_id, {})
            if waiting:
                state, message_id, channel, locale = waiting.pop(next(iter(waiting)))
                with use_locale(locale):
                    if state.active:
                        await self.update_tracker(channel, state)
                    else:
                        await self.end_tracker(channel, state, message_id)
                self._tracker_last[channel_id] = time.monotonic()
        except BaseException:
            self._tracker_busy.discard(channel_id)
            raise
        if self._tracker_next.get(channel_id):
            self._draw_later(channel_id, max(0.0, self._tracker_delay(channel_id)))
        else:
            self._tracker_next.pop(channel_id, None)
            self._tracker_busy.discard(channel_id)

    async def trackers_drawn(self) -> None:
        """Wait for the tracker drawings still scheduled (tests, a clean shutdown)."""
        while self._tracker_tasks:
            await asyncio.gather(*self._tracker_tasks, return_exceptions=True)

    async def cog_unload(self) -> None:
        for task in list(self._tracker_tasks):
            task.cancel()

    async def update_tracker(self, channel: object, enc: Encounter) -> None:
        if not isinstance(channel, discord.abc.Messageable) or enc.id is None:
            return
        scene = await scene_of(self.bot, enc)
        post = Post(embeds=tracker_page(enc, scene), groups=groups(tracker_view(enc)))
        where = await self._tracker_of(enc) if enc.active else None
        message_id = where[1] if where else None
        if message_id is not None:
            try:
                await outgoing.edit(channel.get_partial_message(message_id), post)  # type: ignore[attr-defined]
                return
            except discord.NotFound:
                self._tracker_ids.pop(enc.channel_id, None)
        if not enc.active:
            return
        message = (await outgoing.send_to(channel, post, record=False))[0]  # not logged: state
        assert message is not None
        try:
            await message.pin()
        except discord.HTTPException:
            log.info("could not pin the tracker in %s (missing %s?)", enc.channel_id, PIN)
        await self.service.set_tracker(enc.id, message.id)
        self._tracker_ids[enc.channel_id] = (enc.id, message.id)

    async def _tracker_of(self, enc: Encounter) -> tuple[int, int | None] | None:
        """(encounter id, tracker message id), read once per encounter: only this process
        moves a channel's tracker (a channel's guild is on one of its shards), so what it read
        or wrote last stays true."""
        known = self._tracker_ids.get(enc.channel_id)
        if known is not None and known[0] == enc.id and known[1] is not None:
            return known
        where = await self.service.tracker(enc.channel_id)
        if where is not None:
            self._tracker_ids[enc.channel_id] = where
        return where

    async def end_tracker(self, channel: object, enc: Encounter, message_id: int | None) -> None:
        if message_id is None or not isinstance(channel, discord.abc.Messageable):
            return
        try:
            partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
            shown = tracker_page(enc, await scene_of(self.bot, enc))
            await outgoing.edit(partial, Post(embeds=shown))  # no buttons any more
            await partial.unpin()
        except discord.HTTPException:
            log.info("could not retire the tracker in %s", enc.channel_id)

    # -- commands --------------------------------------------------------------------------
    @combat.command(
        name=text("start", "cmd.combat.start"),
        description=text("Start an encounter in this channel", "cmd.combat.start.desc"),
    )
    @app_commands.describe(
        ruleset=text("Rule set (default: the channel's system)", "cmd.combat.start.ruleset")
    )
    @options("ruleset")
    async def start(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        settings = await self.bot.settings_store.effective(
            interaction.guild_id, interaction.channel_id or 0
        )
        chosen = ruleset or settings.system
        outcome = await self.service.start(
            interaction.channel_id or 0,
            interaction.guild_id or 0,
            await caller_of(self.bot, interaction),
            chosen,
            anyone_may_start=settings.anyone_starts,
        )
        await self.publish(interaction, outcome)

    @start.autocomplete("ruleset")
    async def _ruleset_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=f"{r} — {t(f'ruleset.{r}')}", value=r)
            for r in RULESET_IDS
            if matches(current, r, t(f"ruleset.{r}"))
        ][:25]

    @combat.command(
        name=text("end", "cmd.combat.end"),
        description=text("End the encounter", "cmd.combat.end.desc"),
    )
    async def end(self, interaction: discord.Interaction) -> None:
        where = await self.service.tracker(interaction.channel_id or 0)
        outcome = await self.service.end(
            interaction.channel_id or 0, await caller_of(self.bot, interaction)
        )
        await self.publish(interaction, outcome, retire=where[1] if where else None)

    @combat.command(
        name=text("status", "cmd.combat.status"),
        description=text("Show the encounter", "cmd.combat.status.desc"),
    )
    async def status(self, interaction: discord.Interaction) -> None:
        enc = await self.service.status(interaction.channel_id or 0)
        if enc is None:
            raise CombatError("combat.no_encounter")
        caller = await caller_of(self.bot, interaction)
        gm = caller.manages_channel or caller.user_id == enc.gm_id
        scene = await scene_of(self.bot, enc)
        with use_locale(user_locale(interaction)):
            embed = tracker(enc, for_gm=gm, scene=scene)  # the GM's view: every number
        # Every row, over as many messages as it takes (the pinned tracker shows one page).
        await send(interaction, embed=embed, ephemeral=True)

    @combat.command(
        name=text("options", "cmd.combat.options"),
        description=text("What the players see of the fight (GM)", "cmd.combat.options.desc"),
    )
    @app_commands.describe(
        show_npc_hp=text(
            "Show NPCs' HP as numbers in the pinned tracker (off: a wound level and bar)",
            "cmd.combat.show_npc_hp",
        )
    )
    @options("show_npc_hp")
    async def options_(self, interaction: discord.Interaction, show_npc_hp: bool) -> None:
        outcome = await self.service.set_display(
            interaction.channel_id or 0,
            await caller_of(self.bot, interaction),
            "npc_hp",
            "exact" if show_npc_hp else "bar",
        )
        await self.publish(interaction, outcome)

    @combat.command(
        name=text("next", "cmd.combat.next"),
        description=text("Advance to the next phase or turn", "cmd.combat.next.desc"),
    )
    async def next_(self, interaction: discord.Interaction) -> None:
        await self._next(interaction, await caller_of(self.bot, interaction))

    async def _next(
        self,
        interaction: discord.Interaction,
        caller: Caller,
        version: int | None = None,
        *,
        confirmed: bool = False,
    ) -> None:
        """Next, or — when it would pass over a player's untouched turn — the GM's question,
        with a button that confirms it for the state it was asked about."""
        try:
            outcome = await self.service.next(
                interaction.channel_id or 0, caller, version, confirmed=confirmed
            )
        except SkipUnconfirmed as question:
            where = await self.service.tracker(interaction.channel_id or 0)
            locale = user_locale(interaction)
            view = skip_view(where[0], question.version, locale) if where else None
            await send(interaction, question.localized(locale), ephemeral=True, view=view)
            return
        await self.publish(interaction, outcome)

    @combat.command(
        name=text("undo", "cmd.combat.undo"),
        description=text("Undo the last change (GM)", "cmd.combat.undo.desc"),
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        outcome = await self.service.undo(
            interaction.channel_id or 0, await caller_of(self.bot, interaction)
        )
        await self.publish(interaction, outcome)

    @combat.command(
        name=text("add", "cmd.combat.add"),
        description=text("Add combatants", "cmd.combat.add.desc"),
    )
    @app_commands.describe(
        name=text("Name (copies are numbered: Goblin 1, Goblin 2 …)", "cmd.combat.add.name"),
        count=text("How many copies", "cmd.combat.add.count"),
        side=text("PC or NPC", "cmd.combat.add.side"),
        hidden=text("Hide this NPC from players", "cmd.combat.add.hidden"),
        action_value=text("Action value (Grancrest, naval)", "cmd.combat.add.action_value"),
        reflex=text("Reflex base (Grancrest tie-break)", "cmd.combat.add.reflex"),
        initiative_mod=text("Initiative modifier (Esperancer)", "cmd.combat.add.initiative_mod"),
        sonic_drive=text("Sonic Drive value (Esperancer)", "cmd.combat.add.sonic_drive"),
        speed=text("Move / basic speed (GURPS)", "cmd.combat.add.speed"),
        dx=text("DX (GURPS tie-break)", "cmd.combat.add.dx"),
        hp=text("Hit points", "cmd.combat.add.hp"),
        numbers=text(
            "Rule-set numbers: strength=6 weapon=10 move=4 (Grancrest); "
            "dodge=2 boss=1 (Esperancer)",
            "cmd.combat.add.numbers",
        ),
    )
    @options("name", "count", "side", "hidden", "action_value", "reflex", "initiative_mod",
             "sonic_drive", "speed", "dx", "hp", "numbers")  # fmt: skip
    @app_commands.choices(
        side=[
            app_commands.Choice(name="PC", value="pc"),
            app_commands.Choice(name="NPC", value="npc"),
        ]
    )
    async def add(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 64],
        count: option("count") = 1,
        side: str = "npc",
        hidden: bool = False,
        action_value: option("action_value") = 0,
        reflex: option("reflex") = 0,
        initiative_mod: option("initiative_mod") = 0,
        sonic_drive: option("sonic_drive") | None = None,
        speed: option("speed") = 0.0,
        dx: option("dx") = 0,
        hp: option("max_hp") | None = None,  # a new combatant starts at 0 HP or more
        numbers: str = "",
    ) -> None:
        extra = await self._rule_numbers(interaction, numbers)
        stats = Stats(
            action_value=action_value,
            reflex=reflex,
            initiative_mod=initiative_mod,
            sonic_drive=sonic_drive,
            speed=speed,
            dx=dx,
            hp=hp,
            max_hp=hp,
        )
        caller = await caller_of(self.bot, interaction)
        owner = interaction.user.id if side == "pc" else None
        outcome = await self.service.add(
            interaction.channel_id or 0,
            caller,
            name,
            side=Side(side),
            count=count,
            hidden=hidden,
            stats=stats,
            owner_id=owner,
            extra=extra,
        )
        await self.publish(interaction, outcome)

    async def _rule_numbers(self, interaction: discord.Interaction, numbers: str) -> dict:
        """The rule set's own numbers given on /combat add (Grancrest: strength=6 weapon=10 …)."""
        if not numbers.strip():
            return {}
        enc = await self.service.status(interaction.channel_id or 0)
        if enc is None:
            raise CombatError("combat.no_encounter")
        if enc.system == "Esperancer":  # dodge=2 boss=yes (the rest has options of its own)
            return {"esp": esp_numbers(numbers, allowed=("dodge", "boss"))}
        if enc.system == "GURPS":  # ht=11 mook=yes
            return {"gurps": gurps_numbers(numbers, allowed=("ht", "mook"))}
        if enc.system != "GranCrest":
            raise CombatError("combat.no_numbers", system=enc.system)
        values = parse_numbers(numbers)
        for hp_key in ("hp", "max_hp"):  # HP has its own option
            values.pop(hp_key, None)
        return {"gc": values}

    @combat.command(
        name=text("join", "cmd.combat.join"),
        description=text("Bring in a saved character", "cmd.combat.join.desc"),
    )
    @app_commands.describe(character=text("Your saved character", "cmd.combat.join.character"))
    @options("character")
    async def join(self, interaction: discord.Interaction, character: str) -> None:
        character_id = (
            read(character, "character")
            if is_whole(character)
            else await self._character_named(interaction, character)
        )
        outcome = await self.service.join(
            interaction.channel_id or 0, await caller_of(self.bot, interaction), character_id
        )
        await self.publish(interaction, outcome)

    async def _character_named(self, interaction: discord.Interaction, name: str) -> int:
        """A name typed instead of picked (the console, or a fast typist): the caller's own
        character of that name first, then anyone's in this server."""
        table = Character.__table__
        async with self.bot.database.read() as conn:
            rows = (
                await conn.execute(
                    select(table.c.id, table.c.owner_id).where(
                        table.c.guild_id == interaction.guild_id, table.c.name == name.strip()
                    )
                )
            ).all()
        if not rows:
            raise CombatError("combat.unknown_character", name=name[:64])
        mine = [r.id for r in rows if r.owner_id == interaction.user.id]
        return mine[0] if mine else rows[0].id

    @join.autocomplete("character")
    async def _character_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        enc = await self.service.status(interaction.channel_id or 0)
        async with self.bot.database.read() as conn:
            table = Character.__table__
            statement = select(table.c.id, table.c.name, table.c.system).where(
                table.c.guild_id == interaction.guild_id
            )
            if enc is None or enc.system != "naval":
                system = enc.system if enc else None
                if system:
                    statement = statement.where(table.c.system == system)
            statement = (
                statement.where(table.c.owner_id == interaction.user.id)
                if not (enc and enc.gm_id == interaction.user.id)
                else statement
            )
            rows = (await conn.execute(statement.order_by(table.c.name).limit(100))).all()
        return [
            app_commands.Choice(name=f"{row.name} ({row.system})", value=str(row.id))
            for row in rows
            if matches(current, row.name)
        ][:25]

    @combat.command(
        name=text("remove", "cmd.combat.remove"),
        description=text("Remove a combatant", "cmd.combat.remove.desc"),
    )
    @app_commands.describe(name=text("Combatant", "cmd.combat.remove.name"))
    @options("name")
    async def remove(self, interaction: discord.Interaction, name: str) -> None:
        outcome = await self.service.remove(
            interaction.channel_id or 0, await caller_of(self.bot, interaction), name
        )
        await self.publish(interaction, outcome)

    @combat.command(
        name=text("reveal", "cmd.combat.reveal"),
        description=text("Show a hidden combatant to the players (GM)", "cmd.combat.reveal.desc"),
    )
    @app_commands.describe(name=text("Hidden combatant", "cmd.combat.reveal.name"))
    @options("name")
    async def reveal(self, interaction: discord.Interaction, name: str) -> None:
        outcome = await self.service.reveal(
            interaction.channel_id or 0, await caller_of(self.bot, interaction), name
        )
        await self.publish(interaction, outcome)

    @remove.autocomplete("name")
    async def _combatant_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        enc = await self.service.status(interaction.channel_id or 0)
        if enc is None:
            return []
        caller = await caller_of(self.bot, interaction)
        gm = caller.manages_channel or caller.user_id == enc.gm_id
        return [
            app_commands.Choice(name=c.name, value=c.name)
            for c in enc.combatants
            if (gm or not c.hidden) and matches(current, c.name)
        ][:25]

    @reveal.autocomplete("name")
    async def _hidden_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        enc = await self.service.status(interaction.channel_id or 0)
        caller = await caller_of(self.bot, interaction)
        if enc is None or not (caller.manages_channel or caller.user_id == enc.gm_id):
            return []
        return [
            app_commands.Choice(name=c.name, value=c.name)
            for c in enc.combatants
            if c.hidden and matches(current, c.name)
        ][:25]

    @combat.command(
        name=text("act", "cmd.combat.act"),
        description=text(
            "Take an action (minor, major, end turn, rule-set actions)", "cmd.combat.act.desc"
        ),
    )
    @app_commands.describe(
        action=text("The action", "cmd.combat.act.action"),
        combatant=text("Who acts (default: whose turn it is)", "cmd.combat.act.combatant"),
        detail=text("What exactly (a skill, a move, yes/no …)", "cmd.combat.act.detail"),
    )
    @options("action", "combatant", "detail")
    async def act(
        self,
        interaction: discord.Interaction,
        action: str,
        combatant: str | None = None,
        detail: app_commands.Range[str, 0, 200] = "",
    ) -> None:
        outcome = await self.service.act(
            interaction.channel_id or 0,
            await caller_of(self.bot, interaction),
            action,
            combatant,
            detail,
        )
        await self.publish(interaction, outcome)

    @act.autocomplete("action")
    async def _action_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        enc = await self.service.status(interaction.channel_id or 0)
        if enc is None:
            return []
        rules = ruleset(enc.system)
        names = [a.value for a in rules.economy.actions] + ["end_turn", *rules.specials()]
        labels = {n: action_label(enc.system, n) for n in names}
        return [
            app_commands.Choice(name=f"{n} — {labels[n]}", value=n)
            for n in names
            if matches(current, n, labels[n])
        ][:25]

    act.autocomplete("combatant")(_combatant_autocomplete)

    async def on_end_turn_button(
        self, interaction: discord.Interaction, encounter_id: int, actor_id: int
    ) -> None:
        try:
            where = await self.service.tracker(interaction.channel_id or 0)
            if where is None or where[0] != encounter_id:
                raise CombatError("combat.ended")
            caller = await caller_of(self.bot, interaction)
            outcome = await self.service.act(
                interaction.channel_id or 0, caller, "end_turn", actor_id
            )
            await self.publish(interaction, outcome)
        except Exception as error:
            await report(interaction, error)

    # -- tracker buttons -------------------------------------------------------------------
    async def on_tracker_button(
        self, interaction: discord.Interaction, action: str, encounter_id: int, version: int
    ) -> None:
        try:
            where = await self.service.tracker(interaction.channel_id or 0)
            if where is None or where[0] != encounter_id:
                raise CombatError("combat.ended")
            caller = await caller_of(self.bot, interaction)
            if action in ("next", "skip"):
                await self._next(interaction, caller, version, confirmed=action == "skip")
            else:
                outcome = await self.service.end(
                    interaction.channel_id or 0, caller, expected_version=version
                )
                await self.publish(interaction, outcome, retire=where[1])
        except Exception as error:
            await report(interaction, error)
