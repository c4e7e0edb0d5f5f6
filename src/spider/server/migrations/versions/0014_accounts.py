"""Accounts: a player kept behind passkeys on every device (``server.people.accounts``).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("accounts"):
        return  # a database the server made at this schema's head before it was migrated
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("handle", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float, nullable=True),
    )
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(1400), primary_key=True),
        sa.Column("account", sa.String(64), nullable=False, index=True),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("name", sa.String(48), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(64), nullable=False, index=True),
        sa.Column("device", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
    )
    op.create_table(
        "recovery_codes",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("account", sa.String(64), nullable=False, index=True),
        sa.Column("hash", sa.String(128), nullable=False),
    )
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(128), primary_key=True),
        sa.Column("purpose", sa.String(8), nullable=False),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("handle", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("challenges", "recovery_codes", "sessions", "passkeys", "accounts"):
        op.drop_table(table)
