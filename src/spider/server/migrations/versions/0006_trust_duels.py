"""Trust in duels: duelists' names compared as they look (TR39 skeletons, ``duels.lookalikes``), so
every stored name's key is made again (two names stored before that now look alike keep their old
keys: neither player is renamed; new names can no longer be made that look like either); and each
duel keeps the share of a rating change it counted, and why it counted less (``duels.rated``).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

from spider.server.people.service import name_key

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

duelists = sa.table("duelists", sa.column("player", sa.String), sa.column("name", sa.String),
                    sa.column("name_key", sa.String))


def upgrade() -> None:
    op.add_column("duels", sa.Column("rating_weight", sa.Float, nullable=True))
    op.add_column("duels", sa.Column("unrated", sa.String(32), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(duelists).order_by(duelists.c.player)).all()
    taken = {row.name_key for row in rows}
    changes = {}
    for row in rows:
        key = name_key(row.name)
        if key != row.name_key and key not in taken:
            taken.add(key)
            changes[row.player] = key
    for player, key in changes.items():
        connection.execute(sa.update(duelists).where(duelists.c.player == player).values(name_key=key))


def downgrade() -> None:
    with op.batch_alter_table("duels") as batch:
        batch.drop_column("unrated")
        batch.drop_column("rating_weight")
    connection = op.get_bind()
    for row in connection.execute(sa.select(duelists)).all():
        key = unicodedata.normalize("NFKC", row.name).casefold()  # the key before this revision
        connection.execute(sa.update(duelists).where(duelists.c.player == row.player).values(name_key=key))
