"""Fixtures for the server's tests: an app on a fresh database file, and a client that plays in it."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette asks for httpx2 and warns when it finds httpx; the client works the same either way.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from spider.server import Settings, create_app


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def settings(database: Path) -> Settings:
    return Settings(database=str(database), pool_target=0, verify_seconds=0, solver_workers=0)


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
