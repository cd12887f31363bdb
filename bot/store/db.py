"""Engines and sessions. SQLite by default (WAL, foreign keys, durable commits, writers take the
lock up front); PostgreSQL by changing the URL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    async_sessionmaker,
    create_async_engine,
)

BUSY_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Database:
    engine: AsyncEngine
    writer: AsyncEngine  # SQLite: transactions BEGIN IMMEDIATE; PostgreSQL: the engine itself
    reads: async_sessionmaker  # ORM sessions for simple records (characters, settings …)
    writes: async_sessionmaker
    # SQLite has one writer at a time. Queueing writers here, instead of letting them wait
    # for the file lock (whose busy handler sleeps in growing steps), keeps the tail short.
    _write_turn: asyncio.Lock = field(default_factory=asyncio.Lock, compare=False)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        async with self.engine.connect() as connection:
            yield connection

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        """One transaction that commits on leaving the block (rolls back on an exception)."""
        if self.is_sqlite:
            async with self._write_turn, self.writer.begin() as connection:
                yield connection
        else:
            async with self.writer.begin() as connection:
                yield connection

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    async def dispose(self) -> None:
        await self.engine.dispose()


def _sqlite_setup(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, say when transactions begin (see "begin" below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before we answer
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def on_begin(connection: Any) -> None:
        # A writer takes the write lock at once, so two writers never read the same version
        # and then race to upgrade their locks; readers stay unblocked in WAL mode.
        immediate = connection.get_execution_options().get("sqlite_immediate")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if (
        parsed.get_backend_name() != "sqlite"
        or not parsed.database
        or parsed.database == ":memory:"
    ):
        return None
    return Path(parsed.database)


def connect(url: str, **engine_options: Any) -> Database:
    path = sqlite_file(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, **engine_options)
    if engine.dialect.name == "sqlite":
        _sqlite_setup(engine)
        writer = engine.execution_options(sqlite_immediate=True)
    else:
        writer = engine
    return Database(
        engine=engine,
        writer=writer,
        reads=async_sessionmaker(engine, expire_on_commit=False),
        writes=async_sessionmaker(writer, expire_on_commit=False),
    )
