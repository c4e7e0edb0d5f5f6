"""The duels' WebSocket: the lobby and invitations live, the opponent's progress, watching after one's
own game has ended, and clear refusals of malformed, oversized or unknown messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from .duel_players import another_player, duel_act, get_duel, name_of, open_table, start_duel


def receive_until(socket: WebSocketTestSession, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first frame ``wanted`` accepts (of the next 30)."""
    for _ in range(30):
        frame: dict[str, Any] = socket.receive_json()
        if wanted(frame):
            return frame
    raise AssertionError("the frame never came")


def of_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda frame: frame["type"] == kind


def test_the_socket_greets_the_player_and_brings_new_tables(client: TestClient) -> None:
    other, me = another_player(client), name_of(client)
    with client.websocket_connect("/api/socket") as socket:
        hello = socket.receive_json()
        assert hello["type"] == "hello" and hello["me"]["name"] == me and hello["lobby"] == []
        assert hello["friends"] == {"friends": [], "ignored": []} and hello["invitations"] == []
        table = open_table(other)
        lobby = receive_until(socket, of_type("lobby"))
        assert [(t["id"], t["creator"]) for t in lobby["tables"]] == [(table["id"], name_of(other))]
        other.post(f"/api/duels/{table['id']}/leave")
        assert receive_until(socket, of_type("lobby"))["tables"] == []


def test_an_ignored_players_new_table_does_not_reach_the_lobby(client: TestClient) -> None:
    other, third = another_player(client), another_player(client)
    client.put(f"/api/ignored/{name_of(other)}")
    with client.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        open_table(other)
        assert receive_until(socket, of_type("lobby"))["tables"] == []
        table = open_table(third)
        assert [t["id"] for t in receive_until(socket, of_type("lobby"))["tables"]] == [table["id"]]


def test_a_made_up_name_reaches_each_socket_in_its_readers_language(client: TestClient) -> None:
    other = another_player(client)
    mine, theirs = (name_of(player).removeprefix("Player ") for player in (client, other))  # made up in English
    with client.websocket_connect("/api/socket", headers={"Accept-Language": "he"}) as socket:
        assert socket.receive_json()["me"]["name"] == f"שחקן {mine}"
        table = open_table(other)
        assert [t["creator"] for t in receive_until(socket, of_type("lobby"))["tables"]] == [f"שחקן {theirs}"]
        other.post(f"/api/duels/{table['id']}/invite", json={"name": f"Speler {mine}"})
        assert receive_until(socket, of_type("invitation"))["by"] == f"שחקן {theirs}"
        client.post(f"/api/duels/{table['id']}/accept")
        socket.send_json({"type": "follow", "duel": table["id"]})
        followed = receive_until(socket, of_type("duel"))["duel"]
        assert [player["name"] for player in followed["players"]] == [f"שחקן {theirs}", f"שחקן {mine}"]
        duel_act(other, table["id"], "d")
        assert receive_until(socket, of_type("progress"))["player"]["name"] == f"שחקן {theirs}"


def test_an_invitation_and_its_answer_arrive_live(client: TestClient) -> None:
    other = another_player(client)
    table = open_table(client)
    with client.websocket_connect("/api/socket") as mine, other.websocket_connect("/api/socket") as theirs:
        mine.receive_json()
        theirs.receive_json()
        client.post(f"/api/duels/{table['id']}/invite", json={"name": name_of(other)})
        invitation = receive_until(theirs, of_type("invitation"))
        assert (invitation["duel"], invitation["by"], invitation["minutes"]) == (table["id"], name_of(client), 3)
        other.post(f"/api/duels/{table['id']}/accept")
        assert receive_until(mine, of_type("duel_started"))["duel"] == table["id"]
        answered = receive_until(mine, of_type("invitation_answered"))
        assert answered["accepted"] is True and answered["name"] == name_of(other)


def test_the_opponent_sees_progress_and_after_finishing_watches_the_table(client: TestClient) -> None:
    other = another_player(client)
    duel_id = start_duel(client, other)
    with client.websocket_connect("/api/socket") as mine, other.websocket_connect("/api/socket") as theirs:
        for socket in (mine, theirs):
            socket.receive_json()
            socket.send_json({"type": "follow", "duel": duel_id})
            assert receive_until(socket, of_type("duel"))["duel"]["state"] == "playing"
        played = duel_act(client, duel_id, "d")  # the page acts over HTTP; the socket brings the news
        assert played["view"]["stock"]["cards"] == 40 and played["duel"]["remaining_ms"] > 0
        progress = receive_until(theirs, of_type("progress"))
        assert progress["seat"] == 0 and progress["player"]["score"] == -1 and not progress["player"]["finished"]
        fields = {"name", "computer", "bot", "rating", "provisional", "score", "runs", "turned_up", "finished", "ended"}
        assert set(progress["player"]) == fields  # progress only: no card
        finished = other.post(f"/api/duels/{duel_id}/finish").json()
        assert finished["players"][1]["finished"] and finished["watch"] == played["view"]
        again = duel_act(client, duel_id, "d")
        assert receive_until(theirs, of_type("watch"))["view"] == again["view"]


def test_actions_go_over_http_and_the_socket_refuses_them_by_their_ref(client: TestClient) -> None:
    other, third = another_player(client), another_player(client)
    duel_id = start_duel(client, other)
    with third.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        for kind in ("action", "finish", "shout"):
            socket.send_json({"type": kind, "duel": duel_id, "action": "d", "ref": kind})
            refused = receive_until(socket, of_type("error"))
            assert (refused["ref"], refused["message_id"]) == (kind, "duel.socket_bad_message") and refused["error"]
        socket.send_json({"type": "ping", "ref": 3})
        assert receive_until(socket, of_type("pong"))["ref"] == 3  # still open
    refused = third.post(f"/api/duels/{duel_id}/actions", json={"action": "d"})
    assert (refused.status_code, refused.json()["message_id"]) == (403, "duel.not_yours")
    assert get_duel(client, duel_id)["players"][0]["score"] == 0  # nothing played in anyone's game


@pytest.mark.parametrize(
    ("sent", "code", "message_id"),
    [("not json at all", 1007, "duel.socket_not_json"), ("[1, 2]", 1007, "duel.socket_not_json"),
     ('{"type": "ping", "pad": "' + "x" * 2000 + '"}', 1009, "duel.socket_too_large")],
)
def test_a_malformed_or_oversized_message_closes_the_socket_with_a_sentence(
    client: TestClient, sent: str, code: int, message_id: str
) -> None:
    name_of(client)  # the page was opened: the cookie is set
    with client.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        socket.send_text(sent)
        error = socket.receive_json()
        assert error["type"] == "error" and error["message_id"] == message_id and error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == code


def test_a_socket_without_the_players_cookie_is_closed(client: TestClient) -> None:
    stranger = TestClient(client.app)
    stranger.portal = client.portal
    with stranger.websocket_connect("/api/socket") as socket:
        assert socket.receive_json()["message_id"] == "duel.socket_no_player"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008


def test_a_socket_opened_from_another_sites_page_is_refused(client: TestClient) -> None:
    name_of(client)
    elsewhere = {"origin": "https://elsewhere.example"}
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/api/socket", headers=elsewhere):
        pass
    assert refused.value.code == 1008
    with client.websocket_connect("/api/socket", headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["type"] == "hello"  # the page's own site is welcome


def test_a_player_may_hold_only_so_many_sockets_and_a_closed_one_frees_its_place(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(sockets_per_player=2)
    name_of(client)
    with client.websocket_connect("/api/socket") as first, client.websocket_connect("/api/socket") as second:
        assert first.receive_json()["type"] == "hello" and second.receive_json()["type"] == "hello"
        with client.websocket_connect("/api/socket") as third:
            error = third.receive_json()
            assert error["message_id"] == "duel.socket_too_many" and error["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1008
        other = another_player(client)
        with other.websocket_connect("/api/socket") as theirs:  # another player keeps their room
            assert theirs.receive_json()["type"] == "hello"
    with client.websocket_connect("/api/socket") as again:
        assert again.receive_json()["type"] == "hello"


def test_a_player_sending_faster_than_the_limit_is_told_and_closed(make_client: Callable[..., TestClient]) -> None:
    client = make_client(socket_messages_per_minute=60, socket_burst=5)
    name_of(client)
    with client.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        for ref in range(5):
            socket.send_json({"type": "ping", "ref": ref})
            assert socket.receive_json() == {"type": "pong", "ref": ref}
        socket.send_json({"type": "ping", "ref": 5})
        error = socket.receive_json()
        assert error["message_id"] == "duel.socket_too_fast" and error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008


def test_an_address_may_hold_only_so_many_sockets_whoever_opens_them(make_client: Callable[..., TestClient]) -> None:
    client = make_client(sockets_per_address=1)  # the test client's players all come from one address
    name_of(client)
    with client.websocket_connect("/api/socket") as first:
        assert first.receive_json()["type"] == "hello"
        with another_player(client).websocket_connect("/api/socket") as fresh_cookie:
            assert fresh_cookie.receive_json()["message_id"] == "duel.socket_too_many"
            with pytest.raises(WebSocketDisconnect) as closed:
                fresh_cookie.receive_json()
            assert closed.value.code == 1008
