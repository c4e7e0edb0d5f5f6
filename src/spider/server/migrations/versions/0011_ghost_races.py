"""Ghost races: a player's game raced against an earlier, counted game of the same deal (``server.ghosts``).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("ghost_races"):
        return  # a database the server made at this schema's head before it was migrated
    op.create_table(
        "ghost_races",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("ghost", sa.String(32), nullable=False),
        sa.Column("mine", sa.Boolean, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
    )
    op.create_index("ghost_races_by_player", "ghost_races", ["player", "started_at"])


def downgrade() -> None:
    op.drop_index("ghost_races_by_player", table_name="ghost_races")
    op.drop_table("ghost_races")
