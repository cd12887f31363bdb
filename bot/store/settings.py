"""Server and channel settings. Chat rolls read them per message, so they are cached — each
use checks the server's version (``bot.store.versions``), so a change made by another bot
process shows at once; each change is one upsert of just the columns it sets."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from sqlalchemy import Connection, select

from bot.store.db import Database
from bot.store.models import ChannelSettings, GuildSettings
from bot.store.versions import Versioned, bump, upsert

GUILDS = GuildSettings.__table__
CHANNELS = ChannelSettings.__table__


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


def _effective(conn: Connection, key: tuple[int | None, int], default: Effective) -> Effective:
    guild_id, channel_id = key
    guild = None
    if guild_id is not None:
        guild = conn.execute(select(GUILDS).where(GUILDS.c.guild_id == guild_id)).mappings().first()
    channel = (
        conn.execute(select(CHANNELS).where(CHANNELS.c.channel_id == channel_id)).mappings().first()
    )
    value = default
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
            chat_rolls=value.chat_rolls if channel["chat_rolls"] is None else channel["chat_rolls"],
        )
    return value


class SettingsStore:
    def __init__(self, database: Database, default_system: str = "DiceBot") -> None:
        """``default_system``: a channel's until /system set (DEFAULT_SYSTEM)."""
        self.db = database
        self.default = Effective(system=default_system)
        self.changes = 0  # raised by every change made here: a command's memo is then stale
        self._cache: Versioned[tuple[int | None, int], Effective] = Versioned(
            database, lambda conn, key: _effective(conn, key, self.default), lambda: self.default
        )

    async def effective(self, guild_id: int | None, channel_id: int) -> Effective:
        """The channel's settings (while the database is down: the last read, or defaults)."""
        return await self._cache.get(guild_id, (guild_id, channel_id))

    async def set_channel(self, guild_id: int | None, channel_id: int, **values: object) -> None:
        def write(conn: Connection) -> None:
            bump(conn, guild_id)
            new = {"channel_id": channel_id, "guild_id": guild_id,
                   "system": self.default.system, **values}  # fmt: skip
            conn.execute(upsert(conn, CHANNELS, "channel_id", new, dict(values)))

        try:
            await self.db.run(write, write=True)
        finally:
            self.changes += 1

    async def set_guild(self, guild_id: int, **values: object) -> None:
        def write(conn: Connection) -> None:
            bump(conn, guild_id)
            new = {"guild_id": guild_id, "secret_mode": "roller", "chat_rolls": True,
                   "anyone_starts": False, **values}  # fmt: skip
            conn.execute(upsert(conn, GUILDS, "guild_id", new, dict(values)))

        try:
            await self.db.run(write, write=True)
        finally:
            self.changes += 1
