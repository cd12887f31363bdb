"""Server and channel settings, with a small read cache (chat rolls read them per message)."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from enum import StrEnum

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.store.db import Database
from bot.store.models import ChannelSettings, GuildSettings

CACHE_SECONDS = 30.0  # another bot process's change shows here within this long


class SecretMode(StrEnum):
    ROLLER = "roller"  # only the roller sees the result
    ROLLER_AND_GM = "roller_gm"  # the roller and the GM
    GM = "gm"  # only the GM


@dataclass(frozen=True)
class Effective:
    """A channel's settings with the server's filled in."""

    system: str = "DiceBot"
    locale: str | None = None
    secret_mode: SecretMode = SecretMode.ROLLER
    chat_rolls: bool = True
    gm_role_id: int | None = None
    gm_channel_id: int | None = None
    anyone_starts: bool = False  # any member may start an encounter (and GM it)
    scene_light: str | None = None  # GURPS: "street+torch" and the like


def _upsert(conn: AsyncConnection, table: object, key: str, values: dict) -> object:
    insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    statement = insert(table).values(**values)  # type: ignore[arg-type]
    updates = {k: v for k, v in values.items() if k != key}
    return statement.on_conflict_do_update(index_elements=[key], set_=updates)


class SettingsStore:
    def __init__(self, database: Database) -> None:
        self.db = database
        self._cache: dict[tuple[int | None, int], tuple[float, Effective]] = {}

    async def effective(self, guild_id: int | None, channel_id: int) -> Effective:
        key = (guild_id, channel_id)
        cached = self._cache.get(key)
        if cached and time.monotonic() - cached[0] < CACHE_SECONDS:
            return cached[1]
        async with self.db.read() as conn:
            guild = None
            if guild_id is not None:
                guild = (await conn.execute(
                    select(GuildSettings.__table__).where(GuildSettings.guild_id == guild_id)
                )).mappings().first()  # fmt: skip
            channel = (await conn.execute(
                select(ChannelSettings.__table__).where(ChannelSettings.channel_id == channel_id)
            )).mappings().first()  # fmt: skip
        value = Effective()
        if guild:
            value = replace(
                value,
                locale=guild["locale"],
                secret_mode=SecretMode(guild["secret_mode"]),
                chat_rolls=guild["chat_rolls"],
                gm_role_id=guild["gm_role_id"],
                gm_channel_id=guild["gm_channel_id"],
                anyone_starts=bool(guild["anyone_starts"]),
            )
        if channel:
            value = replace(
                value,
                system=channel["system"],
                locale=channel["locale"] or value.locale,
                scene_light=channel["scene_light"],
                chat_rolls=value.chat_rolls
                if channel["chat_rolls"] is None
                else channel["chat_rolls"],
            )
        self._cache[key] = (time.monotonic(), value)
        return value

    async def set_channel(self, guild_id: int | None, channel_id: int, **values: object) -> None:
        async with self.db.write() as conn:
            current = (await conn.execute(
                select(ChannelSettings.__table__).where(ChannelSettings.channel_id == channel_id)
            )).mappings().first()  # fmt: skip
            row = {"channel_id": channel_id, "guild_id": guild_id, "system": "DiceBot"}
            if current:
                row.update(
                    {
                        k: current[k]
                        for k in ("system", "locale", "secret_mode", "chat_rolls", "scene_light")
                    }
                )
            row.update(values)
            await conn.execute(_upsert(conn, ChannelSettings.__table__, "channel_id", row))
        self._forget(channel_id=channel_id)

    async def set_guild(self, guild_id: int, **values: object) -> None:
        async with self.db.write() as conn:
            current = (await conn.execute(
                select(GuildSettings.__table__).where(GuildSettings.guild_id == guild_id)
            )).mappings().first()  # fmt: skip
            row: dict[str, object] = {
                "guild_id": guild_id,
                "secret_mode": "roller",
                "chat_rolls": True,
                "anyone_starts": False,
            }
            if current:
                row.update(dict(current))
            row.update(values)
            await conn.execute(_upsert(conn, GuildSettings.__table__, "guild_id", row))
        self._forget(guild_id=guild_id)

    def _forget(self, *, guild_id: int | None = None, channel_id: int | None = None) -> None:
        for key in list(self._cache):
            if key[0] == guild_id or key[1] == channel_id:
                del self._cache[key]
