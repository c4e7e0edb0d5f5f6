"""Try again from a review: where a practice game made from a moment of a finished game starts (games.position).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("games")}
    if "position" not in present:  # a database the server made at this schema's head before it was migrated
        op.add_column("games", sa.Column("position", sa.Text, nullable=True))  # SQLite needs no copy of the table


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("position")
