"""What operators watch: /healthz answers whether the database is reachable, /metrics counts in
Prometheus' text format."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from starlette.testclient import TestClient

from spider.server.games.service import GAME_BYTES, SNAPSHOT_BYTES, Games
from spider.server.http.parts import parts_of
from tests.server.conftest import act, new_game


def samples(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = client.get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def test_health_says_the_database_answers(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"ok": True, "database": "ok", "redis": None}


def test_health_is_503_when_the_database_is_gone(client: TestClient) -> None:
    store = parts_of(client.app)[Games].store  # type: ignore[attr-defined]
    kept = store.engine
    gone = "postgresql+psycopg://nobody@127.0.0.1:1/none"  # nothing listens on port 1
    store.engine = create_engine(gone, connect_args={"connect_timeout": 2})
    try:
        response = client.get("/healthz")
    finally:
        store.engine.dispose()
        store.engine = kept
    assert response.status_code == 503
    assert response.json()["ok"] is False and "OperationalError" in response.json()["database"]
    assert client.get("/healthz").status_code == 200  # and back when it is


def test_health_is_503_with_the_free_space_when_the_databases_disk_is_full(
    make_client: Callable[..., TestClient], database: Path
) -> None:
    # a disk with less free space than asked for is a full disk: reads go on, but no action can be stored
    full = make_client(health_min_free_mb=2**40).get("/healthz")
    assert full.status_code == 503 and full.json()["ok"] is False
    reason = full.json()["database"]
    assert str(database) in reason and "MB free, less than 1,099,511,627,776 MB" in reason
    assert make_client(health_min_free_mb=0).get("/healthz").status_code == 200  # not checked


def test_metrics_count_requests_games_and_their_ends(client: TestClient) -> None:
    game = new_game(client, code="SP1-S1C-AAAAAAD")
    act(client, game["id"], "d")
    act(client, game["id"], "d")
    client.post(f"/api/games/{game['id']}/actions", json={"action": "9>9"})  # refused: 409
    client.post(f"/api/games/{game['id']}/resign")
    found = samples(client)
    assert found[("spider_requests_total", (("method", "POST"), ("route", "play"), ("status", "200")))] == 2
    assert found[("spider_requests_total", (("method", "POST"), ("route", "play"), ("status", "409")))] == 1
    assert found[("spider_requests_total", (("method", "POST"), ("route", "new_game"), ("status", "201")))] == 1
    assert found[("spider_request_seconds_count", (("route", "play"),))] == 3
    assert found[("spider_games_begun_total", ())] == 1
    assert found[("spider_games_ended_total", (("result", "resigned"),))] == 1
    assert found[("spider_solver_in_flight", (("kind", "jobs"),))] == 0
    assert found[("spider_live_games", ())] == 1
    assert found[("spider_live_games_bytes", ())] == GAME_BYTES + 2 * SNAPSHOT_BYTES  # two deals to undo
    new_game(client, suits=1)
    new_game(client, suits=1)  # leaves the one before, which had no move: abandoned
    assert samples(client)[("spider_games_ended_total", (("result", "abandoned"),))] == 1


def test_health_is_503_when_postgresql_takes_no_writes(client: TestClient, backend: str, database_url: str) -> None:
    if backend != "postgresql":
        pytest.skip("a PostgreSQL setting")
    store = parts_of(client.app)[Games].store  # type: ignore[attr-defined]
    name = make_url(database_url).database
    admin = create_engine(database_url, isolation_level="AUTOCOMMIT")

    def read_only(on: bool) -> None:
        with admin.connect() as connection:
            value = "on" if on else "off"
            connection.exec_driver_sql(f"ALTER DATABASE {name} SET default_transaction_read_only = {value}")
        store.engine.dispose()  # new connections take the setting

    read_only(True)
    try:
        response = client.get("/healthz")
    finally:
        read_only(False)
        admin.dispose()
    assert response.status_code == 503
    assert response.json()["database"] == "the database takes no writes: transaction_read_only is on"
    assert client.get("/healthz").status_code == 200  # and ok again once it takes writes


def test_metrics_name_every_result_a_game_ends_with(client: TestClient) -> None:
    # a duel's games end "finished" or "time" and are counted there too
    families = {family.name: family for family in text_string_to_metric_families(client.get("/metrics").text)}
    assert families["spider_games_ended"].documentation == (
        "Games ended, by result (won, resigned, abandoned, solved, finished, time)"
    )


def test_each_method_of_a_path_is_counted_under_its_own_handler(client: TestClient) -> None:
    client.get("/api/me")
    client.put("/api/me", json={"name": "Metric Mia"})
    found = samples(client)
    assert found[("spider_requests_total", (("method", "GET"), ("route", "me"), ("status", "200")))] == 1
    assert found[("spider_requests_total", (("method", "PUT"), ("route", "rename"), ("status", "200")))] == 1
    assert not any(("route", "by_method") in labels for _, labels in found)
