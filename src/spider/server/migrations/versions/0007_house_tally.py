"""The results of a database from before the running tallies, counted once: every finished game stored,
in the order the games ended, goes through the one function that counts games as they end
(``tallies.count_finished``). Servers used to look for such a database at every start.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from spider.server.games.kinds import Kind
from spider.server.games.records import GameRecord, from_row
from spider.server.games.tables import games
from spider.server.results.tables import results
from spider.server.results.tallies import count_finished

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# the columns counting reads, as they are at this revision (a later one may add others)
COUNTED = (
    "id", "player", "code", "suits", "rules", "verified", "created_at", "finished_at", "result", "score", "moves",
    "seconds", "replay", "typed", "line_shown", "exercise", "duel",
)  # fmt: skip


def upgrade() -> None:
    connection = op.get_bind()
    if connection.execute(sa.select(sa.exists().select_from(results))).scalar():
        return  # tallied as its games ended
    ended = connection.execute(
        sa.select(*(games.c[name] for name in COUNTED))
        .where(games.c.finished_at.is_not(None))
        .order_by(games.c.finished_at, games.c.created_at)
    )
    count_finished(connection, (from_row(GameRecord, row, kind=_kind(row)) for row in ended.all()))


def _kind(row: sa.Row[Any]) -> Kind:
    """A game's kind, as its columns told it at this revision (before games had one: revision 0013)."""
    if row.duel is not None:
        return Kind.DUEL
    if row.exercise is not None:
        return Kind.PRACTICE
    return Kind.REPLAY if row.replay else Kind.TYPED if row.typed else Kind.SOLO


def downgrade() -> None:
    pass  # the tallies stay: they are what the games stored add up to
