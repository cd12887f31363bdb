"""What adapters posted for an encounter, kept in its data under ``posted``: e.g. the message
of the turn's naval picture and what it showed, so that it is edited in place after a restart.

Like the tracker's column, outside the versioned state: writing it leaves the version alone
(buttons drawn for that version stay valid), and undo keeps it (``keep_posted``), since undoing
a move does not unpost its picture.
"""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from sqlalchemy import Connection, select, update

from bot.combat.model import Encounter
from bot.store.encounters import ENCOUNTERS

POSTED = "posted"


def posted_of(conn: Connection, encounter_id: int, key: str) -> dict[str, Any] | None:
    """What an adapter noted under ``key`` of an encounter, active or not (e.g. the message of
    the turn's naval picture and what it showed)."""
    statement = select(ENCOUNTERS.c.data).where(ENCOUNTERS.c.id == encounter_id)
    data = (conn.execute(statement)).scalar_one_or_none() or {}
    noted = (data.get(POSTED) or {}).get(key)
    return deepcopy(noted) if isinstance(noted, dict) else None


def set_posted(conn: Connection, encounter_id: int, key: str, value: dict[str, Any]) -> None:
    """Note ``value`` under ``key``. Read and written in one write transaction, which holds
    the row (PostgreSQL) or the database (SQLite) as every command's does: a command saving
    the encounter meanwhile cannot write over it, nor it over the command."""
    statement = select(ENCOUNTERS.c.data).where(ENCOUNTERS.c.id == encounter_id)
    if conn.dialect.name == "postgresql":
        statement = statement.with_for_update()
    data = (conn.execute(statement)).scalar_one_or_none()
    if data is None:
        return
    data = deepcopy(data)
    data[POSTED] = {**(data.get(POSTED) or {}), key: deepcopy(value)}
    statement = update(ENCOUNTERS).where(ENCOUNTERS.c.id == encounter_id)
    # The revision tells every process's cache that the row changed (the version stays).
    conn.execute(statement.values(data=data, revision=ENCOUNTERS.c.revision + 1))


def keep_posted(restored: Encounter, current: Encounter) -> None:
    """An undone state keeps what the adapters posted since (it is the channel's, not the
    fight's)."""
    if POSTED in current.data:
        restored.data[POSTED] = deepcopy(current.data[POSTED])
    else:
        restored.data.pop(POSTED, None)
