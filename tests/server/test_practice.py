"""Practice through the API: the list with the player's progress, an exercise played as a game that is
kept like any game and never counts in results, its goal reached and remembered across a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from spider.practice import exercise, exercises
from tests.server.conftest import new_game

# Played by hand from the exercise file: the 5 of column 1 onto the 6 of column 2.
FIRST = "one-rank-higher"
FIRST_SOLUTION = ["1>2"]
# Three moves that bring the pieces of a run together.
BUILD = "build-a-run"
BUILD_SOLUTION = ["2>1", "3>1", "4>1"]


def start(client: TestClient, exercise_id: str) -> dict[str, Any]:
    response = client.post(f"/api/practice/{exercise_id}")
    assert response.status_code == 201, response.text
    view: dict[str, Any] = response.json()
    return view


def play(client: TestClient, view: dict[str, Any], *actions: str) -> dict[str, Any]:
    for action in actions:
        response = client.post(f"/api/games/{view['id']}/actions", json={"action": action})
        assert response.status_code == 200, response.text
        view = response.json()["view"]
    return view


def listed(client: TestClient) -> dict[str, dict[str, Any]]:
    response = client.get("/api/practice")
    assert response.status_code == 200
    return {entry["id"]: entry for entry in response.json()["exercises"]}


def test_the_list_names_every_exercise_in_order_none_solved_yet(client: TestClient) -> None:
    entries = client.get("/api/practice").json()["exercises"]
    assert [entry["id"] for entry in entries] == [found.id for found in exercises()]
    assert entries[0] == {
        "id": FIRST, "number": 1, "title": "One rank higher", "idea": entries[0]["idea"],
        "goal": "Turn up a card in column 1. Use at most 1 move.", "suits": 1, "solved": False, "best_moves": None,
    }
    assert all(not entry["solved"] for entry in entries)


def test_an_exercise_starts_as_a_game_at_its_position_with_face_down_cards_hidden(client: TestClient) -> None:
    view = start(client, FIRST)
    assert view["moves"] == 0 and view["code"] is None
    assert view["columns"][0] == {"down": 1, "up": ["5s"]}
    assert view["runs"] == ["s"] * 6
    assert view["practice"]["goal"] == "Turn up a card in column 1. Use at most 1 move."
    assert view["practice"]["reached"] is False and view["practice"]["moves_left"] == 1
    assert view["practice"]["next"] == exercises()[1].id
    # the face-down card under the 5 (a king) is told only as a count
    assert "1 face-down card, then 5 of spades" in view["text"]


def test_reaching_the_goal_ends_the_game_solved_and_the_list_remembers_it(client: TestClient) -> None:
    view = play(client, start(client, FIRST), *FIRST_SOLUTION)
    assert view["practice"]["reached"] is True
    assert view["over"] is True and view["result"] == "solved"
    assert view["columns"][0]["up"] == ["Ks"]  # turned up, so now it may be seen
    entry = listed(client)[FIRST]
    assert entry["solved"] is True and entry["best_moves"] == 1
    refused = client.post(f"/api/games/{view['id']}/actions", json={"action": "u"})
    assert refused.status_code == 409


def test_a_move_that_misses_the_goal_leaves_the_exercise_open(client: TestClient) -> None:
    view = play(client, start(client, BUILD), "4>9")  # the 3 2 A onto the 4 of column 9: a move for nothing
    assert view["practice"]["reached"] is False and view["practice"]["moves_left"] == 2
    assert not view["over"]
    assert not listed(client)[BUILD]["solved"]


def test_a_practice_game_reloads_and_never_counts_in_results(client: TestClient) -> None:
    view = play(client, start(client, BUILD), "2>1")
    current = client.get("/api/games/current").json()
    assert current["id"] == view["id"] and current["practice"]["id"] == BUILD and current["moves"] == 1
    play(client, view, *BUILD_SOLUTION[1:])
    new_game(client, suits=1)  # leaves nothing behind that counts
    stats = client.get("/api/stats").json()
    assert stats["by_suits"]["1"]["games"] == 0
    assert stats["site"]["by_suits"]["1"]["games"] == 0


def test_an_abandoned_practice_game_counts_for_nothing(client: TestClient) -> None:
    play(client, start(client, BUILD), "2>1")
    new_game(client, suits=1)
    assert client.get("/api/stats").json()["by_suits"]["1"]["games"] == 0


def test_restart_begins_the_exercise_again(client: TestClient) -> None:
    view = play(client, start(client, BUILD), "2>1")
    again = client.post(f"/api/games/{view['id']}/restart")
    assert again.status_code == 201
    assert again.json()["practice"]["id"] == BUILD and again.json()["moves"] == 0


def test_a_practice_game_cannot_be_shared(client: TestClient) -> None:
    view = start(client, FIRST)
    refused = client.post(f"/api/games/{view['id']}/share")
    assert refused.status_code == 409
    assert "practice" in refused.json()["error"]


def test_an_unknown_exercise_is_404(client: TestClient) -> None:
    response = client.post("/api/practice/no-such-exercise")
    assert response.status_code == 404
    assert "no-such-exercise" in response.json()["error"]


def test_progress_and_a_game_in_progress_survive_a_restart(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    play(client, start(client, FIRST), *FIRST_SOLUTION)
    view = play(client, start(client, BUILD), "2>1")
    cookies = dict(client.cookies)
    again = make_client()
    again.cookies.update(cookies)
    assert listed(again)[FIRST]["solved"] is True
    current = again.get("/api/games/current").json()
    assert current["id"] == view["id"] and current["moves"] == 1 and current["practice"]["moves_left"] == 2
    assert play(again, current, *BUILD_SOLUTION[1:])["result"] == "solved"


def test_the_solutions_used_here_are_the_exercises_own() -> None:
    for exercise_id, line in ((FIRST, FIRST_SOLUTION), (BUILD, BUILD_SOLUTION)):
        found = exercise(exercise_id)
        assert found is not None
        game = found.start()
        for action in line:
            game.play(action)
        assert found.reached(game)
