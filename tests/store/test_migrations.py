"""Migrations: upgrade from empty, down to base and back, and models == migrations."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from bot.store.db import Database
from bot.store.migrate import downgrade, upgrade
from bot.store.models import Base

TABLES = {
    "guild_settings", "channel_settings", "characters", "encounters", "combatants", "statuses",
    "encounter_log", "user_tables", "roll_log", "stress_log", "guild_versions", "command_syncs",
    "channel_log",
}  # fmt: skip


async def tables(database: Database) -> set[str]:
    async with database.engine.connect() as connection:
        names = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
    return names - {"alembic_version"}


async def test_upgrade_from_empty_then_down_to_base_and_back(database: Database) -> None:
    assert await tables(database) == TABLES  # the fixture upgraded an empty database
    await downgrade(database, "base")
    assert await tables(database) == set()
    await upgrade(database)
    assert await tables(database) == TABLES


async def test_models_and_migrations_agree(database: Database) -> None:
    def differences(connection: Connection) -> list:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "render_as_batch": True}
        )
        return compare_metadata(context, Base.metadata)

    async with database.engine.connect() as connection:
        diff = await connection.run_sync(differences)
    assert diff == []
