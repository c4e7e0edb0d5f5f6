""""Try again from here" to play: a finished game's moment started as a practice game to win, kept across a
restart of the server, restarted from the same table, counted nowhere, its made-up unseen cards never sent."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from spider.game import Game
from spider.practice import REVIEW, from_review
from spider.server.games.kinds import Kind
from spider.server.games.service import Games
from spider.server.http.parts import parts_of
from tests.server.conftest import act, new_game
from tests.server.test_reviews import CODE, MOVES, lost_game

CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][shdc](?![A-Za-z0-9])")


def try_again(client: TestClient, game_id: str, at: object) -> Any:
    return client.post(f"/api/games/{game_id}/review/practice?at={at}")


def started(client: TestClient, game_id: str, at: int) -> dict[str, Any]:
    response = try_again(client, game_id, at)
    assert response.status_code == 201, response.text
    view: dict[str, Any] = response.json()
    return view


def face_up(view: dict[str, Any]) -> list[tuple[int, list[str]]]:
    return [(column["down"], column["up"]) for column in view["columns"]]


def test_try_again_starts_a_practice_game_at_the_table_as_it_was(client: TestClient) -> None:
    game_id = lost_game(client)
    view = started(client, game_id, 3)
    real = Game.replay(CODE, None, MOVES[:3]).public_position()
    assert [up for _, up in face_up(view)] == [[str(card) for card in cards] for cards in real.columns]
    assert [down for down, _ in face_up(view)] == list(real.face_down)
    assert view["moves"] == 0 and view["code"] is None and view["counts"] is False and not view["over"]
    practice = view["practice"]
    assert practice["id"] == REVIEW and practice["goal"] == "Win the game." and practice["limit"] is None
    assert practice["title"] == "Try again from your game" and "Can you win it?" in practice["idea"]
    assert practice["number"] is None and practice["count"] is None and practice["next"] is None
    assert client.get("/api/games/current").json()["id"] == view["id"]  # the player's current game now
    played = act(client, view["id"], MOVES[3])["view"]  # the action the player made then, made again
    assert played["moves"] == 1 and played["practice"]["reached"] is False
    hint = client.get(f"/api/games/{view['id']}/hint")  # the ordinary hint: a whole table to win
    assert hint.status_code == 200, hint.text


def test_it_survives_a_restart_of_the_server_and_restarts_from_the_same_table(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    view = started(client, lost_game(client), 3)
    dealt = act(client, view["id"], "d")["view"]
    again = make_client()  # a new app on the same database
    again.cookies.update(dict(client.cookies))
    current = again.get("/api/games/current").json()
    assert current["id"] == view["id"] and current["practice"]["id"] == REVIEW
    assert face_up(current) == face_up(dealt) and current["moves"] == 1
    assert act(again, view["id"], "u")["view"]["columns"] == view["columns"]  # its undo history came along
    restarted = again.post(f"/api/games/{view['id']}/restart")
    assert restarted.status_code == 201, restarted.text
    fresh = restarted.json()
    assert fresh["id"] != view["id"] and fresh["practice"]["id"] == REVIEW and fresh["moves"] == 0
    assert face_up(fresh) == face_up(view)
    # the same made-up stock: the deal brings the same cards as before the restart
    assert face_up(act(again, fresh["id"], "d")["view"]) == face_up(dealt)


def test_each_refusal_says_what_is_wrong(client: TestClient) -> None:
    in_play = new_game(client, code=CODE)["id"]
    act(client, in_play, "1>8")
    refused = try_again(client, in_play, 0)
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.review_not_over"
    finished = lost_game(client)
    for at in ("99", "-1", "x", ""):
        too_far = try_again(client, finished, at)
        assert too_far.status_code == 422 and too_far.json()["message_id"] == "server.bad_query", at
        assert "'at'" in too_far.json()["error"] and f"from 0 to {len(MOVES) + 2}" in too_far.json()["error"]
    unknown = try_again(client, "A" * 16, 1)
    assert unknown.status_code == 404 and unknown.json()["message_id"] == "server.no_such_game"
    practice = started(client, finished, 1)["id"]
    act(client, practice, "d")
    assert client.post(f"/api/games/{practice}/resign").status_code == 200
    assert try_again(client, practice, 0).status_code == 404  # a practice game is no game to try again
    exercise = client.post("/api/practice/one-rank-higher").json()["id"]
    assert client.post(f"/api/games/{exercise}/resign").status_code == 200
    assert try_again(client, exercise, 0).status_code == 404
    games: Games = parts_of(client.app)[Games]  # type: ignore[attr-defined]
    player = games.store.owner(finished)
    assert player is not None
    # one side of a duel, over
    duel = games.start(player, Game.from_code(CODE), False, None, kind=Kind.DUEL, duel="d" * 16)
    games.end(player, duel.record.id, "finished", duel=True)
    assert try_again(client, duel.record.id, 0).status_code == 404
    client.cookies.clear()  # someone else
    other = try_again(client, finished, 1)
    assert other.status_code == 404 and other.json()["message_id"] == "server.no_such_game"
    assert client.post(f"/api/practice/{REVIEW}").status_code == 404  # not one of the exercises


def test_it_counts_nowhere_and_is_no_exercise_solved(client: TestClient) -> None:
    game_id = lost_game(client)
    before = client.get("/api/stats").json()
    view = started(client, game_id, 3)
    act(client, view["id"], "d")
    new_game(client, suits=1)  # leaves it, abandoned after a move
    assert client.get("/api/stats").json()["by_suits"] == before["by_suits"]
    # won, it ends as a practice goal reached, and no progress is kept for it
    games: Games = parts_of(client.app)[Games]  # type: ignore[attr-defined]
    player = games.store.owner(view["id"])
    assert player is not None
    near = games.begin_exercise(player, from_review("1C |KsQsJsTs9s8s7s6s5s4s3s2s/|As/|/|/|/|/|/|/|/| - sssssss 500 0"))
    won = act(client, near.record.id, "2>1")["view"]
    assert won["won"] and won["over"] and won["result"] == "solved" and won["practice"]["reached"]
    assert client.get("/api/stats").json()["by_suits"] == before["by_suits"]
    assert games.practice_progress(player) == {}
    entries = client.get("/api/practice").json()["exercises"]
    assert REVIEW not in [entry["id"] for entry in entries] and not any(entry["solved"] for entry in entries)


def test_its_made_up_cards_never_leave_the_server(client: TestClient) -> None:
    view = started(client, lost_game(client), 3)
    game_id = view["id"]
    shown = {card for column in view["columns"] for card in column["up"]}
    assert set(CARD.findall(client.get(f"/api/games/{game_id}").text.replace(game_id, ""))) <= shown
    for path in ("record", "record/positions", "played", "review/practice?at=0"):
        assert client.get(f"/api/games/{game_id}/{path}").status_code in (404, 409), path
    assert client.post(f"/api/games/{game_id}/share").status_code == 409
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    for path in ("record", "record/positions", "played", "line", "analysis", "review/practice?at=0"):
        assert client.get(f"/api/games/{game_id}/{path}").status_code in (404, 409), path
    assert client.post(f"/api/games/{game_id}/review").status_code == 404
