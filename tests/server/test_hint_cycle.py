"""Pressing Hint again: ``GET /api/games/{id}/hint?index=n`` answers the n-th worthwhile move of the
position (wrapping) and how many there are, from what the player sees only."""

from __future__ import annotations

from typing import Any

from starlette import status
from starlette.testclient import TestClient

from spider import Game
from spider.solver import hint

from .conftest import act, new_game

KEYS = {"action", "column", "count", "target", "text", "message_id", "lead_id", "deal_possible", "index", "total"}


def ask(client: TestClient, game_id: str, index: int | None = None) -> dict[str, Any]:
    query = "" if index is None else f"?index={index}"
    response = client.get(f"/api/games/{game_id}/hint{query}")
    assert response.status_code == status.HTTP_200_OK, response.text
    answer: dict[str, Any] = response.json()
    assert set(answer) == KEYS
    return answer


# A 1-suit deal whose first position has seven worthwhile moves (a random deal may have one or none).
SEVEN_MOVES = "SP1-S1C-AAAAAAB"


def test_asking_with_the_next_index_cycles_through_the_moves_and_wraps(client: TestClient) -> None:
    view = new_game(client, code=SEVEN_MOVES)
    first = ask(client, view["id"])
    assert first["index"] == 0 and first["total"] == 7
    answers = [ask(client, view["id"], index) for index in range(first["total"])]
    assert [each["index"] for each in answers] == list(range(first["total"]))
    assert len({each["action"] for each in answers}) == first["total"]
    assert ask(client, view["id"], first["total"])["action"] == first["action"]
    act(client, view["id"], answers[-1]["action"])  # each is a move the engine takes


def test_every_hint_of_the_cycle_is_the_solvers_on_the_public_table(client: TestClient) -> None:
    """The answers are those the solver gives from the public position: nothing else goes into them."""
    code = "SP1-S2C-AAAAAAD"
    view = new_game(client, code=code)
    game = Game.from_code(code)
    public = game.public_position()
    total = hint(public).total
    for index in range(total + 1):
        assert ask(client, view["id"], index) == hint(public, index=index).to_json()


def test_a_bad_index_is_refused(client: TestClient) -> None:
    view = new_game(client, suits=1)
    for bad in ("-1", "x", "1.5", "99999999"):
        response = client.get(f"/api/games/{view['id']}/hint?index={bad}")
        assert response.status_code == status.HTTP_422_UNPROCESSABLE_CONTENT, bad
        assert "index" in response.text and "whole number" in response.text


def test_the_api_describes_the_index_and_the_answer(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    operation = document["paths"]["/api/games/{game_id}/hint"]["get"]
    index = next(parameter for parameter in operation["parameters"] if parameter["name"] == "index")
    assert index["in"] == "query" and index["schema"]["type"] == "integer"
    assert {"index", "total", "lead_id"} <= set(document["components"]["schemas"]["Hint"]["properties"])


def test_a_hint_in_an_exercise_leads_to_its_goal(client: TestClient) -> None:
    response = client.post("/api/practice/one-rank-higher")
    assert response.status_code == status.HTTP_201_CREATED, response.text
    view = response.json()
    found = ask(client, view["id"])
    assert found["action"] == "1>2" and found["total"] == 1  # the one move that turns column 1's card up
    played = act(client, view["id"], found["action"])
    assert played["view"]["columns"][0] == {"down": 0, "up": ["Ks"]}
