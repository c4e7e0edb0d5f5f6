"""Bots: duelists marked ``bot`` (played by a program), and the bots' tokens, kept as hashes
(``server/duels/bots``).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a database from before the migrations runs every step again: each makes only what is missing
    inspector = sa.inspect(op.get_bind())
    if "bot" not in {column["name"] for column in inspector.get_columns("duelists")}:
        op.add_column("duelists", sa.Column("bot", sa.Boolean, nullable=False, server_default=sa.false()))
    if inspector.has_table("bots"):
        return
    op.create_table(
        "bots",
        sa.Column("key", sa.String(16), primary_key=True),
        sa.Column("player", sa.String(64), nullable=False, unique=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("revoked_at", sa.Float, nullable=True),
    )
    op.create_index("bots_by_owner", "bots", ["owner"])


def downgrade() -> None:
    op.drop_index("bots_by_owner", "bots")
    op.drop_table("bots")
    with op.batch_alter_table("duelists") as batch:
        batch.drop_column("bot")
