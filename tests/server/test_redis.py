"""Redis behind the broker (SPEC 3.1): a message published by one server process reaches the subscribers
of another at once, so that players on different processes play one duel."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from spider.server.duels.redis_broker import RedisBroker
from spider.server.limits import NewGames, SharedCounts, Shares

from .duel_players import name_of, open_table
from .test_duel_sockets import of_type, receive_until
from .test_fair_shares import run

REDIS = os.environ.get("SPIDER_TEST_REDIS")
pytestmark = pytest.mark.skipif(REDIS is None, reason="needs the Redis server scripts/test starts")


def test_a_message_published_in_one_process_reaches_a_subscriber_in_another() -> None:
    assert REDIS is not None

    async def scenario() -> None:
        one, other = RedisBroker(REDIS), RedisBroker(REDIS)  # as two server processes would have
        try:
            async with other.subscription() as lobby, other.subscription() as duel:
                await lobby.add("lobby")
                await duel.add("duel:7")
                await one.publish("lobby", {"type": "lobby", "tables": []})
                await one.publish("duel:7", {"type": "progress", "seat": 0})
                assert await asyncio.wait_for(lobby.receive(), 5) == {"type": "lobby", "tables": []}
                assert await asyncio.wait_for(duel.receive(), 5) == {"type": "progress", "seat": 0}
                await duel.remove("duel:7")
                await one.publish("duel:7", {"type": "progress", "seat": 1})
                await one.publish("lobby", {"type": "lobby", "tables": ["t"]})
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


def test_a_players_hint_in_flight_is_one_across_processes() -> None:
    assert REDIS is not None
    one, other = SharedCounts(REDIS), SharedCounts(REDIS)  # as two server processes would have
    try:
        here, there = Shares(4, shared=one), Shares(4, shared=other)
        player = secrets.token_hex(8)
        assert here.claim(player, "hint") is None
        assert there.claim(player, "hint") == "player"  # the same player's second hint, on another process
        assert there.claim(player, "deal") is None and there.claim(secrets.token_hex(8), "hint") is None
        here.release(player, "hint")
        assert there.claim(player, "hint") is None
    finally:
        one.close()
        other.close()


def test_socket_messages_are_counted_across_processes() -> None:
    assert REDIS is not None
    one, other = SharedCounts(REDIS), SharedCounts(REDIS)
    try:
        here = NewGames(60, burst=3, name="socket", shared=one)
        there = NewGames(60, burst=3, name="socket", shared=other)
        player = secrets.token_hex(8)
        assert [here.wait(player), there.wait(player), here.wait(player)] == [0.0, 0.0, 0.0]
        assert there.wait(player) > 0  # the burst was spent on both processes together
    finally:
        one.close()
        other.close()
