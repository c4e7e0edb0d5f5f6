"""Fixtures for the server's tests: an app on a fresh database file, and a client that plays in it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    # Starlette asks for httpx2 and warns when it finds httpx; the client works the same either way.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from spider.server.app import create_app
from spider.server.settings import Settings


@pytest.fixture
def database(backend: str, tmp_path: Path) -> Path:
    """The SQLite file of the test's server (tests that read or change the file itself run on SQLite only)."""
    if backend != "sqlite":
        pytest.skip("reads or changes the SQLite file itself")
    return tmp_path / "games.sqlite"


@pytest.fixture
def settings(database_url: str) -> Settings:
    # the tests' process is not a server's: Python's own garbage collector keeps it; and the tests play
    # winning lines faster than any player's budget of actions a second (test_long_games sets its own); their
    # duels of a move or two rate as before the rules against boosting, which test_boosting sets and tests
    return Settings(
        database=database_url, pool_target=0, verify_seconds=0, solver_workers=0, gc_freeze_seconds=0,
        actions_per_second=0,
        actions_per_address_per_second=0,
        duel_min_moves=0,
        duel_apart_addresses=False,
        fairplay_checks=False,  # a board read as a game ends shows it; tests/server/test_moderation.py turns it on
    )


@pytest.fixture
def make_client(settings: Settings) -> Iterator[Callable[..., TestClient]]:
    """Clients on apps over the same database; each call is a new app, as after a restart: the apps
    made before it are stopped first, unless they all share the database (``shared_database``). A
    ``clock`` (such as :class:`Clock`) tells the app's games the time instead of the real one."""
    clients: list[TestClient] = []

    def make(*, clock: Callable[[], float] | None = None, **changes: Any) -> TestClient:
        app_settings = settings.model_copy(update=changes)
        if not app_settings.shared_database:
            while clients:
                clients.pop().__exit__(None, None, None)
        client = TestClient(create_app(app_settings) if clock is None else create_app(app_settings, clock=clock))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def serve(database_url: str) -> Iterator[Callable[..., tuple[subprocess.Popen[bytes], str]]]:
    """Starts ``spider serve`` processes on free loopback ports over the test's database; kills what it started."""
    started: list[subprocess.Popen[bytes]] = []

    def start(**environ: str) -> tuple[subprocess.Popen[bytes], str]:
        port = free_port()
        # no budget of actions a second unless the test sets one: the tests play faster than any player
        env = {
            **os.environ, "SPIDER_POOL_TARGET": "0", "SPIDER_VERIFY_SECONDS": "0", "SPIDER_ACTIONS_PER_SECOND": "0",
            "SPIDER_ACTIONS_PER_ADDRESS_PER_SECOND": "0",
            # every player of these servers comes from this machine, and plays a few moves: the rules against
            # boosting (tests/server/test_boosting.py) stay off unless the test turns them on
            "SPIDER_DUEL_MIN_MOVES": "0", "SPIDER_DUEL_APART_ADDRESSES": "0",
            **environ,
        }
        process = subprocess.Popen(
            [sys.executable, "-m", "spider.cli", "serve", "--port", str(port), "--database", database_url],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        started.append(process)
        url = f"http://127.0.0.1:{port}"
        serving(process, url, 30)
        return process, url

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


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


def serving(process: subprocess.Popen[bytes], url: str, seconds: float) -> None:
    """Waits until the `spider serve` just started at ``url`` answers, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            httpx.get(f"{url}/api/presets", timeout=1)
            return
        except httpx.TransportError:
            assert process.poll() is None, "spider serve exited"
            time.sleep(0.1)
    raise AssertionError(f"spider serve did not start within {seconds:g} s")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
