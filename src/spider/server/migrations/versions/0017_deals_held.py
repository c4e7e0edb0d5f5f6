"""A shared deal is kept secret until its time (deals_held): a daily deal's code, winning line, analysis and records
are shown to nobody before its UTC day is over, whoever has ended their game of it.

The days already begun are held from the next game dealt of them on (the daily package writes the hold then).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if not sa.inspect(op.get_bind()).has_table("deals_held"):  # a database the server made at this schema's head
        op.create_table(
            "deals_held",
            sa.Column("deal", sa.String(80), primary_key=True),
            sa.Column("until", sa.Float, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("deals_held")
