"""The daily deal: each day's chosen deals, the games played of them, each player's entry on a day's
board, and the secret the deals are drawn from.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("daily_deals"):
        return  # made with the others by a first release's database (``migrations.upgrade``)
    op.create_table(
        "daily_deals",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("suits", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(80), nullable=False),
        sa.Column("line", sa.JSON, nullable=False),
        sa.Column("chosen_at", sa.Float, nullable=False),
    )
    op.create_table(
        "daily_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("suits", sa.Integer, nullable=False),
        sa.Column("helped", sa.Boolean, nullable=False),
    )
    op.create_index("daily_games_by_player", "daily_games", ["player", "day", "suits"])
    op.create_table(
        "daily_entries",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("suits", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
    )
    op.create_index("daily_entries_by_day", "daily_entries", ["day", "suits"])
    op.create_table(
        "daily_secrets",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("secret", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_secrets")
    op.drop_index("daily_entries_by_day", "daily_entries")
    op.drop_table("daily_entries")
    op.drop_index("daily_games_by_player", "daily_games")
    op.drop_table("daily_games")
    op.drop_table("daily_deals")
