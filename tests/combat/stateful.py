"""A stateful property test of the encounter service, one machine per rule set.

Random commands from random callers (the GM, the players who own combatants, a player who owns
none) with random dice, through the real service on SQLite; after every step:
- only typed refusals, never another exception, and a refusal changes nothing;
- the GM can always advance and end (never stuck), and the GM's Next does what the flow says:
  it asks for a confirmation exactly over a player's turn nothing of which was played yet, and
  goes on once confirmed;
- after every change the fight rests where someone is waited for (a turn its combatant can
  take, a phase that is the GM's), unless nobody can act at all;
- whoever is out of the fight never acts, and each condition is what the numbers give;
- the rights hold: GM-only commands refused to players, players' edits on their own
  combatants only, losses only once the fight is on, no GM field ever;
- undo restores the state before the newest change not undone, exactly;
- every pending prompt belongs to a present combatant still fighting;
- no hidden combatant's name in a public post, the players' tracker, or a refusal to a player.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.combat import engine
from bot.combat.errors import SkipUnconfirmed
from bot.combat.events import (
    ActionUsed,
    Edited,
    Event,
    InterruptDeclared,
    MovedDistance,
    Rolled,
    SkillUsed,
)
from bot.combat.journal import events_json
from bot.combat.model import Condition, Encounter, Phase, Side, Stats
from bot.combat.service import Caller, EncounterService, Outcome
from bot.i18n import LocalizedError
from bot.store.db import connect
from bot.store.encounter_cache import fresh
from bot.store.encounters import load_active
from bot.systems import ruleset
from tests.combat.moves import action
from tests.combat.observe import check_resting, named, text_of, untouched_player_turn, without
from tests.databases import build_sqlite_template, new_sqlite

GM = Caller(1, manages_channel=True)
ALICE, BOB, CAROL = Caller(2), Caller(3), Caller(4)
CALLERS = (GM, ALICE, BOB, CAROL)
CHANNEL, GUILD = 100, 200
VISIBLE = ("Goblin", "Orc", "2", "Shade")  # "Shade" is also the hidden ones' name
RUNS: Counter[str] = Counter()  # sequences and steps run, per rule set, for the summary
SCRATCH = Path("/dev/shm") if Path("/dev/shm").is_dir() else None  # a fast disk, when there


@cache
def template() -> Path:
    return build_sqlite_template(Path(tempfile.mkdtemp(prefix="stateful-", dir=SCRATCH)))


class EncounterMachine(RuleBasedStateMachine):
    system = ""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.folder = Path(tempfile.mkdtemp(prefix="machine-", dir=SCRATCH))
        self.db = connect(new_sqlite(template(), self.folder))
        self.rng = random.Random(0)
        self.service = EncounterService(self.db, ruleset, lambda sides: self.rng.randint(1, sides))
        self.rules = ruleset(self.system)
        self.undoable: list[dict[str, Any]] = []
        self.reopenable: list[dict[str, Any]] = []  # the undo history of a fight just ended
        self.seen: Encounter | None = None  # the stored state after the last step
        RUNS[f"{self.system} sequences"] += 1

    def teardown(self) -> None:
        self.loop.run_until_complete(self.db.dispose())
        self.loop.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- running a step and checking it --------------------------------------------------------
    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(work)

    def current(self) -> Encounter | None:
        return self.run(self.service.status(CHANNEL))

    def remember(self, enc: Encounter | None) -> None:
        self.seen = enc if enc is not None and enc.active else None

    def step(self, caller: Caller, command: str, work: Any, typed: str = "") -> Outcome | None:
        RUNS[f"{self.system} steps"] += 1
        before = self.seen
        try:
            outcome: Outcome = self.run(work)
        except LocalizedError as refusal:
            after = self.current()
            assert (after and after.to_dict()) == (before and before.to_dict()), "a refusal changed"
            if caller is not GM and before is not None:
                self.no_hidden_names(before, refusal.localized("en"), typed)
            return None
        self.remember(outcome.encounter)
        logged = orjson.loads(orjson.dumps(events_json(outcome.events)))  # as the log stores it
        wanted = [e.to_dict() for e in outcome.events]
        assert logged == orjson.loads(orjson.dumps(wanted, option=orjson.OPT_NON_STR_KEYS))
        if before is None and command == "undo":  # the fight that had just ended reopens
            assert caller is GM and self.reopenable, "undo reopened nothing"
            expected = self.reopenable.pop()
            assert {**outcome.encounter.to_dict(), "version": 0} == {**expected, "version": 0}
            self.undoable, self.reopenable = self.reopenable, []
            return outcome
        if before is None:
            self.reopenable = []  # a new fight: the ended one is history
            return outcome  # a start
        gm = caller is GM
        assert gm or command not in ("next", "undo", "end", "reveal"), f"a player did {command}"
        if command == "undo":
            assert self.undoable, "undo succeeded with nothing to undo"
            expected = self.undoable.pop()
            assert {**outcome.encounter.to_dict(), "version": 0} == {**expected, "version": 0}
        else:
            self.undoable.append(before.to_dict())
        self.check_rights(before, outcome.events, caller)
        self.check_acting(before, outcome.events)
        check_resting(self.rules, outcome.encounter)
        visible = [c.name for c in outcome.encounter.combatants if not c.hidden]
        # A visible combatant this step removed is named in its post ("Orc 2 leaves") too.
        visible += [c.name for c in before.combatants
                    if not c.hidden and outcome.encounter.combatant(c.id) is None]  # fmt: skip
        post = without(visible, text_of(outcome))
        for name in self.hidden_after(before, outcome.encounter):
            assert not named(name, post), f"hidden {name} named in a public post: {post}"
        if not outcome.encounter.active:  # ended: undo may reopen it; a new fight starts anew
            self.reopenable, self.undoable = self.undoable, []
        return outcome

    def hidden_after(self, before: Encounter, after: Encounter) -> set[str]:
        """Names a player must not see after a step: those hidden now, and those of hidden
        combatants removed by it (unless a visible one has that name now)."""
        names = {c.name: c.hidden for c in after.combatants}
        gone = {c.name for c in before.combatants if c.hidden and after.combatant(c.id) is None}
        return {n for n, hidden in names.items() if hidden} | {n for n in gone if n not in names}

    def no_hidden_names(self, enc: Encounter, message: str, typed: str) -> None:
        message = without([c.name for c in enc.combatants if not c.hidden], message)
        for c in enc.combatants:
            if c.hidden and c.name not in typed:  # an echo of what they typed is no leak
                assert not named(c.name, message), f"{c.name} named to a player: {message}"

    def check_rights(self, before: Encounter, events: list[Event], caller: Caller) -> None:
        if caller is GM:
            return
        for e in events:
            if not isinstance(e, Edited):
                continue
            c = before.combatant(e.combatant_id)
            assert c is not None and c.owner_id == caller.user_id, "an edit of another's"
            assert e.field not in self.rules.gm_fields, f"a player set {e.field}"
            if before.round > 0:
                assert e.field in self.rules.loss_fields and e.after < e.before, "not a loss"

    def check_acting(self, before: Encounter, events: list[Event]) -> None:
        for e in events:
            acted = isinstance(e, (ActionUsed, SkillUsed, InterruptDeclared, MovedDistance))
            checked = isinstance(e, Rolled) and e.purpose in ("hit", "reaction", "dodge")
            who = getattr(e, "combatant_id", None)
            c = before.combatant(who) if who is not None else None
            if c is not None and (acted or checked):
                assert c.fighting, f"{c.name} ({c.condition}) acted: {e}"

    def run_refusal(self, work: Any, kind: type[Exception]) -> None:
        """``work`` (a command the model says is refused) raises ``kind`` and changes nothing."""
        before = self.current()
        try:
            self.run(work)
        except kind:
            after = self.current()
            assert (after and after.to_dict()) == (before and before.to_dict()), "a refusal changed"
            return
        raise AssertionError(f"expected {kind.__name__}")

    # -- invariants ----------------------------------------------------------------------------
    @invariant()
    def state_holds(self) -> None:
        enc = self.seen
        if enc is None:
            return
        present = {c.id: c for c in enc.combatants}
        for prompt in enc.prompts:
            assert prompt.owner is None or prompt.owner in present, "a prompt of nobody"
            assert prompt.owner is None or present[prompt.owner].fighting, "a prompt of the fallen"
            assert prompt.about is None or prompt.about in present
        for c in enc.combatants:
            verdict = self.rules.condition(enc, c)
            if verdict is not None:
                reason = None if verdict[0] is Condition.FIGHTING else verdict[1]
                assert (c.condition, c.down_reason) == (verdict[0], reason), c.name
        for finish in (self.advance_copy, self.end_copy):
            finish(Encounter.from_dict(enc.to_dict()))

    @invariant()
    def cache_is_the_database(self) -> None:
        """What the service kept of its last commit is what a full load reads, or nothing."""
        held = self.service.cache._kept.get(CHANNEL)

        def full(conn: Any) -> dict[str, Any] | None:
            loaded = load_active(conn, CHANNEL, lock=False)
            return None if loaded is None else loaded.encounter.to_dict()

        stored = self.run(self.db.run(full, write=False))
        if held is None:
            return
        assert stored is not None, "a fight kept that is not active"
        assert fresh(held).encounter.to_dict() == stored

    def advance_copy(self, enc: Encounter) -> None:
        engine.after(enc, self.rules, engine.advance(enc, self.rules, lambda s: 1), lambda s: 1)
        assert enc.phase is not None and (
            enc.actor is None or enc.phase in (Phase.MAIN, Phase.EXTRA)
        )

    def end_copy(self, enc: Encounter) -> None:
        engine.end(enc, self.rules, lambda s: 1)
        assert not enc.active

    # -- the table's commands ------------------------------------------------------------------
    @initialize(seed=st.integers(0, 2**32 - 1))
    def begin(self, seed: int) -> None:
        self.rng.seed(seed)
        self.step(GM, "start", self.service.start(CHANNEL, GUILD, GM, self.system))
        for caller, name in ((ALICE, "Aster"), (BOB, "Mira")):
            stats = Stats(action_value=5, hp=30, max_hp=30, speed=5)
            work = self.service.add(CHANNEL, caller, name, side=Side.PC,
                                    owner_id=caller.user_id, stats=stats)  # fmt: skip
            self.step(caller, "add", work)
        goblins = self.service.add(
            CHANNEL, GM, "Goblin", count=2, stats=Stats(hp=20, action_value=4)
        )
        self.step(GM, "add", goblins)
        shades = self.service.add(CHANNEL, GM, "Shade", count=2, hidden=True,
                                  stats=Stats(hp=15, action_value=6))  # fmt: skip
        self.step(GM, "add", shades)
        self.set_up()

    def set_up(self) -> None:
        """Rule-set furniture (ships for a naval battle)."""

    def names(self) -> list[str]:
        return [c.name for c in self.seen.combatants] if self.seen else []

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        caller = data.draw(st.sampled_from(CALLERS))
        name, detail = data.draw(action(self.system, self.names()))
        who = data.draw(
            st.one_of(st.none(), st.sampled_from(self.names() or ["Nobody"]), st.integers(1, 12))
        )
        typed = f"{who} {detail}"
        self.step(caller, name, self.service.act(CHANNEL, caller, name, who, detail), typed)

    @rule(caller=st.sampled_from(CALLERS), confirmed=st.booleans())
    def next(self, caller: Caller, confirmed: bool) -> None:
        self.moves_on(caller, confirmed)

    @rule(confirmed=st.booleans())
    def gm_next(self, confirmed: bool) -> None:
        """The GM's Next, often: the sequences get past the first turns into the players'."""
        self.moves_on(GM, confirmed)

    def moves_on(self, caller: Caller, confirmed: bool) -> None:
        before = self.seen
        version = before.version if confirmed and before is not None else None  # the button's
        work = self.service.next(CHANNEL, caller, version, confirmed=confirmed)
        outcome = self.step(caller, "next", work)
        if caller is not GM or before is None:
            return
        asks = not confirmed and untouched_player_turn(before)
        RUNS[f"{self.system} asked"] += asks  # how often the model's case came up
        RUNS[f"{self.system} confirmed"] += confirmed and untouched_player_turn(before)
        if asks:  # refused, and for the reason the model gives (not another)
            assert outcome is None, "Next passed over a player's untouched turn unasked"
            self.run_refusal(self.service.next(CHANNEL, caller), SkipUnconfirmed)
        else:
            assert outcome is not None, "the GM's Next was refused where it must go on"

    @rule(caller=st.sampled_from(CALLERS))
    def undo(self, caller: Caller) -> None:
        self.step(caller, "undo", self.service.undo(CHANNEL, caller))

    @rule(
        caller=st.sampled_from(CALLERS),
        name=st.sampled_from(VISIBLE),
        count=st.integers(1, 3),
        hidden=st.booleans(),
        hp=st.sampled_from([None, 10, 0, -5]),
    )
    def add(self, caller: Caller, name: str, count: int, hidden: bool, hp: int | None) -> None:
        side = Side.NPC if caller is GM else Side.PC
        name = "Shade" if hidden and name == "2" else name  # a hidden "2" hides among numbers
        work = self.service.add(
            CHANNEL,
            caller,
            name,
            side=side,
            count=count,
            hidden=hidden,
            owner_id=None if caller is GM else caller.user_id,
            stats=Stats(hp=hp, max_hp=hp, action_value=count),
        )
        self.step(caller, "add", work, name)

    @rule(caller=st.sampled_from(CALLERS), data=st.data())
    def remove(self, caller: Caller, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.names() or ["Nobody"]))
        self.step(caller, "remove", self.service.remove(CHANNEL, caller, name), name)

    @rule(caller=st.sampled_from(CALLERS), data=st.data())
    def reveal(self, caller: Caller, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.names() or ["Nobody"]))
        self.step(caller, "reveal", self.service.reveal(CHANNEL, caller, name), name)

    @rule(caller=st.sampled_from((GM, ALICE)))
    def end_or_restart(self, caller: Caller) -> None:
        if self.current() is None:
            self.step(GM, "start", self.service.start(CHANNEL, GUILD, GM, self.system))
        else:
            self.step(caller, "end", self.service.end(CHANNEL, caller))
