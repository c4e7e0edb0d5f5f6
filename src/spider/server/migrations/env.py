"""Alembic's entry: the migrations run on the connection the server (or ``spider db upgrade``) opened."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection)
with context.begin_transaction():
    context.run_migrations()
