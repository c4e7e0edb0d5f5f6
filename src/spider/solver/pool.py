"""The pool of verified deals: game codes with a known winning line, kept in SQLite.

By default it lives in the same SQLite file as the web server's database, in its own table
``verified_deals``, so that the server can hand out verified deals at once.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

SCHEMA = """
CREATE TABLE IF NOT EXISTS verified_deals (
    code TEXT PRIMARY KEY,
    suits INTEGER NOT NULL,
    line TEXT NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    created_at TEXT NOT NULL
)
"""
INDEX = "CREATE INDEX IF NOT EXISTS verified_deals_suits ON verified_deals (suits)"
# SQLite refuses more than this many parameters in one statement on older builds.
MAX_PARAMETERS = 900


def default_path() -> Path:
    """The SQLite file shared with the web server: ``spider.sqlite`` in the user's data directory."""
    return platformdirs.user_data_path("spider") / "spider.sqlite"


class Pool:
    """Verified deals in a SQLite file; each method opens its own short connection, so the pool can be
    used from several processes (the ``verify`` workers report to one writer) and by the server.

    >>> import tempfile, pathlib
    >>> pool = Pool(pathlib.Path(tempfile.mkdtemp()) / "pool.sqlite")
    >>> pool.add("SP1-S1C-AAAAAAB", 1, ["1>2", "d"], nodes=10, seconds=0.1)
    True
    >>> pool.count(1), pool.take(1), pool.take(1, exclude={"SP1-S1C-AAAAAAB"})
    (1, ('SP1-S1C-AAAAAAB', ['1>2', 'd']), None)
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as connection:
            connection.execute(SCHEMA)
            connection.execute(INDEX)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        connection = sqlite3.connect(self.path, timeout=30)
        try:
            with connection:
                yield connection
        finally:
            connection.close()

    def add(self, code: str, suits: int, line: Sequence[str], *, nodes: int = 0, seconds: float = 0.0) -> bool:
        """Stores a verified deal; False if the code was already there (the first line is kept)."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._connect() as connection:
            cursor = connection.execute(
                "INSERT OR IGNORE INTO verified_deals (code, suits, line, nodes, seconds, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (code, suits, " ".join(line), nodes, seconds, created),
            )
            return cursor.rowcount == 1

    def take(self, suits: int, exclude: set[str] | frozenset[str] = frozenset()) -> tuple[str, list[str]] | None:
        """A random verified deal of that suit count, not one of ``exclude``, with its winning line."""
        with self._connect() as connection:
            if len(exclude) <= MAX_PARAMETERS:
                marks = ", ".join("?" * len(exclude))
                row = connection.execute(
                    f"SELECT code, line FROM verified_deals WHERE suits = ? AND code NOT IN ({marks})"
                    " ORDER BY RANDOM() LIMIT 1",
                    (suits, *sorted(exclude)),
                ).fetchone()
            else:
                rows = connection.execute("SELECT code, line FROM verified_deals WHERE suits = ?", (suits,))
                choices = [found for found in rows if found[0] not in exclude]
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
        with self._connect() as connection:
            return connection.execute("DELETE FROM verified_deals WHERE code = ?", (code,)).rowcount == 1

    def count(self, suits: int) -> int:
        """How many verified deals of that suit count the pool holds."""
        with self._connect() as connection:
            row = connection.execute("SELECT COUNT(*) FROM verified_deals WHERE suits = ?", (suits,)).fetchone()
        return int(row[0])

    def line(self, code: str) -> list[str] | None:
        """The stored winning line of a code, None if the code is not in the pool."""
        with self._connect() as connection:
            row = connection.execute("SELECT line FROM verified_deals WHERE code = ?", (code,)).fetchone()
        return None if row is None else str(row[0]).split()

    def codes(self, suits: int) -> set[str]:
        """Every verified code of that suit count."""
        with self._connect() as connection:
            rows = connection.execute("SELECT code FROM verified_deals WHERE suits = ?", (suits,))
            return {str(row[0]) for row in rows}
