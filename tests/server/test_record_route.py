"""``GET /api/games/{id}/record`` (and ``/record/positions``), and ``POST /api/records/positions``: a finished
game's record for anyone holding its id, never a card of a game in play, both games of a duel once it is over."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

from spider import Game
from spider.record import read_record, read_records
from spider.server.duels.store import DuelStore
from spider.server.games.service import Games
from spider.server.http.parts import parts_of

from .conftest import act, new_game
from .duel_players import another_player, duel_act, name_of, start_duel

FACE_UP_CARD = re.compile(r"[A2-9TJQK][shdc]")


def resigned_after(client: TestClient, actions: list[str], **body: Any) -> dict[str, Any]:
    view = new_game(client, **body)
    for action in actions:
        act(client, view["id"], action)
    ended: dict[str, Any] = client.post(f"/api/games/{view['id']}/resign").json()
    return ended


def test_a_finished_games_record_plays_back_to_where_it_ended(client: TestClient) -> None:
    ended = resigned_after(client, ["d", "u", "r", "d"], suits=2)
    response = client.get(f"/api/games/{ended['id']}/record")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    record = read_record(response.text)
    assert record.code == ended["code"] and record.actions == ["d", "u", "r", "d"]
    assert (record.result, record.score, record.moves) == ("resigned", ended["score"], ended["moves"])
    assert record.date is not None and record.seconds is not None
    assert all(step.clock is not None and step.clock >= 0 for step in record.steps)
    game = record.game()
    assert (game.score, game.moves, game.deals_left) == (ended["score"], ended["moves"], 3)


def test_anyone_with_the_id_may_read_it_once_over_and_nobody_before(client: TestClient) -> None:
    view = new_game(client, suits=1)
    act(client, view["id"], "d")
    other = another_player(client)
    for who in (client, other):
        refused = who.get(f"/api/games/{view['id']}/record")
        assert (refused.status_code, refused.json()["message_id"]) == (409, "server.actions_not_over")
        assert "SP1-" not in refused.text
        assert who.get(f"/api/games/{view['id']}/record/positions").status_code == 409
    client.post(f"/api/games/{view['id']}/resign")
    assert read_record(other.get(f"/api/games/{view['id']}/record").text).actions == ["d"]
    unknown = other.get("/api/games/nosuchgame/record")
    assert (unknown.status_code, unknown.json()["message_id"]) == (404, "server.no_such_game")


def test_no_record_while_another_game_of_the_deal_could_count(client: TestClient) -> None:
    view = new_game(client, suits=1)
    act(client, view["id"], "d")
    token = client.post(f"/api/games/{view['id']}/share").json()["share"]
    other = another_player(client)
    theirs = new_game(other, share=token)
    act(other, theirs["id"], "d")
    client.post(f"/api/games/{view['id']}/resign")
    refused = client.get(f"/api/games/{view['id']}/record")
    assert (refused.status_code, refused.json()["message_id"]) == (409, "server.actions_deal_in_play")
    other.post(f"/api/games/{theirs['id']}/resign")
    assert client.get(f"/api/games/{view['id']}/record").status_code == 200


def test_the_viewers_positions_are_public_one_per_action_and_one_more(client: TestClient) -> None:
    ended = resigned_after(client, ["d", "d"], suits=4)
    shown = client.get(f"/api/games/{ended['id']}/record/positions").json()
    assert read_record(shown["record"]).actions == ["d", "d"]
    (game,) = shown["games"]
    assert game["actions"] == ["d", "d"] and len(game["positions"]) == 3 and game["suits"] == 4
    assert game["code"] == ended["code"] and game["result"] == "resigned" and game["clocks"][0] is not None
    for position in game["positions"]:
        columns = position.split()[1].split("/")
        assert all(re.fullmatch(r"\d+", column.split("|")[0]) for column in columns)  # face-down cards counted
        assert not FACE_UP_CARD.search(position.split()[2])  # the stock counted, never shown
    again = Game.replay(ended["code"], None, ["d", "d"])
    assert game["positions"][-1] == again.position(public=True)


def test_a_duels_record_holds_both_games_once_the_duel_is_over(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    duel_act(client, duel_id, "d")
    duel_act(other, duel_id, "d")
    duel_act(other, duel_id, "d")
    games: Any = parts_of(client.app)[Games]  # type: ignore[attr-defined]
    seats = DuelStore(games.store.engine).read(duel_id).seats  # type: ignore[union-attr]
    mine = seats[0].game
    refused = other.get(f"/api/games/{mine}/record")
    assert (refused.status_code, refused.json()["message_id"]) == (409, "server.actions_not_over")
    client.post(f"/api/duels/{duel_id}/finish")
    refused = client.get(f"/api/games/{mine}/record")  # the other player still plays
    assert refused.status_code == 409 and "SP1-" not in refused.text
    other.post(f"/api/duels/{duel_id}/finish")

    first, second = read_records(other.get(f"/api/games/{mine}/record").text)
    assert (first.player, first.opponent) == (name_of(client), name_of(other))
    assert (second.player, second.opponent) == (name_of(other), name_of(client))
    assert (first.actions, second.actions) == (["d"], ["d", "d"])
    assert first.code == second.code and first.rules == second.rules
    assert {first.result, second.result} <= {"win", "loss", "draw"}
    assert read_records(client.get(f"/api/games/{seats[1].game}/record").text) == [first, second]
    # the replay viewer's title names the players: made-up names in the reader's language, not their owners'
    dutch = other.get(f"/api/games/{mine}/record/positions", headers={"Accept-Language": "nl"}).json()
    numbers = [name_of(player).removeprefix("Player ") for player in (client, other)]
    assert [game["player"] for game in dutch["games"]] == [f"Speler {numbers[0]}", f"Speler {numbers[1]}"]


def test_the_page_sends_a_record_and_gets_its_positions(client: TestClient) -> None:
    text = "Spider game record 1\nCode: SP1-S1C-AAAAAAD\n\n1. d\n2. u\n"
    shown = client.post("/api/records/positions", json={"record": text}).json()
    assert shown["record"].endswith("\n1. d\n2. u\n") and len(shown["games"][0]["positions"]) == 3
    assert shown["games"][0]["positions"][0] == shown["games"][0]["positions"][2]
    line = client.post("/api/records/positions", json={"code": "SP1-S1C-AAAAAAD", "actions": ["d"]}).json()
    assert line["games"][0]["positions"][1] == Game.replay("SP1-S1C-AAAAAAD", None, ["d"]).position(public=True)


def test_a_bad_record_is_refused_naming_its_line(client: TestClient) -> None:
    text = "Spider game record 1\nCode: SP1-S1C-AAAAAAD\n\n1. d\n2. 1>2\n"
    refused = client.post("/api/records/positions", json={"record": text}, headers={"accept-language": "nl"})
    assert refused.status_code == 422 and refused.json()["message_id"] == "record.action"
    assert refused.json()["error"].startswith("Regel 5: zet 1>2 kan niet")
    both = client.post("/api/records/positions", json={"record": text, "code": "SP1-S1C-AAAAAAD"})
    assert (both.status_code, both.json()["message_id"]) == (422, "server.record_or_code")
    neither = client.post("/api/records/positions", json={"code": "SP1-S1C-AAAAAAD"})
    assert neither.status_code == 422
    illegal = client.post("/api/records/positions", json={"code": "SP1-S1C-AAAAAAD", "actions": ["u"]})
    assert illegal.status_code in (409, 422)


def test_the_routes_are_described(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    assert "text/plain" in paths["/api/games/{game_id}/record"]["get"]["responses"]["200"]["content"]
    assert "409" in paths["/api/games/{game_id}/record/positions"]["get"]["responses"]
    assert "requestBody" in paths["/api/records/positions"]["post"]
