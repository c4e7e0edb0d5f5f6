"""The schema of the first releases: players, games and their actions, shares, shown lines, results.

A database made before the migrations may hold any part of it already: each table is made only when
missing, and games made before 'typed' and 'line_shown' get them (false for every stored game).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _missing(table: str) -> bool:
    return not sa.inspect(op.get_bind()).has_table(table)


def _columns(table: str) -> set[str]:
    return {column["name"] for column in sa.inspect(op.get_bind()).get_columns(table)}


def upgrade() -> None:
    if _missing("players"):
        op.create_table(
            "players",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("created_at", sa.Float, nullable=False),
        )
    if _missing("games"):
        op.create_table(
            "games",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), nullable=False),
            sa.Column("code", sa.String(80), nullable=False),
            sa.Column("suits", sa.Integer, nullable=False),
            sa.Column("rules", sa.JSON, nullable=False),
            sa.Column("verified", sa.Boolean, nullable=False),
            sa.Column("line", sa.JSON, nullable=True),
            sa.Column("replay", sa.Boolean, nullable=False),
            sa.Column("typed", sa.Boolean, nullable=False),
            sa.Column("line_shown", sa.Boolean, nullable=False),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.Column("finished_at", sa.Float, nullable=True),
            sa.Column("result", sa.String(16), nullable=True),
            sa.Column("score", sa.Integer, nullable=True),
            sa.Column("moves", sa.Integer, nullable=True),
            sa.Column("seconds", sa.Float, nullable=True),
        )
        op.create_index("games_by_player", "games", ["player", "finished_at", "created_at"])
    else:
        present = _columns("games")
        for name in ("typed", "line_shown"):  # ALTER TABLE ... ADD COLUMN: SQLite needs no copy of the table
            if name not in present:
                op.add_column("games", sa.Column(name, sa.Boolean, nullable=False, server_default=sa.false()))
    if _missing("actions"):
        op.create_table(
            "actions",
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("text", sa.String(16), nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
    if _missing("lines_shown"):
        op.create_table(
            "lines_shown",
            sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
            sa.Column("deal", sa.String(32), primary_key=True),
            sa.Column("at", sa.Float, nullable=False),
        )
    if _missing("shares"):
        op.create_table(
            "shares",
            sa.Column("token", sa.String(32), primary_key=True),
            sa.Column("game_id", sa.String(32), nullable=False, unique=True),
            sa.Column("code", sa.String(80), nullable=False),
            sa.Column("rules", sa.JSON, nullable=False),
            sa.Column("verified", sa.Boolean, nullable=False),
            sa.Column("line", sa.JSON, nullable=True),
            sa.Column("created_at", sa.Float, nullable=False),
        )
    if _missing("results"):
        op.create_table(
            "results",
            sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
            sa.Column("suits", sa.Integer, primary_key=True),
            sa.Column("games", sa.Integer, nullable=False),
            sa.Column("wins", sa.Integer, nullable=False),
            sa.Column("current_streak", sa.Integer, nullable=False),
            sa.Column("best_streak", sa.Integer, nullable=False),
            sa.Column("best_seconds", sa.Float, nullable=True),
            sa.Column("fewest_moves", sa.Integer, nullable=True),
        )
    if _missing("best_scores"):
        op.create_table(
            "best_scores",
            sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
            sa.Column("suits", sa.Integer, primary_key=True),
            sa.Column("scoring", sa.String(16), primary_key=True),
            sa.Column("score", sa.Integer, nullable=False),
        )
    if _missing("site_days"):
        op.create_table(
            "site_days",
            sa.Column("day", sa.Integer, primary_key=True),
            sa.Column("suits", sa.Integer, primary_key=True),
            sa.Column("games", sa.Integer, nullable=False),
            sa.Column("wins", sa.Integer, nullable=False),
        )
    if _missing("verified_deals"):  # the deal pool (spider.server.solving.deal_pool), made here or by spider verify
        op.create_table(
            "verified_deals",
            sa.Column("code", sa.String(80), primary_key=True),
            sa.Column("suits", sa.Integer, nullable=False),
            sa.Column("line", sa.Text, nullable=False),
            sa.Column("nodes", sa.Integer, nullable=False),
            sa.Column("seconds", sa.Float, nullable=False),
            sa.Column("created_at", sa.Text, nullable=False),
        )
        op.create_index("verified_deals_suits", "verified_deals", ["suits"])


def downgrade() -> None:
    for table in ("verified_deals", "site_days", "best_scores", "results", "shares", "lines_shown", "actions"):
        op.drop_table(table)
    op.drop_index("games_by_player", "games")
    for table in ("games", "players"):
        op.drop_table(table)
