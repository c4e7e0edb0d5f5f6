"""Duels through the HTTP API (SPEC 4): names, tables, joining, the same deal for both, the server's
clock, finishing, results and ratings, watching, invitations, rematches, friends and ignore, and a
restart in the middle of a duel."""

from __future__ import annotations

import re
from collections.abc import Callable

from starlette.testclient import TestClient

from spider import Game
from spider.server.duels.duels import Duels
from spider.server.games.kinds import Kind
from spider.server.http.parts import parts_of
from spider.server.results.standing import MIN_AGE

from .duel_players import (
    another_player,
    duel_act,
    fake_clock,
    get_duel,
    name_of,
    open_table,
    rated_player,
    start_duel,
)
from .standing import make_account, play_dealt_games


def columns_up(view: dict[str, object]) -> list[list[str]]:
    return [column["up"] for column in view["columns"]]  # type: ignore[attr-defined]


# Names.


def test_a_player_has_a_generated_name_until_they_choose_one(client: TestClient) -> None:
    generated = name_of(client)
    assert re.fullmatch(r"Player \d{4,5}", generated)  # a number as written, never grouped like 12,345
    assert client.get(f"/api/players/{generated}").json()["name"] == generated
    response = client.put("/api/me", json={"name": "  Ada Lovelace "})
    assert response.status_code == 200 and response.json()["name"] == "Ada Lovelace"
    info = client.get("/api/players/ada lovelace").json()
    expected = ("Ada Lovelace", 1500.0, 0, [], None)
    assert (info["name"], info["rating"], info["duels"], info["recent"], info["playing"]) == expected
    assert client.get(f"/api/players/{generated}").status_code == 404


def test_bad_names_are_refused_with_a_sentence_and_change_nothing(client: TestClient) -> None:
    other = another_player(client)
    assert other.put("/api/me", json={"name": "Grace"}).status_code == 200
    mine = name_of(client)
    for name, status, message_id in [
        ("   ", 422, "duel.name_length"),
        ("x" * 25, 422, "duel.name_length"),
        ("bell\x07", 422, "duel.name_control"),
        ("a/b", 422, "duel.name_control"),
        ("gRACE", 409, "duel.name_taken"),
        ("Spider Expert", 409, "duel.name_computer"),
    ]:
        response = client.put("/api/me", json={"name": name})
        assert (response.status_code, response.json()["message_id"]) == (status, message_id), name
        assert response.json()["error"]
    assert name_of(client) == mine


def test_names_that_would_not_look_as_written_are_refused_each_with_its_reason(client: TestClient) -> None:
    mine = name_of(client)
    for name, message_id, words in [
        ("Zalgo\u0301\u0300\u0302", "duel.name_marks", "marks on one letter"),
        ("Ada\u2028Lovelace", "duel.name_lines", "line or paragraph breaks"),
        ("Ada\u2029Lovelace", "duel.name_lines", "line or paragraph breaks"),
        ("\u3164", "duel.name_blank", "blank filler"),
        ("Ada\u2800", "duel.name_blank", "blank filler"),
        ("Ada\uffa0Byron", "duel.name_blank", "blank filler"),
        ("Ada \ufdfd", "duel.name_wide", "wider than two letters"),
        ("\ua9c5\ua9c5", "duel.name_wide", "wider than two letters"),
        ("Ada  Lovelace", "duel.name_spaces", "two spaces in a row"),
        ("Ada \u3000Lovelace", "duel.name_spaces", "two spaces in a row"),
    ]:
        response = client.put("/api/me", json={"name": name})
        assert (response.status_code, response.json()["message_id"]) == (422, message_id), repr(name)
        assert words in response.json()["error"], repr(name)
    assert name_of(client) == mine
    polish = client.put("/api/me", json={"name": "Ada  Lovelace"}, headers={"Accept-Language": "pl"})
    assert polish.json()["error"] == "Nazwa gracza nie może zawierać dwóch spacji z rzędu."


def test_names_in_scripts_that_put_marks_on_letters_are_kept(client: TestClient) -> None:
    # Vietnamese (NFC makes "ễ" one letter), pointed Hebrew (dagesh, vowel and dot, each in its place),
    # Thai (a vowel above and a tone mark above it), Hindi, Japanese (two cells a character)
    for name in ["Nguyễn Văn Ân", "\u05e9\u05b8\u05bc\u05c1\u05d9", "ที่ดิน", "हैं", "山田 太郎"]:
        response = client.put("/api/me", json={"name": name})
        assert response.status_code == 200 and response.json()["name"] == name, name


def test_a_made_up_name_is_read_in_the_readers_language_and_found_by_it(client: TestClient) -> None:
    other, portuguese = another_player(client), {"Accept-Language": "pt"}
    number = name_of(client).removeprefix("Player ")  # made up for an English reader
    table = open_table(client)
    listed = other.get("/api/duels", headers=portuguese).json()["tables"]
    assert [t["creator"] for t in listed] == [f"Jogador {number}"]
    found = other.get(f"/api/players/Jogador {number}", headers=portuguese).json()
    assert found["name"] == f"Jogador {number}"
    assert other.get(f"/api/players/Gracz {number}").json()["name"] == f"Player {number}"
    joined = other.post(f"/api/duels/{table['id']}/join", headers={"Accept-Language": "he"}).json()
    assert joined["players"][0]["name"] == f"שחקן {number}"
    assert client.get("/api/me", headers=portuguese).json()["name"] == f"Jogador {number}"
    # one number is one player: no one else takes it in another language
    taken = other.put("/api/me", json={"name": f"Gracz {number}"})
    assert (taken.status_code, taken.json()["message_id"]) == (409, "duel.name_taken")


# Tables.


def test_an_open_table_is_in_the_lobby_until_someone_joins(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client)
    assert (table["state"], table["players"][0]["name"], table["you"]) == ("open", name_of(client), None)
    listed = other.get("/api/duels").json()["tables"]
    assert [(t["id"], t["creator"], t["suits"], t["minutes"]) for t in listed] == [(table["id"], name_of(client), 2, 3)]
    assert listed[0]["rules"]["scoring"] == "duel" and listed[0]["rules"]["flip"] == "manual"
    joined = other.post(f"/api/duels/{table['id']}/join").json()
    assert joined["state"] == "playing" and joined["seat"] == 1
    assert other.get("/api/duels").json()["tables"] == []


def test_both_players_get_the_same_fresh_deal_and_neither_its_code(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    mine, theirs = get_duel(client, duel_id), get_duel(other, duel_id)
    assert client.get("/api/me").json()["playing"] == duel_id  # a reloaded page finds its duel again
    assert columns_up(mine["you"]) == columns_up(theirs["you"])
    assert mine["you"]["id"] != theirs["you"]["id"]
    assert mine["code"] is None and mine["you"]["code"] is None and theirs["you"]["code"] is None
    assert mine["you"]["rules"]["scoring"] == "duel" and mine["watch"] is None
    second = start_duel(client, other)
    assert columns_up(get_duel(client, second)["you"]) != columns_up(mine["you"])  # a fresh deal each time


def test_joining_a_full_an_ended_or_ones_own_table_is_refused(client: TestClient) -> None:
    second, third = another_player(client), another_player(client)
    table = open_table(client)
    own = client.post(f"/api/duels/{table['id']}/join")
    assert (own.status_code, own.json()["message_id"]) == (409, "duel.own_table")
    assert second.post(f"/api/duels/{table['id']}/join").status_code == 200
    full = third.post(f"/api/duels/{table['id']}/join")
    assert (full.status_code, full.json()["message_id"]) == (409, "duel.full")
    client.post(f"/api/duels/{table['id']}/finish")
    second.post(f"/api/duels/{table['id']}/finish")
    ended = third.post(f"/api/duels/{table['id']}/join")
    assert (ended.status_code, ended.json()["message_id"]) == (409, "duel.ended")
    assert len(get_duel(third, table["id"])["players"]) == 2


def test_a_table_within_a_rating_range_refuses_others(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client, min_rating=1600, max_rating=1800)
    refused = other.post(f"/api/duels/{table['id']}/join")
    assert (refused.status_code, refused.json()["message_id"]) == (403, "duel.out_of_range")
    assert "1,500" in refused.json()["error"] and "1,600 to 1,800" in refused.json()["error"]
    assert get_duel(other, table["id"])["state"] == "open"
    within = open_table(client, min_rating=1400, max_rating=1500)
    assert other.post(f"/api/duels/{within['id']}/join").status_code == 200


def test_a_creator_takes_an_open_table_away(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client)
    refused = other.post(f"/api/duels/{table['id']}/leave")
    assert (refused.status_code, refused.json()["message_id"]) == (403, "duel.not_your_table")
    assert get_duel(other, table["id"])["state"] == "open"
    assert client.post(f"/api/duels/{table['id']}/leave").json()["state"] == "over"
    assert client.get("/api/duels").json()["tables"] == []


def test_bad_tables_are_refused_with_the_field_named(client: TestClient) -> None:
    for body, field in [
        ({"suits": 3, "minutes": 3, "opponent": {"kind": "person"}}, "suits"),
        ({"suits": 1, "minutes": 4, "opponent": {"kind": "person"}}, "minutes"),
        ({"suits": 1, "minutes": 3, "opponent": {"kind": "computer", "strength": "grandmaster"}}, "opponent"),
        ({"suits": 1, "minutes": 3, "opponent": {"kind": "person", "min_rating": "high"}}, "opponent"),
    ]:
        response = client.post("/api/duels", json=body)
        assert response.status_code == 422 and repr(field) in response.json()["error"], body
    backwards = client.post(
        "/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person", "min_rating": 9, "max_rating": 1}}
    )
    assert backwards.json()["message_id"] == "duel.rating_range"
    assert client.get("/api/duels").json()["tables"] == []


def test_other_table_rules_may_be_chosen(client: TestClient) -> None:
    table = client.post(
        "/api/duels", json={"suits": 4, "minutes": 15, "opponent": {"kind": "person"}, "rules": {"flip": "auto"}}
    ).json()
    assert table["rules"]["flip"] == "auto" and table["rules"]["scoring"] == "duel" and table["suits"] == 4


# Playing.


def test_acting_in_someone_elses_duel_is_refused(client: TestClient) -> None:
    second, third = another_player(client), another_player(client)
    duel_id = start_duel(client, second)
    for path, body in [("actions", {"action": "d"}), ("finish", None)]:
        response = third.post(f"/api/duels/{duel_id}/{path}", json=body)
        assert (response.status_code, response.json()["message_id"]) == (403, "duel.not_yours")
    seen = get_duel(third, duel_id)
    assert seen["you"] is None and seen["watch"] is None and seen["seat"] is None
    assert [player["score"] for player in seen["players"]] == [0, 0]


def test_an_action_is_played_in_ones_own_game_and_the_opponent_sees_the_progress(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    answer = duel_act(client, duel_id, "d")
    assert answer["view"]["stock"]["cards"] == 40 and answer["view"]["score"] == -1
    assert answer["duel"]["players"][0]["score"] == -1 and answer["duel"]["you"] is None
    theirs = get_duel(other, duel_id)
    assert theirs["players"][0]["score"] == -1 and theirs["you"]["stock"]["cards"] == 50
    illegal = client.post(f"/api/duels/{duel_id}/actions", json={"action": "u"})
    assert illegal.status_code == 409 and illegal.json()["message_id"] == "refuse.undo_barrier"


def test_finishing_ends_ones_game_and_shows_the_opponents_table(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    duel_act(client, duel_id, "d")
    finished = other.post(f"/api/duels/{duel_id}/finish").json()
    assert finished["players"][1]["finished"] and finished["players"][1]["ended"] == "finished"
    assert finished["state"] == "playing" and finished["code"] is None and finished["watch"]["code"] is None
    # exactly what the opponent's own view shows, and again after their next action
    assert finished["watch"] == get_duel(client, duel_id)["you"]
    duel_act(client, duel_id, "d")
    assert get_duel(other, duel_id)["watch"] == get_duel(client, duel_id)["you"]
    after = other.post(f"/api/duels/{duel_id}/actions", json={"action": "d"})
    assert (after.status_code, after.json()["message_id"]) == (409, "duel.game_ended")
    assert get_duel(client, duel_id)["watch"] is None  # the one still playing sees no other table


def test_the_higher_duel_score_wins_and_both_ratings_change(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    rated_player(other, "Grace")
    duel_id = start_duel(client, other)
    assert get_duel(client, duel_id)["rating_note"] is None  # rated in full
    duel_act(client, duel_id, "d")
    duel_act(client, duel_id, "d")  # -2: the other player, finishing at -1, wins
    duel_act(other, duel_id, "d")
    other.post(f"/api/duels/{duel_id}/finish")
    over = client.post(f"/api/duels/{duel_id}/finish").json()
    assert over["state"] == "over" and over["remaining_ms"] == 0 and over["rating_note"] is None
    result = over["result"]
    assert result["scores"] == [-2, -1] and result["winner"] == name_of(other)
    assert result["outcomes"] == ["loss", "win"]
    loss, win = result["rating_changes"]
    assert loss < 0 < win
    assert over["code"] is not None and over["you"]["code"] == over["code"]
    assert Game.from_code(over["code"]).suits == 2
    winner = client.get(f"/api/players/{name_of(other)}").json()
    assert (winner["duels"], winner["wins"], winner["losses"], winner["rating"]) == (1, 1, 0, result["ratings"][1])
    assert winner["deviation"] < 350
    assert winner["recent"][0] | {"ended_at": None} == {
        "duel": duel_id, "opponent": name_of(client), "score": -1, "opponent_score": -2, "outcome": "win",
        "rating_change": win, "ended_at": None,
    }


def test_equal_scores_draw(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    client.post(f"/api/duels/{duel_id}/finish")
    result = other.post(f"/api/duels/{duel_id}/finish").json()["result"]
    assert result["winner"] is None and result["outcomes"] == ["draw", "draw"]
    assert result["rating_changes"] == [0.0, 0.0]
    assert client.get("/api/me").json()["draws"] == 1


def test_time_up_ends_both_games_and_refuses_later_actions(client: TestClient) -> None:
    other = another_player(client)
    clock = fake_clock(client)
    duel_id = start_duel(client, other)
    clock.now += 60
    duel_act(client, duel_id, "d")
    assert 119_000 <= get_duel(other, duel_id)["remaining_ms"] <= 120_000
    clock.now += 121
    late = client.post(f"/api/duels/{duel_id}/actions", json={"action": "1>2"})
    assert (late.status_code, late.json()["message_id"]) == (409, "duel.time_up")
    over = get_duel(other, duel_id)
    assert over["state"] == "over" and [p["ended"] for p in over["players"]] == ["time", "time"]
    assert over["result"]["winner"] == name_of(other) and over["remaining_ms"] == 0
    assert get_duel(client, duel_id)["you"]["stock"]["cards"] == 40  # the late action changed nothing


def test_a_duel_survives_a_restart_and_a_player_who_does_not_come_back_loses_on_time(
    make_client: Callable[..., TestClient],
) -> None:
    first = make_client()
    other = another_player(first)
    duel_id = start_duel(first, other)
    duel_act(other, duel_id, "d")
    duel_act(other, duel_id, "d")
    before = get_duel(first, duel_id)
    cookies = dict(other.cookies)
    restarted = make_client()
    restarted.cookies.update(first.cookies)
    again = get_duel(restarted, duel_id)
    assert again["you"] == before["you"] and again["players"] == before["players"]
    assert again["remaining_ms"] <= before["remaining_ms"]  # the clock kept running
    clock = fake_clock(restarted)
    clock.now += 181  # the first player never came back
    back = TestClient(restarted.app)
    back.portal = restarted.portal
    back.cookies.update(cookies)
    over = get_duel(back, duel_id)
    assert over["state"] == "over" and over["players"][0]["ended"] == "time"
    assert over["result"]["scores"] == [0, -2] and over["result"]["outcomes"] == ["win", "loss"]


def test_solo_routes_do_not_reach_a_duels_game(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    game_id = get_duel(client, duel_id)["you"]["id"]
    assert client.get(f"/api/games/{game_id}").status_code == 404
    assert client.post(f"/api/games/{game_id}/restart").status_code == 404
    assert client.post(f"/api/games/{game_id}/actions", json={"action": "d"}).status_code == 404
    assert client.get("/api/games/current").status_code == 404
    solo = client.post("/api/games", json={"suits": 1}).json()
    assert get_duel(client, duel_id)["players"][0]["finished"] is False  # a new solo game leaves no duel
    assert client.get("/api/games/current").json()["id"] == solo["id"]


# Invitations, rematches, friends and ignore.


def test_an_invited_player_accepts_whatever_the_range_or_declines(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client, min_rating=1900)
    invited = client.post(f"/api/duels/{table['id']}/invite", json={"name": name_of(other)})
    assert invited.status_code == 200 and invited.json()["invited"] == [name_of(other)]
    assert [i["by"] for i in other.get("/api/invitations").json()["invitations"]] == [name_of(client)]
    assert other.post(f"/api/duels/{table['id']}/decline").json()["state"] == "open"
    assert other.get("/api/invitations").json()["invitations"] == []
    again = other.post(f"/api/duels/{table['id']}/accept")
    assert (again.status_code, again.json()["message_id"]) == (404, "duel.no_invitation")
    client.post(f"/api/duels/{table['id']}/invite", json={"name": name_of(other)})
    accepted = other.post(f"/api/duels/{table['id']}/accept").json()
    assert accepted["state"] == "playing" and accepted["seat"] == 1


def test_inviting_is_refused_to_others_and_towards_those_who_ignore_you(client: TestClient) -> None:
    other, third = another_player(client), another_player(client)
    table = open_table(client)
    not_mine = third.post(f"/api/duels/{table['id']}/invite", json={"name": name_of(other)})
    assert (not_mine.status_code, not_mine.json()["message_id"]) == (403, "duel.not_creator")
    assert other.put(f"/api/ignored/{name_of(client)}").status_code == 200
    ignored = client.post(f"/api/duels/{table['id']}/invite", json={"name": name_of(other)})
    assert (ignored.status_code, ignored.json()["message_id"]) == (403, "duel.invite_ignored")
    assert other.get("/api/invitations").json()["invitations"] == []
    nobody = client.post(f"/api/duels/{table['id']}/invite", json={"name": "Nobody At All"})
    assert (nobody.status_code, nobody.json()["message_id"]) == (404, "duel.no_such_player")


def test_an_ignored_player_cannot_join_and_their_tables_are_hidden(client: TestClient) -> None:
    other = another_player(client)
    client.put(f"/api/ignored/{name_of(other)}")
    table = open_table(client)
    refused = other.post(f"/api/duels/{table['id']}/join")
    assert (refused.status_code, refused.json()["message_id"]) == (403, "duel.ignored")
    assert other.get("/api/duels").json()["tables"] == []
    theirs = open_table(other)
    assert [t["id"] for t in client.get("/api/duels").json()["tables"]] == [table["id"]]
    assert client.get("/api/friends").json()["ignored"] == [name_of(other)]
    client.delete(f"/api/ignored/{name_of(other)}")
    assert {t["id"] for t in client.get("/api/duels").json()["tables"]} == {table["id"], theirs["id"]}


def test_friends_are_listed_with_whether_they_are_online(client: TestClient) -> None:
    other = another_player(client)
    added = client.put(f"/api/friends/{name_of(other)}").json()
    friend = {"name": name_of(other), "rating": 1500.0, "provisional": True, "online": False}
    assert added == {"friends": [friend], "ignored": []}
    with other.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        assert client.get("/api/friends").json()["friends"][0]["online"] is True
    assert client.delete(f"/api/friends/{name_of(other)}").json()["friends"] == []
    own = client.put(f"/api/friends/{name_of(client)}")
    assert (own.status_code, own.json()["message_id"]) == (409, "duel.relation_self")


def test_a_rematch_is_a_new_table_the_opponent_is_invited_to(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    early = client.post(f"/api/duels/{duel_id}/rematch")
    assert (early.status_code, early.json()["message_id"]) == (409, "duel.rematch_not_over")
    client.post(f"/api/duels/{duel_id}/finish")
    other.post(f"/api/duels/{duel_id}/finish")
    offered = client.post(f"/api/duels/{duel_id}/rematch")
    assert offered.status_code == 201 and offered.json()["state"] == "open"
    assert offered.json()["invited"] == [name_of(other)]
    assert get_duel(other, duel_id)["rematch"] == offered.json()["id"]
    taken = other.post(f"/api/duels/{duel_id}/rematch").json()
    assert taken["id"] == offered.json()["id"] and taken["state"] == "playing" and taken["seat"] == 1


def test_a_table_nobody_joins_within_the_hour_leaves_the_lobby(client: TestClient) -> None:
    other = another_player(client)
    clock = fake_clock(client)
    table = open_table(client)
    clock.now += 3601
    client.portal.call(parts_of(client.app)[Duels].expire_due)  # what the server's clock task does every second
    assert other.get("/api/duels").json()["tables"] == []
    late = other.post(f"/api/duels/{table['id']}/join")
    assert (late.status_code, late.json()["message_id"]) == (409, "duel.ended")


def test_new_tables_count_against_the_new_games_limit(make_client: Callable[..., TestClient]) -> None:
    client = make_client(new_games_per_minute=2)
    open_table(client)
    open_table(client)
    refused = client.post("/api/duels", json={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert len(client.get("/api/duels").json()["tables"]) == 2


def test_a_retried_duel_action_with_its_old_version_is_refused_not_played_twice(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    version = get_duel(client, duel_id)["you"]["version"]
    body = {"action": "d", "version": version}
    first = client.post(f"/api/duels/{duel_id}/actions", json=body)
    assert first.status_code == 200 and first.json()["view"]["version"] == version + 1
    retried = client.post(f"/api/duels/{duel_id}/actions", json=body)  # the answer was lost: the page sends again
    assert (retried.status_code, retried.json()["message_id"]) == (409, "server.game_changed")
    bad = client.post(f"/api/duels/{duel_id}/actions", json={"action": "d", "version": "1"})
    assert bad.status_code == 422 and "version" in bad.json()["error"]  # the field named, nothing played
    mine = get_duel(client, duel_id)
    assert mine["you"]["version"] == version + 1 and mine["players"][0]["score"] == -1  # dealt once


def test_names_that_look_like_a_computer_players_or_anothers_are_refused(client: TestClient) -> None:
    other = another_player(client)
    assert other.put("/api/me", json={"name": "Grace"}).status_code == 200
    mine = name_of(client)
    for name, status, message_id in [
        ("Spider Ехрегt", 409, "duel.name_like_computer"),  # Cyrillic Е, х, р, г
        ("SPIDER ΜΑSTER", 409, "duel.name_like_computer"),  # Greek Μ, Α
        ("Spider Casua1", 409, "duel.name_like_computer"),
        ("Grаce", 409, "duel.name_taken"),  # a Cyrillic а
    ]:
        response = client.put("/api/me", json={"name": name})
        assert (response.status_code, response.json()["message_id"]) == (status, message_id), name
        assert "Spider" not in name or "Spider " in response.json()["error"]  # names the computer player
    assert name_of(client) == mine
    assert client.get("/api/players/grace").json()["name"] == "Grace"


def test_a_duel_table_is_always_under_duel_scoring(client: TestClient) -> None:
    body = {"suits": 1, "minutes": 3, "opponent": {"kind": "person"}}
    refused = client.post("/api/duels", json={**body, "rules": {"scoring": "standard"}})
    assert (refused.status_code, refused.json()["message_id"]) == (422, "duel.scoring")
    table = client.post("/api/duels", json={**body, "preset": "classic"})  # classic's own scoring gives way
    assert table.status_code == 201 and table.json()["rules"]["scoring"] == "duel"
    other = another_player(client)
    assert other.post(f"/api/duels/{table.json()['id']}/join").status_code == 200
    duel_act(other, table.json()["id"], "d")
    client.post(f"/api/duels/{table.json()['id']}/finish")
    other.post(f"/api/duels/{table.json()['id']}/finish")
    over = get_duel(client, table.json()["id"])  # duel points: under classic's own scoring, 500 against 499
    assert [p["score"] for p in over["players"]] == [0, -1]


# Ratings that cannot be farmed (duels.rated).


NEWCOMER_NOTE = (
    "This duel does not change ratings: rated duels are for players with a name of their own and an account a day old "
    "with 10 games (15 minutes) of new or daily deals."
)


def test_farming_a_rating_with_throwaway_cookies_moves_no_rating(client: TestClient) -> None:
    rated_player(client, "Farmer")  # the account to pump: in good standing, as a real one is
    notes = set()
    for number in range(60):  # each duel: a fresh cookie with a name opens a table, deals twice and finishes
        throwaway = another_player(client)
        assert throwaway.put("/api/me", json={"name": f"Sock {number}"}).status_code == 200
        if number % 2:  # every other one an account a day old that "won" ten typed-in codes with the solver's line
            make_account(throwaway)
            play_dealt_games(throwaway, kind=Kind.TYPED, result="won")
        duel_id = open_table(throwaway)["id"]
        assert client.post(f"/api/duels/{duel_id}/join").status_code == 200
        duel_act(throwaway, duel_id, "d")
        duel_act(throwaway, duel_id, "d")
        throwaway.post(f"/api/duels/{duel_id}/finish")
        duel_act(client, duel_id, "d")  # the farmer moves too, and wins -1 to -2
        over = client.post(f"/api/duels/{duel_id}/finish").json()
        assert over["result"]["winner"] == "Farmer" and over["result"]["rating_changes"] == [0.0, 0.0]
        notes.add(over["rating_note"])
    me = client.get("/api/me").json()
    assert (me["duels"], me["wins"], me["rating"]) == (60, 60, 1500.0)  # 2366 before any rule, 1549 before this one
    assert notes == {NEWCOMER_NOTE}


def test_a_duel_is_rated_only_when_both_players_are_accounts_in_good_standing(client: TestClient) -> None:
    clock = fake_clock(client)
    rated_player(client, "Ada")
    young = another_player(client)
    assert young.put("/api/me", json={"name": "Grace"}).status_code == 200
    make_account(young, age=MIN_AGE - 60, at=clock.now)  # a minute short of a day, with every game it needs
    play_dealt_games(young, at=clock.now)
    duel_id = start_duel(client, young)
    assert get_duel(client, duel_id)["rating_note"] == NEWCOMER_NOTE
    clock.now += 61  # the account is a day old: in good standing, and so the duel is rated
    assert get_duel(client, duel_id)["rating_note"] is None
    duel_act(young, duel_id, "d")
    duel_act(young, duel_id, "d")
    young.post(f"/api/duels/{duel_id}/finish")
    duel_act(client, duel_id, "d")
    over = client.post(f"/api/duels/{duel_id}/finish").json()
    assert over["rating_note"] is None and over["result"]["rating_changes"][0] > 0
    assert client.get("/api/me").json()["rating"] > 1500.0


def test_a_newcomer_is_told_before_the_duel_ends_that_it_will_not_be_rated(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    duel_id = start_duel(client, other)  # the other player has neither a name nor a day's age
    for player in (client, other):
        assert "does not change ratings" in get_duel(player, duel_id)["rating_note"]
    rated_player(other, "Grace")
    assert get_duel(other, duel_id)["rating_note"] is None


def test_a_duel_in_which_one_player_made_no_move_is_unrated(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    rated_player(other, "Grace")
    duel_id = start_duel(client, other)
    duel_act(client, duel_id, "d")
    other.post(f"/api/duels/{duel_id}/finish")  # at 0, without a move: it would win
    over = client.post(f"/api/duels/{duel_id}/finish").json()
    assert over["result"]["outcomes"] == ["loss", "win"] and over["result"]["rating_changes"] == [0.0, 0.0]
    assert over["rating_note"] == "This duel did not change ratings: one of the players made no move."
    assert client.get("/api/me").json()["rating"] == 1500.0


def test_repeated_duels_between_the_same_two_players_count_less_and_less(client: TestClient) -> None:
    other = another_player(client)
    rated_player(client, "Ada")
    rated_player(other, "Grace")
    gains, notes = [], []
    for _ in range(4):
        duel_id = start_duel(client, other)
        notes.append(get_duel(client, duel_id)["rating_note"])
        duel_act(other, duel_id, "d")
        duel_act(other, duel_id, "d")
        other.post(f"/api/duels/{duel_id}/finish")
        duel_act(client, duel_id, "d")
        gains.append(client.post(f"/api/duels/{duel_id}/finish").json()["result"]["rating_changes"][0])
    assert notes[0] is None
    assert notes[1:] == [
        f"You have met in a duel within the last day: this one counts for {percent}% of a rating change."
        for percent in (50, 25, 12)
    ]
    assert gains[0] > 2 * gains[1] > 0 and gains[1] > gains[2] > gains[3] > 0  # halved, on a surer rating
    assert sum(gains) < 1.5 * gains[0]
