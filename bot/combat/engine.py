"""The encounter engine: pure functions that change an ``Encounter`` and return events.

It walks the rule set's steps (``advance``), applies actions, and keeps the combatant list.
No Discord, no database, no text: adapters render the events.
"""

from __future__ import annotations

from bot.combat.errors import CombatError
from bot.combat.events import (
    ActionUsed,
    CombatantAdded,
    CombatantRemoved,
    CombatEnded,
    EncounterStarted,
    Event,
    PhaseEnded,
    PhaseStarted,
    RoundStarted,
    TurnEnded,
    TurnStarted,
)
from bot.combat.model import Action, Combatant, Encounter, Kind, Phase, Side, Stats
from bot.dice import DieSource
from bot.systems.base import RuleSet

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
    if count == 1:
        if enc.find(name):
            raise CombatError("combat.name_taken", name=name)
        names = [name]
    else:
        names, number = [], 1
        while len(names) < count:
            candidate = f"{name} {number}"
            if not enc.find(candidate):
                names.append(candidate)
            number += 1
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
            extra=dict(extra or {}),
        )
        enc.next_id += 1
        enc.combatants.append(c)
        events.append(CombatantAdded(c.id, c.name, c.side.value, c.hidden))
    return events


def remove(enc: Encounter, combatant: Combatant) -> list[Event]:
    enc.combatants.remove(combatant)
    enc.order = [i for i in enc.order if i != combatant.id]
    for c in enc.combatants:
        if c.aboard == combatant.id:
            c.aboard = None
    if enc.actor == combatant.id:
        enc.actor = None  # the next advance carries on from here
    return [CombatantRemoved(combatant.id, combatant.name)]


def advance(enc: Encounter, rules: RuleSet, dice: DieSource | None) -> list[Event]:
    """Leave the current phase and enter the next one (a new round when the rule set says)."""
    if not enc.active:
        raise CombatError("combat.ended")
    events: list[Event] = []
    if enc.phase is not None:
        if enc.actor is not None and enc.phase in (Phase.MAIN, Phase.EXTRA):
            events.append(TurnEnded(enc.actor))
        events += rules.leave(enc, dice)
        events.append(PhaseEnded(enc.round, enc.phase.value))
    step = rules.next_step(enc)
    if step.new_round:
        enc.round += 1
        events.append(RoundStarted(enc.round))
        enc.phase = step.phase  # rule sets look at the phase while starting the round
        events += rules.start_round(enc, dice)
    enc.phase, enc.actor = step.phase, step.actor
    entered = rules.enter(enc, dice)
    events.append(PhaseStarted(enc.round, enc.phase.value, rules.phase_order(enc), enc.actor))
    events += entered
    if enc.actor is not None:
        actor = enc.combatant(enc.actor)
        if actor is not None:
            available = [a.value for a in rules.available(enc, actor)]
            events.append(TurnStarted(actor.id, available))
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
    return [*events, CombatEnded(enc.round)]
