"""The fixed schema (no tables per guild). Alembic migrations in ``migrations/`` build it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, datetime: DateTime(timezone=True)}  # noqa: RUF012 - SQLAlchemy reads it as declared


class GuildSettings(Base):
    """Per-server settings (``/config``)."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    locale: Mapped[str | None] = mapped_column(String(8))
    secret_mode: Mapped[str] = mapped_column(String(16), default="roller")
    chat_rolls: Mapped[bool] = mapped_column(Boolean, default=True)
    gm_role_id: Mapped[int | None] = mapped_column(BigInteger)
    gm_channel_id: Mapped[int | None] = mapped_column(BigInteger)  # secret rolls for the GM
    # Whether any member may start an encounter (and be its GM); else GM rights are needed.
    anyone_starts: Mapped[bool] = mapped_column(Boolean, default=False)


class GuildVersion(Base):
    """One counter per server, raised in the same transaction as every change to its settings,
    tables and characters: a process trusts what it cached only while the counter is the one
    it read it at, and a change that checks a limit holds this row locked until it commits."""

    __tablename__ = "guild_versions"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    version: Mapped[int] = mapped_column(Integer, default=0)


class CommandSync(Base):
    """What the slash commands looked like when they were last sent to Discord, per
    application and scope (global or one server): a start whose commands hash the same sends
    nothing (Discord rate-limits command updates)."""

    __tablename__ = "command_syncs"

    scope: Mapped[str] = mapped_column(String(64), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64))
    synced_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)


class ChannelSettings(Base):
    """Per-channel settings: the game system and overrides of the server's settings."""

    __tablename__ = "channel_settings"

    channel_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    system: Mapped[str] = mapped_column(String(64), default="DiceBot")
    locale: Mapped[str | None] = mapped_column(String(8))
    secret_mode: Mapped[str | None] = mapped_column(String(16))
    chat_rolls: Mapped[bool | None] = mapped_column(Boolean)
    scene_light: Mapped[str | None] = mapped_column(String(24))  # GURPS: the scene's lighting


class Character(Base):
    __tablename__ = "characters"
    __table_args__ = (UniqueConstraint("guild_id", "system", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, index=True)
    owner_id: Mapped[int] = mapped_column(BigInteger, index=True)
    system: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))
    stats: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # What play changes and keeps across sessions (GURPS: traits, stress points); None = {}.
    state: Mapped[dict[str, Any] | None] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)


class StressLog(Base):
    """Every change of a character's stress points, with its cause (GURPS house rule)."""

    __tablename__ = "stress_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    character_id: Mapped[int] = mapped_column(
        ForeignKey("characters.id", ondelete="CASCADE"), index=True
    )
    cause: Mapped[str] = mapped_column(String(40))
    delta: Mapped[int] = mapped_column(Integer)
    before: Mapped[int] = mapped_column(Integer)
    after: Mapped[int] = mapped_column(Integer)
    detail: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=now)


class EncounterRow(Base):
    __tablename__ = "encounters"
    __table_args__ = (
        # One active encounter per channel, enforced by the database itself.
        Index(
            "uq_encounters_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("active"),
            postgresql_where=text("active"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger, index=True)
    system: Mapped[str] = mapped_column(String(32))
    gm_id: Mapped[int] = mapped_column(BigInteger)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    round: Mapped[int] = mapped_column(Integer, default=0)
    phase: Mapped[str | None] = mapped_column(String(16))
    actor: Mapped[int | None] = mapped_column(Integer)
    turn_order: Mapped[list[Any]] = mapped_column(default=list)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    prompts: Mapped[list[Any]] = mapped_column(default=list)  # what the fight waits for
    next_id: Mapped[int] = mapped_column(Integer, default=1)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # Raised by every write of the row, versioned or not (``posted`` leaves ``version``
    # alone): what a process's cache of the encounter checks (bot.store.encounter_cache).
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    tracker_message_id: Mapped[int | None] = mapped_column(BigInteger)  # the pinned tracker
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    ended_at: Mapped[datetime | None] = mapped_column()

    combatants: Mapped[list[CombatantRow]] = relationship(
        back_populates="encounter",
        cascade="all, delete-orphan",
        order_by="CombatantRow.local_id",
        passive_deletes=True,
    )

    # The optimistic check: every UPDATE says WHERE version = <the version we loaded>.
    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}  # noqa: RUF012


class CombatantRow(Base):
    __tablename__ = "combatants"
    __table_args__ = (UniqueConstraint("encounter_id", "local_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    encounter_id: Mapped[int] = mapped_column(
        ForeignKey("encounters.id", ondelete="CASCADE"), index=True
    )
    local_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    side: Mapped[str] = mapped_column(String(8))
    kind: Mapped[str] = mapped_column(String(16), default="character")
    owner_id: Mapped[int | None] = mapped_column(BigInteger)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    character_id: Mapped[int | None] = mapped_column(
        ForeignKey("characters.id", ondelete="SET NULL"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer, default=0)
    acted: Mapped[bool] = mapped_column(Boolean, default=False)
    used: Mapped[list[Any]] = mapped_column(default=list)
    initiative: Mapped[int | None] = mapped_column(Integer)
    condition: Mapped[str] = mapped_column(String(16), default="fighting")
    down_reason: Mapped[str | None] = mapped_column(String(24))
    incapacitated: Mapped[bool] = mapped_column(Boolean, default=False)
    aboard: Mapped[int | None] = mapped_column(Integer)
    stats: Mapped[dict[str, Any]] = mapped_column(default=dict)
    extra: Mapped[dict[str, Any]] = mapped_column(default=dict)

    encounter: Mapped[EncounterRow] = relationship(back_populates="combatants")
    statuses: Mapped[list[StatusRow]] = relationship(
        back_populates="combatant",
        cascade="all, delete-orphan",
        order_by="StatusRow.id",
        passive_deletes=True,
    )


class StatusRow(Base):
    """A status or effect on a combatant, with its remaining duration."""

    __tablename__ = "statuses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    combatant_id: Mapped[int] = mapped_column(
        ForeignKey("combatants.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(32))
    remaining: Mapped[int | None] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)

    combatant: Mapped[CombatantRow] = relationship(back_populates="statuses")


class EncounterLog(Base):
    """Append-only: one row per command that changed an encounter — what happened (events),
    who did it, the dice, and the state before it (what undo restores)."""

    __tablename__ = "encounter_log"
    __table_args__ = (UniqueConstraint("encounter_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    encounter_id: Mapped[int] = mapped_column(
        ForeignKey("encounters.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)  # the encounter's version after the command
    command: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    events: Mapped[list[Any]] = mapped_column(default=list)
    dice: Mapped[list[Any]] = mapped_column(default=list)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    undoes: Mapped[int | None] = mapped_column(Integer)  # for an undo: the version it undid
    created_at: Mapped[datetime] = mapped_column(default=now)


class UserTable(Base):
    __tablename__ = "user_tables"
    __table_args__ = (UniqueConstraint("guild_id", "command"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    command: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(100))
    source: Mapped[str] = mapped_column(Text)
    owner_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(default=now)


class RollLog(Base):
    __tablename__ = "roll_log"
    __table_args__ = (Index("ix_roll_log_channel_created", "channel_id", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    user_id: Mapped[int] = mapped_column(BigInteger)
    system: Mapped[str] = mapped_column(String(64))
    command: Mapped[str] = mapped_column(Text)
    result: Mapped[str] = mapped_column(Text)
    secret: Mapped[bool] = mapped_column(Boolean, default=False)
    dice: Mapped[list[Any]] = mapped_column(default=list)
    # The public "secret roll by X" notice, which Reveal edits into the result.
    notice_message_id: Mapped[int | None] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(default=now)


class ChannelLogRow(Base):
    """One line of a channel's session log (``/log export``): a post the bot made in the
    channel, or a secret roll once revealed (at the time it was rolled), with who caused it.
    Kept ``LOG_RETENTION_DAYS``; ``/log clear`` empties a channel's."""

    __tablename__ = "channel_log"
    __table_args__ = (Index("ix_channel_log_channel_created", "channel_id", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16))  # "post" or "revealed"
    user_id: Mapped[int | None] = mapped_column(BigInteger)  # who caused it (None: the bot)
    user_name: Mapped[str | None] = mapped_column(String(100))  # their display name then
    body: Mapped[str] = mapped_column(Text)
    # A revealed secret roll: its roll_log id, so a second Reveal adds no second line.
    roll_id: Mapped[int | None] = mapped_column(Integer, unique=True)
    created_at: Mapped[datetime] = mapped_column(default=now, index=True)  # pruned by age
