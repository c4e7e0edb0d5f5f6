"""SQLite as the server uses it: WAL, its pragmas set on every connection, and the WAL's checkpoints in a
thread of their own, off the requests (a checkpoint waits for the disk)."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from sqlalchemy import Engine, event

CHECKPOINT_SECONDS = 2.0
AUTOCHECKPOINT_PAGES = 20_000
SYNCHRONOUS_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")


def set_pragmas(engine: Engine, synchronous: str) -> None:
    """Sets the server's pragmas on each connection ``engine`` opens; ``synchronous`` is one of
    ``SYNCHRONOUS_MODES`` (checked by the caller, as it is written into the pragma)."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        # Checkpoints run in a thread of their own (Checkpoints); the WAL still gets checkpointed by
        # SQLite itself past this many pages if that thread is not running.
        cursor.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
        cursor.close()


class Checkpoints:
    """A thread that checkpoints the WAL every few seconds; ``stop`` ends it and empties the WAL."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, every: float = CHECKPOINT_SECONDS) -> None:
        if self._thread is not None:
            return

        def run() -> None:
            while not self._stop.wait(every):
                with contextlib.suppress(Exception), self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

        self._thread = threading.Thread(target=run, name="spider-checkpoints", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        with contextlib.suppress(Exception), self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
