"""Alembic environment: async engines, batch mode for SQLite (it cannot ALTER most things)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from bot.store.db import connect
from bot.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_with(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_async() -> None:
    from bot.config import Settings

    url = config.get_main_option("sqlalchemy.url") or Settings().database_url
    database = connect(url)
    async with database.engine.connect() as connection:
        await connection.run_sync(run_with)
        await connection.commit()
    await database.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
elif (connection := config.attributes.get("connection")) is not None:
    run_with(connection)  # handed in by bot.store.migrate from a running event loop
else:
    asyncio.run(run_async())
