"""The encounter engine: pure functions that change an ``Encounter`` and return events.

It walks the rule set's steps (``advance``), applies actions, and keeps the combatant list.
No Discord, no database, no text: adapters render the events.
"""

from __future__ import annotations

import copy

from bot.combat import lifecycle, prompts
from bot.combat.errors import CombatError
from bot.combat.events import (
    ActionUsed,
    CombatantAdded,
    CombatantRemoved,
    CombatantRevealed,
    CombatEnded,
    EncounterStarted,
    Event,
    PhaseEnded,
    PhaseStarted,
    RoundStarted,
    SideDefeated,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from bot.combat.model import Action, Combatant, Encounter, Kind, Phase, Side, Stats
from bot.combat.rules import RuleSet
from bot.dice import DieSource

MAX_COMBATANTS = 100
MAX_COPIES = 30
MAX_NAME = 64


def start(enc: Encounter) -> list[Event]:
    return [EncounterStarted(enc.system, enc.gm_id)]


def add(
    enc: Encounter,
    name: str,
    side: Side,
    *,
    count: int = 1,
    owner_id: int | None = None,
    hidden: bool = False,
    stats: Stats | None = None,
    kind: Kind = Kind.CHARACTER,
    character_id: int | None = None,
    aboard: int | None = None,
    extra: dict | None = None,
) -> list[Event]:
    """Add a combatant, or ``count`` numbered copies ("Goblin" ×4 → Goblin 1 … Goblin 4)."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME:
        raise CombatError("combat.bad_name", limit=MAX_NAME)
    if not 1 <= count <= MAX_COPIES:
        raise CombatError("combat.bad_count", limit=MAX_COPIES)
    if len(enc.combatants) + count > MAX_COMBATANTS:
        raise CombatError("combat.too_many", limit=MAX_COMBATANTS)
    if aboard is not None:
        ship = enc.combatant(aboard)
        if ship is None or ship.kind is not Kind.SHIP:
            raise CombatError("combat.not_a_ship", name=str(aboard))
    names = _names(enc, name, count, hidden)
    events: list[Event] = []
    for each in names:
        c = Combatant(
            id=enc.next_id,
            name=each,
            side=side,
            owner_id=owner_id,
            hidden=hidden,
            kind=kind,
            character_id=character_id,
            stats=Stats(**vars(stats)) if stats else Stats(),
            seq=max((c.seq for c in enc.combatants), default=-1) + 1,
            aboard=aboard,
            extra=copy.deepcopy(extra or {}),  # copies share nothing
        )
        enc.next_id += 1
        enc.combatants.append(c)
        events.append(CombatantAdded(c.id, c.name, c.side.value, c.hidden))
    return events


def _names(enc: Encounter, name: str, count: int, hidden: bool) -> list[str]:
    """The new combatants' names: ``name``, or numbered copies. Players never see hidden
    combatants, so a visible name is numbered among the visible only, and a hidden combatant
    holding the name a visible one gets is renumbered out of its way (nothing shows that the
    hidden ones exist); hidden names are numbered among everyone."""

    def taken(candidate: str) -> bool:
        found = _named(enc, candidate)
        return found is not None and (hidden or not found.hidden)

    if count == 1:
        if taken(name):
            raise CombatError("combat.name_taken", name=name)
        names = [name]
    else:
        names, number = [], 1
        while len(names) < count:
            candidate = numbered(name, number)
            if not taken(candidate):
                names.append(candidate)
            number += 1
    for wanted in names:
        holder = _named(enc, wanted)
        if holder is not None:  # a hidden one: it takes the next free number of its own
            holder.name = _free(enc, holder.name, set(names))
    return names


def numbered(name: str, number: int) -> str:
    """``Goblin 3``, the name shortened if need be so the number always fits."""
    suffix = f" {number}"
    return name[: MAX_NAME - len(suffix)].rstrip() + suffix


def _named(enc: Encounter, name: str) -> Combatant | None:
    # Every combatant, hidden or not, whoever is asking: names stay unique underneath.
    folded = name.casefold()
    return next((c for c in enc.combatants if c.name.casefold() == folded), None)


def _free(enc: Encounter, name: str, avoid: set[str]) -> str:
    base, _, tail = name.rpartition(" ")
    stem, number = (base, int(tail) + 1) if tail.isdigit() and base else (name, 2)
    folded = {n.casefold() for n in avoid}
    while _named(enc, numbered(stem, number)) or numbered(stem, number).casefold() in folded:
        number += 1
    return numbered(stem, number)


def remove(enc: Encounter, combatant: Combatant) -> list[Event]:
    enc.combatants.remove(combatant)
    enc.order = [i for i in enc.order if i != combatant.id]
    for c in enc.combatants:
        if c.aboard == combatant.id:
            c.aboard = None
    if enc.actor == combatant.id:
        enc.actor = None  # the next advance carries on from here
    dropped = prompts.drop_for(enc, combatant.id)
    return [CombatantRemoved(combatant.id, combatant.name, combatant.hidden), *dropped]


def reveal(enc: Encounter, combatant: Combatant) -> list[Event]:
    """The GM shows a hidden combatant to the players."""
    if not combatant.hidden:
        raise CombatError("combat.not_hidden", name=combatant.name)
    if any(c.name.casefold() == combatant.name.casefold() and not c.hidden
           for c in enc.combatants if c is not combatant):  # fmt: skip
        raise CombatError("combat.name_taken", name=combatant.name)
    combatant.hidden = False
    return [CombatantRevealed(combatant.id)]


def advance(enc: Encounter, rules: RuleSet, dice: DieSource | None) -> list[Event]:
    """Leave the current step and go on to the next one where someone is waited for
    (``RuleSet.waits``): a turn its combatant can take, or a phase that is the GM's. Steps
    nobody waits at are passed through in the same command — a turn that comes to a combatant
    who cannot take it is skipped, Grancrest's initiative phase leads straight into the main
    process it picks — so one Next (or one end of turn) lands where the table plays next."""
    if not enc.active:
        raise CombatError("combat.ended")
    return _step(enc, rules, dice) + onward(enc, rules, dice)


def onward(enc: Encounter, rules: RuleSet, dice: DieSource | None) -> list[Event]:
    """Pass every step from here that nobody waits at (nothing when the current one waits)."""
    events: list[Event] = []
    new_rounds = 0
    for _ in range(2 * len(enc.combatants) + 8):  # every turn of a round, and then some
        if not enc.active or enc.phase is None or rules.waits(enc):
            break
        actor = enc.combatant(enc.actor) if enc.actor is not None else None
        if actor is not None and not actor.can_act and enc.phase in (Phase.MAIN, Phase.EXTRA):
            events.append(TurnSkipped(actor.id))
        started = enc.round
        events += _step(enc, rules, dice)
        new_rounds += enc.round != started
        if new_rounds > 1:  # a whole round where nobody could act: the GM's to decide
            break
    return events


def _step(enc: Encounter, rules: RuleSet, dice: DieSource | None) -> list[Event]:
    events: list[Event] = []
    if enc.phase is not None:
        if enc.actor is not None and enc.phase in (Phase.MAIN, Phase.EXTRA):
            events.append(TurnEnded(enc.actor))
            events += prompts.lapse(enc, rules, dice, "turn", enc.actor)
        events += prompts.lapse(enc, rules, dice, "phase", enc.actor)
        events += rules.leave(enc, dice)
        events.append(PhaseEnded(enc.round, enc.phase.value))
    step = rules.next_step(enc)
    if step.new_round:
        events += prompts.lapse(enc, rules, dice, "round", None)
        enc.round += 1
        events.append(RoundStarted(enc.round))
        enc.phase = step.phase  # rule sets look at the phase while starting the round
        events += rules.start_round(enc, dice)
    enc.phase, enc.actor = step.phase, step.actor
    entered = rules.enter(enc, dice)
    events.append(PhaseStarted(enc.round, enc.phase.value, rules.phase_order(enc), enc.actor))
    events += entered
    actor = enc.combatant(enc.actor) if enc.actor is not None else None
    if actor is not None and actor.can_act:
        available = [a.value for a in rules.available(enc, actor)]
        events.append(TurnStarted(actor.id, available))
    return events


def after(
    enc: Encounter, rules: RuleSet, events: list[Event], dice: DieSource | None
) -> list[Event]:
    """What follows every change: the lifecycle reconciled (``bot.combat.lifecycle``), the
    end of the fight when a side has lost and the rule set ends fights on that, and the flow
    carried on when the change left nobody to wait for (the turn's combatant fell, the last
    initiative was rolled)."""
    for _ in range(3):  # carrying on may bring losses of its own (poison, dying): once more
        if not enc.active:
            return events
        prompts.close_at_first_action(enc, events)
        events = events + lifecycle.reconcile(enc, rules, dice)
        if any(isinstance(e, SideDefeated) and e.ends for e in events):
            return events + end(enc, rules, dice)
        if enc.phase is None or rules.waits(enc):
            return events
        events = events + onward(enc, rules, dice)
    return events


def use_action(
    enc: Encounter, rules: RuleSet, c: Combatant, action: Action, detail: str = ""
) -> list[Event]:
    rules.use_action(enc, c, action)
    remaining = [a.value for a in rules.available(enc, c)]
    return [ActionUsed(c.id, action.value, detail.strip(), remaining)]


def end(enc: Encounter, rules: RuleSet, dice: DieSource | None) -> list[Event]:
    """End the encounter: the rule set's end-of-combat processing, then CombatEnded."""
    if not enc.active:
        raise CombatError("combat.ended")
    events = rules.on_end(enc, dice)
    enc.active = False
    enc.prompts = []  # nothing is waited for in a fight that is over (undo brings them back)
    return [*events, CombatEnded(enc.round)]
