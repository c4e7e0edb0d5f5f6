"""``GET /api/games/{id}/record`` (and ``/record/positions``), and ``POST /api/records/positions``: a finished
game's record for anyone holding its id, never a card of a game in play, both games of a duel once it is over."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from spider import Game
from spider.record import InvalidRecordError, read_record, read_records, record_of, write_record
from spider.replays import MAX_ACTIONS, record_positions
from spider.server.duels.store import DuelStore
from spider.server.games.service import Games
from spider.server.http.parts import parts_of
from spider.server.records.routes import MAX_BODY

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


def test_each_move_is_named_in_the_readers_language_by_the_cards_seen_before_it(client: TestClient) -> None:
    # the opening of SP1-S1C-AAAAAAD shows a 2 of spades at the end of column 1 and a 3 of spades at column 8's
    body = {"code": "SP1-S1C-AAAAAAD", "actions": ["1>8", "d", "u"]}
    (english,) = client.post("/api/records/positions", json=body).json()["games"]
    assert english["words"] == ["the 2 of spades from column 1 onto the 3 of spades in column 8", None, None]
    polish = client.post("/api/records/positions", json=body, headers={"Accept-Language": "pl"}).json()["games"][0]
    assert polish["words"][0] == "przeniesienie dwójki pik z kolumny 1 na trójkę pik w kolumnie 8"
    # the move turned up column 1's king of spades: the next position shows it, the words name only what was face up
    assert english["positions"][1].split()[1].split("/")[0] == "4|Ks"
    assert "king" not in english["words"][0] and "króla" not in polish["words"][0]


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
    shown = paths["/api/records/positions"]["post"]
    assert shown["requestBody"]["description"] == f"At most {MAX_BODY} bytes: 413 beyond."
    assert {"413", "422", "429"} <= set(shown["responses"]) and str(MAX_ACTIONS) in shown["description"]
    assert "429" in paths["/api/games/{game_id}/record/positions"]["get"]["responses"]


CODE = "SP1-S4C-AAAAAAD"


def line_of(count: int) -> list[str]:
    """``count`` actions that any deal plays: deals and their undos."""
    return (["d", "u"] * count)[:count]


def test_a_record_as_long_as_the_viewer_shows_is_shown_and_one_action_more_is_refused(client: TestClient) -> None:
    longest = client.post("/api/records/positions", json={"code": CODE, "actions": line_of(MAX_ACTIONS)})
    assert longest.status_code == 200 and len(longest.json()["games"][0]["positions"]) == MAX_ACTIONS + 1
    refused = client.post("/api/records/positions", json={"code": CODE, "actions": line_of(MAX_ACTIONS + 1)})
    assert refused.status_code == 422 and refused.json()["error"].endswith("at most 1,000 actions in notation.")
    # a record's text of as many lines: refused before playing, naming the bound and the count, in any language
    text = write_record(record_of(CODE, None, line_of(MAX_ACTIONS + 1)))
    assert len(text.encode()) < MAX_BODY
    refused = client.post("/api/records/positions", json={"record": text}, headers={"accept-language": "pl"})
    assert (refused.status_code, refused.json()["message_id"]) == (422, "record.too_many_actions")
    assert refused.json()["error"] == (
        "Za dużo ruchów do pokazania (1\u00a0001): zapis pokazywany tutaj może mieć łącznie najwyżej 1\u00a0000."
    )
    # two games (a duel's file) share the bound, and a third game is refused
    half = write_record(record_of(CODE, None, line_of(MAX_ACTIONS // 2 + 1)))
    refused = client.post("/api/records/positions", json={"record": half + half})
    assert (refused.status_code, refused.json()["message_id"]) == (422, "record.too_many_actions")
    one = write_record(record_of(CODE, None, ["d"]))
    refused = client.post("/api/records/positions", json={"record": one * 3})
    assert refused.json()["error"] == (
        "Too many games in this file (3): a record shown here holds at most 2 (a duel's holds two)."
    )
    duel = client.post("/api/records/positions", json={"record": one * 2}).json()
    assert [len(game["positions"]) for game in duel["games"]] == [2, 2]


def test_a_body_beyond_the_routes_own_bound_is_refused_naming_it(client: TestClient) -> None:
    comment = "x" * 100
    lines = "".join(f"{n}. d ; {comment}\n{n + 1}. u\n" for n in range(1, 200, 2))  # about 13 KB: below the site's 16
    text = f"Spider game record 1\nCode: {CODE}\n\n{lines}"
    refused = client.post("/api/records/positions", json={"record": text[:9_999]})  # within the text's own bound
    assert refused.status_code != 413
    big = client.post("/api/records/positions", content=f'{{"record": "{text[:9_990]}", "pad": "{"y" * 3000}"}}',
                      headers={"content-type": "application/json"})
    assert (big.status_code, big.json()["message_id"]) == (413, "server.body_too_large")
    assert big.json()["error"] == "The request body is larger than 12,288 bytes."


def test_a_player_who_asks_too_often_waits_and_others_do_not(make_client: Callable[..., TestClient]) -> None:
    client = make_client(record_positions_per_minute=2)
    body = {"code": CODE, "actions": ["d"]}
    answers = [client.post("/api/records/positions", json=body) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert answers[-1].json()["message_id"] == "server.too_many_records" and answers[-1].headers["retry-after"] == "30"
    ended = resigned_after(client, ["d"], suits=1)  # a stored game's positions count alike
    assert client.get(f"/api/games/{ended['id']}/record/positions").status_code == 429
    assert client.get(f"/api/games/{ended['id']}/record").status_code == 200  # its text costs nothing to play
    assert another_player(client).post("/api/records/positions", json=body).status_code == 200


def test_fresh_cookies_from_one_address_meet_its_bound(make_client: Callable[..., TestClient]) -> None:
    client = make_client(record_positions_per_address_per_minute=3)
    body = {"code": CODE, "actions": ["d"]}
    answers = [TestClient(client.app).post("/api/records/positions", json=body) for _ in range(4)]  # a player each
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert answers[-1].json()["message_id"] == "server.too_many_records_here"


def test_the_work_is_a_plain_function_whose_answer_and_refusals_cross_processes() -> None:
    shown = record_positions(code=CODE, actions=["d", "u"])
    assert pickle.loads(pickle.dumps(shown)) == shown and len(shown["games"][0]["positions"]) == 3
    try:
        record_positions(write_record(record_of(CODE, None, ["d"] * 3)), max_actions=2)
    except InvalidRecordError as error:
        again = pickle.loads(pickle.dumps(error))
        assert (again.message_id, again.params, str(again)) == (error.message_id, error.params, str(error))
    else:
        raise AssertionError("a record beyond the bound was shown")
