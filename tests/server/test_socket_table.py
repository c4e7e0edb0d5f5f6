"""The site's socket knows no domain: the duels, the arenas and presence register on its table, and a kind
no domain registered is refused as an unknown one. The kinds registered are the ones the page sends."""

from __future__ import annotations

import re
import secrets
from typing import Any, get_args

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient

from spider.server.arenas.messages import ArenaEvent
from spider.server.duels.duels import Duels
from spider.server.duels.messages import DuelEvent
from spider.server.http.identity import PLAYER_COOKIE, player_id
from spider.server.http.parts import parts_of
from spider.server.realtime.broker import LocalBroker
from spider.server.realtime.sockets import Connection, Frame, Ref, Sockets, SocketTable, malformed
from tests.test_imports import PACKAGE

from .duel_players import name_of
from .test_duel_sockets import of_type, receive_until

PAGE = PACKAGE / "web" / "js"
SENT = re.compile(r"\bsend\(\{\s*type:\s*'([a-z_]+)'")
"""A frame the page sends on the socket (``send({ type: 'follow', ... })``)."""


def table_of(client: TestClient) -> SocketTable:
    sockets: Sockets = parts_of(client.app)[Sockets]  # type: ignore[attr-defined]
    return sockets.table


def bare_socket(table: SocketTable) -> TestClient:
    """A client of an app that serves the socket alone, with the frames ``table`` has and none else."""
    app = Starlette(routes=[WebSocketRoute("/api/socket", Sockets(LocalBroker(), table).socket)])
    client = TestClient(app)
    client.cookies.set(PLAYER_COOKIE, secrets.token_urlsafe(32))
    return client


def test_a_frame_kind_no_domain_registered_is_refused_as_an_unknown_kind(client: TestClient) -> None:
    name_of(client)
    with client.websocket_connect("/api/socket") as socket:  # the whole site: "shout" is no one's
        socket.receive_json()
        socket.send_json({"type": "shout", "ref": "a"})
        unknown = receive_until(socket, of_type("error"))
    with bare_socket(SocketTable()) as bare, bare.websocket_connect("/api/socket") as socket:  # no domain at all
        for frame in ({"type": "follow", "duel": "x" * 32}, {"type": "follow_arena", "arena": "x" * 32}):
            socket.send_json({**frame, "ref": "a"})
            assert socket.receive_json() == unknown
        socket.send_json({"type": "ping", "ref": 2})
        assert socket.receive_json() == {"type": "pong", "ref": 2}  # the socket's own, and still open


def test_a_registered_handler_gets_the_frame_and_may_refuse_it_as_malformed() -> None:
    table, heard = SocketTable(), []

    async def echo(connection: Connection, request: Frame, ref: Ref) -> None:
        heard.append((connection.player, request["type"], ref))
        if "word" not in request:
            raise malformed()
        await connection.send({"type": "echo", "word": request["word"], "ref": ref})

    table.add_frames({"say": echo})
    with bare_socket(table) as bare, bare.websocket_connect("/api/socket") as socket:
        socket.send_json({"type": "say", "word": "hi", "ref": 1})
        assert socket.receive_json() == {"type": "echo", "word": "hi", "ref": 1}
        socket.send_json({"type": "say", "ref": [1]})  # a ref of no kind the page uses comes back as null
        refused = socket.receive_json()
        assert (refused["type"], refused["message_id"], refused["ref"]) == ("error", "duel.socket_bad_message", None)
    token = bare.cookies[PLAYER_COOKIE]
    assert heard == [(player_id(token), "say", 1), (player_id(token), "say", None)]


def test_a_kind_is_registered_once() -> None:
    table = SocketTable()

    async def handler(connection: Connection, request: Frame, ref: Ref) -> None: ...

    with pytest.raises(ValueError, match="ping"):
        table.add_frames({"ping": handler})
    table.add_frames({"say": handler})
    with pytest.raises(ValueError, match="say"):
        table.add_frames({"say": handler})


def test_the_frame_kinds_registered_are_those_the_page_sends(client: TestClient) -> None:
    sent = {kind for path in PAGE.rglob("*.js") for kind in SENT.findall(path.read_text(encoding="utf-8"))}
    assert sent == {"follow", "unfollow", "follow_arena", "unfollow_arena"}
    assert set(table_of(client).frames) == sent | {"ping"}  # ping: a client's keep-alive (bots, tests)


def test_every_message_the_duels_and_the_arenas_publish_has_its_handler(client: TestClient) -> None:
    published: set[Any] = {*get_args(DuelEvent), *get_args(ArenaEvent)}
    assert set(table_of(client).events) == published


def test_a_new_player_whose_first_request_is_the_socket_is_online_at_once(client: TestClient) -> None:
    """The duels make the player a duelist before presence counts them in (the order of the hooks)."""
    token = secrets.token_urlsafe(32)  # a player the server has never seen
    client.cookies.set(PLAYER_COOKIE, token)
    people = parts_of(client.app)[Duels].people  # type: ignore[attr-defined]
    with client.websocket_connect("/api/socket") as socket:
        hello = socket.receive_json()
        assert hello["type"] == "hello" and hello["me"]["name"]
        assert people.get(player_id(token), 0.0).seen_at is not None
