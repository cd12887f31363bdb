"""Statements of the hot path, built once and run straight on the driver (SQLite's stdlib one,
or SQLAlchemy's asyncpg adapter).

Building a Core statement on every call (``select(...).where(...)``) costs SQLAlchemy its
coercions and a fresh cache key; executing one costs an execution context, parameter and
result processing — together some tens of microseconds a statement, most of a command's
database time. A ``Prepared`` is built once, at import. On the stdlib SQLite driver and on
asyncpg it is compiled once per driver and set of parameter names and then run on the
driver's cursor, with SQLAlchemy's own bind and result processors (JSON, booleans, times read
and written exactly as SQLAlchemy would) and the columns' Python defaults; anywhere else (the
async SQLite of the tests) it goes through SQLAlchemy, whose cache key is then computed once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.sql import Executable

Row = dict[str, Any]


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # parameter name of each ``?``, in order
    binds: tuple[tuple[int, Callable[[Any], Any]], ...]  # (position, processor) where one is
    columns: tuple[str, ...]  # result keys
    results: tuple[Callable[[Any], Any] | None, ...]
    defaults: tuple[tuple[str, Any], ...]  # (name, ColumnDefault) for values not given
    fixed: dict[str, Any]  # values written into the statement (``.limit(1)``)


class Prepared:
    __slots__ = ("_compiled", "statement")

    def __init__(self, statement: Executable) -> None:
        self.statement = statement
        self._compiled: dict[tuple[str, tuple[str, ...]], _Compiled] = {}

    # -- what the store calls --------------------------------------------------------------
    def rows(self, conn: Connection, params: Row | None = None) -> list[Row]:
        raw = _driver(conn)
        if raw is None:
            return [dict(r) for r in conn.execute(self.statement, params or {}).mappings()]
        compiled = self._for(conn, params or {})
        cursor = raw.execute(compiled.sql, _values(compiled, params or {}))
        keys, results = compiled.columns, compiled.results
        return [
            {k: (p(v) if p else v) for k, p, v in zip(keys, results, record, strict=True)}
            for record in cursor.fetchall()
        ]

    def first(self, conn: Connection, params: Row | None = None) -> Row | None:
        found = self.rows(conn, params)
        return found[0] if found else None

    def scalar(self, conn: Connection, params: Row | None = None) -> Any:
        found = self.first(conn, params)
        return None if found is None else next(iter(found.values()))

    def run(self, conn: Connection, params: Row | None = None) -> int:
        """Execute; the number of rows it changed."""
        raw = _driver(conn)
        if raw is None:
            return conn.execute(self.statement, params or {}).rowcount
        compiled = self._for(conn, params or {})
        return raw.execute(compiled.sql, _values(compiled, params or {})).rowcount

    def run_many(self, conn: Connection, many: Sequence[Row]) -> None:
        raw = _driver(conn)
        if raw is None:
            conn.execute(self.statement, list(many))
            return
        compiled = self._for(conn, many[0])
        raw.executemany(compiled.sql, [_values(compiled, p) for p in many])

    # -- compiling -------------------------------------------------------------------------
    def _for(self, conn: Connection, params: Row) -> _Compiled:
        names = tuple(sorted(params))
        key = (conn.dialect.driver, names)  # one process may hold an SQLite and a PostgreSQL
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = self._compiled[key] = _compile(self.statement, conn, names)
        return compiled


def _driver(conn: Connection) -> Any:
    """What runs the compiled SQL under ``conn``: the stdlib ``sqlite3`` connection, or
    SQLAlchemy's asyncpg adapter (``_Asyncpg``); None for any other driver."""
    driver = conn.dialect.driver
    if driver == "pysqlite":
        return conn.connection.dbapi_connection
    if driver == "asyncpg":
        return _Asyncpg(conn)
    return None


class _Asyncpg:
    """``execute`` and ``executemany`` as ``sqlite3`` has them, on the cursor of SQLAlchemy's
    asyncpg adapter: the same cursor SQLAlchemy's own execute uses, which begins the
    transaction and keeps the prepared statements, but without the execution context, cache
    key and result object around it (a third of a command's CPU on PostgreSQL was there). A
    driver's error goes through SQLAlchemy's own handling: raised as its exception (an
    ``IntegrityError`` is SQLAlchemy's), a lost connection invalidated, as from ``execute``."""

    __slots__ = ("conn",)

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, values: Sequence[Any]) -> Any:
        cursor = self.conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(sql, values)
        except BaseException as error:  # as SQLAlchemy's execute: a cancel drops it too
            self.conn._handle_dbapi_exception(error, sql, values, cursor, None)
        return cursor

    def executemany(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        cursor = self.conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.executemany(sql, many)
        except BaseException as error:
            self.conn._handle_dbapi_exception(error, sql, many, cursor, None)


def _compile(statement: Executable, conn: Connection, keys: Iterable[str]) -> _Compiled:
    dialect = conn.dialect
    compiled: Any = statement.compile(dialect=dialect, column_keys=list(keys))
    names = tuple(compiled.positiontup or ())
    processors = compiled._bind_processors  # SQLAlchemy's own, as its execute would use
    prefetch = [(c.key, c.default) for c in compiled.insert_prefetch]
    prefetch += [(c.key, c.onupdate) for c in compiled.update_prefetch]
    columns = compiled._result_columns or []
    return _Compiled(
        sql=compiled.string,
        names=names,
        binds=tuple((i, processors[n]) for i, n in enumerate(names) if processors.get(n)),
        columns=tuple(entry.keyname for entry in columns),
        results=tuple(entry.type._cached_result_processor(dialect, None) for entry in columns),
        defaults=tuple(prefetch),
        fixed={n: b.effective_value for b, n in compiled.bind_names.items() if not b.required},
    )


def _values(compiled: _Compiled, params: Row) -> list[Any]:
    if compiled.defaults:
        params = dict(params)
        for name, default in compiled.defaults:
            if name not in params:
                params[name] = default.arg(None) if default.is_callable else default.arg
    fixed = compiled.fixed
    values = [params[n] if n in params else fixed[n] for n in compiled.names]
    for position, process in compiled.binds:  # most columns have none: only these are touched
        values[position] = process(values[position])
    return values
