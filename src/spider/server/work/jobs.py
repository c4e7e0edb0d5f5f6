"""What a job is: a plain function and its plain arguments, sent by name to a worker process; whose it is
(a player at a client address); its kind, which sets its priority and how long it is expected to take.

A worker imports the function's module by name, so a job's function lives in a module that imports the engine
and the solver only (``spider.server.solving.workers``, ``spider.players.review``, ...), never the web stack.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from enum import IntEnum
from typing import Any


class Priority(IntEnum):
    """Lower is taken first. The last worker process of a machine (when it has two or more) takes only
    ``PLAY`` and ``METER`` jobs, so that a hint never waits behind a review, a deal or an analysis."""

    PLAY = 0  # a hint: a player waits at the table
    METER = 1  # "no more moves" and the win-chance meter after a move, a computer opponent's next action
    DEAL = 2  # a verified deal solved on the spot, the daily deal of a day
    STUDY = 3  # analyses, reviews, record positions, "try again from here"


QUICK = Priority.METER
"""The least urgent priority a machine's quick worker takes."""


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    priority: Priority
    seconds: float
    """How long one is expected to take before any has been timed (then: the running mean of those timed)."""


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind("hint", Priority.PLAY, 0.2),
        Kind("stuck", Priority.METER, 0.2),
        Kind("chance", Priority.METER, 1.0),
        Kind("computer", Priority.METER, 0.3),
        Kind("weakest", Priority.METER, 0.03),  # the weakest computer player's score on a duel's deal
        Kind("deal", Priority.DEAL, 3.0),
        Kind("daily", Priority.DEAL, 5.0),
        Kind("analysis", Priority.STUDY, 30.0),
        Kind("review", Priority.STUDY, 0.5),  # an action of a review
        Kind("positions", Priority.STUDY, 0.6),
        Kind("practice", Priority.STUDY, 0.5),
        Kind("fairplay", Priority.STUDY, 10.0),  # a ranked result's check (9 s a game measured, 20-26 s on 4 suits)
    )
}
"""Every kind of job, by name."""


@dataclass(frozen=True, slots=True)
class Client:
    """Whose a job is: the player (a hash of the cookie) and the client address (behind a trusted proxy, the one
    it forwards)."""

    player: str
    address: str


@dataclass(frozen=True, slots=True)
class Call:
    """A function of a light module, and its arguments: what a worker runs."""

    function: Callable[..., Any]
    args: tuple[Any, ...]

    def __call__(self) -> Any:
        return self.function(*self.args)


class Refused(Exception):
    """A job the queue does not take now: ``reason`` is ``player`` (the player has one of this kind waiting or
    being worked out), ``address`` (the address has its share waiting) or ``full`` (as many as the queue holds
    at this priority are waiting); ``retry_after`` is how many seconds until there is room, as the queue
    reckons from how long its jobs take."""

    def __init__(self, reason: str, retry_after: float) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = max(1, math.ceil(retry_after))


class WorkFailed(Exception):
    """A job that workers died in twice (or whose exception could not be sent back: the message names it)."""


class Timings:
    """How long each kind of job takes: a running mean of the last few, starting from the kind's guess.

    >>> timings = Timings()
    >>> timings.seconds("hint")
    0.2
    >>> timings.record("hint", 1.2); round(timings.seconds("hint"), 2)
    0.45
    """

    WEIGHT = 0.25  # of the newest in the mean

    def __init__(self) -> None:
        self._seconds = {name: kind.seconds for name, kind in KINDS.items()}
        self._lock = threading.Lock()

    def seconds(self, kind: str) -> float:
        with self._lock:
            return self._seconds[kind]

    def record(self, kind: str, seconds: float) -> None:
        with self._lock:
            self._seconds[kind] += self.WEIGHT * (seconds - self._seconds[kind])


def timed(call: Call) -> tuple[Any, float]:
    """Runs a job in a worker: its answer, and the seconds it took (for the queue's reckoning of waits)."""
    import time

    start = time.perf_counter()
    found = call()
    return found, time.perf_counter() - start


ADDRESS: ContextVar[str] = ContextVar("address", default="")
"""The client address of the request being answered (set by ``asking.ClientAddress``)."""


def client_of(player: str) -> Client:
    """The client a job is for: the player, at the address of the request being answered."""
    return Client(player, ADDRESS.get())
