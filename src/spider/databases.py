"""Where the server's data lives: a SQLite file by default (the embedded database), or any database
SQLAlchemy reaches by URL; PostgreSQL through psycopg 3.

>>> database_url("/data/games.sqlite")
'sqlite:////data/games.sqlite'
>>> database_url("postgresql://spider@db/spider")
'postgresql+psycopg://spider@db/spider'
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, func, select

from spider.folders import data_folder

DATABASE_FILE_NAME = "spider.sqlite"
# PostgreSQL's advisory lock on making or changing tables: the same number in every Spider process
SCHEMA_LOCK = 0x53504944


def default_database() -> str:
    """The embedded database: a SQLite file in the user's data folder."""
    return str(data_folder() / DATABASE_FILE_NAME)


def database_url(database: str) -> str:
    """An SQLAlchemy URL for a setting that is either a URL or the path of a SQLite file; a PostgreSQL
    URL without a driver gets psycopg 3, the one installed."""
    if database.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + database.partition("://")[2]
    if "://" in database:
        return database
    return f"sqlite:///{Path(database).expanduser()}"


def lock_schema(connection: Connection) -> None:
    """Waits, until the end of the connection's transaction, for any other process making or changing
    the tables: two processes starting at once on a new database would both make the same table, and
    one would fail. On PostgreSQL; on SQLite the loser of that race looks again (``Pool``)."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(func.pg_advisory_xact_lock(SCHEMA_LOCK)))
