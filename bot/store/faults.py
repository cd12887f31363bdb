"""What a database fault means to the person who typed the command.

Two answers, each one translated sentence: the database is *busy* (another writer holds the
lock: try again in a moment) or *unavailable* (down, unreachable, read-only, out of disk).
Either way nothing was changed: the transaction was rolled back or never began. Every other
error (a unique key taken, a bug) passes through as it is.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import exc

from bot.i18n import LocalizedError

# Words in the driver's message that say which fault it is (SQLite says it in text only).
_BUSY = ("database is locked", "database table is locked", "busy", "lock timeout",
         "could not obtain lock", "deadlock detected")  # fmt: skip
_UNAVAILABLE = ("readonly database", "read-only", "unable to open database", "disk i/o error",
                "database or disk is full", "disk full", "connection",
                "server closed", "terminating", "shutting down", "starting up", "not accepting",
                "the database system is", "cannot connect")  # fmt: skip


class DatabaseFault(LocalizedError):
    """The database could not do it; nothing was changed."""


class DatabaseBusy(DatabaseFault):
    def __init__(self) -> None:
        super().__init__("db.busy")


class DatabaseUnavailable(DatabaseFault):
    def __init__(self) -> None:
        super().__init__("db.unavailable")


def fault_of(error: BaseException) -> DatabaseFault | None:
    """The fault ``error`` is, or None when it is not a database fault at all."""
    if isinstance(error, DatabaseFault):
        return error
    if isinstance(error, exc.TimeoutError):  # no pooled connection came free in time
        return DatabaseBusy()
    if isinstance(error, exc.IntegrityError | exc.ProgrammingError | exc.DataError):
        return None  # the statement itself was refused: not a fault of the database
    if isinstance(error, exc.DBAPIError):
        lost = isinstance(error, exc.OperationalError | exc.InterfaceError)
        return _said(str(error.orig or error), lost or error.connection_invalidated)
    if isinstance(error, sqlite3.Error):  # the stdlib driver's own, raised on the hot path
        lost = isinstance(error, sqlite3.OperationalError | sqlite3.InterfaceError)
        return _said(str(error), lost)
    if isinstance(error, OSError):  # refused, unreachable host, unreadable file
        return DatabaseUnavailable()
    module = type(error).__module__
    if module.startswith("asyncpg") and "Connection" in type(error).__name__:
        return DatabaseUnavailable()  # a connection lost outside any statement
    return None


def _said(words: str, lost: bool) -> DatabaseFault | None:
    """A driver's error by what it says: busy, or (the connection lost, or its words say so)
    unavailable; anything else is not a fault."""
    text = words.lower()
    if any(word in text for word in _BUSY):
        return DatabaseBusy()
    if lost or any(word in text for word in _UNAVAILABLE):
        return DatabaseUnavailable()
    return None


@contextmanager
def faults() -> Iterator[None]:
    """Turn a database fault raised inside into ``DatabaseBusy`` / ``DatabaseUnavailable``."""
    try:
        yield
    except Exception as error:
        fault = fault_of(error)
        if fault is None or fault is error:
            raise
        # Whoever answers the user logs the one line for the operator (``str`` of the cause).
        raise fault from error


def cause_of(fault: BaseException) -> str:
    """The driver's words behind a fault, on one line (for the operator's log)."""
    error = fault.__cause__ or fault
    text = str(getattr(error, "orig", None) or error)
    return " ".join(text.split())[:300]
