"""The background worker that keeps verified deals ready, so that a verified game starts at once.

It runs in a process of its own at the lowest priority, so its searches never hold up a request:
while a suit count has fewer than ``target`` deals in the pool, it solves random deals and adds the
verified ones with their winning lines. ``stop()`` ends it between two searches (or ends it outright
when a search takes too long to finish).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.synchronize import Event as EventType

from spider import Game, TableRules
from spider.server import solving

SUIT_COUNTS = (1, 2, 4)
IDLE_SECONDS = 5.0


def top_up(pool: solving.DealPool, target: int, seconds: float, stop: EventType) -> None:
    """Fills the pool until every suit count has ``target`` deals, or until ``stop`` is set."""
    rules = TableRules()
    while not stop.is_set():
        short = [suits for suits in SUIT_COUNTS if pool.count(suits) < target]
        if not short:
            stop.wait(IDLE_SECONDS)
            continue
        for suits in short:
            if stop.is_set():
                return
            game = Game.new(suits, rules)
            assert game.code is not None
            line = solving.verify(game.code, rules, seconds)
            if line is not None:
                pool.add(solving.VerifiedDeal(game.code, line))


def _run(database: str, target: int, seconds: float, stop: EventType) -> None:
    with contextlib.suppress(OSError):
        os.nice(19)
    pool = solving.DealPool(database)
    if not pool.available:
        return
    try:
        top_up(pool, target, seconds, stop)
    except KeyboardInterrupt:  # pragma: no cover - the server was stopped with Ctrl-C
        pass
    finally:
        pool.close()


class PoolWorker:
    """Starts and stops the worker process."""

    def __init__(self, database: str, target: int, seconds: float) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._stop = self._context.Event()
        self._process = self._context.Process(
            target=_run, args=(database, target, seconds, self._stop), name="spider-pool", daemon=True
        )

    def start(self) -> None:
        self._process.start()

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._process.pid is None:
            return
        self._process.join(timeout)
        if self._process.is_alive():  # in the middle of a long search: no need to let it finish
            self._process.terminate()
            self._process.join(timeout)
