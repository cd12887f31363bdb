"""Engines and sessions. SQLite by default (WAL, foreign keys, durable commits, writers take the
lock up front); PostgreSQL by changing the URL.

The hot path (encounter commands, the roll log, the settings a command reads) runs each
transaction as one plain function (``Database.run``). On an SQLite file that function runs on
the stdlib driver, on the loop, with the writes of one moment committed together by the writer
thread (``bot.store.sqlite_file``). Elsewhere (PostgreSQL, an in-memory SQLite) it runs on the
async engine through ``run_sync``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import orjson
from sqlalchemy import Connection, Engine, create_engine, event, exc
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    async_sessionmaker,
    create_async_engine,
)

from bot.store.faults import faults
from bot.store.sqlite_file import READ_THREADS, SqliteFile
from bot.store.turn_memo import TurnMemo

BUSY_TIMEOUT_MS = 10_000
IDLE_PING = 1.0  # seconds a pooled PostgreSQL connection may rest before it is tested
T = TypeVar("T")


@dataclass(frozen=True)
class Database:
    engine: AsyncEngine
    writer: AsyncEngine  # SQLite: transactions BEGIN IMMEDIATE; PostgreSQL: the engine itself
    reads: async_sessionmaker  # ORM sessions for simple records (characters, settings …)
    writes: async_sessionmaker
    # SQLite has one writer at a time. Queueing writers here, instead of letting them wait
    # for the file lock (whose busy handler sleeps in growing steps), keeps the tail short.
    _write_turn: asyncio.Lock = field(default_factory=asyncio.Lock, compare=False)
    _threads: SqliteFile | None = field(default=None, compare=False)
    # PostgreSQL's reads without BEGIN and COMMIT: under READ COMMITTED each statement of a
    # transaction sees the newest commit anyway, so the two round trips bought nothing.
    _plain_reads: AsyncEngine | None = field(default=None, compare=False)

    async def run(self, work: Callable[[Connection], T], *, write: bool) -> T:
        """``work(connection)`` in one transaction, committed before this returns (rolled back
        if it raises); a read on PostgreSQL runs without one, each statement seeing the newest
        commit as READ COMMITTED would. ``work`` is plain code: it may run on another thread."""
        threads = self._threads
        if threads is not None:
            return await threads.write(work) if write else threads.read(work)
        if write:  # PostgreSQL, or an in-memory SQLite queued like the other writers
            async with self.write() as connection:
                return await connection.run_sync(work)
        with faults():
            if self._plain_reads is not None:
                async with self._plain_reads.connect() as connection:
                    return await connection.run_sync(work)
            async with self.engine.begin() as connection:
                return await connection.run_sync(work)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        with faults():
            async with self.engine.connect() as connection:
                yield connection

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        """One transaction that commits on leaving the block (rolls back on an exception)."""
        with faults():
            if self.is_sqlite:
                async with self._write_turn, self.writer.begin() as connection:
                    yield connection
            else:
                async with self.writer.begin() as connection:
                    yield connection

    @property
    def turn_memo(self) -> TurnMemo | None:
        """Values read in the current loop turn, where reads run on the loop at once (an
        SQLite file); None elsewhere, where a read spans turns and its snapshot may be older
        than a message that arrived meanwhile."""
        return self._threads.memo if self._threads is not None else None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    async def dispose(self) -> None:
        if self._threads is not None:
            await self._threads.stop()
            await asyncio.get_running_loop().run_in_executor(None, self._threads.close)
        await self.engine.dispose()


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, say when transactions begin (see "begin" below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")  # a commit is on disk before we answer
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "handle_error")
    def on_error(context: Any) -> None:
        # A connection opened while the file was read-only stays read-only: drop it (and the
        # pool), so the next command opens the file afresh once it is writable again.
        if "readonly database" in str(context.original_exception).lower():
            context.is_disconnect = True

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        # A writer takes the write lock at once, so two writers never read the same version
        # and then race to upgrade their locks; readers stay unblocked in WAL mode.
        raw = connection.connection.dbapi_connection
        if connection.dialect.driver == "pysqlite" and raw.in_transaction:
            return  # begun on the driver already (bot.store.sqlite_file's kept connections)
        if connection.get_execution_options().get("sqlite_immediate"):
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # its "locked" is a fault to map
        elif connection.dialect.driver == "pysqlite":  # a reader's BEGIN never waits or fails:
            connection.connection.dbapi_connection.execute("BEGIN")  # the driver's own, cheaper
        else:
            connection.exec_driver_sql("BEGIN")


def ping_when_idle(engine: Engine) -> None:
    """Test a pooled connection as it is taken if it sat unused for ``IDLE_PING`` seconds or
    more; a dead one is replaced there and then (the pool's own retry), unseen by the command."""

    @event.listens_for(engine, "checkin")
    def on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since < IDLE_PING:
            return  # new, or in use a moment ago
        try:
            dbapi_connection.ping()
        except Exception as error:
            raise exc.DisconnectionError() from error  # the pool opens a new one


def _to_json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


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
    if make_url(url).get_backend_name() == "postgresql":
        # After a restart of the server the pooled connections are dead. A connection that a
        # failed command met already empties the pool; one that sat idle while the server
        # restarted is tested as it is taken (``ping_when_idle``), so the first command after
        # the database returns works, not just the next. Testing every one (pool_pre_ping)
        # was a round trip per transaction: a seventh of a command's CPU under load.
        engine_options.setdefault("pool_pre_ping", False)
        # A command holds one connection for its whole transaction; at 50 busy tables the
        # default 5 (+10 overflow) kept commands queueing for a connection, not for the server.
        engine_options.setdefault("pool_size", 20)
    # JSON columns (every command's state, events and undo snapshot) through orjson: the
    # stdlib encoder was a tenth of a command's time. Keys that are numbers become strings, as
    # the stdlib makes them.
    engine_options.setdefault("json_serializer", _to_json)
    engine_options.setdefault("json_deserializer", orjson.loads)
    engine = create_async_engine(url, **engine_options)
    if engine.dialect.name == "postgresql" and not engine_options["pool_pre_ping"]:
        ping_when_idle(engine.sync_engine)
    threads = None
    if engine.dialect.name == "sqlite":
        _sqlite_setup(engine.sync_engine)
        writer = engine.execution_options(sqlite_immediate=True)
        if path is not None:
            plain = create_engine(
                make_url(url).set(drivername="sqlite"),
                connect_args={"check_same_thread": False},  # pooled across the worker threads
                pool_size=READ_THREADS + 1,
                json_serializer=engine_options["json_serializer"],
                json_deserializer=engine_options["json_deserializer"],
            )
            _sqlite_setup(plain)
            threads = SqliteFile(plain, plain.execution_options(sqlite_immediate=True))
    else:
        writer = engine
    return Database(
        engine=engine,
        writer=writer,
        reads=async_sessionmaker(engine, expire_on_commit=False),
        writes=async_sessionmaker(writer, expire_on_commit=False),
        _threads=threads,
        _plain_reads=(
            engine.execution_options(isolation_level="AUTOCOMMIT")
            if engine.dialect.name == "postgresql"
            else None
        ),
    )
