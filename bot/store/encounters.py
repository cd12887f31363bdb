"""Encounter rows ↔ the engine's ``Encounter``: load (locked for writing), apply, log."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from bot.combat.model import (
    Action,
    Combatant,
    Encounter,
    Kind,
    Phase,
    Side,
    Stats,
    Status,
)
from bot.store.models import CombatantRow, EncounterLog, EncounterRow, StatusRow, now


async def load_active(session: AsyncSession, channel_id: int, *, lock: bool) -> EncounterRow | None:
    """The channel's active encounter with its combatants and statuses. ``lock`` holds the row
    until commit on PostgreSQL (SQLite writers already hold the database's write lock)."""
    statement = (
        select(EncounterRow)
        .where(EncounterRow.channel_id == channel_id, EncounterRow.active.is_(True))
        .options(selectinload(EncounterRow.combatants).selectinload(CombatantRow.statuses))
    )
    if lock and session.bind.dialect.name == "postgresql":
        statement = statement.with_for_update(of=EncounterRow)
    return (await session.execute(statement)).scalar_one_or_none()


def to_model(row: EncounterRow) -> Encounter:
    return Encounter(
        id=row.id,
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        system=row.system,
        gm_id=row.gm_id,
        round=row.round,
        phase=Phase(row.phase) if row.phase else None,
        actor=row.actor,
        order=list(row.turn_order),
        combatants=[_combatant(c) for c in row.combatants],
        data=_copy(row.data),
        next_id=row.next_id,
        version=row.version,
        active=row.active,
    )


def _copy(value: Any) -> Any:
    # JSON values are shared with the ORM's committed state: never mutate them in place.
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _combatant(row: CombatantRow) -> Combatant:
    return Combatant(
        id=row.local_id,
        name=row.name,
        side=Side(row.side),
        owner_id=row.owner_id,
        hidden=row.hidden,
        kind=Kind(row.kind),
        character_id=row.character_id,
        stats=Stats(**row.stats),
        seq=row.seq,
        acted=row.acted,
        used=[Action(a) for a in row.used],
        initiative=row.initiative,
        out=row.out,
        incapacitated=row.incapacitated,
        aboard=row.aboard,
        statuses=[Status(s.kind, s.remaining, _copy(s.data)) for s in row.statuses],
        extra=_copy(row.extra),
    )


def new_row(enc: Encounter) -> EncounterRow:
    row = EncounterRow(
        guild_id=enc.guild_id,
        channel_id=enc.channel_id,
        system=enc.system,
        gm_id=enc.gm_id,
        version=enc.version,
    )
    apply(row, enc)
    return row


def apply(row: EncounterRow, enc: Encounter) -> None:
    """Write the engine's state onto the rows; the ORM updates only what changed."""
    row.active = enc.active
    row.round = enc.round
    row.phase = enc.phase.value if enc.phase else None
    row.actor = enc.actor
    row.turn_order = list(enc.order)
    row.data = _copy(enc.data)
    row.next_id = enc.next_id
    row.version = enc.version
    row.updated_at = now()
    if not enc.active and row.ended_at is None:
        row.ended_at = row.updated_at
    existing = {c.local_id: c for c in row.combatants}
    keep = []
    for c in enc.combatants:
        target = existing.pop(c.id, None) or CombatantRow(local_id=c.id)
        _fill(target, c)
        keep.append(target)
    row.combatants = keep  # rows left out are deleted (delete-orphan)


def _fill(row: CombatantRow, c: Combatant) -> None:
    row.name = c.name
    row.side = c.side.value
    row.kind = c.kind.value
    row.owner_id = c.owner_id
    row.hidden = c.hidden
    row.character_id = c.character_id
    row.seq = c.seq
    row.acted = c.acted
    row.used = [a.value for a in c.used]
    row.initiative = c.initiative
    row.out = c.out
    row.incapacitated = c.incapacitated
    row.aboard = c.aboard
    row.stats = {k: v for k, v in vars(c.stats).items()}
    row.extra = _copy(c.extra)
    wanted = [(s.kind, s.remaining, s.data) for s in c.statuses]
    if [(s.kind, s.remaining, s.data) for s in row.statuses] != wanted:
        row.statuses = [StatusRow(kind=k, remaining=r, data=_copy(d)) for k, r, d in wanted]


async def recent_log(
    session: AsyncSession, encounter_id: int, limit: int = 500
) -> list[EncounterLog]:
    statement = (
        select(EncounterLog)
        .where(EncounterLog.encounter_id == encounter_id)
        .order_by(EncounterLog.version.desc())
        .limit(limit)
    )
    return list((await session.execute(statement)).scalars())
