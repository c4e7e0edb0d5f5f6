"""Arenas: whether a player was withdrawn for a duel they made no move in (``arena_players.stalled``), so that
their page says so, with the way back, until they join again.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("arena_players")}
    if "stalled" not in present:  # a database the server made at this schema's head before it was migrated
        op.add_column("arena_players", sa.Column("stalled", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("arena_players") as players:
        players.drop_column("stalled")
