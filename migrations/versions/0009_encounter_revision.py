"""encounter revision: raised by every write of an encounter's row, for processes' caches

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 20:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("encounters") as batch:
        batch.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("encounters") as batch:
        batch.drop_column("revision")
