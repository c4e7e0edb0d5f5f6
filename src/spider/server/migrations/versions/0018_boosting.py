"""Boosting and sandbagging: each duel keeps what the weakest computer player scores on its deal (duels.weakest,
the bar of a real attempt), and the client addresses players were seen at are kept as keyed hashes
(player_addresses, under the secret of address_secrets), so that accounts of one address never rate each other.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    if "weakest" not in {column["name"] for column in inspector.get_columns("duels")}:
        op.add_column("duels", sa.Column("weakest", sa.Integer, nullable=True))
    if not inspector.has_table("player_addresses"):  # a database the server made at this schema's head
        op.create_table(
            "player_addresses",
            sa.Column("player", sa.String(64), primary_key=True),
            sa.Column("address", sa.String(64), primary_key=True),
            sa.Column("first_seen", sa.Float, nullable=False),
            sa.Column("last_seen", sa.Float, nullable=False),
        )
        op.create_index("player_addresses_by_address", "player_addresses", ["address", "last_seen"])
    if not inspector.has_table("address_secrets"):
        op.create_table(
            "address_secrets",
            sa.Column("name", sa.String(16), primary_key=True),
            sa.Column("secret", sa.String(64), nullable=False),
        )


def downgrade() -> None:
    op.drop_table("address_secrets")
    op.drop_index("player_addresses_by_address", "player_addresses")
    op.drop_table("player_addresses")
    with op.batch_alter_table("duels") as duels:
        duels.drop_column("weakest")
