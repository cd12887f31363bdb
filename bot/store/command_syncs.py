"""The hash of the slash commands last sent to Discord, per application and scope."""

from __future__ import annotations

from sqlalchemy import select

from bot.store.db import Database
from bot.store.models import CommandSync, now
from bot.store.versions import upsert

SYNCS = CommandSync.__table__


class CommandSyncs:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def digest(self, scope: str) -> str | None:
        async with self.database.read() as conn:
            found = await conn.execute(select(SYNCS.c.digest).where(SYNCS.c.scope == scope))
            return found.scalar()

    async def remember(self, scope: str, digest: str) -> None:
        values = {"scope": scope, "digest": digest, "synced_at": now()}
        async with self.database.write() as conn:
            await conn.execute(
                upsert(conn, SYNCS, "scope", values, {"digest": digest, "synced_at": now()})  # type: ignore[arg-type]
            )
