"""Analysis after a lost game (SPEC 2.6) and taking the game up again from where it was still winnable."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import act, new_game

CODE = "SP1-S1C-AAAAAAD"


def a_move(view: dict[str, Any]) -> str:
    group = next(group for group in view["groups"] if group["targets"])
    return f"{group['column']}>{group['targets'][0]}:{group['count']}"


def lost_game(client: TestClient) -> dict[str, Any]:
    """A game played for a while (a move undone and made again on the way), then given up."""
    game = new_game(client, code=CODE)
    game_id = game["id"]
    view = game
    for _ in range(3):
        view = act(client, game_id, a_move(view))["view"]
    act(client, game_id, "u")
    act(client, game_id, "r")
    for _ in range(5):
        view = act(client, game_id, "d")["view"]
    resigned = client.post(f"/api/games/{game_id}/resign").json()
    assert resigned["over"]
    return resigned


def test_a_lost_game_is_analysed_and_its_line_wins_from_where_it_says(client: TestClient) -> None:
    game = lost_game(client)
    response = client.get(f"/api/games/{game['id']}/analysis")
    assert response.status_code == 200, response.text
    found = response.json()
    assert found["code"] == CODE and found["opening"] == "win" and found["actions"] == 10
    at = found["last_winnable"]
    assert 0 <= at <= 10 and found["line"]
    again = client.post(f"/api/games/{game['id']}/resume", json={"at": at})
    assert again.status_code == 201, again.text
    view = again.json()
    assert view["moves"] == found["moves"] and not view["over"] and view["code"] == CODE
    assert client.get("/api/games/current").json()["id"] == view["id"]
    for action in found["line"]:
        view = act(client, view["id"], action)["view"]
    assert view["won"]


def test_a_game_taken_up_again_counts_in_no_results(client: TestClient) -> None:
    game = lost_game(client)
    before = client.get("/api/stats").json()["by_suits"]["1"]
    found = client.get(f"/api/games/{game['id']}/analysis").json()
    view = client.post(f"/api/games/{game['id']}/resume", json={"at": found["last_winnable"]}).json()
    for action in found["line"]:
        view = act(client, view["id"], action)["view"]
    assert view["won"]
    after = client.get("/api/stats").json()["by_suits"]["1"]
    assert (after["games"], after["wins"]) == (before["games"], before["wins"])


def test_a_replay_from_there_leaves_the_current_game_alone(client: TestClient) -> None:
    game = lost_game(client)
    current = new_game(client, suits=2)
    found = client.get(f"/api/games/{game['id']}/analysis").json()
    shown = client.post(f"/api/games/{game['id']}/resume", json={"at": found["last_winnable"], "replay": True})
    assert shown.status_code == 201
    assert client.get("/api/games/current").json()["id"] == current["id"]


def test_what_cannot_be_analysed_or_taken_up_says_why(make_client: Callable[..., TestClient]) -> None:
    client = make_client(shared_database=True)
    game = new_game(client, code=CODE)
    act(client, game["id"], a_move(game))
    refused = client.get(f"/api/games/{game['id']}/analysis")
    assert refused.status_code == 409 and "over" in refused.json()["error"]
    client.post(f"/api/games/{game['id']}/resign")
    early = client.post(f"/api/games/{game['id']}/resume", json={"at": 0})
    assert early.status_code == 409 and "analysis first" in early.json()["error"]
    assert client.get(f"/api/games/{game['id']}/analysis").status_code == 200
    past = client.post(f"/api/games/{game['id']}/resume", json={"at": 2})
    assert past.status_code == 409 and "1 action," in past.json()["error"]
    bad = client.post(f"/api/games/{game['id']}/resume", json={"at": -1})
    assert bad.status_code == 422 and "at" in bad.json()["error"]
    stranger = make_client(shared_database=True)
    assert stranger.get(f"/api/games/{game['id']}/analysis").status_code == 404
    untouched = new_game(client, code="SP1-S1C-AAAAAAE")  # left before a move: it never counted
    new_game(client, code="SP1-S1C-AAAAAAE")
    assert client.get(f"/api/games/{untouched['id']}/analysis").status_code == 409


def test_the_analysis_names_the_action_that_lost_the_deal(client: TestClient) -> None:
    # dealing the whole stock at once: after four deals this deal can still be won, after the fifth
    # the solver proves it cannot (spider solve finds no win there)
    game = new_game(client, code="SP1-S2C-AAAAAAW")
    for _ in range(5):
        act(client, game["id"], "d")
    client.post(f"/api/games/{game['id']}/resign")
    found = client.get(f"/api/games/{game['id']}/analysis").json()
    assert (found["opening"], found["last_winnable"], found["moves"], found["actions"]) == ("win", 4, 4, 5)
    view = client.post(f"/api/games/{game['id']}/resume", json={"at": 4}).json()
    assert view["stock"]["cards"] == 10 and view["moves"] == 4
    for action in found["line"]:
        view = act(client, view["id"], action)["view"]
    assert view["won"]
