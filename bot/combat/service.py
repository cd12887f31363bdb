"""The encounter service: the only writer of encounter state.

Every command runs as load → apply → save in one transaction, serialised per channel in this
process by a lock and across processes by the database (SQLite: the writer's lock is taken at
BEGIN; PostgreSQL: the encounter row is locked FOR UPDATE), with an optimistic ``version`` check
behind both. A caller that passes the version it saw (a button on a tracker message) and lost
the race gets ``StaleState`` — "someone acted first" — never a silent overwrite. Permissions
live here, not in the adapters: only the GM advances, ends, undoes or edits NPCs; a player acts
only for combatants they own, changes only the numbers ``bot.combat.rights`` gives them, and
never learns a hidden combatant's name. After every change the lifecycle is reconciled
(``bot.combat.lifecycle``): whoever the numbers put out of the fight is out before it is saved.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.exc import IntegrityError

from bot.combat import display, engine, rights
from bot.combat.caller import Caller
from bot.combat.errors import CombatError, SkipUnconfirmed, StaleState
from bot.combat.events import Edited, Event, TurnPassed, Undone
from bot.combat.journal import Recorder, last_undoable, log_entry, snapshot
from bot.combat.lookup import check_event_roller, combatant_named, current, hide_names, own
from bot.combat.model import Action, Combatant, Encounter, Kind, Phase, Side, Stats
from bot.combat.rules import RuleSet
from bot.dice import DieSource
from bot.dice.source import system_die
from bot.store.db import Database
from bot.store.encounter_cache import EncounterCache
from bot.store.encounters import (  # plain functions of a connection, run by Database.run
    Loaded,
    VersionConflict,
    append_log,
    insert_encounter,
    load_active,
    load_last_ended,
    recent_log,
    save,
    set_tracker,
    tracker_message_of,
    tracker_of,
)
from bot.store.models import Character, now
from bot.store.posted import keep_posted, posted_of, set_posted

# Where each rule set keeps a combatant's own numbers (Combatant.extra[key]).
OWN_NUMBERS = {"GranCrest": "gc", "Esperancer": "esp", "GURPS": "gurps"}
UNDOABLE_DEPTH = 500  # how far back undo can walk
# Undo reopens an encounter that ended this recently (a typo that sank a flagship, a hasty
# /combat end); after that, the ended fight is history.
REOPEN_WINDOW = timedelta(minutes=10)


@dataclass
class Outcome:
    encounter: Encounter
    events: list[Event]

    @property
    def version(self) -> int:
        return self.encounter.version


Change = Callable[[Encounter, DieSource], list[Event]]
Rulesets = Callable[[str], RuleSet]


class EncounterService:
    def __init__(
        self, database: Database, rulesets: Rulesets, dice: DieSource | None = None
    ) -> None:
        self.db = database
        self.rulesets = rulesets  # the game systems are handed in: combat imports none of them
        self.dice = dice or system_die
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.cache = EncounterCache()  # each channel's encounter as this process committed it

    # -- reading ---------------------------------------------------------------------------
    async def status(self, channel_id: int) -> Encounter | None:
        def read(conn: Connection) -> Encounter | None:
            loaded = self.cache.load_active(conn, channel_id, lock=False)
            return loaded.encounter if loaded else None

        return await self.db.run(read, write=False)

    async def tracker(self, channel_id: int) -> tuple[int, int | None] | None:
        """(encounter id, tracker message id) for the channel's active encounter."""
        return await self.db.run(lambda conn: tracker_of(conn, channel_id), write=False)

    async def tracker_message(self, encounter_id: int) -> int | None:
        return await self.db.run(lambda conn: tracker_message_of(conn, encounter_id), write=False)

    async def set_tracker(self, encounter_id: int, message_id: int | None) -> None:
        await self.db.run(lambda conn: set_tracker(conn, encounter_id, message_id), write=True)

    async def posted(self, encounter_id: int, key: str) -> dict[str, Any] | None:
        """What an adapter noted it posted for the encounter (``bot.store.posted``)."""
        return await self.db.run(lambda conn: posted_of(conn, encounter_id, key), write=False)

    async def set_posted(self, encounter_id: int, key: str, value: dict[str, Any]) -> None:
        await self.db.run(lambda conn: set_posted(conn, encounter_id, key, value), write=True)

    # -- lifecycle -------------------------------------------------------------------------
    async def start(
        self,
        channel_id: int,
        guild_id: int,
        caller: Caller,
        ruleset_id: str,
        *,
        anyone_may_start: bool = False,
    ) -> Outcome:
        """Starting needs GM rights (Manage Channels or the GM role) unless the server lets
        anyone start (``/config``); the starter is this encounter's GM."""
        if not caller.manages_channel and not anyone_may_start:
            raise CombatError("combat.start_needs_gm")
        rules = self.rulesets(ruleset_id)
        enc = Encounter(channel_id, guild_id, rules.id, caller.user_id, version=1)
        events = engine.start(enc)

        def write(conn: Connection) -> None:
            if load_active(conn, channel_id, lock=True) is not None:
                raise CombatError("combat.already_active")
            encounter_id = insert_encounter(conn, enc)
            append_log(conn, **log_entry(encounter_id, 1, "start", caller, events, [], None))

        async with self._lock(channel_id):
            try:
                await self.db.run(write, write=True)
            except IntegrityError:  # another process started one in the same instant
                raise CombatError("combat.already_active") from None
        return Outcome(enc, events)

    async def end(
        self, channel_id: int, caller: Caller, expected_version: int | None = None
    ) -> Outcome:
        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            return engine.end(enc, self.rulesets(enc.system), dice)

        return await self._change(channel_id, caller, "end", change, expected_version, gm_only=True)

    async def next(
        self,
        channel_id: int,
        caller: Caller,
        expected_version: int | None = None,
        *,
        confirmed: bool = False,
    ) -> Outcome:
        """The GM moves the fight on. Passing over a player's turn in which they have done
        nothing yet needs ``confirmed`` (else ``SkipUnconfirmed``): the turn is theirs."""

        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            actor = enc.combatant(enc.actor) if enc.actor is not None else None
            passed: list[Event] = []
            if actor is not None and unplayed(enc, actor):
                if not confirmed:
                    raise SkipUnconfirmed(actor.name, enc.version)
                passed.append(TurnPassed(actor.id))  # the channel is told whose turn went
            return passed + engine.advance(enc, self.rulesets(enc.system), dice)

        return await self._change(
            channel_id, caller, "next", change, expected_version, gm_only=True
        )

    # -- combatants ------------------------------------------------------------------------
    async def add(
        self,
        channel_id: int,
        caller: Caller,
        name: str,
        *,
        side: Side = Side.NPC,
        count: int = 1,
        hidden: bool = False,
        stats: Stats | None = None,
        owner_id: int | None = None,
        kind: Kind = Kind.CHARACTER,
        aboard: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> Outcome:
        """The GM adds anything; a player adds only a PC of their own (not hidden)."""

        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            gm = self._is_gm(enc, caller)
            owner = owner_id if gm else caller.user_id
            if not gm and (side is not Side.PC or hidden or kind is not Kind.CHARACTER):
                raise CombatError("combat.not_gm")
            if not gm:
                rights.no_gm_fields(self.rulesets(enc.system), extra or {})
            self.rulesets(enc.system).admit(enc, name, stats, kind)
            ship = combatant_named(enc, aboard).id if aboard else None
            return engine.add(
                enc, name, side, count=count, owner_id=owner, hidden=hidden, stats=stats,
                kind=kind, aboard=ship, extra=extra,
            )  # fmt: skip

        return await self._change(channel_id, caller, "add", change)

    async def join(self, channel_id: int, caller: Caller, character_id: int) -> Outcome:
        """Bring in a saved character. Its owner joins it as a PC; the GM may join anyone's."""
        async with self.db.read() as conn:
            found = await conn.execute(
                select(Character.__table__).where(Character.id == character_id)
            )
            character = found.mappings().first()
        if character is None:
            raise CombatError("combat.unknown_character", name=str(character_id))

        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            if character["owner_id"] != caller.user_id and not self._is_gm(enc, caller):
                raise CombatError("combat.not_owner", name=character["name"])
            # Naval encounters run on top of a 2D6 system, so any of the server's characters fit.
            same_system = enc.system == "naval" or character["system"].lower() == enc.system.lower()
            if character["guild_id"] != enc.guild_id or not same_system:
                raise CombatError(
                    "combat.wrong_character_system", name=character["name"], system=enc.system
                )
            if any(c.character_id == character["id"] for c in enc.combatants):
                raise CombatError("combat.name_taken", name=character["name"])
            saved = dict(character["stats"])
            known = {k: v for k, v in saved.items() if k in Stats.__dataclass_fields__}
            if "hp" in known and "max_hp" not in known:
                known["max_hp"] = known["hp"]
            # The rest (strength, defenses, move …) is the rule set's own: kept under its key.
            rest = {k: v for k, v in saved.items() if k not in Stats.__dataclass_fields__}
            own_key = OWN_NUMBERS.get(enc.system)
            extra = {own_key: rest} if rest and own_key else {}
            return engine.add(
                enc, character["name"], Side.PC, owner_id=character["owner_id"],
                stats=Stats(**known), character_id=character["id"], extra=extra,
            )  # fmt: skip

        return await self._change(channel_id, caller, "join", change)

    async def remove(self, channel_id: int, caller: Caller, name: str) -> Outcome:
        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            target = combatant_named(enc, name)
            self._check_controls(enc, caller, target)
            return engine.remove(enc, target)

        return await self._change(channel_id, caller, "remove", change)

    async def reveal(self, channel_id: int, caller: Caller, name: str | int) -> Outcome:
        """The GM shows a hidden combatant to the players."""

        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            return engine.reveal(enc, combatant_named(enc, name))

        return await self._change(channel_id, caller, "reveal", change, gm_only=True)

    # -- acting ----------------------------------------------------------------------------
    async def act(
        self,
        channel_id: int,
        caller: Caller,
        action: str,
        combatant: str | int | None = None,  # a name as typed, or an id (buttons carry ids)
        detail: str = "",
        expected_version: int | None = None,
        *,
        system: str | None = None,
    ) -> Outcome:
        """A combatant's action (``minor``, ``major``, ``maneuver``, ``end_turn``) or one of the
        rule set's own (``interrupt``, ``roll_initiative``, ``sonic``, ``roll_event`` …).
        ``system``: the rule set a command was written for (/gc, /esp); another rule set's
        encounter refuses it, since rule sets share action names such as ``attack``."""

        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            if system is not None and enc.system != system:
                raise CombatError("combat.other_system", wanted=system, system=enc.system)
            rules = self.rulesets(enc.system)
            if action == "end_turn":
                actor = enc.combatant(enc.actor) if enc.actor is not None else None
                if actor is None:
                    raise CombatError("combat.no_turn")
                if combatant is not None and combatant_named(enc, combatant).id != actor.id:
                    raise CombatError(
                        "combat.not_your_turn", name=combatant_named(enc, combatant).name
                    )
                self._check_controls(enc, caller, actor)
                return engine.advance(enc, rules, dice)
            if action in Action.__members__.values():
                target = combatant_named(enc, combatant) if combatant is not None else current(enc)
                self._check_controls(enc, caller, target)
                return engine.use_action(enc, rules, target, Action(action), detail)
            special = rules.specials().get(action)
            if special is None:
                # With the rule set: the error's Help button opens that rule set's page.
                raise CombatError("combat.unknown_action", action=action, system=enc.system)
            if special.gm_only and not self._is_gm(enc, caller):
                raise CombatError("combat.not_gm")
            target = None
            if special.needs_combatant:
                target = (
                    combatant_named(enc, combatant) if combatant is not None else own(enc, caller)
                )
                self._check_controls(enc, caller, target)
            elif action == "roll_event" and not self._is_gm(enc, caller):
                check_event_roller(enc, caller)
            return special.run(enc, target, detail, dice)

        return await self._change(channel_id, caller, action, change, expected_version)

    async def set_display(
        self, channel_id: int, caller: Caller, option: str, value: str
    ) -> Outcome:
        """The GM's choice of what the players see (``bot.combat.display``: NPC HP exactly)."""

        def change(enc: Encounter, dice: DieSource) -> list[Event]:
            return display.set_option(enc, option, value)

        return await self._change(channel_id, caller, "options", change, gm_only=True)

    async def undo(self, channel_id: int, caller: Caller) -> Outcome:
        """Restore the state before the last change that is not undone yet (GM only)."""
        return await self._change(channel_id, caller, "undo", None, gm_only=True)

    # -- the transaction -------------------------------------------------------------------
    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def _change(
        self,
        channel_id: int,
        caller: Caller,
        command: str,
        change: Change | None,
        expected_version: int | None = None,
        *,
        gm_only: bool = False,
    ) -> Outcome:
        """Load → check → apply ``change`` (None: undo) → save and log, in one transaction."""

        def write(conn: Connection) -> tuple[Outcome, Loaded]:
            loaded = self.cache.load_active(conn, channel_id, lock=True)
            if loaded is None and change is None:  # undo: the fight that has just ended
                loaded = load_last_ended(conn, channel_id, now() - REOPEN_WINDOW)
            if loaded is None:
                raise CombatError("combat.no_encounter")
            enc = loaded.encounter
            gm = self._is_gm(enc, caller)
            if gm_only and not gm:
                raise CombatError("combat.not_gm")
            if expected_version is not None and expected_version != enc.version:
                raise StaleState()
            before = snapshot(enc)
            recorder = Recorder(self.dice)
            undoes = None
            if change is None:  # undo: the state before the newest change not undone
                entry = last_undoable(recent_log(conn, enc.id, UNDOABLE_DEPTH))  # type: ignore[arg-type]
                if entry is None:
                    raise CombatError("combat.nothing_to_undo")
                undoes = entry["version"]
                events: list[Event] = [Undone(entry["command"], undoes)]
                enc = Encounter.from_dict(entry["before"])
                enc.id, enc.version = loaded.encounter.id, loaded.encounter.version
                keep_posted(enc, loaded.encounter)
            else:
                events = self._apply(enc, change, recorder, caller, gm)
            enc.version += 1
            saved = save(conn, loaded, enc)
            log = log_entry(
                enc.id, enc.version, command, caller, events, recorder.rands, before, undoes
            )  # type: ignore[arg-type]
            append_log(conn, **log)
            return Outcome(enc, events), saved

        async with self._lock(channel_id):
            try:
                outcome, saved = await self.db.run(write, write=True)
            except VersionConflict:  # a lock wait is DatabaseBusy ("try again"), not this
                raise StaleState() from None
            except IntegrityError:  # a reopened fight met one started in the same instant
                raise CombatError("combat.already_active") from None
            self.cache.keep(channel_id, saved)  # committed: the next command may start from it
            return outcome

    def _apply(
        self, enc: Encounter, change: Change, dice: DieSource, caller: Caller, gm: bool
    ) -> list[Event]:
        """Run one change as ``caller`` sees the encounter, then what always follows: the
        lifecycle, the check of every number changed by hand, the end when a side has lost."""
        rules = self.rulesets(enc.system)
        enc.for_players = not gm
        try:
            events = engine.after(enc, rules, change(enc, dice), dice)
            rights.check(enc, rules, events, user_id=caller.user_id, gm=gm)
        except CombatError as error:
            if not gm:
                hide_names(enc, error)
            raise
        finally:
            del enc.for_players
        return [replace(e, by_gm=gm) if isinstance(e, Edited) else e for e in events]

    def _is_gm(self, enc: Encounter, caller: Caller) -> bool:
        return caller.user_id == enc.gm_id or caller.manages_channel

    def _check_controls(self, enc: Encounter, caller: Caller, c: Combatant) -> None:
        if self._is_gm(enc, caller):
            return
        if c.owner_id != caller.user_id:
            raise CombatError("combat.not_owner", name=c.name)


def unplayed(enc: Encounter, actor: Combatant) -> bool:
    """``actor``'s turn belongs to a player and nothing of it has been played yet."""
    return (
        enc.phase in (Phase.MAIN, Phase.EXTRA)
        and actor.owner_id is not None
        and actor.owner_id != enc.gm_id
        and actor.can_act
        and not actor.used
    )
