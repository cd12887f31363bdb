"""An SQLite file through the stdlib driver, with group commit.

Every hop between the event loop and a worker thread costs a wake-up and a GIL hand-off on
both sides, and at saturation those hand-offs — not SQLite — were most of a command's cost. So
the work itself runs on the loop, where it is a few microseconds of SQLite per statement:

- a read runs at once, in its own (WAL: never blocked) transaction;
- writes queue, and the queue runs as one batch: one ``BEGIN IMMEDIATE``, each write in a
  savepoint of its own (a failed one is rolled back alone), then ONE commit — the only slow
  part, an fsync — in the writer thread while the loop goes on. Each write is answered only
  once the commit that holds it is on disk; whatever arrives meanwhile makes the next batch.

When another connection (another process, a migration) holds the write lock, the loop does
not wait for it: that batch runs as before, each write a transaction of its own in the writer
thread, which waits for the lock with SQLite's busy timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine

from bot.store.faults import DatabaseBusy, DatabaseFault, DatabaseUnavailable, fault_of, faults
from bot.store.turn_memo import TurnMemo

READ_THREADS = 2
T = TypeVar("T")
Work = Callable[[Connection], Any]


@dataclass
class SqliteFile:
    engine: Engine
    writer: Engine  # BEGIN IMMEDIATE
    write_thread: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="db-write")
    )
    _queue: list[tuple[Work, asyncio.Future]] = field(default_factory=list)
    _draining: bool = False
    _drainer: asyncio.Task | None = None
    _reader: Connection | None = None
    memo: TurnMemo = field(default_factory=TurnMemo)  # values read in this loop turn
    _batcher: Connection | None = None

    def read(self, work: Callable[[Connection], T]) -> T:
        """On the loop, on the loop's own connection (kept: no pool checkout per read), in a
        transaction begun and ended on the driver: SQLAlchemy's own bookkeeping of a
        transaction cost more than the reads of a command."""
        connection = self._reader
        if connection is None or connection.invalidated or connection.closed:
            connection = self._reader = self.engine.connect()
        try:
            with faults():
                raw = connection.connection.dbapi_connection
                raw.execute("BEGIN")  # type: ignore[union-attr]
                result = work(connection)
                raw.execute("COMMIT")  # type: ignore[union-attr]
                return result
        except Exception:
            self._reader = None  # whatever went wrong, the next read starts afresh
            _drop(connection)
            raise

    def transaction(self, work: Callable[[Connection], T]) -> T:
        """One write in a transaction of its own (in the writer thread, waiting for the lock)."""
        with faults(), self.writer.begin() as connection:
            return work(connection)

    async def write(self, work: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()
        self._queue.append((work, future))
        if not self._draining:
            self._draining = True  # writes made in this loop turn join the same batch
            self._drainer = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                await self._batch(batch)
        finally:
            self._draining = False

    async def _batch(self, batch: list[tuple[Work, asyncio.Future]]) -> None:
        loop = asyncio.get_running_loop()
        try:
            connection = self._begin_now()
        except Exception as error:
            _fail(batch, error)
            return
        if connection is None:  # another connection writes: wait for it, one write at a time
            for work, future in batch:
                try:
                    result = await loop.run_in_executor(self.write_thread, self.transaction, work)
                except Exception as error:
                    _settle(future, error=error)
                else:
                    _settle(future, result)
            return
        done: list[tuple[asyncio.Future, Any, Exception | None]] = []
        broken = self._run_all(connection, batch, done)
        if broken is not None:  # nothing of this batch is saved: every write done says so
            self._batcher = None
            _drop(connection)
            _fail([(lambda _: None, f) for f, _, _ in done], broken)
            return
        try:
            await loop.run_in_executor(self.write_thread, _commit, connection)
        except Exception as error:
            self._batcher = None
            _drop(connection)
            _fail([(lambda _: None, f) for f, _, own in done if own is None], error)
            for future, _, own in done:
                _settle(future, error=own)  # a write that failed by itself says why
            return
        for future, result, own in done:
            _settle(future, result, own)
        if any(isinstance(own, DatabaseFault) for _, _, own in done):
            self.forget()  # the file said no (read-only, full): the next batch opens it afresh

    def forget(self) -> None:
        """Drop the kept connections; the next read and batch open the file again."""
        for kept in (self._reader, self._batcher):
            if kept is not None:
                _drop(kept)
        self._reader = self._batcher = None

    def _run_all(
        self,
        connection: Connection,
        batch: list[tuple[Work, asyncio.Future]],
        done: list[tuple[asyncio.Future, Any, Exception | None]],
    ) -> Exception | None:
        """Each write in its own savepoint; the error that broke the transaction, if one did
        (the writes not run yet go back to the queue, for the next batch)."""
        raw = connection.connection.dbapi_connection
        for index, (work, future) in enumerate(batch):
            if future.done():  # the caller gave up before its turn: do not write it
                continue
            try:
                raw.execute("SAVEPOINT command")  # type: ignore[union-attr]
            except Exception as error:
                self._queue[:0] = batch[index:]
                return error
            try:
                with faults():
                    result = work(connection)
            except Exception as error:
                done.append((future, None, error))
                try:
                    raw.execute("ROLLBACK TO command")  # type: ignore[union-attr]
                    raw.execute("RELEASE command")  # type: ignore[union-attr]
                except Exception:
                    done.pop()
                    _settle(future, error=error)
                    self._queue[:0] = batch[index + 1 :]
                    return error
                continue
            try:
                raw.execute("RELEASE command")  # type: ignore[union-attr]
            except Exception as error:
                self._queue[:0] = batch[index + 1 :]
                done.append((future, None, error))
                return error
            done.append((future, result, None))
        return None

    def _begin_now(self) -> Connection | None:
        """The batch's connection, holding the write lock, or None when another connection
        holds it (the loop never waits for a lock). Kept from batch to batch, with no busy
        timeout of its own, its transactions begun and committed on the driver."""
        with faults():
            connection = self._batcher
            if connection is None or connection.invalidated or connection.closed:
                connection = self._batcher = self.writer.connect()
                raw = connection.connection.dbapi_connection
                raw.execute("PRAGMA busy_timeout=0")  # type: ignore[union-attr]
            raw = connection.connection.dbapi_connection
            try:
                raw.execute("BEGIN IMMEDIATE")  # type: ignore[union-attr]
            except Exception as error:
                if isinstance(fault_of(error), DatabaseBusy):
                    return None
                self._batcher = None
                _drop(connection)
                raise
            return connection

    async def stop(self) -> None:
        if self._drainer is not None and not self._drainer.done():
            await asyncio.shield(self._drainer)

    def close(self) -> None:
        self.forget()
        self.write_thread.shutdown(wait=True)
        self.engine.dispose()


def _commit(connection: Connection) -> None:
    with faults():
        connection.connection.dbapi_connection.execute("COMMIT")  # type: ignore[union-attr]


def _drop(connection: Connection) -> None:
    """Discard the connection itself, not back to the pool: one that failed (a file opened
    while read-only stays read-only) must not be handed out again."""
    with contextlib.suppress(Exception):  # broken already: dropping it is all there is to do
        connection.invalidate()
        connection.close()


def _as_fault(error: Exception) -> DatabaseFault:
    """A fresh fault for each caller (one exception raised in many tasks would share its
    traceback), caused by the driver's error so the operator's log line names it."""
    fault = fault_of(error)
    fresh = DatabaseBusy() if isinstance(fault, DatabaseBusy) else DatabaseUnavailable()
    fresh.__cause__ = error.__cause__ if isinstance(error, DatabaseFault) else error
    return fresh


def _fail(batch: list[tuple[Work, asyncio.Future]], error: Exception) -> None:
    """The batch was not committed: each write's caller learns that nothing was saved."""
    for _, future in batch:
        _settle(future, error=_as_fault(error))


def _settle(future: asyncio.Future, result: Any = None, error: Exception | None = None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
