"""Fixtures for every test folder: the database backends a test can run on."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

# A test on a database runs on the embedded SQLite file, and on PostgreSQL when scripts/test has started a
# throwaway server (SPIDER_TEST_POSTGRESQL, an SQLAlchemy URL of a database the tests may create others in).
POSTGRESQL = os.environ.get("SPIDER_TEST_POSTGRESQL")
BACKENDS = ["sqlite", "postgresql"] if POSTGRESQL else ["sqlite"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def database_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database for the test: a new SQLite file, or a new PostgreSQL database dropped after it."""
    if backend == "sqlite":
        yield str(tmp_path / "games.sqlite")
        return
    assert POSTGRESQL is not None
    name = f"spider_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRESQL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    yield make_url(POSTGRESQL).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
    admin.dispose()
