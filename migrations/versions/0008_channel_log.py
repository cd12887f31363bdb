"""channel log: what the bot posted in each channel, and revealed secret rolls (/log export)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 12:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "channel_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("user_name", sa.String(length=100), nullable=True),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("roll_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_channel_log")),
        sa.UniqueConstraint("roll_id", name=op.f("uq_channel_log_roll_id")),
    )
    with op.batch_alter_table("channel_log") as batch:
        batch.create_index(
            "ix_channel_log_channel_created", ["channel_id", "created_at"], unique=False
        )
        batch.create_index(batch.f("ix_channel_log_created_at"), ["created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("channel_log") as batch:
        batch.drop_index(batch.f("ix_channel_log_created_at"))
        batch.drop_index("ix_channel_log_channel_created")
    op.drop_table("channel_log")
