"""Deals somebody has been shown (deals_known), each game's deal, and shares of typed codes (shares.typed):
a deal's code is shown only when no game of it could still count, and no game of a known deal counts.
Each game's preset by name (games.preset, shares.preset), whose helps it has: no hints under classic.
One offline result a deal (offline_results.deal), whatever its table rules.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from spider.codes import parse_code

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "deal" not in {column["name"] for column in inspector.get_columns("games")}:
        op.add_column("games", sa.Column("deal", sa.String(80), nullable=True))
        games = sa.table("games", *(sa.column(name, sa.String) for name in ("id", "code", "deal")))
        connection = op.get_bind()
        for row in connection.execute(sa.select(games.c.id, games.c.code).where(games.c.code != "")).all():
            connection.execute(sa.update(games).where(games.c.id == row.id).values(deal=parse_code(row.code).deal))
        op.create_index("games_by_deal", "games", ["deal", "finished_at"])
    if "preset" not in {column["name"] for column in inspector.get_columns("games")}:
        op.add_column("games", sa.Column("preset", sa.String(16), nullable=True))
    if "typed" not in {column["name"] for column in inspector.get_columns("shares")}:
        op.add_column("shares", sa.Column("typed", sa.Boolean, nullable=False, server_default=sa.false()))
        op.add_column("shares", sa.Column("preset", sa.String(16), nullable=True))
    if "deal" not in {column["name"] for column in inspector.get_columns("offline_results")}:
        _one_offline_result_a_deal()
    if not inspector.has_table("deals_known"):
        op.create_table(
            "deals_known",
            sa.Column("deal", sa.String(80), primary_key=True),
            sa.Column("at", sa.Float, nullable=False),
        )
        # a winning line shown before is a deal known: its games counted in no results, and still do not
        lines = sa.table("lines_shown", sa.column("deal", sa.String), sa.column("at", sa.Float))
        known = sa.select(lines.c.deal, sa.func.min(lines.c.at)).group_by(lines.c.deal)
        target = sa.table("deals_known", sa.column("deal", sa.String), sa.column("at", sa.Float))
        op.execute(sa.insert(target).from_select(["deal", "at"], known))


def _one_offline_result_a_deal() -> None:
    """Each offline result gets its deal; of a deal sent more than once (under other table rules), the
    first one sent is kept."""
    op.add_column("offline_results", sa.Column("deal", sa.String(80), nullable=True))
    kept = sa.table(
        "offline_results",
        *(sa.column(name, sa.String) for name in ("player", "code", "deal")),
        sa.column("received_at", sa.Float),
    )
    connection = op.get_bind()
    seen: set[tuple[str, str]] = set()
    for row in connection.execute(sa.select(kept).order_by(kept.c.received_at, kept.c.code)).all():
        where = (kept.c.player == row.player, kept.c.code == row.code)
        deal = parse_code(row.code).deal
        if (row.player, deal) in seen:
            connection.execute(sa.delete(kept).where(*where))
        else:
            seen.add((row.player, deal))
            connection.execute(sa.update(kept).where(*where).values(deal=deal))
    with op.batch_alter_table("offline_results") as table:
        table.alter_column("deal", existing_type=sa.String(80), nullable=False)
    op.create_index("offline_results_by_deal", "offline_results", ["player", "deal"], unique=True)


def downgrade() -> None:
    op.drop_table("deals_known")
    op.drop_index("offline_results_by_deal", table_name="offline_results")
    with op.batch_alter_table("offline_results") as table:
        table.drop_column("deal")
    op.drop_index("games_by_deal", table_name="games")
    with op.batch_alter_table("games") as games:
        games.drop_column("deal")
        games.drop_column("preset")
    with op.batch_alter_table("shares") as shares:
        shares.drop_column("typed")
        shares.drop_column("preset")
