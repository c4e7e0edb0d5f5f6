"""Against a real uvicorn server, set up as ``spider serve`` sets it up: slow and idle connections are
closed, connections beyond the limit are refused while the server keeps answering, one client cannot take
every connection, a refused large body's answer reaches the client, the scheme a trusted proxy reports
makes the cookie Secure, and one duel socket cannot stall the server."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spider.server.app import create_app
from spider.server.commands import uvicorn_config
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.settings import Settings
from spider.text import message

PATIENCE = 15.0  # seconds a test waits for what should take one; generous for a busy machine


class RunningServer:
    def __init__(self, server: uvicorn.Server, thread: threading.Thread, port: int) -> None:
        self.server = server
        self.thread = thread
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.sockets: list[socket.socket] = []

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=PATIENCE)
        self.sockets.append(sock)  # closed when the test ends
        return sock


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or PATIENCE runs out)."""
    sock.settimeout(PATIENCE)
    received = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            raise AssertionError(f"the server kept the connection open; it sent {received[:200]!r}") from None
        except ConnectionResetError:
            raise AssertionError(f"the connection was reset after {received[:200]!r}") from None
        if not chunk:
            return received
        received += chunk


def answer_of(raw: bytes) -> tuple[int, dict[str, str], Any]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    headers = {name.lower(): value for name, value in headers.items()}
    return int(lines[0].split()[1]), headers, json.loads(body) if body else None


def length(raw: bytes) -> int:
    """The Content-Length of an answer whose head is in ``raw``."""
    head = raw.partition(b"\r\n\r\n")[0].decode("latin-1").lower()
    return int(head.split("content-length: ", 1)[1].split("\r\n", 1)[0])


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., RunningServer]]:
    running: list[RunningServer] = []

    def start(**changes: Any) -> RunningServer:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        values: dict[str, Any] = dict(
            database=str(tmp_path / f"games-{len(running)}.sqlite"),
            pool_target=0,
            verify_seconds=0,
            solver_workers=0,
            port=port,
        )
        settings = Settings(**{**values, **changes})
        server = uvicorn.Server(uvicorn_config(create_app(settings), settings))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + PATIENCE
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        found = RunningServer(server, thread, port)
        running.append(found)
        return found

    yield start
    for found in running:
        for sock in found.sockets:
            sock.close()
        found.server.should_exit = True
        found.thread.join(PATIENCE)


def test_a_request_whose_head_never_ends_is_closed(serve: Callable[..., RunningServer]) -> None:
    server = serve(header_timeout=0.5)
    half_sent = server.connect()
    half_sent.sendall(b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    silent = server.connect()
    assert read_until_closed(half_sent) == b""
    assert read_until_closed(silent) == b""
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        assert client.get("/api/presets").status_code == 200  # a client that sends its request is served


def test_a_keep_alive_connection_gets_the_same_deadline_for_its_next_head(serve: Callable[..., RunningServer]) -> None:
    server = serve(header_timeout=0.5)
    sock = server.connect()
    sock.sendall(b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    received = b""
    while b"\r\n\r\n" not in received or len(received.partition(b"\r\n\r\n")[2]) < length(received):
        chunk = sock.recv(65536)  # until the whole first answer is in
        assert chunk, "the server closed before answering"
        received += chunk
    assert received.startswith(b"HTTP/1.1 200 ")
    sock.sendall(b"GET /api/presets HTTP/1.1\r\nHost: 1")  # after the answer: the keep-alive timer is off
    assert read_until_closed(sock) == b""


def test_a_body_that_stops_coming_gets_408_and_the_connection_closed(serve: Callable[..., RunningServer]) -> None:
    server = serve(body_timeout=0.5)
    sock = server.connect()
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    )
    sock.sendall(head + b'{"suits": ')
    status, headers, body = answer_of(read_until_closed(sock))
    assert status == 408 and headers["connection"] == "close"
    assert body == {"error": "The request body did not arrive within 0.5 seconds.", "message_id": "server.body_timeout"}


def test_connections_beyond_the_limit_are_refused_and_the_server_keeps_answering(
    serve: Callable[..., RunningServer],
) -> None:
    server = serve(max_connections=4, header_timeout=60)
    idle = [server.connect() for _ in range(4)]
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        refused = client.get("/api/presets")
        assert refused.status_code == 503 and refused.headers["connection"] == "close"
        assert refused.json() == {
            "error": "The server has too many connections open; try again in a moment.",
            "message_id": "server.busy",
        }
        for name in ("x-content-type-options", "x-frame-options", "referrer-policy", "content-security-policy"):
            assert name in refused.headers, f"the 503 lacks {name}, which every other answer has"
        dutch = client.get("/api/presets", headers={"Accept-Language": "nl"})
        assert dutch.status_code == 503 and dutch.json()["error"] == message("server.busy", "nl")
    for sock in idle:
        sock.close()
    deadline = time.monotonic() + PATIENCE
    while True:  # the server notices the closed connections as soon as it runs
        with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
            if client.get("/api/presets").status_code == 200:
                break
        assert time.monotonic() < deadline, "the server stayed busy after the connections closed"
        time.sleep(0.05)


def test_connections_up_to_the_limit_are_served(serve: Callable[..., RunningServer]) -> None:
    server = serve(max_connections=4, header_timeout=60)
    idle = [server.connect() for _ in range(3)]
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        assert client.get("/api/presets").status_code == 200
    for sock in idle:
        sock.close()


def test_the_413_for_a_2_mb_body_reaches_the_client(serve: Callable[..., RunningServer]) -> None:
    server = serve()
    big = b'{"pad": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        response = client.post("/api/games", content=big, headers={"content-type": "application/json"})
        assert response.status_code == 413
        assert response.json() == {
            "error": "The request body is larger than 16,384 bytes.",
            "message_id": "server.body_too_large",
        }
        streamed = client.post(
            "/api/games",
            content=(big[i : i + 65536] for i in range(0, len(big), 65536)),
            headers={"content-type": "application/json"},
        )
        assert streamed.status_code == 413 and streamed.json()["message_id"] == "server.body_too_large"


def test_the_413_for_a_2_mb_body_reaches_a_raw_socket(serve: Callable[..., RunningServer]) -> None:
    server = serve()
    body = b"x" * (2 * 1024 * 1024)
    sock = server.connect()
    head = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    sock.sendall(head + b"Content-Length: %d\r\n\r\n" % len(body) + body)
    status, headers, answer = answer_of(read_until_closed(sock))
    assert status == 413 and headers["connection"] == "close"
    assert answer["message_id"] == "server.body_too_large"


def test_a_client_waiting_to_continue_gets_its_413_without_sending(serve: Callable[..., RunningServer]) -> None:
    server = serve()
    sock = server.connect()
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 2097152\r\nExpect: 100-continue\r\n\r\n"
    )
    status, _, answer = answer_of(read_until_closed(sock))
    assert status == 413 and answer["message_id"] == "server.body_too_large"


def secure_cookie(server: RunningServer, headers: dict[str, str]) -> bool:
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        cookie = client.get("/api/presets", headers=headers).headers["set-cookie"]
    assert cookie.startswith(f"{PLAYER_COOKIE}=")
    return "secure" in [part.strip().lower() for part in cookie.split(";")]


def test_the_cookie_is_secure_when_a_trusted_proxy_says_https(serve: Callable[..., RunningServer]) -> None:
    server = serve()  # trusts 127.0.0.1, where the test connects from
    assert secure_cookie(server, {"x-forwarded-proto": "https"})
    assert not secure_cookie(server, {})


def test_an_untrusted_client_cannot_claim_https(serve: Callable[..., RunningServer]) -> None:
    server = serve(forwarded_allow_ips="192.0.2.1")
    assert not secure_cookie(server, {"x-forwarded-proto": "https"})


def test_a_websocket_outlives_the_deadline_for_request_heads(serve: Callable[..., RunningServer]) -> None:
    server = serve(header_timeout=0.3)
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        client.get("/api/me")
        cookie = f"{PLAYER_COOKIE}={client.cookies[PLAYER_COOKIE]}"
    with connect(f"ws://127.0.0.1:{server.port}/api/socket", additional_headers={"Cookie": cookie}) as socket:
        assert json.loads(socket.recv(PATIENCE))["type"] == "hello"
        time.sleep(1.0)  # three head deadlines: the socket is no request waiting for its head
        socket.send(json.dumps({"type": "ping", "ref": 1}))
        assert json.loads(socket.recv(PATIENCE)) == {"type": "pong", "ref": 1}


def test_a_body_trickled_past_its_deadline_gets_408_and_the_connection_closed(
    serve: Callable[..., RunningServer],
) -> None:
    server = serve(body_timeout=5, body_deadline=1)
    sock = server.connect()
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    )
    sock.sendall(head)
    stop = threading.Event()

    def trickle() -> None:  # a byte every 0.2 s: each well within body_timeout, the whole never done
        while not stop.wait(0.2):
            try:
                sock.sendall(b" ")
            except OSError:
                return

    trickling = threading.Thread(target=trickle, daemon=True)
    trickling.start()
    received = b""
    try:  # the whole answer, not until closed: bytes trickled after the close would reset the connection
        sock.settimeout(PATIENCE)
        while b"\r\n\r\n" not in received or len(received.partition(b"\r\n\r\n")[2]) < length(received):
            chunk = sock.recv(65536)
            assert chunk, f"the server closed after {received[:200]!r}"
            received += chunk
    finally:
        stop.set()
        trickling.join(PATIENCE)
    status, headers, body = answer_of(received)
    assert status == 408 and headers["connection"] == "close"
    assert body == {"error": "The request body did not arrive within 1 seconds.", "message_id": "server.body_timeout"}


def test_one_address_cannot_take_every_connection(serve: Callable[..., RunningServer]) -> None:
    # Connections from 127.0.0.2 are another client's (the whole of 127/8 is this machine); 127.0.0.1 is no proxy here.
    server = serve(max_connections=8, max_connections_per_address=3, header_timeout=60, forwarded_allow_ips="192.0.2.1")
    hoarded = []
    for _ in range(10):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE, source_address=("127.0.0.2", 0))
        server.sockets.append(sock)  # silent, as a head that never ends, for header_timeout's minute
        hoarded.append(sock)
    for sock in hoarded[3:]:
        assert read_until_closed(sock) == b"", "a connection beyond the address's share was kept"
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        assert client.get("/api/presets").status_code == 200  # another client still has room
    hoarded[0].close()
    deadline = time.monotonic() + PATIENCE
    while True:  # a closed connection gives its address its place back
        again = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE, source_address=("127.0.0.2", 0))
        server.sockets.append(again)
        again.sendall(b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        if read_until_closed(again).startswith(b"HTTP/1.1 200 "):
            break
        assert time.monotonic() < deadline, "the address never got its place back"
        time.sleep(0.05)


def cookie_of(server: RunningServer) -> str:
    with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        client.get("/api/me")
        return f"{PLAYER_COOKIE}={client.cookies[PLAYER_COOKIE]}"


def raw_websocket(server: RunningServer, cookie: str) -> socket.socket:
    """A socket on ``/api/socket`` past its handshake, which answers nothing by itself (not even pings)."""
    sock = server.connect()
    key = base64.b64encode(os.urandom(16))
    sock.sendall(
        b"GET /api/socket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: " + key + b"\r\nSec-WebSocket-Version: 13\r\nCookie: " + cookie.encode() + b"\r\n\r\n"
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        assert chunk, "the server closed during the handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101 "), head
    return sock


def frames(data: bytes) -> list[tuple[int, bytes]]:
    """The server's frames in ``data``: (opcode, payload); the server's frames are never masked."""
    found = []
    while len(data) >= 2:
        size, start = data[1] & 0x7F, 2
        if size == 126:
            size, start = struct.unpack("!H", data[2:4])[0], 4
        elif size == 127:
            size, start = struct.unpack("!Q", data[2:10])[0], 10
        found.append((data[0] & 0x0F, data[start : start + size]))
        data = data[start + size :]
    return found


CLOSE, PING = 0x8, 0x9


def test_a_frame_announced_too_large_is_refused_before_it_is_sent(serve: Callable[..., RunningServer]) -> None:
    server = serve()
    sock = raw_websocket(server, cookie_of(server))
    size = 16 * 1024 * 1024
    sock.sendall(bytes([0x81, 0x80 | 127]) + struct.pack("!Q", size) + b"\0\0\0\0" + b"{" * 1024)  # and no more
    closing = [payload for opcode, payload in frames(read_until_closed(sock)) if opcode == CLOSE]
    assert closing and struct.unpack("!H", closing[0][:2])[0] == 1009  # without waiting for the other 16 MB


def test_a_socket_that_leaves_pings_unanswered_is_closed(serve: Callable[..., RunningServer]) -> None:
    server = serve(socket_ping_seconds=0.3)
    sock = raw_websocket(server, cookie_of(server))
    received = frames(read_until_closed(sock))
    assert PING in [opcode for opcode, _ in received]


def test_a_flood_of_follows_closes_the_flooding_socket_and_others_are_answered(
    serve: Callable[..., RunningServer],
) -> None:
    server = serve()
    url = f"ws://127.0.0.1:{server.port}/api/socket"
    with connect(url, additional_headers={"Cookie": cookie_of(server)}) as flooding, connect(
        url, additional_headers={"Cookie": cookie_of(server)}
    ) as other:
        assert json.loads(flooding.recv(PATIENCE))["type"] == "hello"
        assert json.loads(other.recv(PATIENCE))["type"] == "hello"
        follow = json.dumps({"type": "follow", "duel": "no-such-duel"})
        with contextlib.suppress(ConnectionClosed):
            for _ in range(20_000):
                flooding.send(follow)
        heard = []
        with contextlib.suppress(ConnectionClosed):
            while True:
                heard.append(json.loads(flooding.recv(PATIENCE))["message_id"])
        # A few answers at most (the burst's), then the refusal, in a last frame or in the close: not 20,000
        assert len(heard) < 200 and "duel.socket_too_fast" in [*heard[-1:], flooding.close_reason]
        assert flooding.close_code == 1008
        with httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
            assert client.get("/healthz").status_code == 200
        other.send(json.dumps({"type": "ping", "ref": 1}))
        assert json.loads(other.recv(PATIENCE)) == {"type": "pong", "ref": 1}
