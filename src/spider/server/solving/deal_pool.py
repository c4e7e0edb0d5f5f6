"""The pool of verified deals, in the server's database: game codes with a known winning line, each
given to one player once (``solving.DealPool``), filled by the server's pool worker and ``spider verify``.

By default it lives in the same SQLite file as the web server's database, in its own table
``verified_deals`` (``tables``), so that the server can hand out verified deals at once; given a database
URL (``postgresql+psycopg://...``) it lives there, and any number of ``spider verify`` runs on any number
of machines fill the one pool (a code is stored once, whoever found it). The deals themselves are made
by the solver (``spider.solver.pool``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, delete, func, select
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from spider.databases import database_url, default_database, lock_schema
from spider.server.db.letting_go import LettingGo
from spider.server.db.upserts import insert_into
from spider.server.solving.tables import verified_deals

# SQLite refuses more than this many parameters in one statement on older builds.
MAX_PARAMETERS = 900


class Pool:
    """Verified deals in a database; safe to use from several processes (the ``verify`` workers report
    to one writer) and by the server at once.

    >>> import tempfile, pathlib
    >>> pool = Pool(pathlib.Path(tempfile.mkdtemp()) / "pool.sqlite")
    >>> pool.add("SP1-S1C-AAAAAAB", 1, ["1>2", "d"], nodes=10, seconds=0.1)
    True
    >>> pool.count(1), pool.take(1), pool.take(1, exclude={"SP1-S1C-AAAAAAB"})
    (1, ('SP1-S1C-AAAAAAB', ['1>2', 'd']), None)
    """

    def __init__(self, database: str | Path | None = None) -> None:
        self.url = database_url(str(database) if database is not None else default_database())
        self.is_sqlite = make_url(self.url).get_backend_name() == "sqlite"
        if self.is_sqlite:
            Path(str(make_url(self.url).database)).parent.mkdir(parents=True, exist_ok=True)
        # SQLite: a short connection for each call, as other processes write the same file
        self.engine: Engine = (
            create_engine(self.url, poolclass=NullPool, connect_args={"timeout": 30})
            if self.is_sqlite
            else create_engine(self.url, pool_pre_ping=True)
        )
        self._letting_go = LettingGo(self.engine)
        try:
            try:
                self._make_tables()
            except OperationalError as error:
                # SQLite: another process made the table between this one's look and its CREATE; look again
                if "already exists" not in str(error):
                    raise
                self._make_tables()
        except BaseException:  # the database out of reach: its connections are let go with it
            self.engine.dispose()
            raise

    def _make_tables(self) -> None:
        with self.engine.begin() as connection:
            lock_schema(connection)
            # the pool's table only: a ``spider verify`` run may be the first to open a new database,
            # whose other tables the server's migrations make
            verified_deals.create(connection, checkfirst=True)

    def close(self) -> None:
        """Lets go of the pool's database connections, and of any a thread still at work gives back later."""
        self._letting_go.close()

    @property
    def where(self) -> str:
        """Where the pool lives, for people: the file, or the database URL without its password."""
        url = make_url(self.url)
        return str(url.database) if self.is_sqlite else url.render_as_string(hide_password=True)

    def add(self, code: str, suits: int, line: Sequence[str], *, nodes: int = 0, seconds: float = 0.0) -> bool:
        """Stores a verified deal; False if the code was already there (the first line is kept)."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        # the row that went in comes back; none when the code was there. (An INSERT's rowcount is not
        # kept by SQLAlchemy: psycopg's reads -1 once the statement is done, so it cannot tell.)
        values = {"code": code, "suits": suits, "line": " ".join(line), "nodes": nodes, "seconds": seconds}
        with self.engine.begin() as connection:
            statement = (
                insert_into(connection, verified_deals)
                .values(**values, created_at=created)
                .on_conflict_do_nothing()
                .returning(verified_deals.c.code)
            )
            return connection.execute(statement).first() is not None

    def take(self, suits: int, exclude: set[str] | frozenset[str] = frozenset()) -> tuple[str, list[str]] | None:
        """A random verified deal of that suit count, not one of ``exclude``, with its winning line."""
        of_suits = select(verified_deals.c.code, verified_deals.c.line).where(verified_deals.c.suits == suits)
        with self.engine.connect() as connection:
            if len(exclude) <= MAX_PARAMETERS:
                row = connection.execute(
                    of_suits.where(verified_deals.c.code.not_in(sorted(exclude))).order_by(func.random()).limit(1)
                ).first()
            else:
                choices = [found for found in connection.execute(of_suits) if found[0] not in exclude]
                row = random.choice(choices) if choices else None
        if row is None:
            return None
        return str(row[0]), str(row[1]).split()

    def give(self, suits: int, exclude: set[str] | frozenset[str] = frozenset()) -> tuple[str, list[str]] | None:
        """Like :meth:`take`, and the deal leaves the pool: each verified deal is given once.

        Safe when several processes give from one pool: a deal another took first is not given twice.
        """
        excluded = set(exclude)
        while (found := self.take(suits, exclude=excluded)) is not None:
            if self.remove(found[0]):
                return found
            excluded.add(found[0])
        return None

    def remove(self, code: str) -> bool:
        """Takes a deal out of the pool; False if it was not there (any more)."""
        with self.engine.begin() as connection:
            return connection.execute(delete(verified_deals).where(verified_deals.c.code == code)).rowcount == 1

    def count(self, suits: int) -> int:
        """How many verified deals of that suit count the pool holds."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(func.count()).select_from(verified_deals).where(verified_deals.c.suits == suits)
            ).scalar()
        return int(found or 0)

    def line(self, code: str) -> list[str] | None:
        """The stored winning line of a code, None if the code is not in the pool."""
        with self.engine.connect() as connection:
            found = connection.execute(select(verified_deals.c.line).where(verified_deals.c.code == code)).scalar()
        return None if found is None else str(found).split()

    def codes(self, suits: int) -> set[str]:
        """Every verified code of that suit count."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(verified_deals.c.code).where(verified_deals.c.suits == suits))
            return {str(row[0]) for row in rows}
