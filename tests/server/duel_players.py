"""Helpers for the duel tests: more players on one app, a duel between two of them, and a clock the
test moves by hand."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from spider.server.duels.duels import Duels
from spider.server.http.parts import parts_of

from .conftest import Clock
from .standing import good_standing


def fake_clock(client: TestClient) -> Clock:
    """The duels' clock, moved by the test: ``clock.now += 181``. It starts at the real time, which the
    games of the duel keep."""
    clock = Clock()
    clock.now = time.time()
    duels: Duels = parts_of(client.app)[Duels]  # type: ignore[attr-defined]
    duels.clock = clock
    return clock


def another_player(client: TestClient) -> TestClient:
    """A second browser on the same running app: its own cookie, the same event loop."""
    other = TestClient(client.app)
    other.portal = client.portal  # requests and sockets run in the app's loop, as the first client's do
    other.get("/api/me")
    return other


def name_of(client: TestClient) -> str:
    name: str = client.get("/api/me").json()["name"]
    return name


def open_table(client: TestClient, **opponent: Any) -> dict[str, Any]:
    body = {"suits": 2, "minutes": 3, "opponent": {"kind": "person", **opponent}}
    response = client.post("/api/duels", json=body)
    assert response.status_code == 201, response.text
    duel: dict[str, Any] = response.json()
    return duel


def start_duel(creator: TestClient, opponent: TestClient) -> str:
    duel = open_table(creator)
    response = opponent.post(f"/api/duels/{duel['id']}/join")
    assert response.status_code == 200, response.text
    assert response.json()["state"] == "playing"
    duel_id: str = duel["id"]
    return duel_id


def duel_act(client: TestClient, duel_id: str, action: str) -> dict[str, Any]:
    response = client.post(f"/api/duels/{duel_id}/actions", json={"action": action})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def get_duel(client: TestClient, duel_id: str) -> dict[str, Any]:
    response = client.get(f"/api/duels/{duel_id}")
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def rated_player(client: TestClient, name: str) -> None:
    """Makes the client's player one whose duels are rated (``duels.rated``): a name of their own, and an account
    in good standing (``results.standing``) by the duels' clock."""
    assert client.put("/api/me", json={"name": name}).status_code == 200
    duels: Duels = parts_of(client.app)[Duels]  # type: ignore[attr-defined]
    good_standing(client, at=duels.clock())
