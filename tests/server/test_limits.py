"""New games per player per minute (SPIDER_NEW_GAMES_PER_MINUTE): a token bucket, 429 with Retry-After beyond."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from redis.exceptions import TimeoutError as RedisTimeoutError
from starlette import status
from starlette.testclient import TestClient

from spider.server.http.limits import MAX_PLAYERS, RETRY_SECONDS, PlayerLimits, SharedCounts, TokenBuckets
from spider.server.http.parts import parts_of
from spider.server.settings import Settings

from .conftest import Clock, new_game

CODE = "SP1-S1C-AAAAAAD"


def limited(client: TestClient, per_minute: int = 20) -> Clock:
    """The client's app with a new-games limit on a hand-moved clock."""
    clock = Clock()
    parts = parts_of(client.app)
    parts.replace(PlayerLimits, replace(parts[PlayerLimits], new_games=TokenBuckets(per_minute, clock=clock)))
    return clock


def start(client: TestClient) -> int:
    return client.post("/api/games", json={"suits": 1}).status_code


def test_the_21st_new_game_in_a_minute_is_refused_with_the_seconds_to_wait(client: TestClient) -> None:
    clock = limited(client)
    assert [start(client) for _ in range(20)] == [status.HTTP_201_CREATED] * 20
    refused = client.post("/api/games", json={"suits": 1})
    assert refused.status_code == status.HTTP_429_TOO_MANY_REQUESTS
    assert refused.headers["retry-after"] == "3"  # one game every 60 / 20 seconds
    assert refused.json() == {
        "error": "You can start at most 20 new games a minute; try again in a moment.",
        "message_id": "server.too_many_games",
    }
    clock.now += 2.9
    assert start(client) == status.HTTP_429_TOO_MANY_REQUESTS
    clock.now += 0.1
    assert start(client) == status.HTTP_201_CREATED
    assert start(client) == status.HTTP_429_TOO_MANY_REQUESTS  # the one game that came back is spent
    clock.now += 60
    assert [start(client) for _ in range(21)] == [201] * 20 + [429]  # a full bucket again, and no more


def test_one_players_new_games_do_not_count_against_another(client: TestClient) -> None:
    limited(client, per_minute=2)
    assert [start(client) for _ in range(3)] == [201, 201, 429]
    other = TestClient(client.app)  # another cookie
    assert [start(other) for _ in range(3)] == [201, 201, 429]


def test_a_restart_is_a_new_game_too(client: TestClient) -> None:
    limited(client, per_minute=2)
    view = new_game(client, code=CODE)
    assert client.post(f"/api/games/{view['id']}/restart").status_code == status.HTTP_201_CREATED
    refused = client.post(f"/api/games/{view['id']}/restart")
    assert refused.status_code == status.HTTP_429_TOO_MANY_REQUESTS and refused.headers["retry-after"] == "30"
    assert start(client) == status.HTTP_429_TOO_MANY_REQUESTS


def test_the_limit_comes_from_the_environment_and_zero_lifts_it(make_client: Callable[..., TestClient]) -> None:
    assert Settings().new_games_per_minute == 20
    assert Settings.from_env({"SPIDER_NEW_GAMES_PER_MINUTE": "1"}).new_games_per_minute == 1
    one = make_client(new_games_per_minute=1)
    assert [start(one) for _ in range(2)] == [201, 429]
    assert one.post("/api/games", json={"suits": 1}).json()["error"] == (
        "You can start at most 1 new game a minute; try again in a moment."
    )
    unlimited = make_client(new_games_per_minute=0)
    assert all(start(unlimited) == status.HTTP_201_CREATED for _ in range(30))


def test_a_flood_of_fresh_players_is_forgotten_once_their_buckets_are_full() -> None:
    clock = Clock()
    games = TokenBuckets(20, clock=clock)
    for number in range(1000):
        assert games.wait(f"player {number}") == 0.0
    assert len(games) == 1000
    clock.now += 60  # every bucket is full again: remembering them changes nothing
    assert games.wait("one more") == 0.0
    assert len(games) == 1


def test_the_players_remembered_are_bounded_within_a_minute_too() -> None:
    games = TokenBuckets(20, clock=Clock())
    for number in range(MAX_PLAYERS + 10):
        games.wait(f"player {number}")
    assert len(games) == MAX_PLAYERS


def test_fresh_cookies_from_one_address_meet_the_address_limit(make_client: Callable[..., TestClient]) -> None:
    client = make_client(new_games_per_address_per_minute=3)
    answers = [TestClient(client.app).post("/api/games", json={"suits": 1}) for _ in range(4)]  # a new player each
    assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
    assert answers[-1].json()["message_id"] == "server.too_many_games_here"
    assert answers[-1].headers["retry-after"] == "20"
    unlimited = make_client(new_games_per_address_per_minute=0)
    assert all(TestClient(unlimited.app).post("/api/games", json={"suits": 1}).status_code == 201 for _ in range(5))


def test_with_redis_out_of_reach_the_limit_is_counted_in_the_process() -> None:
    clock = Clock()
    games = TokenBuckets(2, clock=clock, shared=SharedCounts("redis://127.0.0.1:9/0"))  # nothing listens on port 9
    try:
        assert [games.wait("ann"), games.wait("ann"), games.wait("ann")] == [0.0, 0.0, 30.0]
    finally:
        assert games.shared is not None
        games.shared.close()


def test_after_redis_fails_the_limits_do_not_wait_for_it_again_for_a_while() -> None:
    clock = Clock()
    shared = SharedCounts("redis://127.0.0.1:9/0", clock=clock)
    asked: list[str] = []

    def unreachable(**_: object) -> None:  # as a Redis that lets each call wait REDIS_SECONDS, then fails
        asked.append("bucket")
        raise RedisTimeoutError("no answer")

    shared._bucket = unreachable  # type: ignore[assignment]
    games = TokenBuckets(2, clock=clock, shared=shared)
    try:
        assert [games.wait("ann"), games.wait("ann"), games.wait("ann")] == [0.0, 0.0, 30.0]
        assert asked == ["bucket"]  # each later call would have held up the event loop
        clock.now += RETRY_SECONDS
        games.wait("bob")
        assert asked == ["bucket", "bucket"]  # asked again once the pause is over
    finally:
        shared.close()
