"""A shared deal stays secret while anyone can still play it for a result: the attacks of a second identity.

A throwaway cookie starts today's daily deal and gives it up at once, hoping to learn the deal for the player it
scouts for (whose entry is still to play, or to play again better). Every way it could learn the deal is tried:
its game's view after resigning, the winning line, the analysis, the actions to play again, the record and the
replay (of its own game and of the leader's, whose id it might have from anywhere), the hint after the end, the
share link, the history, the board, the socket. Each is refused with a sentence that says when, or shows no code;
and the next day all of it is shown. A race's deal cannot be passed to another identity while the race goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.server.daily.service import Daily
from spider.server.http.parts import parts_of

from .conftest import Clock, act, new_game
from .duel_players import another_player
from .test_daily import FIRST_DAY, NOON, TODAY, TOMORROW, board, daily, line_of, ranked, win
from .test_ghosts import ghost_game, race

DAY_OVER = f"{TOMORROW}T00:00:00Z"
"""When today's deal is public, as a view says it."""


@pytest.fixture
def clock() -> Clock:
    moved = Clock()
    moved.now = NOON
    return moved


@pytest.fixture
def app(make_client: Callable[..., TestClient], clock: Clock) -> TestClient:
    return ranked(make_client(clock=clock, daily_first_day=FIRST_DAY))


def code_of(client: TestClient) -> str:
    """Today's 1-suit deal's code, read from the database as only the server can."""
    chosen = parts_of(client.app)[Daily].store.chosen(TODAY, 1)  # type: ignore[attr-defined]
    assert chosen is not None
    code: str = chosen[0]
    return code


def refused(response: Any, message_id: str) -> str:
    """The sentence of a 409 with this message id."""
    assert response.status_code == 409, response.text
    assert response.json()["message_id"] == message_id, response.text
    sentence: str = response.json()["error"]
    return sentence


def test_a_throwaway_that_gives_up_todays_deal_learns_nothing_of_it_until_the_day_is_over(
    app: TestClient, clock: Clock
) -> None:
    leader = app
    led = daily(leader)
    line = line_of(app)
    won = win(leader, led, line, clock)
    code = code_of(app)
    scout = another_player(app)
    mine = daily(scout, preset="casual")  # a preset with hints, to ask one after the end
    act(scout, mine["id"], line[0])
    over = scout.post(f"/api/games/{mine['id']}/resign").json()
    assert over["over"] and over["code"] is None and over["secret_until"] == DAY_OVER
    assert won["code"] is None and won["secret_until"] == DAY_OVER  # the winner's own view, no different
    game = f"/api/games/{mine['id']}"
    # every answer the scout can ask for, the leader's game named by id as if it had leaked
    for path in (game, "/api/games/current", "/api/history", "/api/stats", "/api/daily", f"/api/daily/{TODAY}/1"):
        text = scout.get(path).text
        assert code not in text and led["id"] not in text, path
    hint = scout.get(f"{game}/hint")
    assert hint.status_code == 200 and code not in hint.text  # from the face-up cards, as ever
    assert "00:00 UTC" in refused(scout.get(f"{game}/line"), "server.deal_secret")
    assert "00:00 UTC" in refused(scout.get(f"{game}/analysis"), "server.deal_secret")
    assert "00:00 UTC" in refused(scout.get(f"{game}/played"), "server.actions_deal_secret")
    for reader in (scout, leader):
        for record in (f"{game}/record", f"/api/games/{led['id']}/record"):
            for path in (record, f"{record}/positions"):
                assert "00:00 UTC" in refused(reader.get(path), "server.actions_deal_secret"), path
    refused(scout.post(f"{game}/share"), "server.daily_share")
    refused(leader.get(f"/api/games/{led['id']}/line"), "server.deal_secret")
    # played again, the same deal keeps its secret: its game over or not
    again = scout.post(f"{game}/restart").json()
    assert again["code"] is None and again["secret_until"] == DAY_OVER
    gone = scout.post(f"/api/games/{again['id']}/resign").json()
    assert gone["code"] is None and gone["secret_until"] == DAY_OVER
    assert [entry["game"] for entry in board(scout)["entries"]] == [None]  # the leader's place, unnamed
    assert board(leader)["you"]["game"] is None  # nor is the leader's own, for its replay
    with scout.websocket_connect("/api/socket") as socket:
        socket.send_json({"type": "ping"})
        frames = [socket.receive_json()]
        while frames[-1]["type"] != "pong":
            frames.append(socket.receive_json())
    assert code not in str(frames)

    clock.now = NOON + 86400  # the day is over: the deal is public, every game of it and its records
    shown = scout.get(game).json()
    assert shown["code"] == code and shown["secret_until"] is None
    assert scout.get(f"{game}/line").json()["code"] == code
    assert scout.get(f"/api/games/{led['id']}/record").status_code == 200
    assert code in scout.get(f"/api/games/{led['id']}/record").text
    assert scout.get(f"{game}/played").json()["code"] == code
    assert [entry["game"] for entry in board(scout, TODAY)["entries"]] == [led["id"]]
    analysed = scout.get(f"{game}/analysis")
    assert analysed.status_code == 200 and analysed.json()["code"] == code


def test_the_days_deal_played_again_after_its_day_is_public_and_on_no_board(app: TestClient, clock: Clock) -> None:
    entry = daily(app)
    win(app, entry, line_of(app), clock)
    clock.now = NOON + 86400
    later = another_player(app)
    again = daily(later, day=TODAY)
    assert again["code"] is None and again["secret_until"] is None  # hidden while played, as any dealt game
    over = later.post(f"/api/games/{again['id']}/resign").json()
    assert over["code"] == code_of(app)
    assert board(later, TODAY)["finished"] == 1


def test_a_throwaway_cannot_open_a_racers_deal_while_the_race_goes_on(
    make_client: Callable[..., TestClient],
) -> None:
    clock = Clock()
    ada = make_client(clock=clock)
    ghost_game(ada, clock)
    racer = another_player(ada)
    started = race(racer)
    link = racer.post(f"/api/games/{started['game']}/share")
    assert "over" in refused(link, "server.race_share")
    assert racer.get(f"/api/games/{started['game']}").json()["shareable"] is False  # the page offers no Share
    new_game(racer)  # a new game leaves the race's: the race is over, and its deal may be shared
    assert racer.get(f"/api/games/{started['game']}").json()["shareable"] is True
    assert racer.post(f"/api/games/{started['game']}/share").status_code == 201



def test_an_entry_ended_after_its_day_when_the_deal_was_public_is_marked_as_helped(
    app: TestClient, clock: Clock
) -> None:
    early = daily(app)
    other = ranked(another_player(app))
    late = daily(other)
    line = line_of(app)
    win(app, early, line, clock)
    clock.now = NOON + 86400  # the day is over while the second entry is still played: its deal is public now
    assert other.get(f"/api/games/{early['id']}/record").status_code == 200
    win(other, late, line, clock)
    assert [entry["helped"] for entry in board(app, TODAY)["entries"]] == [False, True]
