"""Verified deals, made: random deals searched on every core, each with the search's verdict and, for a
deal won, its winning line.

``spider verify`` keeps the won ones in the server's pool of verified deals (``spider.server.solving.deal_pool``),
which hands each to one player. This module makes them and stores nothing: the solver knows no database.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Generator, Set
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from spider.codes import GameCode
from spider.game import Game
from spider.rules import TableRules
from spider.solver.search import Verdict, solve
from spider.solver.workers import stop_workers, worker_process_setup


@dataclass(frozen=True, slots=True)
class Searched:
    """One deal searched: its code, the verdict, and the winning line of a deal won."""

    code: str
    verdict: Verdict
    line: list[str]
    nodes: int
    seconds: float


def search_deal(code: str, seconds: float) -> Searched:
    """Searches one deal for a winning line, knowing every card (in a worker process)."""
    result = solve(Game.from_code(code), seconds=seconds)
    return Searched(code, result.verdict, result.line, result.nodes, result.seconds)


def searched_deals(
    suits: int, rules: TableRules, *, workers: int, seconds: float, known: Set[str] = frozenset()
) -> Generator[Searched]:
    """Random deals of ``suits`` under ``rules``, none of ``known`` and none twice, searched for up to
    ``seconds`` each on ``workers`` processes, as each search ends. Closing the iterator (or dropping it)
    stops the searches still running: they are not wanted any more."""
    tried: set[str] = set()

    def fresh_code() -> str:
        while True:
            code = str(GameCode.random(suits, rules))
            if code not in known and code not in tried:
                tried.add(code)
                return code

    # spawned, not forked: a fork would copy the caller's threads mid-way (a progress bar's) and its open
    # database connections into every worker
    executor = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_process_setup,
        initargs=(0, os.getpid()),  # ended with the process that searches, even when it is killed
    )
    try:
        running: set[Future[Searched]] = set()
        while True:
            while len(running) < workers:
                running.add(executor.submit(search_deal, fresh_code(), seconds))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        stop_workers(executor)
