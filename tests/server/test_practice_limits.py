"""An exercise's move limit through the API: the view says when the moves are used without reaching the
goal, the server refuses a further move or deal with the engine's sentence, undo and restart go on, and
the exercise never counts."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from spider.server.games.clock import Clock
from spider.server.games.service import Games
from spider.server.http.parts import parts_of
from tests.server.conftest import new_game
from tests.server.test_practice import FIRST, play, start

LIMIT_SENTENCE = "No moves left: this exercise allows only 1 move. Undo it, or start the exercise again."


def failed(client: TestClient) -> dict[str, Any]:
    """The first exercise (turn 1 in 1) with its one move spent elsewhere: the ace onto the two."""
    view = play(client, start(client, FIRST), "9>8")
    return view


def test_the_view_says_the_exercise_has_failed_once_its_moves_are_used(client: TestClient) -> None:
    view = start(client, FIRST)
    assert view["practice"]["failed"] is False
    view = failed(client)
    practice = view["practice"]
    assert practice["failed"] is True and practice["reached"] is False and practice["moves_left"] == 0
    assert view["over"] is False  # not ended: undo may still take the move back
    assert view["counts"] is False


def test_the_move_that_would_have_reached_the_goal_is_refused_with_why(client: TestClient) -> None:
    view = failed(client)
    refused = client.post(f"/api/games/{view['id']}/actions", json={"action": "1>2"})
    assert refused.status_code == 409
    assert refused.json() == {"error": LIMIT_SENTENCE, "message_id": "refuse.practice_limit"}
    polish = client.post(f"/api/games/{view['id']}/actions", json={"action": "d"}, headers={"Accept-Language": "pl"})
    assert polish.status_code == 409
    assert polish.json()["error"].startswith("Nie masz już ruchów")
    current = client.get("/api/games/current").json()
    assert current["moves"] == 1 and current["columns"][0]["down"] == 1  # nothing was played


def test_undo_takes_the_failure_back_and_the_goal_can_then_be_reached(client: TestClient) -> None:
    view = play(client, failed(client), "u")
    assert view["practice"]["failed"] is False and view["practice"]["moves_left"] == 1
    view = play(client, view, "1>2")
    assert view["practice"]["reached"] is True and view["result"] == "solved"


def test_restart_after_failing_begins_the_exercise_again(client: TestClient) -> None:
    view = failed(client)
    again = client.post(f"/api/games/{view['id']}/restart")
    assert again.status_code == 201
    practice = again.json()["practice"]
    assert practice["id"] == FIRST and practice["failed"] is False and practice["moves_left"] == 1


def test_the_hint_of_a_failed_exercise_says_the_way_on(client: TestClient) -> None:
    view = failed(client)
    hint = client.get(f"/api/games/{view['id']}/hint")
    assert hint.status_code == 200, hint.text
    assert hint.json()["action"] is None and hint.json()["text"] == LIMIT_SENTENCE


def test_a_failed_exercise_left_for_a_new_game_counts_for_nothing(client: TestClient) -> None:
    failed(client)
    new_game(client, suits=1)
    stats = client.get("/api/stats").json()
    assert stats["by_suits"]["1"]["games"] == 0


def test_a_game_stored_with_moves_past_the_limit_still_loads_as_failed(client: TestClient) -> None:
    """An earlier server let play go on past the limit: such a stored game is rebuilt, not refused."""
    view = failed(client)
    games = parts_of(client.app)[Games]  # type: ignore[attr-defined]
    games.store.add_action(view["id"], 2, "1>2", games.now(), Clock(0.0, games.now()))  # past the limit
    games.forget(view["id"])
    current = client.get("/api/games/current")
    assert current.status_code == 200, current.text
    loaded = current.json()
    assert loaded["id"] == view["id"] and loaded["moves"] == 2
    assert loaded["practice"]["reached"] is False and loaded["practice"]["failed"] is True
    refused = client.post(f"/api/games/{view['id']}/actions", json={"action": "d"})
    assert refused.json()["message_id"] == "refuse.practice_limit"
