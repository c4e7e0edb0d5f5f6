"""The background worker that keeps verified deals ready, so that a verified game starts at once.

It runs in a process of its own at the lowest priority, so its searches never hold up a request:
while a suit count has fewer than ``target`` deals in the pool (a deal leaves the pool when a player
is given it), it solves random deals (classic table rules) and adds the won ones with their winning
lines. So the pool is refilled as players use it. ``stop()`` ends it between two searches, or ends
the process outright when a search would take too long to finish. It writes to the pool's table itself,
so it loads SQLAlchemy, and nothing else of the web stack.

The stop is told through a pipe rather than a ``multiprocessing.Event``: a worker killed while waiting on
an Event (SIGTERM to the server's process group reaches it too) leaves the Event's lock counting it as a
sleeper, and ``Event.set()`` then waits for it forever, so the server never stopped. A pipe's end closes
with its process, and the worker reads a closed end as "stop".
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from multiprocessing.connection import Connection

from spider.cards import SUIT_COUNTS
from spider.rules import TableRules
from spider.server.solving.deal_pool import Pool
from spider.server.solving.workers import solve_new_deal
from spider.solver.workers import worker_process_setup

IDLE_SECONDS = 10.0


def top_up(pool: Pool, target: int, seconds: float, stop: Connection) -> None:
    """Fills the pool until every suit count has ``target`` deals, or until ``stop`` is readable (a word
    from the server, or its end closed)."""
    rules = TableRules()
    while not stop.poll():
        short = [suits for suits in SUIT_COUNTS if pool.count(suits) < target]
        if not short:
            stop.poll(IDLE_SECONDS)
            continue
        for suits in short:
            if stop.poll():
                return
            solved = solve_new_deal(suits, rules.to_json(), seconds)
            if solved is not None:
                deal, nodes, spent = solved
                pool.add(deal.code, suits, deal.line, nodes=nodes, seconds=spent)


def _run(database: str, target: int, seconds: float, stop: Connection, server: int) -> None:
    worker_process_setup(19, server)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C on the server reaches this process too
        top_up(Pool(database), target, seconds, stop)


class PoolWorker:
    """Starts and stops the worker process."""

    def __init__(self, database: str, target: int, seconds: float) -> None:
        context = multiprocessing.get_context("spawn")
        self._heard, self._stop = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_run, args=(database, target, seconds, self._heard, os.getpid()), name="spider-pool", daemon=True
        )

    def start(self) -> None:
        self._process.start()

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    def stop(self, timeout: float = 0.5) -> None:
        """Tells the worker to stop, and ends it after ``timeout`` seconds if it is still searching (a
        stopping server waits for no deal)."""
        with contextlib.suppress(OSError):  # the worker is gone already: nobody to tell
            self._stop.send("stop")
        self._stop.close()
        if self._process.pid is None:
            return
        self._process.join(timeout)
        if self._process.is_alive():  # in the middle of a long search: no need to let it finish
            self._process.terminate()
            self._process.join(timeout)
