"""Fixtures for the server's tests: an app on a fresh database file, and a client that plays in it."""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

with warnings.catch_warnings():
    # Starlette asks for httpx2 and warns when it finds httpx; the client works the same either way.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from spider.server import Settings, create_app

# Every server test runs on the embedded SQLite file, and on PostgreSQL when scripts/test has started a
# throwaway server (SPIDER_TEST_POSTGRESQL, an SQLAlchemy URL of a database the tests may create others in).
POSTGRESQL = os.environ.get("SPIDER_TEST_POSTGRESQL")
BACKENDS = ["sqlite", "postgresql"] if POSTGRESQL else ["sqlite"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def database(backend: str, tmp_path: Path) -> Path:
    """The SQLite file of the test's server (tests that read or change the file itself run on SQLite only)."""
    if backend != "sqlite":
        pytest.skip("reads or changes the SQLite file itself")
    return tmp_path / "games.sqlite"


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


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database=database_url, pool_target=0, verify_seconds=0, solver_workers=0)


@pytest.fixture
def make_client(settings: Settings) -> Iterator[Callable[..., TestClient]]:
    """Clients on apps over the same database; each call is a new app, as after a restart: the apps
    made before it are stopped first, unless they all share the database (``shared_database``)."""
    clients: list[TestClient] = []

    def make(**changes: Any) -> TestClient:
        app_settings = Settings(**{**{f: getattr(settings, f) for f in settings.__dataclass_fields__}, **changes})
        if not app_settings.shared_database:
            while clients:
                clients.pop().__exit__(None, None, None)
        client = TestClient(create_app(app_settings))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    view: dict[str, Any] = response.json()
    return view


def act(client: TestClient, game_id: str, action: str) -> dict[str, Any]:
    response = client.post(f"/api/games/{game_id}/actions", json={"action": action})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer
