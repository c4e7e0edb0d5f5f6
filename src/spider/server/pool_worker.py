"""The background worker that keeps verified deals ready, so that a verified game starts at once.

It runs in a process of its own at the lowest priority, so its searches never hold up a request:
while a suit count has fewer than ``target`` deals in the pool (a deal leaves the pool when a player
is given it), it solves random deals (classic table rules) and adds the won ones with their winning
lines. So the pool is refilled as players use it. ``stop()`` ends it between two searches, or ends
the process outright when a search would take too long to finish.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.synchronize import Event as EventType

from spider import TableRules
from spider.cards import SUIT_COUNTS
from spider.server import solving
from spider.solver.workers import worker_process_setup

IDLE_SECONDS = 10.0


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
            solved = solving.solve_new_deal(suits, rules.to_json(), seconds)
            if solved is not None:
                deal, nodes, spent = solved
                pool.add(suits, deal, nodes=nodes, seconds=spent)


def _run(database: str, target: int, seconds: float, stop: EventType, server: int) -> None:
    worker_process_setup(19, server)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C on the server reaches this process too
        top_up(solving.DealPool(database), target, seconds, stop)


class PoolWorker:
    """Starts and stops the worker process."""

    def __init__(self, database: str, target: int, seconds: float) -> None:
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._process = context.Process(
            target=_run, args=(database, target, seconds, self._stop, os.getpid()), name="spider-pool", daemon=True
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
