"""Fair shares: how much of the server one player may use at once, and how often.

:class:`TokenBuckets`, token buckets per player (``request.state.player``, a hash of the cookie): a player may
start ``per_minute`` games in a burst, then one every ``60 / per_minute`` seconds. Past that, 429 with the
seconds to wait. A flood from fresh cookies (a new player for every request) passes the per-player bounds, so
new games are also counted per client address (a looser bound, as players behind one router share an address):
the address ``identity.client_address`` gives, the forwarded one behind a trusted proxy. The solver's work in
flight is bounded by the work queue (``spider.server.work``).

With ``SPIDER_REDIS_URL`` set, both bounds are kept in Redis (:class:`SharedCounts`), so that they hold
across every server process: a player who makes 5 new games a minute on one process may not make 5 more on
another. Redis out of reach, each process counts on its own again, as without Redis.

>>> clock = [0.0]
>>> games = TokenBuckets(per_minute=2, clock=lambda: clock[0])
>>> games.wait("ann"), games.wait("ann"), games.wait("ann"), games.wait("bob")
(0.0, 0.0, 30.0, 0.0)
>>> clock[0] = 30.0
>>> games.wait("ann")
0.0
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis
from redis.exceptions import RedisError
from starlette.requests import Request

from spider.server.http.identity import client_address
from spider.server.http.parts import part
from spider.server.refusals import TooMany

_EPSILON = 1e-9  # tokens lost to rounding in the clock's arithmetic
MAX_PLAYERS = 100_000  # players whose buckets are remembered; a flood of fresh cookies forgets the oldest

KEY_PREFIX = "spider:limit:"
"""Redis keys of the shared counts, so that a Redis shared with other programs stays tidy."""
SHARE_SECONDS = 120.0
"""How long Redis keeps a share in flight that no process gives back (its process was killed): longer
than any search the solver's workers are given."""
REDIS_SECONDS = 0.5
"""The longest a limit waits for Redis before counting in this process instead."""
RETRY_SECONDS = 5.0
"""How long the limits count in the process, without asking Redis, after Redis failed them."""
UNREACHABLE = (RedisError, OSError)
"""What Redis out of reach raises: the callers then count in their own process."""

_BUCKET = """
local capacity, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local time = redis.call('TIME')
local at = tonumber(time[1]) + tonumber(time[2]) / 1000000
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or capacity
tokens = math.min(capacity, tokens + math.max(0, at - (tonumber(bucket[2]) or at)) * rate)
local wait = 0
if tokens >= 1 - 1e-9 then tokens = math.max(0, tokens - 1) else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
return tostring(wait)
"""
"""A token bucket taken from in one step, on Redis's clock (the processes' clocks may differ)."""


class SharedCounts:
    """Buckets and shares in Redis, seen alike by every server process. Each call raises
    ``RedisError`` or ``OSError`` when Redis is out of reach; the caller then counts in its process.

    The calls are synchronous (a limit is taken in the middle of a request), so that a Redis that stops
    answering would hold up the event loop ``REDIS_SECONDS`` at every call: after a failure, calls fail at
    once for ``RETRY_SECONDS``, and the processes count on their own meanwhile.
    """

    def __init__(self, url: str, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._redis = redis.Redis.from_url(url, socket_timeout=REDIS_SECONDS, socket_connect_timeout=REDIS_SECONDS)
        self._bucket = self._redis.register_script(_BUCKET)
        self._clock = clock
        self._retry_at = 0.0

    def wait(self, key: str, capacity: float, rate: float) -> float:
        """Takes one token from the bucket ``key``: 0.0, or the seconds until there is one."""
        return float(self._call(lambda: self._bucket(keys=[KEY_PREFIX + key], args=[capacity, rate])))

    def hold(self, key: str, seconds: float = SHARE_SECONDS) -> bool:
        """Holds ``key`` for at most ``seconds`` (whole, at least 1): False if it is held already."""
        hold_for = max(1, math.ceil(seconds))
        return bool(self._call(lambda: self._redis.set(KEY_PREFIX + key, b"1", nx=True, ex=hold_for)))

    def keep(self, key: str, seconds: float) -> None:
        """Holds ``key``, already held, for ``seconds`` more from now."""
        self._call(lambda: self._redis.expire(KEY_PREFIX + key, max(1, math.ceil(seconds))))

    def held(self, keys: list[str]) -> int:
        """How many of ``keys`` are held."""
        return int(self._call(lambda: self._redis.exists(*(KEY_PREFIX + key for key in keys))))

    def drop(self, key: str) -> None:
        self._call(lambda: self._redis.delete(KEY_PREFIX + key))

    def close(self) -> None:
        self._redis.close()

    def _call(self, command: Callable[[], Any]) -> Any:
        if self._clock() < self._retry_at:
            raise RedisError("Redis failed a moment ago")
        try:
            return command()
        except UNREACHABLE:
            self._retry_at = self._clock() + RETRY_SECONDS
            raise




@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class TokenBuckets:
    """How often one player (or one address, or one bot) may do a thing, as token buckets: new games a minute,
    actions a second, socket messages, bot requests, arena changes (``per_minute = 0``: no limit).

    ``burst`` is how many may come at once (``per_minute`` unless told); ``name`` tells apart the
    buckets of different limits in ``shared`` (Redis), when they are kept there. With ``window``,
    ``per_minute`` counts per that many seconds instead: actions per second, say.
    """

    def __init__(
        self,
        per_minute: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        message_id: str = "server.too_many_games",
        burst: int | None = None,
        name: str = "games",
        shared: SharedCounts | None = None,
        window: float = 60.0,
    ) -> None:
        self.per_minute = per_minute
        self.burst = per_minute if burst is None else burst
        self.message_id = message_id
        self.name = name
        self.shared = shared
        self.window = window
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()  # least recently used first
        self._lock = threading.Lock()

    def wait(self, player: str) -> float:
        """Takes one new game from the player's bucket: 0.0, or the seconds until there is one."""
        if self.per_minute <= 0:
            return 0.0
        rate = self.per_minute / self.window  # tokens per second
        if self.shared is not None:
            try:
                return self.shared.wait(f"{self.name}:{player}", float(self.burst), rate)
            except UNREACHABLE:
                pass  # counted here until Redis is back
        at = self._clock()
        with self._lock:
            bucket = self._buckets.pop(player, None) or _Bucket(float(self.burst), at)
            bucket.tokens = min(float(self.burst), bucket.tokens + (at - bucket.at) * rate)
            bucket.at = at
            self._buckets[player] = bucket
            self._forget(at)
            if bucket.tokens >= 1.0 - _EPSILON:  # a player back after exactly Retry-After seconds is let in
                bucket.tokens = max(0.0, bucket.tokens - 1.0)
                return 0.0
            return (1.0 - bucket.tokens) / rate

    def take(self, player: str) -> None:
        """Counts one new game for the player, or raises 429 with the seconds to wait."""
        seconds = self.wait(player)
        if seconds > 0:
            raise TooMany(self.message_id, retry_after=seconds, n=self.per_minute)

    def __len__(self) -> int:
        """Players remembered: those who started a game within the last minute."""
        with self._lock:
            return len(self._buckets)

    def _forget(self, at: float) -> None:
        """Drops the buckets that are full again (a full bucket and no bucket are the same), and the
        oldest ones past ``MAX_PLAYERS``, so that memory stays bounded."""
        full_after = self.window * self.burst / self.per_minute
        while self._buckets:
            player, oldest = next(iter(self._buckets.items()))
            if at - oldest.at < full_after and len(self._buckets) <= MAX_PLAYERS:
                break
            del self._buckets[player]


@dataclass(frozen=True, slots=True)
class PlayerLimits:
    """The fair shares every player's requests are counted against: new games a minute, per player and per
    client address (for floods of fresh cookies), and actions a second in all their games and duels, per player and
    per client address."""

    new_games: TokenBuckets
    new_games_here: TokenBuckets
    actions: TokenBuckets
    actions_here: TokenBuckets


def count_new_game(request: Request) -> None:
    """Counts a new game (or a duel's table) against the player's and the address's limits: 429 past either."""
    shares = part(request, PlayerLimits)
    shares.new_games.take(request.state.player)
    if request.client is not None:
        shares.new_games_here.take(client_address(request.scope))


def count_action(request: Request) -> None:
    """Counts one action in a game or a duel against the player's and the address's actions a second: 429 past
    either."""
    shares = part(request, PlayerLimits)
    shares.actions.take(request.state.player)
    shares.actions_here.take(client_address(request.scope))
