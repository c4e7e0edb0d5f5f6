"""Upserts: an INSERT that, on a key already stored, updates the row or leaves it, in one statement.

SQLite and PostgreSQL both write ``INSERT ... ON CONFLICT``, and SQLAlchemy builds it for each from its
dialect's ``insert``: ``insert_into(connection, table).values(...).on_conflict_do_update(...)``.
"""

from __future__ import annotations

from sqlalchemy import Connection, Table
from sqlalchemy.dialects import postgresql, sqlite


def insert_into(connection: Connection, table: Table) -> sqlite.Insert | postgresql.Insert:
    """An INSERT into ``table`` in the dialect of ``connection``'s database, with its ``on_conflict_*``."""
    if connection.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)
