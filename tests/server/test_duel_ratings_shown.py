"""Ratings as the duels' API shows them: beside each rating whether it is still provisional (a deviation
of 110 or more, lichess's "?"), in the lobby, a player's info, friends, invitations, a duel's players
and its result; and the result's changes, from which each player's rating before the duel follows."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from starlette.testclient import TestClient

from spider.server.duels.duels import Duels
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.http.parts import parts_of
from spider.server.people.ratings import PROVISIONAL_DEVIATION
from spider.server.people.tables import duelists

from .duel_players import another_player, duel_act, get_duel, name_of, open_table, rated_player, start_duel


def settle(client: TestClient, rating: float, deviation: float) -> None:
    """Gives the client's player a rating of many duels: its deviation low."""
    duels: Duels = parts_of(client.app)[Duels]  # type: ignore[attr-defined]
    with duels.store.transaction() as connection:
        connection.execute(
            update(duelists)
            .where(duelists.c.player == player_id(client.cookies[PLAYER_COOKIE]))
            .values(rating=rating, deviation=deviation)
        )


def play_out(winner: TestClient, loser: TestClient) -> dict[str, Any]:
    """A rated duel that ``winner`` wins -1 to -3 (both made a move, so it is rated): the state at its end."""
    duel_id = start_duel(winner, loser)
    for _ in range(3):
        duel_act(loser, duel_id, "d")
    duel_act(winner, duel_id, "d")
    loser.post(f"/api/duels/{duel_id}/finish")
    over: dict[str, Any] = winner.post(f"/api/duels/{duel_id}/finish").json()
    assert over["state"] == "over"
    return over


def test_a_new_players_rating_is_provisional_wherever_it_is_shown(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    me = client.get("/api/me").json()
    assert (me["rating"], me["deviation"], me["provisional"]) == (1500.0, 350.0, True)
    assert other.get("/api/players/Ada").json()["provisional"] is True
    table = open_table(client)
    assert table["players"][0]["provisional"] is True
    listed = other.get("/api/duels").json()["tables"]
    assert [(row["creator"], row["provisional"]) for row in listed] == [("Ada", True)]
    invited = client.post(f"/api/duels/{table['id']}/invite", json={"name": name_of(other)})
    assert invited.status_code == 200, invited.text
    assert [i["provisional"] for i in other.get("/api/invitations").json()["invitations"]] == [True]
    assert other.put("/api/friends/Ada").status_code == 200
    assert [f["provisional"] for f in other.get("/api/friends").json()["friends"]] == [True]


def test_a_settled_rating_is_not_provisional_and_the_threshold_is_lichesss(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    settle(client, 1720.0, PROVISIONAL_DEVIATION - 1)
    assert PROVISIONAL_DEVIATION == 110.0
    info = other.get("/api/players/Ada").json()
    assert (info["rating"], info["provisional"]) == (1720.0, False)
    open_table(client)
    assert [row["provisional"] for row in other.get("/api/duels").json()["tables"]] == [False]
    settle(client, 1720.0, PROVISIONAL_DEVIATION)  # at the threshold it is still provisional, as lichess has it
    assert other.get("/api/players/Ada").json()["provisional"] is True


def test_the_result_gives_each_change_and_whether_each_rating_is_still_provisional(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    rated_player(other, "Grace")
    settle(client, 1500.0, 60.0)  # Ada has played many duels; Grace plays her first
    over = play_out(client, other)
    result = over["result"]
    assert result["outcomes"] == ["win", "loss"]
    assert result["provisional"] == [False, True]
    ada_change, grace_change = result["rating_changes"]
    assert 0 < ada_change < 20 < -grace_change  # a settled rating moves little, a new one far
    # the rating before the duel is the one after less the change: both started at 1500
    pairs = zip(result["ratings"], result["rating_changes"], strict=True)
    before = [round(after - change, 2) for after, change in pairs]
    assert before == [1500.0, 1500.0]
    players = over["players"]
    assert [(p["name"], p["provisional"]) for p in players] == [("Ada", False), ("Grace", True)]
    assert get_duel(other, over["id"])["result"]["provisional"] == [False, True]


def test_a_first_duel_between_two_new_players_moves_both_far_and_both_stay_provisional(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    rated_player(other, "Grace")
    result = play_out(client, other)["result"]
    win, loss = result["rating_changes"]
    assert win > 150 and loss < -150  # what the "?" and the result's note explain to both players
    assert result["provisional"] == [True, True]
