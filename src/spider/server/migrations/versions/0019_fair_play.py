"""Fair play: each ranked result's check, the moderators, the marked accounts and the log of moderators' decisions
(``server.fairplay``).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("fairplay_checks"):
        return  # a database the server made at this schema's head before it was migrated
    op.create_table(
        "fairplay_checks",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("board", sa.String(8), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("evidence", sa.JSON, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("checked_at", sa.Float, nullable=True),
    )
    op.create_index("fairplay_checks_by_state", "fairplay_checks", ["state", "created_at"])
    op.create_index("fairplay_checks_by_player", "fairplay_checks", ["player"])
    op.create_table(
        "moderators",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("granted_at", sa.Float, nullable=False),
    )
    op.create_table(
        "marked_accounts",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("marked_at", sa.Float, nullable=False),
        sa.Column("moderator", sa.String(64), nullable=False),
    )
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("moderator", sa.String(64), nullable=True),
        sa.Column("decision", sa.String(8), nullable=False),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
    )
    op.create_index("moderation_log_by_at", "moderation_log", ["at"])


def downgrade() -> None:
    op.drop_table("moderation_log")
    op.drop_table("marked_accounts")
    op.drop_table("moderators")
    op.drop_index("fairplay_checks_by_player", "fairplay_checks")
    op.drop_index("fairplay_checks_by_state", "fairplay_checks")
    op.drop_table("fairplay_checks")
