"""Daily boards read a page at a time: each entry keeps its place's figures (won, score, time, end) under one
index in the board's order, and each player's runs of days are kept (daily_streaks) for the streaks board; both
filled in from the stored games.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

from collections import defaultdict

import sqlalchemy as sa
from alembic import op

from spider.server.daily.runs import runs

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

PLACE = ("won", "score", "seconds", "finished_at")
# an entry's game over, and not left before its first move (no entry: the next game of the day takes its place)
OVER = "finished_at IS NOT NULL AND NOT (result = 'abandoned' AND moves = 0)"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = {column["name"] for column in inspector.get_columns("daily_entries")}
    if "won" not in present:  # a database the server made at this schema's head before it was migrated
        op.add_column("daily_entries", sa.Column("won", sa.Boolean, nullable=True))
        op.add_column("daily_entries", sa.Column("score", sa.Integer, nullable=True))
        op.add_column("daily_entries", sa.Column("seconds", sa.Float, nullable=True))
        op.add_column("daily_entries", sa.Column("finished_at", sa.Float, nullable=True))
        op.create_index(
            "daily_entries_by_place",
            "daily_entries",
            ["day", "suits", sa.text("won DESC"), sa.text("score DESC"), "seconds", "finished_at", "player"],
        )
    if not inspector.has_table("daily_streaks"):
        op.create_table(
            "daily_streaks",
            sa.Column("player", sa.String(64), primary_key=True),
            sa.Column("suits", sa.Integer, primary_key=True),
            sa.Column("played", sa.Integer, nullable=False),
            sa.Column("played_through", sa.String(10), nullable=False),
            sa.Column("won", sa.Integer, nullable=False),
            sa.Column("won_through", sa.String(10), nullable=False),
            sa.Column("best_played", sa.Integer, nullable=False),
            sa.Column("best_won", sa.Integer, nullable=False),
        )
        op.create_index("daily_streaks_going", "daily_streaks", ["suits", "won_through"])
    figures = {
        "won": "result = 'won'",
        "score": "COALESCE(score, 0)",
        "seconds": "COALESCE(seconds, 0.0)",
        "finished_at": "finished_at",
    }
    for column, value in figures.items():
        op.execute(
            f"UPDATE daily_entries SET {column} = (SELECT {value} FROM games WHERE games.id = daily_entries.game_id) "
            f"WHERE game_id IN (SELECT id FROM games WHERE {OVER})"
        )
    # the runs of days: every entry not left before its first move, by player and suit count
    played = sa.text(
        "SELECT daily_entries.player, daily_entries.suits, daily_entries.day, games.result FROM daily_entries "
        "JOIN games ON games.id = daily_entries.game_id "
        "WHERE games.result IS NULL OR NOT (games.result = 'abandoned' AND games.moves = 0)"
    )
    days: dict[tuple[str, int], dict[str, str | None]] = defaultdict(dict)
    for player, suits, day, result in op.get_bind().execute(played):
        days[player, suits][day] = result
    op.execute(sa.text("DELETE FROM daily_streaks"))
    kept = [{"player": player, "suits": suits, **runs(found)} for (player, suits), found in days.items()]
    if kept:
        streaks = sa.table("daily_streaks", *(sa.column(name) for name in (*kept[0],)))
        op.bulk_insert(streaks, kept)


def downgrade() -> None:
    op.drop_index("daily_streaks_going", "daily_streaks")
    op.drop_table("daily_streaks")
    op.drop_index("daily_entries_by_place", "daily_entries")
    with op.batch_alter_table("daily_entries") as entries:
        for column in reversed(PLACE):
            entries.drop_column(column)
