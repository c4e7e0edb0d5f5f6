"""Redis behind the broker (SPEC 3.1): a message published by one server process reaches the subscribers
of another at once, so that players on different processes play one duel."""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest
from starlette.testclient import TestClient

from spider.server.duels.duels import Duels
from spider.server.http.limits import SharedCounts, TokenBuckets
from spider.server.http.parts import parts_of
from spider.server.realtime.redis_broker import RedisBroker

from .authenticator import Authenticator
from .conftest import free_port
from .duel_players import another_player, name_of, open_table, start_duel
from .test_accounts import new_account, sign_in
from .test_duel_sockets import of_type, receive_until
from .test_fair_shares import run

REDIS = os.environ.get("SPIDER_TEST_REDIS")
pytestmark = pytest.mark.skipif(REDIS is None, reason="needs the Redis server scripts/test starts")


def test_a_message_published_in_one_process_reaches_a_subscriber_in_another() -> None:
    assert REDIS is not None

    # topics of this test's own: the servers of other tests share the Redis, and a made-up lobby on the real
    # "lobby" topic would reach their sockets
    lobby_topic, duel_topic = f"lobby-{secrets.token_hex(4)}", f"duel:{secrets.token_hex(4)}"

    async def scenario() -> None:
        one, other = RedisBroker(REDIS), RedisBroker(REDIS)  # as two server processes would have
        try:
            async with other.subscription() as lobby, other.subscription() as duel:
                await lobby.add(lobby_topic)
                await duel.add(duel_topic)
                await one.publish(lobby_topic, {"type": "lobby", "tables": []})
                await one.publish(duel_topic, {"type": "progress", "seat": 0})
                assert await asyncio.wait_for(lobby.receive(), 5) == {"type": "lobby", "tables": []}
                assert await asyncio.wait_for(duel.receive(), 5) == {"type": "progress", "seat": 0}
                await duel.remove(duel_topic)
                await one.publish(duel_topic, {"type": "progress", "seat": 1})
                await one.publish(lobby_topic, {"type": "lobby", "tables": ["t"]})
                assert await asyncio.wait_for(lobby.receive(), 5) == {"type": "lobby", "tables": ["t"]}
                with pytest.raises(TimeoutError):  # removed: the duel's topic no longer reaches it
                    await asyncio.wait_for(duel.receive(), 0.5)
            assert await one.reachable() is None
        finally:
            await one.close()
            await other.close()

    run(scenario())


def test_players_on_two_processes_play_one_duel_live(make_client: Callable[..., TestClient]) -> None:
    first = make_client(shared_database=True, redis_url=REDIS)
    second = make_client(shared_database=True, redis_url=REDIS)  # another server process, as far as it knows
    table = open_table(first)
    with first.websocket_connect("/api/socket") as mine:
        mine.receive_json()
        joined = second.post(f"/api/duels/{table['id']}/join")
        assert joined.status_code == 200 and joined.json()["state"] == "playing"
        started = receive_until(mine, of_type("duel_started"))
        assert started["duel"] == table["id"]
        mine.send_json({"type": "follow", "duel": table["id"]})
        receive_until(mine, of_type("duel"))
        played = second.post(f"/api/duels/{table['id']}/actions", json={"action": "d"})
        assert played.status_code == 200, played.text
        progress = receive_until(mine, of_type("progress"))  # from the other process, through Redis
        assert progress["seat"] == 1 and progress["player"]["name"] == name_of(second)
        assert progress["player"]["score"] == -1
    assert second.get("/healthz").json() == {"ok": True, "database": "ok", "redis": "ok"}


def test_socket_messages_are_counted_across_processes() -> None:
    assert REDIS is not None
    one, other = SharedCounts(REDIS), SharedCounts(REDIS)
    try:
        here = TokenBuckets(60, burst=3, name="socket", shared=one)
        there = TokenBuckets(60, burst=3, name="socket", shared=other)
        player = secrets.token_hex(8)
        assert [here.wait(player), there.wait(player), here.wait(player)] == [0.0, 0.0, 0.0]
        assert there.wait(player) > 0  # the burst was spent on both processes together
    finally:
        one.close()
        other.close()


class OwnRedis:
    """A Redis server of the test's own, which it stops and starts again on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while run(self.reachable()) is not None:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    async def reachable(self) -> str | None:
        probe = RedisBroker(self.url)
        try:
            return await probe.reachable()
        finally:
            await probe.close()

    def stop(self) -> None:
        assert self.process is not None
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server, which scripts/services installs")
    redis = OwnRedis()
    redis.start()
    yield redis
    if redis.process is not None and redis.process.poll() is None:
        redis.stop()


def test_with_redis_down_a_duel_action_is_answered_as_stored_and_its_events_follow_later(
    make_client: Callable[..., TestClient], own_redis: OwnRedis
) -> None:
    client = make_client(redis_url=own_redis.url)
    other = another_player(client)
    duel_id = start_duel(client, other)
    own_redis.stop()
    played = client.post(f"/api/duels/{duel_id}/actions", json={"action": "d", "version": 0})
    assert played.status_code == 200, played.text  # stored, so answered as stored: not a 500
    assert played.json()["view"]["version"] == 1 and played.json()["duel"]["players"][0]["score"] == -1
    assert other.get(f"/api/duels/{duel_id}").json()["players"][0]["score"] == -1
    finished = other.post(f"/api/duels/{duel_id}/finish")
    assert finished.status_code == 200 and finished.json()["players"][1]["finished"]

    own_redis.start()
    duels = parts_of(client.app)[Duels]  # type: ignore[attr-defined]

    async def caught_up() -> list[dict[str, object]]:
        listener = RedisBroker(own_redis.url)  # a page's socket on another process, back with Redis
        try:
            async with listener.subscription() as subscription:
                await subscription.add(f"duel:{duel_id}")
                assert await asyncio.to_thread(client.portal.call, duels.catch_up) > 0  # the clock's tick
                heard = [await asyncio.wait_for(subscription.receive(), 5)]
                while heard[-1]["type"] != "progress" or heard[-1]["seat"] != 1:
                    heard.append(await asyncio.wait_for(subscription.receive(), 5))
                return heard
        finally:
            await listener.close()

    heard = run(caught_up())
    progress = [(frame["seat"], frame["player"]["score"]) for frame in heard if frame["type"] == "progress"]  # type: ignore[index]
    assert progress == [(0, -1), (1, 0)]  # the missed events, in the order they happened
    assert not parts_of(client.app)[Duels].outbox.unsent  # type: ignore[attr-defined]


def test_new_accounts_from_one_address_and_a_sign_out_hold_across_processes(
    make_client: Callable[..., TestClient],
) -> None:
    first = make_client(shared_database=True, redis_url=REDIS, accounts_per_address_per_day=1)
    second = make_client(shared_database=True, redis_url=REDIS, accounts_per_address_per_day=1)
    address = (f"10.9.{secrets.randbelow(250)}.{secrets.randbelow(250)}", 5000)  # this test's own address
    one, other = TestClient(first.app, client=address), TestClient(second.app, client=address)
    one.portal, other.portal = first.portal, second.portal
    device, _ = new_account(one, "Ada")
    other.put("/api/me", json={"name": "Bob"})
    options = other.post("/api/account/register/options", json={}).json()
    refused = other.post("/api/account/register", json=Authenticator().create(options))
    assert refused.status_code == 429 and refused.json()["message_id"] == "account.too_many_accounts"
    # signed in on the second process; signed out from the first: its socket on the second closes at once
    assert sign_in(other, device).status_code == 200
    with other.websocket_connect("/api/socket") as socket:
        socket.receive_json()
        assert one.post("/api/account/logout", json={"everywhere": True}).status_code == 200
        assert receive_until(socket, of_type("error"))["message_id"] == "account.signed_out"
