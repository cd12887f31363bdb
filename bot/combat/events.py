"""Domain events: what happened, for adapters to render. The engine never formats text."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any


@cache
def _kind(event_type: type) -> str:
    name = event_type.__name__
    return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")


@dataclass(frozen=True)
class Event:
    @property
    def kind(self) -> str:
        return _kind(type(self))

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **asdict(self)}


@dataclass(frozen=True)
class EncounterStarted(Event):
    system: str
    gm_id: int


@dataclass(frozen=True)
class CombatantAdded(Event):
    combatant_id: int
    name: str
    side: str
    hidden: bool


@dataclass(frozen=True)
class CombatantRemoved(Event):
    combatant_id: int
    name: str
    hidden: bool = False


@dataclass(frozen=True)
class CombatantRevealed(Event):
    """The GM shows a hidden combatant to the players."""

    combatant_id: int


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class PhaseStarted(Event):
    round: int
    phase: str
    order: list[int]  # the order that matters in this phase
    actor: int | None = None


@dataclass(frozen=True)
class PhaseEnded(Event):
    round: int
    phase: str


@dataclass(frozen=True)
class TurnStarted(Event):
    combatant_id: int
    actions: list[str]  # what it may still do


@dataclass(frozen=True)
class TurnEnded(Event):
    combatant_id: int


@dataclass(frozen=True)
class TurnPassed(Event):
    """The GM passed over a player's turn before anything of it was played (confirmed)."""

    combatant_id: int


@dataclass(frozen=True)
class ActionUsed(Event):
    combatant_id: int
    action: str
    detail: str = ""
    remaining: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Rolled(Event):
    """A roll made for the flow (initiative, roll-off, event …), with BCDice-format text."""

    combatant_id: int | None
    purpose: str
    text: str
    total: int | None
    dice: list[tuple[int, int]] = field(default_factory=list)


@dataclass(frozen=True)
class InterruptDeclared(Event):
    combatant_id: int
    skill: str


@dataclass(frozen=True)
class WeaponSet(Event):
    combatant_id: int
    weapon: str


@dataclass(frozen=True)
class WeaponSwapped(Event):
    """Grancrest: a carried weapon taken into the hand (``out``: the one put away)."""

    combatant_id: int
    out: str | None
    into: str


@dataclass(frozen=True)
class ItemExchanged(Event):
    """Grancrest: a weapon handed to someone in the same square (``back``: one in return)."""

    giver_id: int
    taker_id: int
    item: str
    back: str | None = None


@dataclass(frozen=True)
class DefenseApplied(Event):
    """Grancrest: damage through a defense — which type's defense, how much it and the other
    reductions took off, the HP damage left."""

    combatant_id: int
    damage: int
    defense_type: str
    defense: int
    reduction: int
    loss: int


@dataclass(frozen=True)
class SkillOrder(Event):
    """Grancrest: the Setup or Cleanup skills declared, in the order they resolve
    (action value, high first): (combatant id, skill) pairs."""

    timing: str
    skills: list[tuple[int, str]]


@dataclass(frozen=True)
class EngageChanged(Event):
    combatant_id: int
    engage: int | None  # the engage it is in now (None: on its own)


@dataclass(frozen=True)
class MovedDistance(Event):
    combatant_id: int
    metres: int
    full: bool


@dataclass(frozen=True)
class SkillUsed(Event):
    combatant_id: int
    skill: str
    timing: str


@dataclass(frozen=True)
class OrderChanged(Event):
    order: list[int]


@dataclass(frozen=True)
class OptionSet(Event):
    """The GM set one of the encounter's options (Esperancer: who rolls the dodge)."""

    option: str
    value: str


@dataclass(frozen=True)
class SonicDriveOffered(Event):
    combatant_id: int
    initiative: int
    threshold: int


@dataclass(frozen=True)
class SonicDriveChosen(Event):
    combatant_id: int
    triggered: bool


@dataclass(frozen=True)
class NavalEventRequested(Event):
    roller_id: int | None  # the PC with the highest action value (None: nobody; the GM rolls)


@dataclass(frozen=True)
class NavalEventRolled(Event):
    value: int
    event: str
    title: str


@dataclass(frozen=True)
class NavalEventSkipped(Event):
    round: int


@dataclass(frozen=True)
class ExtraActionGranted(Event):
    combatant_id: int
    from_round: int


@dataclass(frozen=True)
class Noted(Event):
    """A rule set's one-line note: a catalog key and the combatants it lists, each with a
    plain text (its roll-off values, or nothing) — names shown as the reader may see them."""

    key: str
    entries: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Damaged(Event):
    combatant_id: int
    amount: int
    hp: int | None


@dataclass(frozen=True)
class ReactionRequested(Event):
    """An attack waits for the target's reaction (its player, or the GM for an NPC)."""

    target_id: int
    owner_id: int | None


@dataclass(frozen=True)
class AttackResolved(Event):
    attacker_id: int
    target_id: int
    hit: int
    reaction: int | None  # None: the target made no check (it was dying)
    hits: bool


@dataclass(frozen=True)
class MapChanged(Event):
    width: int
    height: int


@dataclass(frozen=True)
class Moved(Event):
    combatant_id: int
    origin: list[int] | None
    to: list[int]
    cost: int
    path: list[list[int]] = field(default_factory=list)


@dataclass(frozen=True)
class Healed(Event):
    combatant_id: int
    amount: int
    hp: int | None


@dataclass(frozen=True)
class Recovered(Event):
    """A combatant is no longer down (a heal, or a death check passed)."""

    combatant_id: int
    hp: int | None


@dataclass(frozen=True)
class StatusApplied(Event):
    combatant_id: int
    status: str


@dataclass(frozen=True)
class StatusExpired(Event):
    combatant_id: int
    status: str


@dataclass(frozen=True)
class CombatantDown(Event):
    combatant_id: int
    reason: str


@dataclass(frozen=True)
class Undone(Event):
    command: str
    version: int


@dataclass(frozen=True)
class CombatEnded(Event):
    round: int


@dataclass(frozen=True)
class ShipMoved(Event):
    ship_id: int
    position: int  # the ship's front area's position now


@dataclass(frozen=True)
class Boarded(Event):
    combatant_id: int
    ship_id: int
    area: int


@dataclass(frozen=True)
class ShipSunk(Event):
    ship_id: int
    aboard: tuple[int, ...]  # out of battle until the fight ends


@dataclass(frozen=True)
class MoraleChanged(Event):
    side: str
    morale: int


@dataclass(frozen=True)
class CrewMoved(Event):
    """A combatant walked to another area of its own ship (its move action)."""

    combatant_id: int
    area: int


@dataclass(frozen=True)
class CoverDeclared(Event):
    """The coverer will take the next hit on the target this round (naval cover)."""

    combatant_id: int
    target_id: int


@dataclass(frozen=True)
class CoverTaken(Event):
    combatant_id: int
    target_id: int


@dataclass(frozen=True)
class NoFlagship(Event):
    """A side starts the fight with no flagship: it can lose only by being wiped out."""

    side: str


@dataclass(frozen=True)
class SideDefeated(Event):
    side: str
    reason: str  # "wiped_out", "flagship_sunk" or (naval, both sides at once) "draw"
    ends: bool = True  # the rule set ends the fight on it (else the GM decides)


@dataclass(frozen=True)
class TurnSkipped(Event):
    """A turn came to a combatant that could not take it (it fell as the turn began)."""

    combatant_id: int


@dataclass(frozen=True)
class PromptLapsed(Event):
    """A prompt nobody answered in time, settled by the rule set's default (``why``:
    ``expired`` when its moment passed, ``owner_down`` when its combatant left the fight)."""

    prompt: str  # the prompt's kind
    owner: int | None
    why: str


@dataclass(frozen=True)
class PromptCancelled(Event):
    """A prompt dropped because a combatant it concerned left the encounter."""

    prompt: str  # the prompt's kind
    owner: int | None


@dataclass(frozen=True)
class Edited(Event):
    """A number or flag changed by someone's say-so (not by a rule): the service checks who
    may, and the channel is told. ``before`` / ``after`` are the values, for the post and for
    telling a loss (lower) from a gain."""

    combatant_id: int
    field: str
    before: Any
    after: Any
    by_gm: bool = False
