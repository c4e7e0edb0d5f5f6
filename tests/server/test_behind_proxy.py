"""Every limit per address holds behind a trusted proxy: the address the proxy forwards (``X-Forwarded-For``) is
the one counted, each forwarded address has its own share, and a peer that is not a trusted proxy cannot choose
its address by writing the header.

The app is served as ``spider serve`` serves it (``commands.uvicorn_config``: uvicorn's proxy headers, with
``forwarded_allow_ips``), its requests coming from the proxy's address; the requests in flight are held on a
real server, behind raw sockets that leave their bodies unsent.
"""

from __future__ import annotations

import socket
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from spider.server.app import create_app
from spider.server.commands import uvicorn_config
from spider.server.settings import Settings

PROXY = ("127.0.0.1", 50000)  # the trusted proxy (``forwarded_allow_ips``'s default)
ANN, BOB = "203.0.113.5", "198.51.100.7"  # two clients behind it
STRANGER = ("192.0.2.44", 50000)  # a peer that is no trusted proxy


@pytest.fixture
def behind_proxy(settings: Settings) -> Iterator[Callable[..., TestClient]]:
    """Apps served as ``spider serve`` serves them (with these settings changed), asked by the proxy."""
    clients: list[TestClient] = []

    def make(**changes: Any) -> TestClient:
        while clients:
            clients.pop().__exit__(None, None, None)
        app_settings = settings.model_copy(update=changes)
        config = uvicorn_config(create_app(app_settings), app_settings)
        config.load()  # as uvicorn does before serving: the app wrapped in the proxy headers' middleware
        client = TestClient(config.loaded_app, client=PROXY)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def browser(client: TestClient, peer: tuple[str, int] = PROXY) -> TestClient:
    """A fresh browser (a new cookie) on the same app, its requests coming from ``peer``."""
    fresh = TestClient(client.app, client=peer)
    fresh.portal = client.portal  # sockets run in the app's loop, as the first client's do
    return fresh


def from_address(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


def new_game(client: TestClient, address: str | None) -> httpx.Response:
    headers = from_address(address) if address is not None else {}
    return browser(client).post("/api/games", json={"suits": 1}, headers=headers)


def test_new_games_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(new_games_per_address_per_minute=2)
    answers = [new_game(client, ANN) for _ in range(3)]  # fresh cookies, one address behind the proxy
    assert [answer.status_code for answer in answers] == [201, 201, 429]
    assert answers[-1].json()["message_id"] == "server.too_many_games_here"
    # another client behind the same proxy has its own share, and so has the proxy itself (its own requests)
    assert [new_game(client, BOB).status_code for _ in range(2)] == [201, 201]
    assert [new_game(client, None).status_code for _ in range(2)] == [201, 201]
    assert new_game(client, BOB).status_code == 429


def test_the_client_is_the_rightmost_address_no_trusted_proxy_wrote(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(new_games_per_address_per_minute=2)
    # Ann writes a made-up address at the left of each request; the proxy appends the one it saw
    made_up = [new_game(client, f"10.0.0.{number}, {ANN}") for number in range(3)]
    assert [answer.status_code for answer in made_up] == [201, 201, 429]
    # the proxy's own address after hers (a chain of trusted proxies) is passed over: still Ann
    assert new_game(client, f"{ANN}, 127.0.0.1").status_code == 429
    assert new_game(client, f"{ANN}, {BOB}").status_code == 201  # Bob's proxy is not trusted: Bob is the client


def test_a_peer_that_is_no_trusted_proxy_cannot_name_its_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(new_games_per_address_per_minute=2)
    answers = [
        browser(client, STRANGER).post("/api/games", json={"suits": 1}, headers=from_address(address))
        for address in (ANN, BOB, "10.0.0.9")
    ]
    assert [answer.status_code for answer in answers] == [201, 201, 429]  # all the stranger's own
    assert new_game(client, ANN).status_code == 201  # and Ann's share behind the proxy untouched


def test_an_ipv6_client_is_counted_by_its_64_network(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(new_games_per_address_per_minute=2)
    same_network = [new_game(client, f"2001:db8:1:2::{number}") for number in range(1, 4)]
    assert [answer.status_code for answer in same_network] == [201, 201, 429]
    assert new_game(client, "2001:db8:1:3::1").status_code == 201


def test_account_tries_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(account_tries_per_minute=2)

    def try_from(address: str) -> int:
        return browser(client).post("/api/account/login/options", headers=from_address(address)).status_code

    assert [try_from(ANN) for _ in range(3)] == [200, 200, 429]
    assert try_from(BOB) == 200


def test_records_shown_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(record_positions_per_address_per_minute=1)
    body = {"code": "SP1-S1C-AAAAAAD", "actions": ["d"]}

    def show_from(address: str) -> int:
        return browser(client).post("/api/records/positions", json=body, headers=from_address(address)).status_code

    assert [show_from(ANN), show_from(ANN), show_from(BOB)] == [200, 429, 200]


def test_daily_boards_read_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(board_reads_per_address_per_minute=2)

    def read_from(address: str, path: str) -> httpx.Response:
        return browser(client).get(path, headers=from_address(address))

    # the daily deals, a day's board and the streaks' board count together; each fresh cookie at ANN's address
    # shares ANN's reads
    firsts = [read_from(ANN, "/api/daily"), read_from(ANN, "/api/leaderboards/streaks")]
    refused = read_from(ANN, "/api/daily/2026-12-05/1")
    assert [response.status_code for response in firsts] == [200, 200]
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert "at most 2 a minute" in refused.json()["error"]
    assert read_from(BOB, "/api/daily").status_code == 200


def test_actions_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(actions_per_address_per_second=1)

    def game_from(address: str) -> Callable[[], httpx.Response]:
        fresh = browser(client)  # a fresh cookie for each game: only the address is shared
        game = fresh.post("/api/games", json={"code": "SP1-S1C-AAAAAAD"}, headers=from_address(address)).json()
        return lambda: fresh.post(f"/api/games/{game['id']}/actions", json={"action": "d"},
                                  headers=from_address(address))

    anns, bobs = [game_from(ANN), game_from(ANN)], game_from(BOB)
    played, refused = anns[0](), anns[1]()  # within the second
    assert played.status_code == 200 and refused.status_code == 429
    assert "at most 1 action a second" in refused.json()["error"]
    assert bobs().status_code == 200


def test_sockets_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(sockets_per_address=1)
    ann, ann_again, bob = browser(client), browser(client), browser(client)
    for each in (ann, ann_again, bob):
        each.get("/api/me")  # a cookie, so a player
    with ann.websocket_connect("/api/socket", headers=from_address(ANN)) as first:
        assert first.receive_json()["type"] == "hello"
        with ann_again.websocket_connect("/api/socket", headers=from_address(ANN)) as second:
            assert second.receive_json()["message_id"] == "duel.socket_too_many"
        with bob.websocket_connect("/api/socket", headers=from_address(BOB)) as other:
            assert other.receive_json()["type"] == "hello"


# Requests in flight, on a real server: a request whose body has not come is under way.

HELD = 2


def hold(url: str, address: str) -> socket.socket:
    """A request from ``address`` (forwarded by the proxy, this test) left waiting for its body: under way."""
    host, port = url.removeprefix("http://").split(":")
    held = socket.create_connection((host, int(port)))
    held.sendall(
        f"POST /api/records/positions HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-For: {address}\r\n"
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n".encode()
    )
    return held


def ask(url: str, address: str) -> httpx.Response:
    return httpx.post(
        f"{url}/api/records/positions", json={"code": "SP1-S1C-AAAAAAD", "actions": ["d"]},
        headers=from_address(address), timeout=10,
    )


def until(check: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_one_client_behind_the_proxy_holds_only_its_share_of_requests(serve: Any) -> None:
    _, url = serve(SPIDER_REQUESTS_IN_FLIGHT_PER_ADDRESS=str(HELD))
    held = [hold(url, ANN) for _ in range(HELD)]
    try:
        assert until(lambda: ask(url, ANN).status_code == 429)  # once the server has both under way
        refused = ask(url, ANN)
        assert refused.json()["message_id"] == "server.too_many_at_once" and refused.headers["retry-after"] == "1"
        assert ask(url, BOB).status_code == 200  # another client behind the same proxy is served
        assert ask(url, f"10.0.0.1, {BOB}").status_code == 200
    finally:
        for each in held:
            each.close()
    assert until(lambda: ask(url, ANN).status_code == 200)  # her requests over, she is served again


def test_an_untrusted_peers_forwarded_address_is_not_believed(serve: Any) -> None:
    _, url = serve(SPIDER_REQUESTS_IN_FLIGHT_PER_ADDRESS=str(HELD), SPIDER_FORWARDED_ALLOW_IPS="10.9.9.9")
    held = [hold(url, ANN), hold(url, BOB)]  # this test's address is no trusted proxy: both are its own
    try:
        assert until(lambda: ask(url, "198.51.100.99").status_code == 429)
    finally:
        for each in held:
            each.close()


def test_arena_joins_are_counted_per_forwarded_address(behind_proxy: Callable[..., TestClient]) -> None:
    client = behind_proxy(arena_changes_per_address_per_minute=2)  # one at once from each address
    deadline = time.monotonic() + 10
    while not (arenas := client.get("/api/arenas").json()["arenas"]) and time.monotonic() < deadline:
        time.sleep(0.05)  # the server schedules its hourly arenas as it starts
    latest = max(arenas, key=lambda arena: arena["ends_at"])  # next hour's: open whatever the minute the test runs at
    join = f"/api/arenas/{latest['id']}/join"
    assert browser(client).post(join, headers=from_address(ANN)).status_code == 200
    refused = browser(client).post(join, headers=from_address(ANN))  # a fresh cookie, the same address
    assert refused.status_code == 429 and refused.json()["message_id"] == "arena.too_fast_here"
    assert browser(client).post(join, headers=from_address(BOB)).status_code == 200
