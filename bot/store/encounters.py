"""Encounter rows ↔ the engine's ``Encounter``, in SQLAlchemy Core for speed.

A command loads the channel's active encounter in two queries (the encounter, then its
combatants joined with their statuses), and saves only what changed: one UPDATE of the
encounter guarded by its version, and an INSERT / UPDATE / DELETE per combatant that changed.
Plain functions of a connection: ``Database.run`` gives them one, in one transaction. The
statements of every command are built once (``bot.store.prepared``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from enum import Enum
from typing import Any, TypeVar

import orjson
from sqlalchemy import Connection, bindparam, delete, insert, select, update

from bot.combat.model import (
    Action,
    Combatant,
    Condition,
    Encounter,
    Kind,
    Phase,
    Prompt,
    Side,
    Stats,
    Status,
)
from bot.store.models import CombatantRow, EncounterLog, EncounterRow, StatusRow, now
from bot.store.prepared import Prepared

ENCOUNTERS = EncounterRow.__table__
COMBATANTS = CombatantRow.__table__
STATUSES = StatusRow.__table__
LOG = EncounterLog.__table__

_ACTIVE = select(ENCOUNTERS).where(
    ENCOUNTERS.c.channel_id == bindparam("channel"), ENCOUNTERS.c.active.is_(True)
)
ACTIVE = Prepared(_ACTIVE)
ACTIVE_LOCKED = Prepared(_ACTIVE.with_for_update())  # PostgreSQL: the row held until commit
COMBATANTS_OF = Prepared(
    select(COMBATANTS, STATUSES.c.kind.label("status_kind"),
           STATUSES.c.remaining.label("status_remaining"), STATUSES.c.data.label("status_data"))
    .select_from(COMBATANTS.outerjoin(STATUSES, STATUSES.c.combatant_id == COMBATANTS.c.id))
    .where(COMBATANTS.c.encounter_id == bindparam("encounter"))
    .order_by(COMBATANTS.c.local_id, STATUSES.c.id)
)  # fmt: skip
# Where-clause names differ from the columns': SET takes the columns' own names.
UPDATE_ENCOUNTER = Prepared(
    update(ENCOUNTERS).where(
        ENCOUNTERS.c.id == bindparam("row_id"), ENCOUNTERS.c.version == bindparam("row_version")
    )
)
INSERT_ENCOUNTER = Prepared(insert(ENCOUNTERS).returning(ENCOUNTERS.c.id))
INSERT_COMBATANT = Prepared(insert(COMBATANTS).returning(COMBATANTS.c.id))
UPDATE_COMBATANT = Prepared(update(COMBATANTS).where(COMBATANTS.c.id == bindparam("row_id")))
DELETE_COMBATANT = Prepared(delete(COMBATANTS).where(COMBATANTS.c.id == bindparam("row_id")))
DELETE_STATUSES = Prepared(delete(STATUSES).where(STATUSES.c.combatant_id == bindparam("row_id")))
INSERT_STATUS = Prepared(insert(STATUSES))
INSERT_LOG = Prepared(insert(LOG))
TRACKER_OF = Prepared(
    select(ENCOUNTERS.c.id, ENCOUNTERS.c.tracker_message_id).where(
        ENCOUNTERS.c.channel_id == bindparam("channel"), ENCOUNTERS.c.active.is_(True)
    )
)


class VersionConflict(Exception):
    """The encounter's version moved between load and save: another writer came first."""


@dataclass
class Loaded:
    """An encounter as read, with what is needed to write back only the differences."""

    encounter: Encounter
    row: dict[str, Any]
    keys: dict[int, int] = field(default_factory=dict)  # combatant id → combatants.id
    combatants: dict[int, dict[str, Any]] = field(default_factory=dict)
    statuses: dict[int, list[tuple[str, int | None, dict]]] = field(default_factory=dict)


def load_active(conn: Connection, channel_id: int, *, lock: bool) -> Loaded | None:
    """The channel's active encounter. ``lock`` holds the row until commit on PostgreSQL
    (SQLite writers already hold the database's write lock from BEGIN IMMEDIATE)."""
    statement = ACTIVE_LOCKED if lock and conn.dialect.name == "postgresql" else ACTIVE
    row = statement.first(conn, {"channel": channel_id})
    return None if row is None else _load(conn, row)


def load_last_ended(conn: Connection, channel_id: int, since: datetime) -> Loaded | None:
    """The channel's most recently ended encounter, if it ended at ``since`` or later (undo
    may reopen it). The caller holds the write lock, so nothing starts meanwhile."""
    statement = (
        select(ENCOUNTERS)
        .where(ENCOUNTERS.c.channel_id == channel_id, ENCOUNTERS.c.active.is_(False))
        .order_by(ENCOUNTERS.c.id.desc())
        .limit(1)
    )
    found = (conn.execute(statement)).mappings().first()
    row = dict(found) if found is not None else None
    ended = row["ended_at"] if row is not None else None
    if ended is None:
        return None
    if ended.tzinfo is None:  # SQLite hands the stored UTC time back without its zone
        ended = ended.replace(tzinfo=UTC)
    return _load(conn, row) if ended >= since else None


def _load(conn: Connection, row: dict[str, Any]) -> Loaded:
    loaded = Loaded(encounter=_encounter(row), row=row)
    for record in COMBATANTS_OF.rows(conn, {"encounter": row["id"]}):
        local = record["local_id"]
        if local not in loaded.keys:
            loaded.keys[local] = record["id"]
            loaded.combatants[local] = {k: record[k] for k in _COMBATANT_COLUMNS}
            loaded.statuses[local] = []
        if record["status_kind"] is not None:
            status = (record["status_kind"], record["status_remaining"], record["status_data"])
            loaded.statuses[local].append(status)
    loaded.encounter.combatants = [
        _combatant(values, loaded.statuses[local]) for local, values in loaded.combatants.items()
    ]
    return loaded


_COMBATANT_COLUMNS = (
    "local_id", "name", "side", "kind", "owner_id", "hidden", "character_id", "seq", "acted",
    "used", "initiative", "condition", "down_reason", "incapacitated", "aboard", "stats", "extra",
)  # fmt: skip


def _copy(value: Any) -> Any:
    """A JSON value exactly as the database hands it back (keys that are numbers become
    strings, tuples lists), sharing nothing with ``value``: the loaded snapshot and the kept
    rows of the cache never share a dict with the state being changed, and the kept rows
    equal what a full load would read."""
    if isinstance(value, dict | list | tuple):
        if not value:  # most combatants' extra and statuses' data: no round trip for nothing
            return {} if isinstance(value, dict) else []
        return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))
    return value


E = TypeVar("E", bound=Enum)


def _member_of(kind: type[E]) -> Callable[[Any], E]:
    """``kind(value)`` for the values a row holds, as a dict lookup: ``EnumType.__call__``
    was a fifth of rebuilding a combatant. A value the enum lacks raises its own error."""
    members = kind._value2member_map_

    def member(value: Any) -> E:
        found = members.get(value)
        return found if found is not None else kind(value)  # type: ignore[return-value]

    return member


_SIDE, _KIND, _CONDITION = _member_of(Side), _member_of(Kind), _member_of(Condition)
_ACTION, _PHASE = _member_of(Action), _member_of(Phase)


def _encounter(row: Any) -> Encounter:
    return Encounter(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        system=row["system"],
        gm_id=row["gm_id"],
        round=row["round"],
        phase=_PHASE(row["phase"]) if row["phase"] else None,
        actor=row["actor"],
        order=list(row["turn_order"]),
        data=_copy(row["data"]),
        prompts=[Prompt(**p) for p in _copy(row["prompts"])],
        next_id=row["next_id"],
        version=row["version"],
        active=row["active"],
    )


def _combatant(values: dict[str, Any], statuses: list[tuple[str, int | None, dict]]) -> Combatant:
    return Combatant(
        id=values["local_id"],
        name=values["name"],
        side=_SIDE(values["side"]),
        owner_id=values["owner_id"],
        hidden=values["hidden"],
        kind=_KIND(values["kind"]),
        character_id=values["character_id"],
        stats=Stats(**values["stats"]),
        seq=values["seq"],
        acted=values["acted"],
        used=[_ACTION(a) for a in values["used"]],
        initiative=values["initiative"],
        condition=_CONDITION(values["condition"]),
        down_reason=values["down_reason"],
        incapacitated=values["incapacitated"],
        aboard=values["aboard"],
        statuses=[Status(kind, remaining, _copy(data)) for kind, remaining, data in statuses],
        extra=_copy(values["extra"]),
    )


def encounter_values(enc: Encounter) -> dict[str, Any]:
    return {
        "guild_id": enc.guild_id,
        "channel_id": enc.channel_id,
        "system": enc.system,
        "gm_id": enc.gm_id,
        "active": enc.active,
        "round": enc.round,
        "phase": enc.phase.value if enc.phase else None,
        "actor": enc.actor,
        "turn_order": list(enc.order),
        "data": _copy(enc.data),
        "prompts": _copy([asdict(p) for p in enc.prompts]),
        "next_id": enc.next_id,
        "version": enc.version,
    }


def combatant_values(c: Combatant) -> dict[str, Any]:
    return {
        "local_id": c.id,
        "name": c.name,
        "side": c.side.value,
        "kind": c.kind.value,
        "owner_id": c.owner_id,
        "hidden": c.hidden,
        "character_id": c.character_id,
        "seq": c.seq,
        "acted": c.acted,
        "used": [a.value for a in c.used],
        "initiative": c.initiative,
        "condition": c.condition.value,
        "down_reason": c.down_reason,
        "incapacitated": c.incapacitated,
        "aboard": c.aboard,
        "stats": dict(vars(c.stats)),
        "extra": _copy(c.extra),
    }


def insert_encounter(conn: Connection, enc: Encounter) -> int:
    values = encounter_values(enc)
    enc.id = INSERT_ENCOUNTER.scalar(conn, values)
    save(conn, Loaded(enc, {**values, "id": enc.id, "revision": 0}), enc, new=True)
    return enc.id


def save(conn: Connection, loaded: Loaded, enc: Encounter, *, new: bool = False) -> Loaded:
    """Write what changed since ``loaded``; the rows as saved (for a cache, once committed:
    ``loaded`` itself is left as it was). Raises ``VersionConflict`` when the encounter's
    version is not the one loaded any more."""
    values = encounter_values(enc)
    row = {**loaded.row, **values}
    if not new:
        changed = {k: v for k, v in values.items() if loaded.row.get(k) != v}
        changed["updated_at"] = now()
        if not enc.active and loaded.row.get("active"):
            changed["ended_at"] = changed["updated_at"]
        elif enc.active and not loaded.row.get("active"):  # reopened by undo
            changed["ended_at"] = None
        changed["revision"] = loaded.row.get("revision", 0) + 1
        row.update(changed)
        changed.update(row_id=enc.id, row_version=loaded.row["version"])
        if UPDATE_ENCOUNTER.run(conn, changed) != 1:
            raise VersionConflict
    saved = Loaded(enc, row, keys=dict(loaded.keys))
    for c in enc.combatants:
        values = combatant_values(c)
        key = saved.keys.get(c.id)
        if key is None:
            key = INSERT_COMBATANT.scalar(conn, {"encounter_id": enc.id, **values})
            saved.keys[c.id] = key
        else:
            previous = loaded.combatants[c.id]
            if values != previous:  # most combatants are as they were: one comparison in C
                changed = {k: v for k, v in values.items() if previous.get(k) != v}
                if changed:
                    UPDATE_COMBATANT.run(conn, {**changed, "row_id": key})
        saved.combatants[c.id] = values
        wanted = [(s.kind, s.remaining, _copy(s.data)) for s in c.statuses]
        if wanted != loaded.statuses.get(c.id, []):
            DELETE_STATUSES.run(conn, {"row_id": key})
            if wanted:
                rows = [
                    {"combatant_id": key, "kind": k, "remaining": r, "data": d}
                    for k, r, d in wanted
                ]
                INSERT_STATUS.run_many(conn, rows)
        saved.statuses[c.id] = wanted
    for local, key in list(saved.keys.items()):
        if local not in saved.combatants:
            DELETE_COMBATANT.run(conn, {"row_id": key})
            del saved.keys[local]
    return saved


def append_log(conn: Connection, **values: Any) -> None:
    INSERT_LOG.run(conn, values)


def recent_log(conn: Connection, encounter_id: int, limit: int = 500) -> list[Any]:
    statement = (
        select(LOG)
        .where(LOG.c.encounter_id == encounter_id)
        .order_by(LOG.c.version.desc())
        .limit(limit)
    )
    return list((conn.execute(statement)).mappings())


def tracker_of(conn: Connection, channel_id: int) -> tuple[int, int | None] | None:
    """(encounter id, pinned tracker message id) of the channel's active encounter."""
    row = TRACKER_OF.first(conn, {"channel": channel_id})
    return (row["id"], row["tracker_message_id"]) if row else None


def tracker_message_of(conn: Connection, encounter_id: int) -> int | None:
    """The tracker message of an encounter, active or not (to retire it once the fight ends)."""
    statement = select(ENCOUNTERS.c.tracker_message_id).where(ENCOUNTERS.c.id == encounter_id)
    return (conn.execute(statement)).scalar_one_or_none()


def set_tracker(conn: Connection, encounter_id: int, message_id: int | None) -> None:
    """Where the tracker is: adapter bookkeeping, outside the versioned state (undo keeps it)."""
    statement = update(ENCOUNTERS).where(ENCOUNTERS.c.id == encounter_id)
    conn.execute(statement.values(tracker_message_id=message_id))
