"""The win-chance meter's route, ``GET /api/games/{id}/chance``: the estimator's answer for the table the player
sees, for the game's version; never in a duel; a game that is over answers its result."""

from __future__ import annotations

from typing import Any

from starlette import status
from starlette.testclient import TestClient

from spider import Game
from spider.players.chances import win_chance

from .conftest import act, new_game
from .duel_players import another_player, get_duel, start_duel

KEYS = {"chance", "guesses", "version"}


def ask(client: TestClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/chance")
    assert response.status_code == status.HTTP_200_OK, response.text
    answer: dict[str, Any] = response.json()
    assert set(answer) == KEYS
    return answer


def test_the_chance_is_the_estimators_from_the_public_table_for_the_views_version(client: TestClient) -> None:
    # the node budgets alone end every search, however loaded the machine, so the route's answer and the
    # estimator's asked here are the same to the last digit
    code = "SP1-S2C-AAAAAAD"
    view = new_game(client, code=code)
    game = Game.from_code(code)
    first = ask(client, view["id"])
    expected = win_chance(game.public_position())
    assert (first["chance"], first["guesses"], first["version"]) == (expected.chance, expected.guesses, view["version"])
    assert 0.0 <= first["chance"] <= 1.0 and first["guesses"] > 1
    played = act(client, view["id"], "d")["view"]
    game.play("d")
    after = ask(client, view["id"])
    assert after["version"] == played["version"] != view["version"]
    assert after["chance"] == win_chance(game.public_position()).chance


def test_a_game_given_up_answers_no_chance(client: TestClient) -> None:
    view = new_game(client, suits=1)
    response = client.post(f"/api/games/{view['id']}/resign")
    assert response.status_code == status.HTTP_200_OK
    assert ask(client, view["id"]) == {"chance": 0.0, "guesses": 0, "version": response.json()["version"]}


def test_another_players_game_is_not_found(client: TestClient) -> None:
    view = new_game(client, suits=1)
    other = another_player(client)
    assert other.get(f"/api/games/{view['id']}/chance").status_code == status.HTTP_404_NOT_FOUND


def test_a_duels_game_has_no_meter(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    game_id = get_duel(client, duel_id)["you"]["id"]
    response = client.get(f"/api/games/{game_id}/chance")
    assert response.status_code == status.HTTP_404_NOT_FOUND
    assert "chance" not in response.json()


def test_the_route_is_in_the_api_description(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    operation = paths["/api/games/{game_id}/chance"]["get"]
    assert {"404", "409", "429"} <= set(operation["responses"])
