"""Good standing asked cheaply of a board's every player: each share keeps its game's deal (shares.deal), under an
index with its time (shares_by_deal), so whether another player had shared a game's deal before it began is one
look-up among the deal's shares, not a walk through every game of the deal (filled in from the shared games); and a
player's games by their end (games_by_player) carry the columns the rule reads, so it reads that index alone. The
streaks board is read down an index in its order (daily_streaks_by_place), as a day's board is, asking standing
only until its page is full.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

BY_PLAYER = ["player", "finished_at", "created_at"]
"""games_by_player before this revision."""
WIDER = [*BY_PLAYER, "kind", "line_shown", "result", "moves", "seconds", "deal"]
"""games_by_player from this revision on (``games.tables.STANDING_WALK``)."""


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "deal" not in {column["name"] for column in inspector.get_columns("shares")}:
        op.add_column("shares", sa.Column("deal", sa.String(80), nullable=True))
    if "shares_by_deal" not in {index["name"] for index in inspector.get_indexes("shares")}:
        op.create_index("shares_by_deal", "shares", ["deal", "created_at"])
    # the shares made before: each one's deal is its game's (none when the game is gone: it was never asked then)
    op.execute(
        "UPDATE shares SET deal = (SELECT games.deal FROM games WHERE games.id = shares.game_id) WHERE deal IS NULL"
    )
    _index_games_by_player(inspector, WIDER)
    if "daily_streaks_by_place" not in {index["name"] for index in inspector.get_indexes("daily_streaks")}:
        op.create_index(
            "daily_streaks_by_place",
            "daily_streaks",
            ["suits", sa.text("won DESC"), sa.text("played DESC"), sa.text("best_won DESC"), "player", "won_through"],
        )


def downgrade() -> None:
    op.drop_index("daily_streaks_by_place", "daily_streaks")
    _index_games_by_player(sa.inspect(op.get_bind()), BY_PLAYER)
    op.drop_index("shares_by_deal", "shares")
    with op.batch_alter_table("shares") as shares:
        shares.drop_column("deal")


def _index_games_by_player(inspector: sa.Inspector, columns: list[str]) -> None:
    found = {index["name"]: index["column_names"] for index in inspector.get_indexes("games")}
    if found.get("games_by_player") == columns:
        return  # a database the server made at this schema's head before it was migrated
    if "games_by_player" in found:
        op.drop_index("games_by_player", "games")
    op.create_index("games_by_player", "games", columns)
