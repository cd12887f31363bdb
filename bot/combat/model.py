"""Encounter state: plain data classes, serialisable to JSON-ready dicts and back.

The engine and the rule sets change these objects; the store maps them to rows; snapshots of
them (``to_dict``) are what undo restores.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any


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
    out: bool = False  # out of the fight (dead, sunk, fled): never acts
    incapacitated: bool = False  # cannot act for now (dying, asleep …); rule sets set it
    aboard: int | None = None  # naval: the ship it stands on
    statuses: list[Status] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # rule-set specific state

    @property
    def can_act(self) -> bool:
        return self.kind is Kind.CHARACTER and not self.out and not self.incapacitated


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
    data: dict[str, Any] = field(default_factory=dict)  # rule-set state (interrupts, events …)
    next_id: int = 1
    version: int = 0
    active: bool = True

    def combatant(self, combatant_id: int) -> Combatant | None:
        return next((c for c in self.combatants if c.id == combatant_id), None)

    def find(self, name: str) -> Combatant | None:
        folded = name.casefold()
        return next((c for c in self.combatants if c.name.casefold() == folded), None)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Encounter:
        values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        values["phase"] = Phase(data["phase"]) if data.get("phase") else None
        values["combatants"] = [combatant_from_dict(c) for c in data.get("combatants", [])]
        return cls(**values)


def combatant_from_dict(data: dict[str, Any]) -> Combatant:
    values = {f.name: data[f.name] for f in fields(Combatant) if f.name in data}
    values["side"] = Side(data["side"])
    values["kind"] = Kind(data.get("kind", Kind.CHARACTER))
    values["stats"] = Stats(**data.get("stats", {}))
    values["used"] = [Action(a) for a in data.get("used", [])]
    values["statuses"] = [Status(**s) for s in data.get("statuses", [])]
    return Combatant(**values)
