"""Duels: duelists with their names and ratings, friends and ignored players, the duels, their seats and
invitations; and the duel a game is one player's side of.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("duel", sa.String(32), nullable=True))
    op.create_table(
        "duelists",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("computer", sa.String(16), nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("duels", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("draws", sa.Integer, nullable=False),
        sa.Column("losses", sa.Integer, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=True),
    )
    op.create_table(
        "relations",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("other", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
    )
    op.create_index("relations_by_other", "relations", ["other"])
    op.create_table(
        "duels",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("suits", sa.Integer, nullable=False),
        sa.Column("minutes", sa.Integer, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("opponent", sa.String(16), nullable=False),
        sa.Column("rating_min", sa.Float, nullable=True),
        sa.Column("rating_max", sa.Float, nullable=True),
        sa.Column("code", sa.String(80), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("ended_at", sa.Float, nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("robot_owner", sa.String(32), nullable=True),
        sa.Column("robot_seen", sa.Float, nullable=True),
    )
    op.create_index("duels_by_state", "duels", ["state", "deadline"])
    op.create_table(
        "duel_seats",
        sa.Column("duel", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=True),
        sa.Column("ended", sa.String(16), nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("outcome", sa.String(8), nullable=True),
        sa.Column("rating_change", sa.Float, nullable=True),
    )
    op.create_index("seats_by_player", "duel_seats", ["player"])
    op.create_table(
        "invitations",
        sa.Column("duel", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("invitations", "duel_seats", "duels", "relations", "duelists"):
        op.drop_table(table)
    op.drop_column("games", "duel")
