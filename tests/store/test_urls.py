"""DATABASE_URL as hosts give it: mapped to the async drivers, or one clear line and exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.urls import BadDatabaseUrl, database_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("postgresql://u:p%40ss@db:5432/bot", "postgresql+asyncpg://u:p%40ss@db:5432/bot"),
        ("postgres://u:pw@db/bot", "postgresql+asyncpg://u:pw@db/bot"),
        ("postgresql+asyncpg://u@db/bot", "postgresql+asyncpg://u@db/bot"),
        ("sqlite:///data/bot.sqlite3", "sqlite+aiosqlite:///data/bot.sqlite3"),
        (" sqlite+aiosqlite:////tmp/x.db ", "sqlite+aiosqlite:////tmp/x.db"),
    ],
)
def test_host_urls_get_the_async_driver(given: str, used: str) -> None:
    assert database_url(given) == used


@pytest.mark.parametrize(
    "given", ["", "   ", "garbage", "mysql://a@b/c", "postgresql+psycopg2://u:secret@b/c", "://"]
)
def test_other_urls_are_refused_in_one_line(given: str) -> None:
    with pytest.raises(BadDatabaseUrl) as error:
        database_url(given)
    message = str(error.value)
    assert "\n" not in message and "postgresql://" in message and "secret" not in message


@pytest.mark.parametrize("given", ["", "garbage", "mysql://a@b/c"])
def test_start_with_a_bad_url_is_one_line_and_exit_2(given: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DATABASE_URL"] = given
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"], capture_output=True, text=True, cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)}, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("DATABASE_URL: ")
    assert done.stdout == ""
