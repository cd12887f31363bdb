"""The channel log's service: the only writer of ``channel_log``, and of public rolls'
``roll_log`` rows (a secret roll's row is written at once: its Reveal button needs the id).

Posting must not wait for the log. ``note`` only appends to a queue and, when no write is under
way, starts one; lines noted while a write is under way (or waits for the database's one writer
thread behind the commands) go together in the next — a group commit, so at most one log write
is ever queued, however busy the bot is: a quiet channel costs one small insert per post, off
the command's path, while the writer is idle anyway; a busy bot, one insert per batch. (A timed
gathering window would save commits in quiet moments only, when they cost nothing.) An export,
a clear and the bot's stop write what is queued first, so they miss nothing. If the database is
down, the queue is kept (up to ``WAITING``) and written with the next line.

Retention: lines and rolls older than ``LOG_RETENTION_DAYS`` are deleted at start-up and then
daily (0 keeps them for ever).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from functools import partial

from bot.store import channel_log as store
from bot.store.channel_log import LogLine
from bot.store.db import Database

log = logging.getLogger("bot.log")
WAITING = 10_000  # lines kept while the database is down; older ones give way
PRUNE_EVERY = 24 * 3600.0


class ChannelLog:
    def __init__(self, database: Database, retention_days: int) -> None:
        self.db = database
        self.retention_days = retention_days
        self._waiting: list[LogLine] = []
        self._rolls: list[dict[str, object]] = []  # public rolls' rows (bot.store.rolls.roll_row)
        self._writing: asyncio.Task | None = None
        self._pruning: asyncio.Task | None = None

    # -- writing ---------------------------------------------------------------------------
    def note(self, line: LogLine) -> None:
        """Queue one line; it is written soon, with whatever else is queued by then."""
        self._waiting.append(line)
        _keep_newest(self._waiting)
        self._start()

    def note_roll(self, row: dict[str, object]) -> None:
        """Queue a public roll's row; it is written with the next batch of lines."""
        self._rolls.append(row)
        _keep_newest(self._rolls)
        self._start()

    def _start(self) -> None:
        if self._writing is None or self._writing.done():
            self._writing = asyncio.get_running_loop().create_task(self._write(), name="log-write")

    async def _write(self) -> None:
        while self._waiting or self._rolls:
            batch, self._waiting = self._waiting, []
            rolls, self._rolls = self._rolls, []
            try:
                await self.db.run(partial(store.append, lines=batch, rolls=rolls), write=True)
            except Exception as error:  # never lost silently, never an unretrieved error
                log.warning(
                    "channel log: %d line(s) and %d roll(s) wait for the database (%s)",
                    len(batch), len(rolls), error,
                )  # fmt: skip
                self._waiting[:0] = batch
                self._rolls[:0] = rolls
                _keep_newest(self._waiting)
                _keep_newest(self._rolls)
                return

    async def flush(self) -> None:
        """Write what is queued (an export's first step)."""
        if self._waiting or self._rolls:
            self._start()
        if self._writing is not None:
            await asyncio.shield(self._writing)

    async def reveal(self, line: LogLine) -> bool:
        """A revealed secret roll, at the time it was rolled; False if it was already logged."""
        return await self.db.run(lambda conn: store.add_revealed(conn, line), write=True)

    # -- reading and clearing --------------------------------------------------------------
    async def lines(self, channel_id: int, since: datetime | None = None) -> list[LogLine]:
        await self.flush()
        return await store.lines_of(self.db, channel_id, since)

    async def clear(self, channel_id: int, before: datetime) -> int:
        await self.flush()
        return await store.clear(self.db, channel_id, before)

    # -- retention -------------------------------------------------------------------------
    def cutoff(self, now: datetime | None = None) -> datetime | None:
        """The oldest moment kept, or None when nothing expires."""
        if self.retention_days <= 0:
            return None
        return (now or datetime.now(UTC)) - timedelta(days=self.retention_days)

    async def prune(self, now: datetime | None = None) -> tuple[int, int]:
        """Delete what is past the retention: (log lines, rolls) deleted."""
        cutoff = self.cutoff(now)
        if cutoff is None:
            return 0, 0
        await self.flush()
        return await store.prune(self.db, cutoff)

    def start(self) -> None:
        """Prune now, then once a day, while the bot runs."""
        if self.retention_days > 0 and self._pruning is None:
            self._pruning = asyncio.get_running_loop().create_task(self._prune_daily())

    async def _prune_daily(self) -> None:
        while True:
            try:
                lines, rolls = await self.prune()
                if lines or rolls:
                    log.info("retention: %d log line(s) and %d roll(s) deleted", lines, rolls)
            except Exception as error:  # the database may be down: try again tomorrow
                log.warning("retention: could not prune the logs (%s)", error)
            await asyncio.sleep(PRUNE_EVERY)

    async def close(self) -> None:
        if self._pruning is not None:
            self._pruning.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pruning
        with contextlib.suppress(Exception):
            await self.flush()


def _keep_newest(queue: list) -> None:
    """At most ``WAITING`` in a queue: the oldest give way."""
    del queue[: max(0, len(queue) - WAITING)]
