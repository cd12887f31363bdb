"""Encounter state: plain data classes, serialisable to JSON-ready dicts and back.

The engine and the rule sets change these objects; the store maps them to rows; snapshots of
them (``to_dict``) are what undo restores.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar


class Side(StrEnum):
    PC = "pc"
    NPC = "npc"


class Kind(StrEnum):
    CHARACTER = "character"
    SHIP = "ship"  # naval add-on: targeted like a combatant, carries combatants, never acts


class Phase(StrEnum):
    SETUP = "setup"
    INITIATIVE = "initiative"
    MAIN = "main"
    CLEANUP = "cleanup"
    EXTRA = "extra"  # GURPS: acceleration's extra actions at the end of the turn


class Condition(StrEnum):
    """Where a combatant stands in the fight. The rule set decides when it changes; the engine
    enforces what it means (turns skipped, actions, reactions and checks refused, engages left,
    the side-defeated check)."""

    FIGHTING = "fighting"
    DYING = "dying"  # cannot act or roll; may still be healed (Grancrest 瀕死)
    OUT = "out"  # out of the fight: 戦闘不能, 戦線離脱, unconscious, sunk
    DEAD = "dead"


class Action(StrEnum):
    MINOR = "minor"
    MAJOR = "major"
    MANEUVER = "maneuver"  # GURPS: one maneuver a turn
    MOVE = "move_action"  # naval (2D6 system): the Move action before Minor and Major


@dataclass
class Stats:
    """The numbers turn order needs. Rule sets add their own in ``Combatant.extra``."""

    action_value: int = 0  # 行動値 (Grancrest, naval)
    reflex: int = 0  # 反射基本値: Grancrest's PC tie-break
    initiative_mod: int = 0  # Esperancer: added to the 2D10 initiative roll
    sonic_drive: int | None = None  # Esperancer: initiative at or above this offers Sonic Drive
    speed: float = 0.0  # 移動力 (GURPS basic speed, may be fractional)
    dx: int = 0  # GURPS tie-break
    hp: int | None = None
    max_hp: int | None = None


@dataclass
class Status:
    kind: str
    remaining: int | None = None  # rounds or uses left; None = until removed
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Combatant:
    id: int  # unique within the encounter
    name: str
    side: Side
    owner_id: int | None = None  # the player who controls it (None: the GM)
    hidden: bool = False  # hidden NPCs are not shown to players
    kind: Kind = Kind.CHARACTER
    character_id: int | None = None  # a saved character it was joined from
    stats: Stats = field(default_factory=Stats)
    seq: int = 0  # the GM's order among equals (default: order of addition)
    acted: bool = False
    used: list[Action] = field(default_factory=list)  # actions used this turn
    initiative: int | None = None  # rolled this round (Esperancer)
    condition: Condition = Condition.FIGHTING
    down_reason: str | None = None  # the rule set's word for it: dying_2, hp_zero, sunk …
    incapacitated: bool = False  # cannot act for now, though still fighting (asleep, fainted)
    aboard: int | None = None  # naval: the ship it stands on
    statuses: list[Status] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # rule-set specific state

    @property
    def fighting(self) -> bool:
        return self.condition is Condition.FIGHTING

    @property
    def out(self) -> bool:
        """Out of the fight or dead: gone from the battle until it ends."""
        return self.condition in (Condition.OUT, Condition.DEAD)

    @property
    def can_act(self) -> bool:
        return self.kind is Kind.CHARACTER and self.fighting and not self.incapacitated


@dataclass
class Prompt:
    """Something the fight waits for a combatant to answer (a reaction to roll, a Sonic Drive
    offer, the naval event roll, the initiative-skill window). ``owner`` answers it (None: the
    GM, or anyone for a window); ``about`` is the other combatant it concerns (the attacker).
    ``until`` says when it lapses: ``turn`` (the current turn ends), ``own_turn`` (the owner's
    own turn ends), ``phase`` (this phase ends); the rule set then settles it by default."""

    id: int
    kind: str
    owner: int | None
    until: str
    about: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Encounter:
    channel_id: int
    guild_id: int
    system: str
    gm_id: int
    id: int | None = None  # the store's id
    round: int = 0  # 0: preparing (combatants join), 1… once the GM starts the first round
    phase: Phase | None = None
    actor: int | None = None  # whose turn it is (MAIN / EXTRA phases)
    order: list[int] = field(default_factory=list)  # this round's order, first to act first
    combatants: list[Combatant] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # rule-set state (events, roll-offs …)
    prompts: list[Prompt] = field(default_factory=list)
    next_id: int = 1
    version: int = 0
    active: bool = True
    # Set by the service while a player's command runs (never stored): names look past the
    # hidden combatants, so a hidden NPC can be neither named nor found out by a player.
    for_players: ClassVar[bool] = False

    def combatant(self, combatant_id: int) -> Combatant | None:
        return next((c for c in self.combatants if c.id == combatant_id), None)

    def find(self, name: str) -> Combatant | None:
        """A combatant by name (any letter case). In a player's view (``for_players``, set by
        the service for the command of a player) hidden combatants have no name to be found by."""
        folded = name.casefold()
        hide = self.for_players
        return next(
            (c for c in self.combatants if c.name.casefold() == folded and not (hide and c.hidden)),
            None,
        )

    def to_dict(self) -> dict[str, Any]:
        """What ``dataclasses.asdict`` gives, built directly: every command snapshots the
        state for undo, and the generic walk cost a millisecond each time."""
        values = {name: _plain(getattr(self, name)) for name in _names(Encounter)}
        values["combatants"] = [_combatant_dict(c) for c in self.combatants]
        values["prompts"] = [_flat(p) for p in self.prompts]
        return values

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Encounter:
        values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        values["phase"] = Phase(data["phase"]) if data.get("phase") else None
        values["combatants"] = [combatant_from_dict(c) for c in data.get("combatants", [])]
        values["prompts"] = [Prompt(**p) for p in data.get("prompts", [])]
        return cls(**values)


@cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def _plain(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars), as ``asdict`` copies it."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


def _flat(item: Any) -> dict[str, Any]:
    return {name: _plain(getattr(item, name)) for name in _names(type(item))}


def _combatant_dict(c: Combatant) -> dict[str, Any]:
    values = _flat(c)
    values["stats"] = _flat(c.stats)
    values["statuses"] = [_flat(s) for s in c.statuses]
    return values


def combatant_from_dict(data: dict[str, Any]) -> Combatant:
    values = {f.name: data[f.name] for f in fields(Combatant) if f.name in data}
    values["side"] = Side(data["side"])
    values["kind"] = Kind(data.get("kind", Kind.CHARACTER))
    values["stats"] = Stats(**data.get("stats", {}))
    values["used"] = [Action(a) for a in data.get("used", [])]
    values["statuses"] = [Status(**s) for s in data.get("statuses", [])]
    values["condition"] = Condition(data.get("condition") or _legacy_condition(data))
    return Combatant(**values)


def _legacy_condition(data: dict[str, Any]) -> Condition:
    # Snapshots written before conditions existed kept a plain "out" flag.
    return Condition.OUT if data.get("out") else Condition.FIGHTING
