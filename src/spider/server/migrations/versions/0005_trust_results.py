"""Deals somebody has been shown (deals_known), each game's deal, and shares of typed codes (shares.typed):
a deal's code is shown only when no game of it could still count, and no game of a known deal counts.
Each game's preset by name (games.preset, shares.preset), whose helps it has: no hints under classic.

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


def downgrade() -> None:
    op.drop_table("deals_known")
    op.drop_index("games_by_deal", table_name="games")
    with op.batch_alter_table("games") as games:
        games.drop_column("deal")
        games.drop_column("preset")
    with op.batch_alter_table("shares") as shares:
        shares.drop_column("typed")
        shares.drop_column("preset")
