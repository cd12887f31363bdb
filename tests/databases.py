"""Test databases: SQLite files and real PostgreSQL databases, migrated once, copied per test.

PostgreSQL is the one at 127.0.0.1:5432 (``TEST_POSTGRES_URL`` to change it). Where none runs,
the PostgreSQL half of each storage test is skipped and says why.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from functools import cache
from pathlib import Path

import asyncpg

from bot.store.db import Database, connect
from bot.store.migrate import upgrade

PG_ADMIN = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
# One template per test run, so runs in several checkouts at once never drop each other's.
TEMPLATE = f"bot_test_template_{os.getpid()}"


def _dsn(database: str) -> str:
    return PG_ADMIN.rsplit("/", 1)[0] + "/" + database


def sqlalchemy_url(dsn: str) -> str:
    return dsn.replace("postgresql://", "postgresql+asyncpg://", 1)


@cache
def postgres_problem() -> str | None:
    """None when PostgreSQL answers; otherwise why the PostgreSQL tests are skipped."""

    async def probe() -> None:
        connection = await asyncpg.connect(PG_ADMIN, timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except Exception as error:  # any failure to connect means "no PostgreSQL here"
        return f"PostgreSQL is not reachable at {PG_ADMIN}: {error.__class__.__name__}: {error}"
    return None


async def _admin(sql: str) -> None:
    connection = await asyncpg.connect(PG_ADMIN)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


def build_postgres_template() -> str:
    """Migrate a template database once per test run; each test copies it."""

    async def build() -> None:
        await _admin(f'DROP DATABASE IF EXISTS "{TEMPLATE}" WITH (FORCE)')
        await _admin(f'CREATE DATABASE "{TEMPLATE}"')
        database = connect(sqlalchemy_url(_dsn(TEMPLATE)))
        await upgrade(database)
        await database.dispose()

    asyncio.run(build())
    return TEMPLATE


def drop_postgres_template() -> None:
    asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{TEMPLATE}" WITH (FORCE)'))


async def new_postgres(template: str) -> tuple[str, str]:
    """A fresh, migrated database: (SQLAlchemy URL, name)."""
    name = f"bot_test_{uuid.uuid4().hex[:12]}"
    await _admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    return sqlalchemy_url(_dsn(name)), name


async def drop_postgres(name: str) -> None:
    await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def build_sqlite_template(folder: Path) -> Path:
    path = folder / "template.sqlite3"

    async def build() -> None:
        database = connect(f"sqlite+aiosqlite:///{path}")
        await upgrade(database)
        await database.dispose()

    asyncio.run(build())
    return path


def new_sqlite(template: Path, folder: Path) -> str:
    path = folder / "bot.sqlite3"
    shutil.copy(template, path)
    return f"sqlite+aiosqlite:///{path}"


async def open_database(url: str) -> Database:
    return connect(url)
