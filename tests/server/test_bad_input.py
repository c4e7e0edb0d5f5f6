"""Bad input answered with a 4xx or an error frame, on SQLite and PostgreSQL alike (issue 35, item 8): a
superscript digit in a code, a number too long to write, and a NUL or a lone surrogate where an id or a
name goes. Each of these gave 500, or killed a socket's handler without a word, before."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from .conftest import act, new_game
from .duel_players import another_player, name_of, start_duel

CODE = "SP1-S1C-AAAAAAD"
NUL_ID = "AAAAAAAAAAAAAAA%00"  # an id's 16 characters, the last a NUL


def refusal(response: Any, status: int, message_id: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["message_id"] == message_id, body
    text: str = body["error"]
    return text


@pytest.mark.parametrize("digit", ["\N{SUPERSCRIPT TWO}", "\N{ARABIC-INDIC DIGIT TWO}", "\N{CIRCLED DIGIT TWO}"])
def test_a_suit_count_in_other_digits_than_0_to_9_is_refused_naming_it(client: TestClient, digit: str) -> None:
    text = refusal(client.post("/api/games", json={"code": f"SP1-S{digit}C-AAAAAAD"}), 422, "invalid.code_suits")
    assert f"S{digit}C" in text


def test_resume_after_an_action_number_too_long_to_write_says_where_the_game_ends(client: TestClient) -> None:
    game_id = new_game(client, code=CODE)["id"]
    act(client, game_id, "d")
    client.post(f"/api/games/{game_id}/resign")
    client.get(f"/api/games/{game_id}/analysis")
    text = refusal(client.post(f"/api/games/{game_id}/resume", json={"at": 10**30}), 409, "server.resume_past_end")
    assert "1 action" in text and str(10**30) in text


@pytest.mark.parametrize(
    ("method", "path", "message_id"),
    [
        ("GET", f"/api/games/{NUL_ID}", "server.no_such_game"),
        ("POST", f"/api/games/{NUL_ID}/resign", "server.no_such_game"),
        ("GET", f"/api/games/{NUL_ID}/analysis", "server.no_such_game"),
        ("GET", "/api/games/AAAAAAAAAAAAAAA%C2%B2", "server.no_such_game"),
        ("GET", f"/api/duels/{NUL_ID}", "duel.no_such_duel"),
        ("POST", f"/api/duels/{NUL_ID}/join", "duel.no_such_duel"),
        ("POST", f"/api/duels/{NUL_ID}/accept", "duel.no_invitation"),
        ("GET", "/api/players/ann%00", "duel.no_such_player"),
        ("PUT", "/api/friends/ann%00", "duel.no_such_player"),
    ],
)
def test_a_nul_where_an_id_or_a_name_goes_is_not_found(
    client: TestClient, method: str, path: str, message_id: str
) -> None:
    name_of(client)
    refusal(client.request(method, path), 404, message_id)


@pytest.mark.parametrize("token", ["AAAAAAAAAAAAAAA\x00", "\x00", "AAAAAAAAAAAAAAA\N{SUPERSCRIPT TWO}"])
def test_a_share_link_with_a_nul_is_not_found(client: TestClient, token: str) -> None:
    refusal(client.post("/api/games", json={"share": token}), 404, "server.no_such_share")


@pytest.mark.parametrize("duel_id", ['"AAAAAAAAAAAAAAA\\u0000"', '"\\ud800"', '"AAAAAAAAAAAAAA\\udfff"'])
@pytest.mark.parametrize("kind", ["follow", "unfollow"])
def test_a_nul_or_lone_surrogate_in_a_duel_id_gets_an_error_frame_and_the_socket_goes_on(
    client: TestClient, duel_id: str, kind: str
) -> None:
    real = start_duel(client, another_player(client))
    with client.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        socket.send_text(f'{{"type": "{kind}", "duel": {duel_id}, "action": "d", "ref": 5}}')
        refused = socket.receive_json()
        assert (refused["type"], refused["message_id"], refused["ref"]) == ("error", "duel.no_such_duel", 5)
        assert refused["error"] == "No such duel."
        socket.send_json({"type": "follow", "duel": real})  # still read and answered
        assert socket.receive_json()["type"] == "duel"
