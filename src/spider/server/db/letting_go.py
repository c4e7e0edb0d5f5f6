"""Letting go of a database's connections: those given back to a pool that was disposed of, and all of them when
their owner closes the database.

``Engine.dispose`` closes the connections in the pool and puts a new pool in its place; one still out (a thread at
work as the server stops, or as a test disposes of the pool) goes back, after, to the old pool, which nobody will
use again, and would be dropped there still open (PostgreSQL keeps its session until the process ends). Each
connection is marked with the pool's generation as it is taken; given back to a pool of an older generation, or once
the owner is closed, it is closed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, event

GENERATION = "spider_pool_generation"
"""The key of a connection's generation in its record's ``info``."""


class LettingGo:
    """Closes an engine's connections for good: those given back to a disposed pool, and all once closed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.closed = False
        self.generation = 0
        event.listen(engine, "checkout", self._taken)
        event.listen(engine, "checkin", self._given_back)
        event.listen(engine, "engine_disposed", self._disposed)

    def close(self) -> None:
        self.closed = True
        self.engine.dispose()

    def _taken(self, dbapi_connection: Any, record: Any, proxy: Any) -> None:
        record.info[GENERATION] = self.generation

    def _disposed(self, engine: Engine) -> None:
        self.generation += 1

    def _given_back(self, dbapi_connection: Any, record: Any) -> None:
        if dbapi_connection is not None and (self.closed or record.info.get(GENERATION) != self.generation):
            record.invalidate()
