"""Run Alembic from code: ``python -m bot migrate``, the bot's start-up, and the tests."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Connection

from bot.shipped import shipped
from bot.store.db import Database


def alembic_config(url: str | None = None) -> Config:
    """Alembic's settings, made here (alembic.ini is for running ``alembic`` by hand in a
    checkout; an installed wheel has none)."""
    config = Config()
    config.set_main_option("script_location", str(shipped("migrations")))
    config.set_main_option("path_separator", "os")
    if url:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config

LOCK = 0x7470_6764_6963_65  # any fixed number: the advisory lock migrations take


async def upgrade(database: Database, revision: str = "head") -> None:
    await _run(database, lambda cfg: command.upgrade(cfg, revision))


async def downgrade(database: Database, revision: str = "base") -> None:
    await _run(database, lambda cfg: command.downgrade(cfg, revision))


async def _run(database: Database, action: object) -> None:
    def inside(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        action(config)  # type: ignore[operator]

    async with database.engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several bot processes (shards) start at once on one database: one migrates,
            # the others wait here and then find nothing left to do.
            await connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        await connection.run_sync(inside)
