"""Group commit on an SQLite file: the writes of one moment share a commit, each in a savepoint
of its own; none is answered before the commit that holds it, and a failed one takes nothing
else with it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.combat.errors import CombatError
from bot.combat.service import Caller, EncounterService
from bot.store import db as db_module
from bot.store import sqlite_file
from bot.store.faults import DatabaseUnavailable
from bot.systems import ruleset
from tests.databases import new_sqlite

GM = Caller(1, manages_channel=True)


async def test_writes_at_once_share_a_commit_and_a_refusal_stays_alone(
    tmp_path: Path, sqlite_template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = new_sqlite(sqlite_template, tmp_path)
    database = db_module.connect(url)
    commits: list[int] = []
    real_commit = sqlite_file._commit

    def counted(connection: object) -> None:
        commits.append(1)
        real_commit(connection)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite_file, "_commit", counted)
    service = EncounterService(database, ruleset)
    try:
        for channel in (5, 6, 7):
            await service.start(channel, 9, GM, "GranCrest")
        commits.clear()
        results = await asyncio.gather(
            service.next(5, GM), service.next(6, GM), service.next(404, GM), service.next(7, GM),
            return_exceptions=True,
        )  # fmt: skip
        assert [getattr(r, "version", None) for r in results] == [2, 2, None, 2]
        assert isinstance(results[2], CombatError)
        assert len(commits) == 1  # four writes, one commit
    finally:
        await database.dispose()
    again = db_module.connect(url)  # what is on disk, read by a new connection
    try:
        service = EncounterService(again, ruleset)
        versions = [(await service.status(c)).version for c in (5, 6, 7)]  # type: ignore[union-attr]
        assert versions == [2, 2, 2]
    finally:
        await again.dispose()


async def test_no_write_is_answered_as_saved_when_its_commit_fails(
    tmp_path: Path, sqlite_template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = new_sqlite(sqlite_template, tmp_path)
    database = db_module.connect(url)
    service = EncounterService(database, ruleset)
    try:
        await service.start(5, 9, GM, "GranCrest")
        await service.start(6, 9, GM, "GranCrest")

        def failing(connection: object) -> None:
            connection.close()  # type: ignore[attr-defined] # rolled back: nothing was written
            raise OSError("disk I/O error")

        monkeypatch.setattr(sqlite_file, "_commit", failing)
        results = await asyncio.gather(
            service.next(5, GM), service.next(6, GM), return_exceptions=True
        )
        assert all(isinstance(r, DatabaseUnavailable) for r in results), results
        monkeypatch.undo()
        assert (await service.status(5)).version == 1  # type: ignore[union-attr]
        assert (await service.next(6, GM)).version == 2  # and the next write goes through
    finally:
        await database.dispose()
