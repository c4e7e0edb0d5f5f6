"""The database's schema changes run: Alembic's migrations (``spider.server.migrations``), on SQLite and
PostgreSQL alike.

``upgrade`` brings a database to the newest schema; the server runs it at start and ``spider db
upgrade`` runs it by hand. A database from before the migrations (no ``alembic_version`` table) is
brought up by the same steps: each one checks what is already there, so a file made by an earlier
release upgrades without losing a game.

The migrations are the schema's history, which knows every package's tables: they stand above every package
(``spider.server.LAYERS``), and Alembic finds them by their folder, as it finds any migrations. A new schema
change is a new file in ``migrations/versions/`` (``alembic -c <config> revision`` with ``script_location``
set to that folder writes one from ``script.py.mako``), and the tables change with it:
``tests/server/test_migrations.py`` fails when the two differ.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

FOLDER = Path(__file__).parents[1] / "migrations"
"""Where the migrations are (``spider.server.migrations``)."""


def config(connection: Connection) -> Config:
    """Alembic's configuration for this folder, running on an open connection."""
    found = Config()
    found.set_main_option("script_location", str(FOLDER))
    found.attributes["connection"] = connection
    return found


def upgrade(connection: Connection) -> None:
    """Brings the database on ``connection`` to the newest schema, in the connection's transaction."""
    command.upgrade(config(connection), "head")


def revision(connection: Connection) -> str | None:
    """The revision the database is at (None before the first migration ran)."""
    return MigrationContext.configure(connection).get_current_revision()


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory(str(FOLDER)).get_current_head()
    assert found is not None
    return found
