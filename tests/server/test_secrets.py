"""A deal the server dealt stays unreadable while it is played, and results stay honest.

The code of a game names every card, so no answer carries it while a dealt game is on; a winning line
is shown only after a game that counted, and from then on no game of that deal by that player counts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider import Game, parse_code
from spider.server.games.service import Games
from spider.server.http.parts import parts_of
from spider.server.solving.deal_pool import Pool
from spider.solver import solve

from .conftest import act, new_game

VERIFIED = "SP1-S1C-AAAAAABAAAAAAA"


@pytest.fixture(scope="module")
def winning_line() -> list[str]:
    result = solve(Game.from_code(VERIFIED), seconds=60)
    assert result.verdict == "win"
    return list(result.line)


def first_move(view: dict[str, Any]) -> str:
    """A move the deal allows: the first group that has somewhere to go, else a deal from the stock."""
    group = next((group for group in view["groups"] if group["best"] is not None), None)
    return "d" if group is None else f"{group['column']}>{group['best']}:{group['count']}"


def test_no_answer_carries_the_code_of_a_dealt_game_in_progress(client: TestClient) -> None:
    view = new_game(client, suits=2)
    answers = [client.get(f"/api/games/{view['id']}"), client.get("/api/games/current")]
    answers.append(client.post(f"/api/games/{view['id']}/actions", json={"action": first_move(view)}))
    answers.append(client.post(f"/api/games/{view['id']}/actions", json={"action": "u"}))
    answers.append(client.get(f"/api/games/{view['id']}/hint"))
    answers.append(client.get(f"/api/games/{view['id']}/line"))
    restarted = client.post(f"/api/games/{view['id']}/restart")
    assert restarted.status_code == 201 and restarted.json()["columns"] == view["columns"]  # the same deal
    answers.append(restarted)
    code = client.post(f"/api/games/{restarted.json()['id']}/resign").json()["code"]
    shuffle = code.split("-")[2]
    assert parse_code(code).secret and len(shuffle) == 14
    for answer in answers:
        assert "SP1-" not in answer.text and shuffle not in answer.text, answer.request.url
    # the first game was left for the restart after a move: it is over, and its code is the player's now
    assert client.get(f"/api/games/{view['id']}").json()["code"] == code


def test_a_game_of_a_typed_code_shows_it(client: TestClient) -> None:
    view = new_game(client, code="SP1-S2C-ABCDEFG")
    assert view["code"] == "SP1-S2C-ABCDEFG"
    assert client.post(f"/api/games/{view['id']}/restart").json()["code"] == "SP1-S2C-ABCDEFG"


def test_a_line_is_not_shown_for_a_game_left_without_a_move(
    client: TestClient, database: Path, winning_line: list[str]
) -> None:
    Pool(database).add(VERIFIED, 1, winning_line)
    view = new_game(client, suits=1, deal="verified")
    assert client.get(f"/api/games/{view['id']}/line").json()["message_id"] == "server.line_not_over"
    new_game(client, suits=1)  # left before its first move: it does not count, so it shows nothing
    refused = client.get(f"/api/games/{view['id']}/line")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.line_not_counted"


def test_a_deal_whose_line_was_shown_never_counts_again(
    client: TestClient, database: Path, winning_line: list[str]
) -> None:
    Pool(database).add(VERIFIED, 1, winning_line)
    view = new_game(client, suits=1, deal="verified")
    act(client, view["id"], first_move(view))
    in_other_window = client.post(f"/api/games/{view['id']}/restart").json()  # the first one counts: lost
    act(client, in_other_window["id"], first_move(in_other_window))
    # not while a game of the deal is on in another window: that one could still count
    refused = client.get(f"/api/games/{view['id']}/line")
    assert refused.status_code == 409 and refused.json()["message_id"] == "server.deal_in_play"
    client.post(f"/api/games/{in_other_window['id']}/resign")  # lost, and counted: the line was not seen
    line = client.get(f"/api/games/{view['id']}/line").json()["line"]
    assert line == winning_line
    # a third go, line in hand
    again = client.post(f"/api/games/{in_other_window['id']}/restart").json()
    for action in line:
        answer = act(client, again["id"], action)
    assert answer["view"]["won"] is True
    stats = client.get("/api/stats").json()
    assert stats["by_suits"]["1"]["games"] == 2 and stats["by_suits"]["1"]["wins"] == 0
    assert stats["site"]["by_suits"]["1"]["wins"] == 0 and stats["best_scores"]["1"] == {}
    # nor does the same deal typed in by its code, under other table rules
    typed = new_game(client, code=VERIFIED + "-AUX")
    for action in line:
        act(client, typed["id"], action)
    assert client.get("/api/stats").json()["by_suits"]["1"]["wins"] == 0


def test_a_typed_code_counts_for_the_player_but_not_site_wide(client: TestClient, winning_line: list[str]) -> None:
    # whoever types a code can know its every card (``spider solve``): a site-wide rate leaves it out
    view = new_game(client, code=VERIFIED)
    for action in winning_line:
        act(client, view["id"], action)
    stats = client.get("/api/stats").json()
    assert stats["by_suits"]["1"]["wins"] == 1
    assert stats["site"]["by_suits"]["1"]["games"] == 0
    assert "typed in" in stats["site"]["method"]


def test_a_stale_view_cannot_play(client: TestClient) -> None:
    view = new_game(client, code="SP1-S2C-AAAAAAD")
    assert view["version"] == 0
    act(client, view["id"], "d")  # in another window
    stale = client.post(f"/api/games/{view['id']}/actions", json={"action": "d", "version": 0})
    assert stale.status_code == 409 and "reload" in stale.json()["error"]
    assert client.get(f"/api/games/{view['id']}").json()["moves"] == 1
    fresh = client.post(f"/api/games/{view['id']}/actions", json={"action": "d", "version": 1})
    assert fresh.status_code == 200 and fresh.json()["view"]["version"] == 2
    bad = client.post(f"/api/games/{view['id']}/actions", json={"action": "d", "version": "2"})
    assert bad.status_code == 422 and "version" in bad.json()["error"]


def test_another_players_game_is_never_loaded(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = make_client()
    game_id = new_game(owner, code="SP1-S2C-AAAAAAD")["id"]
    fresh = make_client()  # a restarted server: nothing in memory
    loaded: list[str] = []
    store = parts_of(fresh.app)[Games].store
    reading = store.actions
    monkeypatch.setattr(store, "actions", lambda found: loaded.append(found) or reading(found))
    stranger = fresh.get(f"/api/games/{game_id}")
    unknown = fresh.get("/api/games/" + "B" * 16)
    assert stranger.status_code == unknown.status_code == 404 and stranger.json() == unknown.json()
    assert loaded == []  # the stranger's request did not read the game


def test_a_deal_in_progress_is_shared_without_its_code(client: TestClient) -> None:
    view = new_game(client, suits=4, preset="duel")
    shared = client.post(f"/api/games/{view['id']}/share")
    assert shared.status_code == 201 and "SP1-" not in shared.text
    token = shared.json()["share"]
    assert shared.json()["path"] == f"/?share={token}"
    assert client.post(f"/api/games/{view['id']}/share").json()["share"] == token  # one link to a game
    friend = TestClient(client.app)
    theirs = new_game(friend, share=token)
    assert theirs["columns"] == view["columns"] and theirs["rules"] == view["rules"] and theirs["code"] is None
    assert client.post(f"/api/games/{view['id']}/resign").json()["code"] is None  # the friend plays it still
    own = friend.post(f"/api/games/{theirs['id']}/resign").json()["code"]
    assert own is not None and client.get(f"/api/games/{view['id']}").json()["code"] == own
    stranger = TestClient(client.app)
    assert stranger.post(f"/api/games/{view['id']}/share").status_code == 404  # only the player shares a game
    unknown = stranger.post("/api/games", json={"share": "no-such-link"})
    assert unknown.status_code == 404 and unknown.json()["message_id"] == "server.no_such_share"
    mixed = stranger.post("/api/games", json={"share": token, "suits": 2})
    assert mixed.status_code == 422 and "'suits'" in mixed.json()["error"]


def test_a_replay_is_watched_beside_the_players_game(client: TestClient) -> None:
    mine = new_game(client, code="SP1-S2C-AAAAAAD")
    act(client, mine["id"], "d")
    replay = new_game(client, code="SP1-S2C-AAAAAAD", replay=True)
    assert client.get("/api/games/current").json()["id"] == mine["id"]  # the replay is never the current game
    assert client.get(f"/api/games/{mine['id']}").json()["over"] is False  # nor does it end the player's game
    act(client, replay["id"], "d")
    assert client.get("/api/stats").json()["by_suits"]["2"]["games"] == 0
