"""The server's clock of a game in progress (played, clock_at) and practice (exercise, progress).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = {column["name"] for column in inspector.get_columns("games")}
    added = [
        sa.Column("played", sa.Float, nullable=True),
        sa.Column("clock_at", sa.Float, nullable=True),
        sa.Column("exercise", sa.String(32), nullable=True),
    ]
    for column in added:  # ALTER TABLE ... ADD COLUMN: SQLite needs no copy of the table
        if column.name not in present:
            op.add_column("games", column)
    if not inspector.has_table("practice"):
        op.create_table(
            "practice",
            sa.Column("player", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
            sa.Column("exercise", sa.String(32), primary_key=True),
            sa.Column("solved_at", sa.Float, nullable=False),
            sa.Column("best_moves", sa.Integer, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("practice")
    with op.batch_alter_table("games") as games:
        for name in ("exercise", "clock_at", "played"):
            games.drop_column(name)
