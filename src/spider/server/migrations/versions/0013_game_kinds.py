"""A game's kind in one column (games.kind), filled in from what each stored game shows of it.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

# The kind each stored game was begun as, read from the columns and tables that told it before, first match
# first. A game tried again from a review plays the exercise "from_review"; a daily deal's game is in
# daily_games, its player's entry in daily_entries too; a race's game is in ghost_races.
KINDS = (
    ("duel", "duel IS NOT NULL"),
    ("try_again", "exercise = 'from_review'"),
    ("practice", "exercise IS NOT NULL"),
    ("replay", "replay"),
    ("ghost", "id IN (SELECT game FROM ghost_races)"),
    ("daily", "id IN (SELECT game_id FROM daily_entries)"),
    ("daily_again", "id IN (SELECT game_id FROM daily_games)"),
    ("typed", "typed"),
)


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("games")}
    if "kind" not in present:  # a database the server made at this schema's head before it was migrated
        op.add_column("games", sa.Column("kind", sa.String(16), nullable=False, server_default="solo"))
    for kind, where in reversed(KINDS):  # the first match wins: written last
        op.execute(sa.text(f"UPDATE games SET kind = :kind WHERE {where}").bindparams(kind=kind))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("kind")
