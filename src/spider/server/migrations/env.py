"""Alembic's entry: the migrations run on the connection the server (or ``spider db upgrade``) opened.

The schema they lead to is ``spider.server.migrations.schema``'s, which ``alembic revision --autogenerate`` compares
the database with to write a new revision's first draft.
"""

from __future__ import annotations

from alembic import context

from spider.server.migrations.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
