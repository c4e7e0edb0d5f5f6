"""Bad input of every kind gets a 4xx whose message names the problem; never a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from spider.errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRulesError,
    SpiderError,
)
from spider.server.http.errors import ERRORS, RequestError, answer_to
from spider.text import message

from .conftest import act, new_game

CODE = "SP1-S1C-AAAAAAD"


def refusal(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "message_id"} and body["error"] and body["message_id"]
    text: str = body["error"]
    return text


@pytest.fixture
def game_id(client: TestClient) -> str:
    view_id: str = new_game(client, code=CODE)["id"]
    return view_id


def post_action(client: TestClient, game_id: str, **kwargs: Any) -> Any:
    return client.post(f"/api/games/{game_id}/actions", **kwargs)


def test_the_error_table_covers_every_engine_error() -> None:
    assert answer_to(IllegalMoveError("refuse.on_ace")).status == 409
    assert answer_to(InvalidMoveError("invalid.action", action="x")).status == 422
    assert answer_to(InvalidCodeError("invalid.code_form", code="x")).status == 422
    assert answer_to(InvalidRulesError("invalid.preset", name="x", choices="")).status == 422
    assert answer_to(InvalidPositionError("invalid.position_fields", n=3)).status == 422
    engine_rows = [kind for kind, _ in ERRORS if not isinstance(kind, str)]
    assert engine_rows[-1] is SpiderError  # anything new the engine raises is still a 4xx


def test_an_illegal_action_is_refused_with_the_rule(client: TestClient, game_id: str) -> None:
    assert refusal(post_action(client, game_id, json={"action": "1>1"}), 409) == "The cards are already in column 1."
    response = post_action(client, game_id, json={"action": "u"})
    assert refusal(response, 409) == "There is nothing to undo."
    assert response.json()["message_id"] == "refuse.nothing_to_undo"


def test_a_refused_action_changes_nothing(client: TestClient, game_id: str) -> None:
    before = client.get(f"/api/games/{game_id}").json()
    for action in ("1>1", "r", "f3", "11>2"):
        assert post_action(client, game_id, json={"action": action}).status_code in (409, 422)
    after = client.get(f"/api/games/{game_id}").json()
    assert after["columns"] == before["columns"] and after["moves"] == 0 and after["can_undo"] is False


def test_bad_notation(client: TestClient, game_id: str) -> None:
    assert "'jump' is not an action" in refusal(post_action(client, game_id, json={"action": "jump"}), 422)
    assert "columns are numbered 1 to 10" in refusal(post_action(client, game_id, json={"action": "11>2"}), 422)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({}, 422, "'action' is required"),
        ({"action": 5}, 422, "'action' must be an action in notation"),
        ({"action": ""}, 422, "'action' must be"),
        ({"action": "1>2" * 10}, 422, "at most 16 characters"),
        ({"action": "d", "player": "x"}, 422, "Unknown field 'player'"),
        ([1, 2], 422, "must be a JSON object"),
        ("d", 422, "must be a JSON object"),
    ],
)
def test_wrong_fields_and_types_are_named(
    client: TestClient, game_id: str, body: object, status: int, words: str
) -> None:
    assert words in refusal(post_action(client, game_id, json=body), status)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"action": ', "it stops before the value is complete"),
        (b'{"action":\n  "3>7",\n  "at" 4}', "there is something unexpected at line 3, character 8"),
        (b"[" * 8000 + b"]" * 8000, "it is nested too deeply"),  # under the size limit, too deep for the parser
        (b'{"action": "\xff"}', "it is not UTF-8 text"),
        (b'{"action": ' + b"7" * 5000 + b"}", "a whole number in it has too many digits"),
        (b'{"action": NaN}', "NaN is not a number in JSON"),
        (b'{"action": -Infinity}', "-Infinity is not a number in JSON"),
    ],
)
def test_malformed_json_names_what_is_wrong_and_where(
    client: TestClient, game_id: str, content: bytes, reason: str
) -> None:
    response = post_action(client, game_id, content=content, headers={"content-type": "application/json"})
    assert refusal(response, 400) == f"The request body is not valid JSON: {reason}."


def test_a_body_must_be_json_and_present(client: TestClient, game_id: str) -> None:
    response = post_action(client, game_id, content=b"action=d", headers={"content-type": "text/plain"})
    assert "application/json" in refusal(response, 415)
    assert refusal(post_action(client, game_id), 400) == "This request needs a JSON body."


def test_an_oversized_body_is_refused(client: TestClient, game_id: str) -> None:
    big = json.dumps({"action": "d", "pad": "x" * 17_000}).encode()
    response = post_action(client, game_id, content=big, headers={"content-type": "application/json"})
    assert refusal(response, 413) == "The request body is larger than 16,384 bytes."
    assert response.json()["message_id"] == "server.body_too_large"


def test_an_oversized_body_without_a_length_is_refused_as_it_streams(client: TestClient, game_id: str) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"action": "d", "pad": "'
        for _ in range(40):
            yield b"x" * 1000
        yield b'"}'

    response = post_action(client, game_id, content=chunks(), headers={"content-type": "application/json"})
    assert refusal(response, 413) == "The request body is larger than 16,384 bytes."


def test_a_body_just_under_the_limit_is_read(client: TestClient, game_id: str) -> None:
    body = json.dumps({"action": "d"}).encode()
    body = body[:-1] + b" " * (16 * 1024 - len(body)) + b"}"
    assert len(body) == 16 * 1024
    response = post_action(client, game_id, content=body, headers={"content-type": "application/json"})
    assert response.status_code == 200 and response.json()["view"]["moves"] == 1


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"suits": 3}, "'suits' must be 1, 2 or 4"),
        ({"suits": "2"}, "'suits' must be 1, 2 or 4"),
        ({"suits": True}, "'suits' must be 1, 2 or 4"),
        ({"deal": "lucky"}, "'deal' must be \"random\" or \"verified\""),
        ({"rules": "casual"}, "'rules' must be an object"),
        ({"preset": 7}, "'preset' must be a text"),
        ({"colour": "red"}, "Unknown field 'colour'"),
        ({"code": "SP2-S1C-AAAAAAA"}, "codes start with SP1"),
        ({"code": "hello"}, "'hello' is not a game code"),
        ({"code": "SP1-S1C-AAAAAAD", "suits": 2}, "'suits' must be 1, the suit count of the code"),
        ({"preset": "hard"}, "There is no preset 'hard'"),
        ({"rules": {"gravity": "low"}}, "There is no table rule 'gravity'"),
        ({"rules": {"undo": 7}}, "The table rule undo cannot be '7'"),
        ({"rules": {"undo": True}}, "The table rule undo cannot be 'True'"),
        ({"rules": {"scoring": ["standard"]}}, "The table rule scoring cannot be"),
    ],
)
def test_bad_new_games_are_named(client: TestClient, body: dict[str, Any], words: str) -> None:
    assert words in refusal(client.post("/api/games", json=body), 422)


def test_unknown_and_foreign_games_look_the_same(client: TestClient, game_id: str) -> None:
    stranger = TestClient(client.app)
    unknown = "A" * 16
    for path in ("", "/hint", "/line"):
        mine = client.get(f"/api/games/{unknown}{path}")
        theirs = stranger.get(f"/api/games/{game_id}{path}")
        assert refusal(mine, 404) == refusal(theirs, 404) == "No such game."
    for path, body in (("/actions", {"action": "d"}), ("/restart", None), ("/resign", None)):
        theirs = stranger.post(f"/api/games/{game_id}{path}", json=body)
        assert refusal(theirs, 404) == "No such game."
    for odd in ("x", "A" * 200, "%00", "A" * 15 + "%"):
        assert refusal(client.get(f"/api/games/{odd}"), 404) == "No such game."
    # a trailing slash is no path of the API (no redirect: its Location would come from the Host header)
    assert refusal(client.get(f"/api/games/{'A' * 15}%2F"), 404) == f"There is nothing at /api/games/{'A' * 15}/."
    refusal(client.get("/api/games/..%2F..%2Fetc%2Fpasswd"), 404)
    # and the stranger changed nothing
    view = client.get(f"/api/games/{game_id}").json()
    assert view["moves"] == 0 and view["over"] is False


def test_unknown_paths_and_methods(client: TestClient) -> None:
    assert refusal(client.get("/api/nothing"), 404) == "There is nothing at /api/nothing."
    assert refusal(client.delete("/api/games"), 405) == "DELETE is not allowed on /api/games."
    assert refusal(client.post("/api/stats", json={}), 405) == "POST is not allowed on /api/stats."


def test_a_wrong_method_is_told_every_method_of_its_path(client: TestClient) -> None:
    # GET and PUT /api/me have a handler each: the answer names both, not the first route's alone
    response = client.delete("/api/me")
    assert refusal(response, 405) == "DELETE is not allowed on /api/me."
    assert response.headers["allow"] == "GET, HEAD, PUT"
    assert client.patch("/api/friends/someone").headers["allow"] == "DELETE, PUT"


def test_one_table_gives_each_refusal_its_status_and_its_close_code() -> None:
    assert answer_to(IllegalMoveError("refuse.on_ace")) == (409, None)  # a duel's socket stays open
    assert answer_to("duel.socket_too_large") == (413, 1009)
    assert answer_to("duel.socket_not_json") == (400, 1007)
    assert answer_to("duel.socket_behind") == (503, 1013)
    assert answer_to(RequestError(409, "duel.socket_following", n=16)) == (409, None)
    # a request error keeps its own status, and the table's close code for its id
    assert answer_to(RequestError(429, "duel.socket_too_fast")) == (429, 1008)


def test_a_fault_of_the_server_is_still_json(make_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_client()
    client_no_raise = TestClient(client.app, raise_server_exceptions=False)
    from spider.server.results import stats

    def broken(records: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("spider.server.results.service.player_stats", broken)
    response = client_no_raise.get("/api/stats")
    assert response.status_code == 500
    assert response.json()["message_id"] == "server.internal"
    assert "disk on fire" not in response.text
    assert stats.player_stats is not broken
    polish = client_no_raise.get("/api/stats", headers={"Accept-Language": "pl"})
    assert polish.status_code == 500 and polish.json()["error"] == message("server.internal", "pl")
    assert polish.json()["error"] != response.json()["error"]


ACTION_LIKE = r"(1[0-2]|[0-9])>(1[0-2]|[0-9])(:[0-9]{1,2})?|[durf][0-9]?"
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
new_game_bodies = st.fixed_dictionaries(
    {},
    optional={
        "suits": json_values | st.sampled_from([1, 2, 4]),
        "deal": json_values | st.sampled_from(["random", "verified"]),
        "rules": json_values
        | st.fixed_dictionaries({}, optional={"undo": json_values, "group": st.sampled_from(["classic", "x"])}),
        "preset": json_values | st.sampled_from(["classic", "duel"]),
        "code": json_values | st.sampled_from(["SP1-S1C-AAAAAAD", "SP1-S4R-ZZZZZZZ", "SP1-S2C-AAAAAAA-T"]),
        "extra": json_values,
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=new_game_bodies | json_values)
def test_no_new_game_body_causes_a_server_error(client: TestClient, body: object) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code in (201, 400, 413, 422), response.text
    assert set(response.json()) >= ({"id", "columns"} if response.status_code == 201 else {"error", "message_id"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.text(max_size=10) | st.from_regex(ACTION_LIKE, fullmatch=True))
def test_no_action_text_causes_a_server_error(client: TestClient, game_id: str, action: str) -> None:
    response = client.post(f"/api/games/{game_id}/actions", json={"action": action})
    assert response.status_code in (200, 409, 422), response.text


def test_an_action_after_the_errors_still_works(client: TestClient, game_id: str) -> None:
    post_action(client, game_id, json={"action": "nonsense"})
    assert act(client, game_id, "d")["view"]["moves"] == 1


def test_requests_without_a_body_take_no_fields(client: TestClient, game_id: str) -> None:
    response = client.post(f"/api/games/{game_id}/restart", json={"keep": True})
    assert refusal(response, 422) == "Unknown field 'keep'; expected no fields."
    assert client.post(f"/api/games/{game_id}/resign", json={}).status_code == 200


def test_a_garbled_or_forged_cookie_makes_a_new_player(client: TestClient, game_id: str) -> None:
    from spider.server.http.identity import PLAYER_COOKIE

    for cookie in ("%%%; ;;=", f"{PLAYER_COOKIE}=short", f'{PLAYER_COOKIE}="; drop', f"{PLAYER_COOKIE}=a b"):
        response = TestClient(client.app).get(f"/api/games/{game_id}", headers={"cookie": cookie})
        assert refusal(response, 404) == "No such game."
        assert response.headers["set-cookie"].startswith(f"{PLAYER_COOKIE}=")  # a new player
    made_up = TestClient(client.app).get(f"/api/games/{game_id}", headers={"cookie": f"{PLAYER_COOKIE}={'x' * 43}"})
    assert refusal(made_up, 404) == "No such game."  # a well-formed token is just another player
    mine = client.cookies[PLAYER_COOKIE]
    among_others = f"theme=dark; {PLAYER_COOKIE}={mine}; lang=en"
    assert TestClient(client.app).get(f"/api/games/{game_id}", headers={"cookie": among_others}).status_code == 200
