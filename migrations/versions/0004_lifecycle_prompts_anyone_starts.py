"""combatant condition, encounter prompts, who may start an encounter

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 22:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("combatants", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("condition", sa.String(length=16), nullable=False, server_default="fighting")
        )
        batch_op.add_column(sa.Column("down_reason", sa.String(length=24), nullable=True))
    # The old flag said only "out"; the rule sets refine it at the next command.
    op.execute("UPDATE combatants SET condition = 'out' WHERE out")
    with op.batch_alter_table("combatants", schema=None) as batch_op:
        batch_op.drop_column("out")
        batch_op.alter_column("condition", server_default=None)

    with op.batch_alter_table("encounters", schema=None) as batch_op:
        batch_op.add_column(sa.Column("prompts", sa.JSON(), nullable=False, server_default="[]"))
    with op.batch_alter_table("encounters", schema=None) as batch_op:
        batch_op.alter_column("prompts", server_default=None)

    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("anyone_starts", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.alter_column("anyone_starts", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("guild_settings", schema=None) as batch_op:
        batch_op.drop_column("anyone_starts")
    with op.batch_alter_table("encounters", schema=None) as batch_op:
        batch_op.drop_column("prompts")
    with op.batch_alter_table("combatants", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("out", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.execute("UPDATE combatants SET out = condition IN ('out', 'dead')")
    with op.batch_alter_table("combatants", schema=None) as batch_op:
        batch_op.drop_column("condition")
        batch_op.drop_column("down_reason")
        batch_op.alter_column("out", server_default=None)
