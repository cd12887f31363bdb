"""A database fault is "busy" or "unavailable" — never "someone acted first", never an
incident — and what it was is kept for the operator's log line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import exc

from bot.combat.errors import StaleState
from bot.combat.service import Caller, EncounterService
from bot.store import db as db_module
from bot.store.faults import DatabaseBusy, DatabaseUnavailable, cause_of, fault_of
from bot.systems import ruleset
from tests.databases import new_sqlite

GM = Caller(1, manages_channel=True)


async def test_a_lock_held_by_another_process_is_busy_not_stale(
    tmp_path: Path, sqlite_template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db_module, "BUSY_TIMEOUT_MS", 200)  # wait 0.2 s, not 10
    url = new_sqlite(sqlite_template, tmp_path)
    database = db_module.connect(url)
    service = EncounterService(database, ruleset)
    try:
        await service.start(5, 6, GM, "GranCrest")
        other = sqlite3.connect(tmp_path / "bot.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        with pytest.raises(DatabaseBusy) as busy:
            await service.next(5, GM)
        assert not isinstance(busy.value, StaleState)
        assert busy.value.localized("en").startswith("The database is busy")
        assert "locked" in cause_of(busy.value)
        other.execute("ROLLBACK")
        other.close()
        assert (await service.next(5, GM)).version == 2  # by itself, once the lock is gone
    finally:
        await database.dispose()


def test_faults_and_what_is_not_one() -> None:
    words = "attempt to write a readonly database"
    readonly = exc.OperationalError("UPDATE", {}, sqlite3.OperationalError(words))
    assert isinstance(fault_of(readonly), DatabaseUnavailable)
    assert isinstance(fault_of(ConnectionRefusedError(111, "refused")), DatabaseUnavailable)
    assert isinstance(fault_of(exc.TimeoutError()), DatabaseBusy)
    taken = exc.IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE constraint failed"))
    assert fault_of(taken) is None and fault_of(ValueError("bug")) is None
    # The same errors straight from the stdlib driver (the hot path runs on it).
    assert isinstance(fault_of(sqlite3.OperationalError(words)), DatabaseUnavailable)
    assert isinstance(fault_of(sqlite3.OperationalError("database is locked")), DatabaseBusy)
    assert isinstance(fault_of(sqlite3.OperationalError("disk I/O error")), DatabaseUnavailable)
    assert fault_of(sqlite3.IntegrityError("UNIQUE constraint failed")) is None
