"""The player's history: their last games that are over, newest first, a game's code and actions only once
it is over (and its deal may be known), only their own games, and typed-in codes' games counted as the statistics
count them."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from spider import Game

from .conftest import act, new_game


def first_move(view: dict[str, Any]) -> str:
    """A move the view offers, or a deal when it offers none."""
    group = next((group for group in view["groups"] if group["best"] is not None), None)
    return "d" if group is None else f"{group['column']}>{group['best']}:{group['count']}"


def played_and_resigned(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new game, two deals in it, then given up: its view as it ends."""
    view = new_game(client, **body)
    act(client, view["id"], "d")
    act(client, view["id"], "d")
    response = client.post(f"/api/games/{view['id']}/resign")
    assert response.status_code == 200
    ended: dict[str, Any] = response.json()
    return ended


def history(client: TestClient, query: str = "") -> dict[str, Any]:
    response = client.get(f"/api/history{query}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_the_history_lists_games_that_are_over_the_latest_first(client: TestClient) -> None:
    first = played_and_resigned(client, suits=1)
    second = played_and_resigned(client, suits=1)
    played_and_resigned(client, suits=2)  # another suit count: another history
    new_game(client, suits=1)  # left before its first move: no game to list
    playing = new_game(client, suits=1)
    act(client, playing["id"], "d")  # in progress: not in the history yet

    found = history(client, "?suits=1")
    assert found["suits"] == 1
    assert [game["id"] for game in found["games"]] == [second["id"], first["id"]]
    game = found["games"][0]
    assert game["result"] == "resigned" and game["suits"] == 1
    assert (game["score"], game["moves"]) == (second["score"], second["moves"]) and game["moves"] == 2
    assert game["code"] == second["code"] and game["code"].startswith("SP1-S1C-")
    assert game["ended_at"] >= game["started_at"] and game["seconds"] >= 0
    assert game["counted"] is True and game["typed"] is False
    assert [game["suits"] for game in history(client, "?suits=2")["games"]] == [2]
    assert len(history(client, "?suits=1&limit=1")["games"]) == 1
    assert history(client)["suits"] == 1  # one suit by default


def test_no_code_nor_action_of_a_game_in_progress(client: TestClient) -> None:
    view = new_game(client, suits=2)
    act(client, view["id"], first_move(view))
    refused = client.get(f"/api/games/{view['id']}/played")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.actions_not_over"
    assert "SP1-" not in client.get("/api/history?suits=2").text

    ended = client.post(f"/api/games/{view['id']}/resign").json()
    listed = history(client, "?suits=2")["games"]
    assert [game["code"] for game in listed] == [ended["code"]]
    played = client.get(f"/api/games/{view['id']}/played").json()
    assert played["code"] == ended["code"] and played["actions"] == [first_move(view)]
    again = Game.replay(played["code"], None, played["actions"])  # the actions play the game again
    assert (again.moves, again.score) == (ended["moves"], ended["score"])


def test_a_deal_someone_else_still_plays_keeps_its_code(client: TestClient) -> None:
    view = new_game(client, suits=1)
    act(client, view["id"], first_move(view))
    token = client.post(f"/api/games/{view['id']}/share").json()["share"]
    mine = dict(client.cookies)
    client.cookies.clear()  # someone the deal was shared with plays it
    theirs = new_game(client, share=token)
    act(client, theirs["id"], "d")
    client.cookies.clear()
    client.cookies.update(mine)
    client.post(f"/api/games/{view['id']}/resign")

    listed = history(client, "?suits=1")["games"]
    assert [game["id"] for game in listed] == [view["id"]] and listed[0]["code"] is None
    refused = client.get(f"/api/games/{view['id']}/played")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.actions_deal_in_play"


def test_only_the_players_own_games(client: TestClient) -> None:
    mine = played_and_resigned(client, suits=1)
    client.cookies.clear()  # another player
    assert history(client, "?suits=1")["games"] == []
    foreign = client.get(f"/api/games/{mine['id']}/played")
    assert foreign.status_code == 404 and foreign.json()["message_id"] == "server.no_such_game"
    unknown = client.get("/api/games/nosuchgame/played")
    assert unknown.status_code == 404 and unknown.json()["error"] == foreign.json()["error"]


def test_bad_queries_are_refused_with_what_is_expected(client: TestClient) -> None:
    for query, name in [("?suits=3", "suits"), ("?suits=one", "suits"), ("?limit=0", "limit"), ("?limit=201", "limit"),
                        ("?limit=-5", "limit"), ("?limit=1.5", "limit")]:
        response = client.get(f"/api/history{query}")
        assert response.status_code == 422, query
        assert response.json()["message_id"] == "server.bad_query" and repr(name) in response.json()["error"], query
    assert "1 to 200" in client.get("/api/history?limit=0").json()["error"]


def test_a_typed_in_codes_game_counts_as_the_statistics_count_it(client: TestClient) -> None:
    played_and_resigned(client, suits=1)
    typed = played_and_resigned(client, code="SP1-S1C-AAAAAAD")
    found = history(client, "?suits=1")
    assert set(found) == {"suits", "games"}  # no counts of its own, to differ from the statistics'
    latest = found["games"][0]
    assert latest["id"] == typed["id"] and latest["typed"] is True and latest["code"] == "SP1-S1C-AAAAAAD"
    assert not found["games"][1]["typed"]
    assert [game["counted"] for game in found["games"]] == [True, True]
    assert client.get("/api/stats").json()["by_suits"]["1"]["games"] == 2  # both, as the history marks them


def test_a_practice_game_is_no_part_of_the_history(client: TestClient) -> None:
    exercise = client.get("/api/practice").json()["exercises"][0]
    view = client.post(f"/api/practice/{exercise['id']}").json()
    act(client, view["id"], first_move(view))
    new_game(client, suits=view["suits"])  # the exercise is left after a move: over, but a practice game
    assert client.get(f"/api/games/{view['id']}").json()["over"]
    assert history(client, f"?suits={view['suits']}")["games"] == []
    refused = client.get(f"/api/games/{view['id']}/played")
    assert refused.status_code == 404 and refused.json()["message_id"] == "server.no_such_game"
