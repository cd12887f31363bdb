"""Shared fixtures: fixed dice for every rule test."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

import bot.systems  # noqa: F401 - registers the game systems with the dice language

SHARED = Path(__file__).resolve().parents[2] / "shared"


class FixedDice:
    """A die source that returns preset values in order and checks each die's sides."""

    def __init__(self, rands: Iterable[tuple[int, int] | int]) -> None:
        self.queue = [r if isinstance(r, tuple) else (None, r) for r in rands]
        self.drawn = 0

    def __call__(self, sides: int) -> int:
        if self.drawn >= len(self.queue):
            raise AssertionError(f"ran out of fixed dice at draw {self.drawn + 1} (d{sides})")
        expected, value = self.queue[self.drawn]
        self.drawn += 1
        if expected is not None and expected != sides:
            raise AssertionError(f"draw {self.drawn}: asked for d{sides}, fixed die is d{expected}")
        return value


@pytest.fixture
def fixed():
    return FixedDice


# -- databases -------------------------------------------------------------------------------
from collections.abc import AsyncIterator, Iterator  # noqa: E402

from tests import databases  # noqa: E402


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return databases.build_sqlite_template(tmp_path_factory.mktemp("sqlite-template"))


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str | None]:
    """The migrated template database, or None when PostgreSQL is absent."""
    if databases.postgres_problem():
        yield None
        return
    yield databases.build_postgres_template()
    databases.drop_postgres_template()


@pytest.fixture(params=["sqlite", "postgresql"])
async def database_url(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    sqlite_template: Path,
    postgres_template: str | None,
) -> AsyncIterator[str]:
    """A fresh, migrated database of each kind (PostgreSQL skips with the reason if absent)."""
    if request.param == "sqlite":
        yield databases.new_sqlite(sqlite_template, tmp_path)
        return
    if postgres_template is None:
        pytest.skip(databases.postgres_problem() or "PostgreSQL is absent")
    url, name = await databases.new_postgres(postgres_template)
    try:
        yield url
    finally:
        await databases.drop_postgres(name)


@pytest.fixture
async def database(database_url: str) -> AsyncIterator[databases.Database]:
    db = await databases.open_database(database_url)
    try:
        yield db
    finally:
        await db.dispose()
