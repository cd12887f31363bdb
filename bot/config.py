"""Settings from the environment or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.store.urls import database_url
from bot.systems import SYSTEM_IDS


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, description="Bot token; none = console")
    database_url: str = Field(default="sqlite+aiosqlite:///data/bot.sqlite3")
    dev_guild_id: int | None = Field(default=None, description="Sync commands here instantly")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    default_locale: Literal["ja", "zh-TW", "en"] = "ja"
    default_system: str = Field(
        default="DiceBot", description=f"A channel's system until /system set: {SYSTEM_IDS}"
    )
    bcdice_api_url: str | None = Field(
        default=None,
        description="A BCDice-API v2 server for BCDice's other systems (default: the Node worker)",
    )
    tracker_interval: float = Field(
        default=1.0,
        ge=0,
        description="Seconds between two edits of a channel's tracker (Discord limits edits)",
    )
    log_retention_days: int = Field(
        default=90,
        ge=0,
        le=36_500,
        description="Days a channel's session log (/log export) and the roll log are kept; 0: ever",
    )
    # Sharding (Discord requires it from 2,500 servers). Each process runs SHARD_IDS of
    # SHARD_COUNT shards against the same database; unset, one process runs the only shard.
    shard_count: int | None = Field(default=None, ge=1, le=10_000)
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None, description="Shards this process runs: 0,1 or 0-3 (needs SHARD_COUNT)"
    )

    @field_validator("default_system")
    @classmethod
    def _known_system(cls, value: str) -> str:
        for known in SYSTEM_IDS:  # as /system set takes it: any letter case
            if value.casefold() == known.casefold():
                return known
        raise ValueError(f"must be one of {', '.join(SYSTEM_IDS)} (not {value!r})")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        return shard_list(value)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        outside = [n for n in self.shard_ids if not 0 <= n < self.shard_count]
        if outside:
            raise ValueError(
                f"SHARD_IDS {outside} are outside 0-{self.shard_count - 1} (SHARD_COUNT is "
                f"{self.shard_count})"
            )
        return self

    @field_validator("database_url")
    @classmethod
    def _async_driver(cls, value: str) -> str:
        return database_url(value)  # postgres:// → postgresql+asyncpg:// …; bad URLs refused


def shard_list(text: str) -> list[int]:
    """``0,1`` or ``0-3`` or ``0-1,4`` → the shard ids, in order, each once."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        first, dash, last = part.partition("-")
        if not first.isdecimal() or (dash and not last.isdecimal()):
            raise ValueError(f"{part!r} is not a shard id or a range like 0-3")
        start, end = int(first), int(last) if dash else int(first)
        if end < start or end - start >= 10_000:
            raise ValueError(f"{part!r} is not a range from a lower to a higher id")
        ids += range(start, end + 1)
    if not ids:
        raise ValueError("SHARD_IDS is empty")
    return list(dict.fromkeys(ids))
