"""Offline games' results, sent once the connection is back and counted apart (SPEC 3.8).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "offline_results",
        sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("code", sa.String(80), primary_key=True),
        sa.Column("suits", sa.Integer, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("result", sa.String(16), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float, nullable=True),
        sa.Column("actions", sa.Text, nullable=False),
        sa.Column("received_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("offline_results")
