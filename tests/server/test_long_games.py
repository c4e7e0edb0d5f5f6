"""A game's history is bounded (issue 35, item 9): at most SPIDER_MAX_GAME_ACTIONS actions a game, at most
SPIDER_ACTIONS_PER_SECOND actions a player a second, and a game rebuilt from its stored actions is
rebuilt off the event loop, so that every other request is answered meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from starlette import status
from starlette.testclient import TestClient

from spider.server.games import service as games_module
from spider.server.games.service import Games
from spider.server.http.limits import PlayerLimits, TokenBuckets
from spider.server.http.parts import parts_of

from .conftest import Clock, act, new_game
from .duel_players import another_player, get_duel, start_duel

CODE = "SP1-S1C-AAAAAAD"


def test_an_action_past_the_games_limit_is_refused_naming_it(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_game_actions=5)
    game_id = new_game(client, code=CODE)["id"]
    for action in ["d", "u", "d", "u", "d"]:  # undo counts: each is stored and replayed
        act(client, game_id, action)
    refused = client.post(f"/api/games/{game_id}/actions", json={"action": "u"})
    assert refused.status_code == status.HTTP_409_CONFLICT
    assert refused.json() == {
        "error": "This game has reached the limit of 5 actions a game may hold: restart the deal or start a new game.",
        "message_id": "server.game_too_long",
    }
    assert client.get(f"/api/games/{game_id}").json()["version"] == 5  # as it was
    again = client.post(f"/api/games/{game_id}/restart")
    assert again.status_code == status.HTTP_201_CREATED
    assert act(client, again.json()["id"], "d")["view"]["version"] == 1


def limited(client: TestClient, per_second: int) -> Clock:
    clock = Clock()
    parts = parts_of(client.app)
    actions = TokenBuckets(per_second, clock=clock, message_id="server.too_many_actions", window=1.0)
    parts.replace(PlayerLimits, replace(parts[PlayerLimits], actions=actions))
    return clock


def test_actions_past_the_players_budget_a_second_get_429_with_retry_after(client: TestClient) -> None:
    game_id = new_game(client, code=CODE)["id"]
    clock = limited(client, per_second=3)
    statuses = [client.post(f"/api/games/{game_id}/actions", json={"action": a}).status_code for a in "dudu"]
    assert statuses == [200, 200, 200, 429]
    refused = client.post(f"/api/games/{game_id}/actions", json={"action": "u"})
    assert refused.headers["retry-after"] == "1"
    assert refused.json() == {
        "error": "You can play at most 3 actions a second; wait a moment, then play on.",
        "message_id": "server.too_many_actions",
    }
    assert client.get(f"/api/games/{game_id}").json()["version"] == 3  # the refused actions were not played
    clock.now += 1 / 3
    assert act(client, game_id, "u")["view"]["version"] == 4


def test_a_duels_actions_count_in_the_same_budget_as_solo_actions(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    limited(client, per_second=1)
    assert client.post(f"/api/duels/{duel_id}/actions", json={"action": "u"}).status_code != 429
    refused = client.post(f"/api/duels/{duel_id}/actions", json={"action": "d"})
    assert (refused.status_code, refused.json()["message_id"]) == (429, "server.too_many_actions")


def rebuilt_while_healthz_is_asked(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, request: Callable[[], int]
) -> None:
    """Runs ``request`` (which rebuilds a game out of memory) with a replay that lasts until ``/healthz``
    has been answered, or 10 s: on the event loop, /healthz would wait for the replay to end."""
    rebuilding, finish = threading.Event(), threading.Event()
    order: list[str] = []
    replay = games_module.replay

    def slow_replay(*args: Any) -> Any:
        rebuilding.set()
        finish.wait(10)  # a long game's replay, until the test has had its answer
        order.append("rebuilt")
        return replay(*args)

    monkeypatch.setattr(games_module, "replay", slow_replay)
    answers: list[int] = []
    reader = threading.Thread(target=lambda: answers.append(request()))
    reader.start()
    assert rebuilding.wait(10)
    assert client.get("/healthz").status_code == status.HTTP_200_OK
    order.append("healthz answered")
    finish.set()
    reader.join(20)
    assert order == ["healthz answered", "rebuilt"] and answers == [200]


def test_other_requests_are_answered_while_a_long_game_is_rebuilt(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = new_game(client, code=CODE)["id"]
    act(client, game_id, "d")
    parts_of(client.app)[Games].forget(game_id)  # type: ignore[attr-defined]  # out of memory: the next request rebuilds it
    rebuilt_while_healthz_is_asked(client, monkeypatch, lambda: client.get(f"/api/games/{game_id}").status_code)


def test_other_requests_are_answered_while_a_duels_game_is_rebuilt(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    duel_id = start_duel(client, another_player(client))
    game_id = get_duel(client, duel_id)["you"]["id"]
    parts_of(client.app)[Games].forget(game_id)  # type: ignore[attr-defined]

    def action() -> int:
        return client.post(f"/api/duels/{duel_id}/actions", json={"action": "d"}).status_code

    rebuilt_while_healthz_is_asked(client, monkeypatch, action)
