"""Fair shares: how much of the server one player may use at once, and how often.

Two kinds of bound, each per player (``request.state.player``, a hash of the cookie):

- :class:`NewGames`, a token bucket: a player may start ``per_minute`` games in a burst, then one
  every ``60 / per_minute`` seconds. Past that, 429 with the seconds to wait.
- :class:`Shares`, the solver's work in flight: at most one search of each kind per player, and at
  most ``total`` of all kinds at once for everybody, so that the queue in front of a solver worker
  (and so the wait of whoever comes next) stays short.

A flood from fresh cookies (a new player for every request) passes the per-player bounds; the total
in :class:`Shares` is what keeps the solver's queue short for everyone else then, and new games are
also counted per client address (a looser bound, as players behind one router share an address).

>>> clock = [0.0]
>>> games = NewGames(per_minute=2, clock=lambda: clock[0])
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
from typing import Literal

from starlette import status
from starlette.requests import Request

from spider.server.errors import RequestError

_EPSILON = 1e-9  # tokens lost to rounding in the clock's arithmetic
MAX_PLAYERS = 100_000  # players whose buckets are remembered; a flood of fresh cookies forgets the oldest

Refusal = Literal["player", "full"]  # why a share of the solver was refused: see Shares.claim


def too_many(message_id: str, seconds: float, **params: object) -> RequestError:
    """429 with a ``Retry-After`` of whole seconds (at least 1, as the header has no fractions)."""
    wait = max(1, math.ceil(seconds - _EPSILON))
    return RequestError(
        status.HTTP_429_TOO_MANY_REQUESTS, message_id, headers={"retry-after": str(wait)}, **params
    )


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class NewGames:
    """New games per player (or per address) per minute, as token buckets (``per_minute = 0``: no limit).
    With ``window``, ``per_minute`` counts per that many seconds instead: actions per second, say."""

    def __init__(
        self,
        per_minute: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        message_id: str = "server.too_many_games",
        window: float = 60.0,
    ) -> None:
        self.per_minute = per_minute
        self.message_id = message_id
        self.window = window
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()  # least recently used first
        self._lock = threading.Lock()

    def wait(self, player: str) -> float:
        """Takes one new game from the player's bucket: 0.0, or the seconds until there is one."""
        if self.per_minute <= 0:
            return 0.0
        rate = self.per_minute / self.window  # tokens per second
        at = self._clock()
        with self._lock:
            bucket = self._buckets.pop(player, None) or _Bucket(float(self.per_minute), at)
            bucket.tokens = min(float(self.per_minute), bucket.tokens + (at - bucket.at) * rate)
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
            raise too_many(self.message_id, seconds, n=self.per_minute)

    def __len__(self) -> int:
        """Players remembered: those who started a game within the last minute."""
        with self._lock:
            return len(self._buckets)

    def _forget(self, at: float) -> None:
        """Drops the buckets that are full again (a full bucket and no bucket are the same), and the
        oldest ones past ``MAX_PLAYERS``, so that memory stays bounded."""
        full_after = self.window
        while self._buckets:
            player, oldest = next(iter(self._buckets.items()))
            if at - oldest.at < full_after and len(self._buckets) <= MAX_PLAYERS:
                break
            del self._buckets[player]


class Shares:
    """The solver work in flight, by player and kind: :meth:`claim` a share before the work is queued,
    :meth:`release` it when the work is done (not when the request gives up: the worker is still busy)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self._held: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def claim(self, player: str, kind: str) -> Refusal | None:
        """Takes a share; or says why not: ``"player"`` (one of this kind is already in flight for the
        player) or ``"full"`` (``total`` are in flight)."""
        with self._lock:
            if (player, kind) in self._held:
                return "player"
            if len(self._held) >= self.total:
                return "full"
            self._held.add((player, kind))
            return None

    def release(self, player: str, kind: str) -> None:
        with self._lock:
            self._held.discard((player, kind))

    def __len__(self) -> int:
        with self._lock:
            return len(self._held)


def count_new_game(request: Request) -> None:
    """Counts a new game (or a duel's table) against the player's and the address's limits: 429 past either."""
    by_player: NewGames = request.app.state.new_games
    by_address: NewGames = request.app.state.new_games_by_address
    by_player.take(request.state.player)
    if request.client is not None:
        by_address.take(request.client.host)


def count_action(request: Request) -> None:
    """Counts one action in a game or a duel against the player's actions a second: 429 past it."""
    actions: NewGames = request.app.state.actions
    actions.take(request.state.player)
