"""Games: whether a game was begun from a link that shared its deal (``games.shared``), so that the table says
"shared deal" rather than "random deal" to whoever opened the link.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("games")}
    if "shared" not in present:  # a database the server made at this schema's head before it was migrated
        op.add_column("games", sa.Column("shared", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("shared")
