"""The game's clock is the server's, and counts only the time the game is on the player's screen."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from spider import Game
from spider.server.http.identity import PLAYER_COOKIE
from spider.solver import solve
from tests.server.conftest import Clock, act, new_game


@pytest.fixture
def clock() -> Clock:
    """The server's idea of now, moved by the test."""
    return Clock()


@pytest.fixture
def client(make_client: Callable[..., TestClient], clock: Clock) -> TestClient:
    return make_client(clock=clock)


def on_screen(client: TestClient, game_id: str, shown: bool) -> dict[str, object]:
    response = client.post(f"/api/games/{game_id}/clock", json={"on_screen": shown})
    assert response.status_code == 200, response.text
    answer: dict[str, object] = response.json()
    return answer


def seconds(client: TestClient, game_id: str) -> int:
    answer: int = client.get(f"/api/games/{game_id}").json()["seconds"]
    return answer


def test_a_game_is_dealt_at_the_servers_time(client: TestClient, clock: Clock) -> None:
    clock.now = 86400.0 + 3600 + 60 + 1
    assert new_game(client, suits=1)["started_at"] == "1970-01-02T01:01:01Z"


def test_time_off_screen_does_not_count(client: TestClient, clock: Clock) -> None:
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    clock.now += 10
    act(client, game["id"], "d")
    assert seconds(client, game["id"]) == 10
    clock.now += 5
    assert on_screen(client, game["id"], False) == {"seconds": 15, "on_screen": False}
    clock.now += 600  # the page is closed for ten minutes
    assert seconds(client, game["id"]) == 15
    assert on_screen(client, game["id"], True) == {"seconds": 15, "on_screen": True}
    clock.now += 12
    act(client, game["id"], "d")
    assert seconds(client, game["id"]) == 27


def test_a_page_that_vanished_adds_only_a_short_gap(client: TestClient, clock: Clock) -> None:
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    for _ in range(4):  # the page's heartbeats while it shows the game
        clock.now += 15
        on_screen(client, game["id"], True)
    clock.now += 3600  # then it crashed without a word, and came back an hour later
    act(client, game["id"], "d")
    assert 60 < seconds(client, game["id"]) <= 60 + 35


def test_an_action_starts_a_stopped_clock(client: TestClient, clock: Clock) -> None:
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    on_screen(client, game["id"], False)
    clock.now += 100
    act(client, game["id"], "d")  # played, so on screen, even if the page never said so
    clock.now += 20
    act(client, game["id"], "d")
    assert seconds(client, game["id"]) == 35 + 20  # the time to the first action counts up to the gap


def test_the_clock_survives_a_restart_of_the_server(make_client: Callable[..., TestClient], clock: Clock) -> None:
    client = make_client(clock=clock)
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    clock.now += 30
    act(client, game["id"], "d")
    clock.now += 4
    on_screen(client, game["id"], False)
    again = make_client(clock=clock)  # a new server on the same database
    again.cookies.set(PLAYER_COOKIE, client.cookies[PLAYER_COOKIE])
    clock.now += 1000
    assert seconds(again, game["id"]) == 34
    on_screen(again, game["id"], True)
    clock.now += 6
    assert seconds(again, game["id"]) == 40


def test_a_game_from_before_the_clock_takes_its_time_from_its_actions(
    make_client: Callable[..., TestClient], clock: Clock, database: Path
) -> None:
    client = make_client(clock=clock)
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    for gap in (20, 1000, 5):  # the long gap counts as a vanished page's
        clock.now += gap
        act(client, game["id"], "d")
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE games SET played = NULL, clock_at = NULL")
    again = make_client(clock=clock)
    again.cookies.set(PLAYER_COOKIE, client.cookies[PLAYER_COOKIE])
    assert seconds(again, game["id"]) == 20 + 35 + 5


def test_a_won_game_keeps_its_final_time(client: TestClient, clock: Clock) -> None:
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    clock.now += 7
    client.post(f"/api/games/{game['id']}/resign")
    clock.now += 50
    assert on_screen(client, game["id"], True) == {"seconds": 7, "on_screen": False}
    assert seconds(client, game["id"]) == 7


@pytest.mark.parametrize(
    ("body", "named"),
    [({}, "on_screen"), ({"on_screen": 1}, "on_screen"), ({"on_screen": True, "paused": 1}, "paused")],
)
def test_a_bad_clock_body_names_the_field(client: TestClient, body: dict[str, object], named: str) -> None:
    game = new_game(client, suits=1)
    response = client.post(f"/api/games/{game['id']}/clock", json=body)
    assert response.status_code == 422 and named in response.json()["error"]


def test_another_players_game_has_no_clock_to_touch(make_client: Callable[..., TestClient]) -> None:
    owner = make_client(shared_database=True)
    game = new_game(owner, suits=1)
    stranger = make_client(shared_database=True)
    response = stranger.post(f"/api/games/{game['id']}/clock", json={"on_screen": False})
    assert response.status_code == 404


def test_a_game_hidden_between_its_moves_is_not_won_in_no_time(client: TestClient, clock: Clock) -> None:
    # the probe: the page says "off screen" before each move, and 20 s of play counted as 0 s
    code = "SP1-S1C-AAAAAAB"
    line = solve(Game.from_code(code), seconds=60).line
    game = new_game(client, code=code)
    for action in line:
        on_screen(client, game["id"], False)
        clock.now += 1
        view = act(client, game["id"], action)["view"]
    assert view["won"] and view["seconds"] == len(line)
    assert client.get("/api/stats").json()["by_suits"]["1"]["best_seconds"] == len(line)


def test_a_move_made_off_screen_counts_the_time_since_the_one_before(client: TestClient, clock: Clock) -> None:
    game = new_game(client, suits=1, code="SP1-S1C-AAAAAAD")
    clock.now += 4
    act(client, game["id"], "d")
    on_screen(client, game["id"], False)  # the page says so, and plays on
    clock.now += 6
    act(client, game["id"], "d")
    assert seconds(client, game["id"]) == 10
    on_screen(client, game["id"], False)
    clock.now += 600
    act(client, game["id"], "d")
    assert seconds(client, game["id"]) == 45  # a long wait counts up to the gap, as between two signs of life


def test_a_won_games_time_is_the_same_in_the_view_the_statistics_the_history_and_its_record(
    client: TestClient, clock: Clock
) -> None:
    # 1:24.75 of play: shown cut down as a clock counts, 1:24 everywhere (the record once said 1:25)
    code = "SP1-S1C-AAAAAAB"
    line = solve(Game.from_code(code), seconds=60).line
    game = new_game(client, code=code)
    for action in line[:-1]:
        clock.now += 84 / (len(line) - 1)
        act(client, game["id"], action)
    clock.now += 0.75
    view = act(client, game["id"], line[-1])["view"]
    assert view["won"] and view["seconds"] == 84
    assert client.get("/api/stats").json()["by_suits"]["1"]["best_seconds"] == 84
    assert client.get("/api/history?suits=1").json()["games"][0]["seconds"] == 84
    record = client.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200 and "\nTime: 1:24\n" in record.text
