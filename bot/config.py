"""Settings from the environment or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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

    @field_validator("default_system")
    @classmethod
    def _known_system(cls, value: str) -> str:
        for known in SYSTEM_IDS:  # as /system set takes it: any letter case
            if value.casefold() == known.casefold():
                return known
        raise ValueError(f"must be one of {', '.join(SYSTEM_IDS)} (not {value!r})")

    @field_validator("database_url")
    @classmethod
    def _async_driver(cls, value: str) -> str:
        return database_url(value)  # postgres:// → postgresql+asyncpg:// …; bad URLs refused
