"""What the encounter log keeps of each command: who, what happened, the dice, the state
before (which undo restores)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from bot.combat.caller import Caller
from bot.combat.events import Event
from bot.combat.model import Encounter
from bot.dice import DieSource


@dataclass
class Recorder:
    """Passes dice through and keeps them for the log."""

    source: DieSource
    rands: list[tuple[int, int]] = field(default_factory=list)

    def __call__(self, sides: int) -> int:
        value = self.source(sides)
        self.rands.append((sides, value))
        return value


def snapshot(enc: Encounter) -> orjson.Fragment:
    """The state as the log keeps it for undo: the JSON of ``enc.to_dict()``, written straight
    from the data classes by orjson (every command takes one; building the dicts first cost
    more than the rest of the log entry), and stored as it is."""
    return orjson.Fragment(orjson.dumps(enc, option=orjson.OPT_NON_STR_KEYS))


def events_json(events: list[Event]) -> orjson.Fragment:
    """The log's JSON of ``[e.to_dict() for e in events]``, written by orjson straight from
    the data classes (``dataclasses.asdict`` was most of the log entry's cost): each event's
    object with its ``event`` key put first."""
    parts = []
    for event in events:
        body = orjson.dumps(event, option=orjson.OPT_NON_STR_KEYS)
        head = b'{"event":' + orjson.dumps(event.kind)
        parts.append(head + (b"}" if body == b"{}" else b"," + body[1:]))
    return orjson.Fragment(b"[" + b",".join(parts) + b"]")


def last_undoable(entries: list[Any]) -> Any | None:
    """The newest log entry not undone yet (entries newest first); None at the start."""
    undone = {e["undoes"] for e in entries if e["undoes"] is not None}
    for entry in entries:
        if entry["command"] == "undo" or entry["version"] in undone:
            continue
        return entry if entry["before"] is not None else None
    return None


def log_entry(
    encounter_id: int,
    version: int,
    command: str,
    caller: Caller,
    events: list[Event],
    dice: list[tuple[int, int]],
    before: dict[str, Any] | orjson.Fragment | None,
    undoes: int | None = None,
) -> dict[str, Any]:
    return {
        "encounter_id": encounter_id,
        "version": version,
        "command": command,
        "user_id": caller.user_id,
        "events": events_json(events),
        "dice": [list(r) for r in dice],
        "before": before,
        "undoes": undoes,
    }
