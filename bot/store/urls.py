"""``DATABASE_URL`` as hosts give it, mapped to the drivers this bot runs on.

``postgresql://`` and ``postgres://`` (what Heroku, Railway, Render, Supabase … hand out) mean
asyncpg; ``sqlite:///file`` means aiosqlite. Anything else — empty, garbage, a driver that is
not installed — is refused with one line saying what to write instead.
"""

from __future__ import annotations

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

DRIVERS = {"postgres": "postgresql+asyncpg", "postgresql": "postgresql+asyncpg",
           "sqlite": "sqlite+aiosqlite"}  # fmt: skip
SUPPORTED = frozenset(DRIVERS.values())
EXAMPLES = "postgresql://user:password@host:5432/name or sqlite:///data/bot.sqlite3"


class BadDatabaseUrl(ValueError):
    """A database URL this bot cannot use; the message says what to write instead."""


def database_url(raw: str) -> str:
    """The URL with its async driver; ``BadDatabaseUrl`` (one line) when there is none."""
    text = raw.strip()
    if not text:
        raise BadDatabaseUrl(f"the database URL is empty: write {EXAMPLES}")
    try:
        url = make_url(text)
    except (ArgumentError, ValueError):
        raise BadDatabaseUrl(f"{text[:60]!r} is not a database URL: write {EXAMPLES}") from None
    url = url.set(drivername=DRIVERS.get(url.drivername, url.drivername))
    if url.drivername not in SUPPORTED:
        raise BadDatabaseUrl(
            f"{shown(url)} needs the driver {url.drivername!r}, which this bot does not run on: "
            f"write {EXAMPLES}"
        )
    return url.render_as_string(hide_password=False)


def shown(url: str | URL) -> str:
    """A URL fit for a log line or an error: the password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return "(unreadable URL)"
