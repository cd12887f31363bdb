"""longer game-system ids: BCDice's longest is 41 characters
(KamitsubakiCityUnderConstructionNarrative), past the 32 a channel's system and a roll's had

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 10:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("channel_settings", "roll_log")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.alter_column(
                "system", existing_type=sa.String(length=32), type_=sa.String(length=64)
            )


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.alter_column(
                "system", existing_type=sa.String(length=64), type_=sa.String(length=32)
            )
