"""Arenas: the tables of arenas, their players and their duels, and each duel's arena.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "arena" not in {column["name"] for column in inspector.get_columns("duels")}:
        op.add_column("duels", sa.Column("arena", sa.String(32), nullable=True))
    if not inspector.has_table("arenas"):
        op.create_table(
            "arenas",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("creator", sa.String(64), nullable=True),
            sa.Column("suits", sa.Integer, nullable=False),
            sa.Column("minutes", sa.Integer, nullable=False),
            sa.Column("starts_at", sa.Float, nullable=False),
            sa.Column("ends_at", sa.Float, nullable=False),
            sa.Column("computers", sa.Boolean, nullable=False),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.Column("pairer", sa.String(32), nullable=True),
            sa.Column("pairer_until", sa.Float, nullable=True),
            sa.Column("over", sa.Boolean, nullable=False),
        )
        op.create_index("arenas_by_end", "arenas", ["over", "ends_at"])
    if not inspector.has_table("arena_players"):
        op.create_table(
            "arena_players",
            sa.Column("arena", sa.String(32), primary_key=True),
            sa.Column("player", sa.String(64), primary_key=True),
            sa.Column("active", sa.Boolean, nullable=False),
            sa.Column("points", sa.Integer, nullable=False),
            sa.Column("duels", sa.Integer, nullable=False),
            sa.Column("wins", sa.Integer, nullable=False),
            sa.Column("streak", sa.Integer, nullable=False),
            sa.Column("duel", sa.String(32), nullable=True),
            sa.Column("last_opponent", sa.String(64), nullable=True),
            sa.Column("waiting_since", sa.Float, nullable=True),
            sa.Column("joined_at", sa.Float, nullable=False),
        )
    if not inspector.has_table("arena_duels"):
        op.create_table(
            "arena_duels",
            sa.Column("duel", sa.String(32), primary_key=True),
            sa.Column("arena", sa.String(32), nullable=False),
            sa.Column("berserk", sa.JSON, nullable=False),
            sa.Column("counted", sa.Boolean, nullable=False),
        )
        op.create_index("arena_duels_by_arena", "arena_duels", ["arena", "counted"])


def downgrade() -> None:
    op.drop_table("arena_duels")
    op.drop_table("arena_players")
    op.drop_table("arenas")
    with op.batch_alter_table("duels") as batch:
        batch.drop_column("arena")
