"""A deal's code is shown only when no game of it could still count, and a deal once shown counts again
for nobody (issue #35, findings 1 and 2): the attacks of the probe, made through the API.

Each attacker knows the deal's winning line from the start (the test solved it): what matters is what
the server shows while another game of the deal is on, and what it counts once the code was shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider import Game
from spider.server.solving.deal_pool import Pool
from spider.solver import solve

from .conftest import act, new_game

CODE = "SP1-S1C-AAAAAABAAAAAAA"  # a secret code, as the server deals them


@pytest.fixture(scope="module")
def winning_line() -> list[str]:
    result = solve(Game.from_code(CODE), seconds=60)
    assert result.verdict == "win"
    return list(result.line)


@pytest.fixture
def dealt(database_url: str, winning_line: list[str]) -> Callable[[TestClient], dict[str, Any]]:
    """Deals CODE to a client as a verified deal from the pool: a code the server keeps to itself."""

    def deal(client: TestClient) -> dict[str, Any]:
        pool = Pool(database_url)
        pool.add(CODE, 1, winning_line)
        pool.close()
        view = new_game(client, suits=1, deal="verified")
        assert view["verified"] is True and view["code"] is None
        return view

    return deal


def one_move(client: TestClient, view: dict[str, Any], winning_line: list[str]) -> dict[str, Any]:
    return act(client, view["id"], winning_line[0])["view"]


def win(client: TestClient, view: dict[str, Any], winning_line: list[str]) -> dict[str, Any]:
    for action in winning_line[view["version"] :]:
        view = act(client, view["id"], action)["view"]
    assert view["won"]
    return view


def results(client: TestClient) -> tuple[int, int, int]:
    """The player's games and wins of one suit, and the site's wins."""
    stats = client.get("/api/stats").json()
    mine = stats["by_suits"].get("1", {"games": 0, "wins": 0})
    return mine["games"], mine["wins"], stats["site"]["by_suits"].get("1", {"wins": 0})["wins"]


def test_after_a_restart_the_old_game_hides_the_code_while_the_new_one_is_on(
    client: TestClient, dealt: Callable[[TestClient], dict[str, Any]], winning_line: list[str]
) -> None:
    old = one_move(client, dealt(client), winning_line)
    new = client.post(f"/api/games/{old['id']}/restart").json()
    shown = client.get(f"/api/games/{old['id']}").json()
    assert shown["over"] and shown["code"] is None
    refused = client.get(f"/api/games/{old['id']}/line")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.deal_in_play"
    assert client.get(f"/api/games/{old['id']}/analysis").json()["message_id"] == "server.deal_in_play"
    win(client, new, winning_line)  # never saw the code: a win like any other
    assert results(client) == (2, 1, 1)
    assert client.get(f"/api/games/{old['id']}").json()["code"] == CODE  # every game of the deal is over


def test_a_deal_whose_code_was_shown_never_counts_again(
    client: TestClient, dealt: Callable[[TestClient], dict[str, Any]], winning_line: list[str]
) -> None:
    old = one_move(client, dealt(client), winning_line)
    assert client.post(f"/api/games/{old['id']}/resign").json()["code"] == CODE
    assert results(client) == (1, 0, 0)
    again = client.post(f"/api/games/{old['id']}/restart").json()
    assert again["code"] is None
    win(client, again, winning_line)
    assert results(client) == (1, 0, 0)  # the probe: 12 of 12 counted wins, best time 1 s


def test_a_restart_after_the_code_was_shown_with_the_new_game_still_on_does_not_count(
    client: TestClient, dealt: Callable[[TestClient], dict[str, Any]], winning_line: list[str]
) -> None:
    first = one_move(client, dealt(client), winning_line)
    second = client.post(f"/api/games/{first['id']}/restart").json()
    client.post(f"/api/games/{second['id']}/resign")  # counted: nothing was shown while it was on
    assert client.get(f"/api/games/{first['id']}").json()["code"] == CODE
    third = client.post(f"/api/games/{second['id']}/restart").json()
    win(client, third, winning_line)
    assert results(client) == (2, 0, 0)


def test_opening_ones_own_share_link_hides_the_code_of_the_game_it_left(
    client: TestClient, dealt: Callable[[TestClient], dict[str, Any]], winning_line: list[str]
) -> None:
    old = one_move(client, dealt(client), winning_line)
    token = client.post(f"/api/games/{old['id']}/share").json()["share"]
    new_game(client, share=token)
    assert client.get(f"/api/games/{old['id']}").json()["code"] is None


def test_a_second_player_who_resigns_a_shared_deal_sees_nothing_while_the_sharer_plays(
    client: TestClient, dealt: Callable[[TestClient], dict[str, Any]], winning_line: list[str]
) -> None:
    sharer = one_move(client, dealt(client), winning_line)
    token = client.post(f"/api/games/{sharer['id']}/share").json()["share"]
    friend = TestClient(client.app)
    opened = one_move(friend, new_game(friend, share=token), winning_line)
    resigned = friend.post(f"/api/games/{opened['id']}/resign").json()
    assert resigned["over"] and resigned["code"] is None
    refused = friend.get(f"/api/games/{opened['id']}/line")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.deal_in_play"
    win(client, sharer, winning_line)
    assert results(client) == (1, 1, 1)  # the sharer's win counts: the code never left the server
    assert friend.get(f"/api/games/{opened['id']}/line").json() == {"code": CODE, "line": winning_line}


def test_a_shared_deal_shown_to_one_player_counts_for_nobody_after(
    client: TestClient, dealt: Callable[[TestClient], dict[str, Any]], winning_line: list[str]
) -> None:
    sharer = one_move(client, dealt(client), winning_line)
    token = client.post(f"/api/games/{sharer['id']}/share").json()["share"]
    client.post(f"/api/games/{sharer['id']}/resign")
    assert client.get(f"/api/games/{sharer['id']}/line").json()["line"] == winning_line
    second_cookie = TestClient(client.app)
    win(second_cookie, new_game(second_cookie, share=token), winning_line)
    assert results(second_cookie) == (0, 0, 0)  # the probe: counted, best time 0 s
    again = client.post(f"/api/games/{sharer['id']}/restart").json()
    win(client, again, winning_line)
    assert results(client) == (1, 0, 0)


def test_a_typed_code_shared_is_a_typed_code_for_whoever_opens_the_link(
    client: TestClient, winning_line: list[str]
) -> None:
    typed = new_game(client, code=CODE)
    token = client.post(f"/api/games/{typed['id']}/share").json()["share"]
    second_cookie = TestClient(client.app)
    opened = new_game(second_cookie, share=token)
    assert opened["code"] == CODE  # nothing to hide: the sharer typed it
    win(second_cookie, opened, winning_line)
    assert results(second_cookie)[2] == 0  # the site's win rates leave out codes somebody typed
