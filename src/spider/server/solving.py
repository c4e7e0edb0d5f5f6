"""Every call the server makes to the solver (``spider.solver``), in one place.

Hints and "no more moves" are given the public position only (``game.position(public=True)``), so
they cannot see a face-down card even by mistake. Verified deals come from the solver's pool, which
lives in the server's SQLite file; every line is replayed through the engine before it is used.

The solver's searches are pure Python and can take from a millisecond to seconds. So that one
player's search never holds up another player's move, they run in a worker process of their own
(``solver_workers``); a request waits for its answer only briefly. A "no more moves" answer that is
not ready in time is reported as not stuck *yet* (``stuck_pending``), and remembered for the next
view of that position when it comes. With ``solver_workers = 0`` (tests) everything runs inline.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spider import Game, TableRules
from spider.notation import parse_position
from spider.solver import hint as solver_hint
from spider.solver import no_more_moves as solver_no_more_moves
from spider.solver import replays_to_win as solver_replays_to_win
from spider.solver import solve
from spider.solver.pool import Pool, default_path

POOL_ATTEMPTS = 8  # pool deals tried before solving one on the spot
KNOWN_POSITIONS = 8192  # "no more moves" answers remembered
MAX_PENDING = 64  # "no more moves" searches queued at most; beyond, a view is simply not stuck


@dataclass(frozen=True, slots=True)
class VerifiedDeal:
    code: str
    line: list[str]


# What runs in the worker process: plain functions of plain values.


def stuck_search(position: str, max_nodes: int) -> bool:
    """True only when the solver proves, from the visible table, that no progress is possible (SPEC 2.3)."""
    return solver_no_more_moves(parse_position(position), max_nodes=max_nodes)


def hint_search(position: str, max_nodes: int) -> dict[str, Any]:
    """The solver's suggestion for the table the player sees; never a deal (SPEC 2.2)."""
    found = solver_hint(parse_position(position), max_nodes=max_nodes)
    return {
        "action": found.action,
        "column": found.column,
        "count": found.count if found.action is not None else None,
        "target": found.target,
        "text": found.message,
        "message_id": found.message_id,
        "deal_possible": found.deal_possible,
    }


Solved = tuple[VerifiedDeal, int, float]  # a verified deal, with the nodes and seconds its search took


def solve_new_deal(suits: int, rules: dict[str, Any], seconds: float) -> Solved | None:
    """Random deals solved one after another until one is won or ``seconds`` run out.

    Returns the deal with the nodes and seconds its search took.
    """
    table_rules = TableRules.from_json(rules)
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0.05:
        game = Game.new(suits, table_rules)
        assert game.code is not None
        result = solve(game, seconds=left)
        if result.verdict == "win" and replays_to_win(game.code, table_rules, result.line):
            return VerifiedDeal(game.code, list(result.line)), result.nodes, result.seconds
    return None


def replays_to_win(code: str, rules: TableRules, line: list[str]) -> bool:
    """Whether a line, played through the rules engine from the deal's opening, wins it."""
    return solver_replays_to_win(Game.from_code(code, rules), line)


def pool_rules(rules: TableRules) -> bool:
    """Whether the pool's lines (found under classic table rules) can be stored for games with these rules."""
    return (rules.group, rules.layout, rules.flip, rules.deal) == ("classic", "standard", "auto", "filled")


def worker_process_setup(niceness: int, server: int) -> None:
    """For a worker process: a lower priority than the server's, and an end when the server ends,
    even when the server is killed (Linux: the parent-death signal; and if the server died before
    the signal was set up, the process has a new parent and ends now)."""
    with contextlib.suppress(OSError):
        os.nice(niceness)
    with contextlib.suppress(Exception):
        import ctypes
        import signal

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)
    if os.getppid() != server:
        os._exit(0)

    def watch() -> None:  # for the cases the signal misses (it follows the thread that started us)
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="spider-watch-server", daemon=True).start()


def _ready() -> bool:
    return True


class Searches:
    """The solver's searches for the routes: in a worker process, or inline when there is none."""

    def __init__(self, *, workers: int, stuck_nodes: int, hint_nodes: int, stuck_wait: float) -> None:
        self.stuck_nodes = stuck_nodes
        self.hint_nodes = hint_nodes
        self.stuck_wait = stuck_wait
        self.workers = workers
        self._executor: Executor | None = None
        self._known: OrderedDict[str, bool] = OrderedDict()
        self._pending: dict[str, Future[bool]] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        """Starts the worker processes (when the server starts, not when the app is made)."""
        if self.workers > 0 and self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_process_setup,
                initargs=(19, os.getpid()),
            )
            self._executor.submit(_ready)  # start the process now, not on the first player's request

    def close(self) -> None:
        """Stops the worker processes, without waiting for a search to finish."""
        executor, self._executor = self._executor, None
        if isinstance(executor, ProcessPoolExecutor):
            processes = list(getattr(executor, "_processes", {}).values())
            executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.join(0.5)
                if process.is_alive():
                    process.terminate()

    def _restart(self) -> None:
        """The worker process died (killed, out of memory): searches go on in a new one."""
        broken, self._executor = self._executor, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            self._pending.clear()
        self.start()

    async def _run(self, function: Any, *args: Any) -> Any:
        if self._executor is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)
            except BrokenProcessPool:
                self._restart()
        return function(*args)  # no worker (or it just died): search here, this once

    def _remember(self, position: str, stuck: bool) -> None:
        with self._lock:
            self._known[position] = stuck
            while len(self._known) > KNOWN_POSITIONS:
                self._known.popitem(last=False)

    async def stuck(self, position: str) -> tuple[bool, bool]:
        """(stuck, pending) for a public position where no deal is possible.

        ``pending`` means the search goes on: ask again for the answer.
        """
        with self._lock:
            known = self._known.get(position)
            future = self._pending.get(position)
        if known is not None:
            return known, False
        if self._executor is None:
            stuck = stuck_search(position, self.stuck_nodes)
            self._remember(position, stuck)
            return stuck, False
        if future is None:
            with self._lock:
                if len(self._pending) >= MAX_PENDING:
                    return False, False
            try:
                future = self._executor.submit(stuck_search, position, self.stuck_nodes)
            except BrokenProcessPool:
                self._restart()
                return False, True
            with self._lock:
                self._pending[position] = future

            def settle(done: Future[bool]) -> None:
                with self._lock:
                    self._pending.pop(position, None)
                if not done.cancelled() and done.exception() is None:
                    self._remember(position, done.result())

            future.add_done_callback(settle)
        with self._lock:
            queued = len(self._pending)
        if queued > 1:  # the worker has others to answer first: do not hold up this move for it
            return False, True
        try:
            stuck = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.stuck_wait)
        except TimeoutError:
            return False, True
        except BrokenProcessPool:
            self._restart()
            return False, True
        return bool(stuck), False

    async def hint(self, position: str) -> dict[str, Any]:
        found: dict[str, Any] = await self._run(hint_search, position, self.hint_nodes)
        return found

    async def solve_new_deal(self, suits: int, rules: TableRules, seconds: float) -> Solved | None:
        found: Solved | None = await self._run(solve_new_deal, suits, rules.to_json(), seconds)
        return found


class DealPool:
    """The verified deals ready to be dealt, per suit count: the solver's pool in the server's database."""

    def __init__(self, database: str) -> None:
        path = Path(database).expanduser() if "://" not in database else default_path()
        self._pool = Pool(path)
        self._lock = threading.Lock()

    def take(self, suits: int, rules: TableRules, exclude: set[str]) -> VerifiedDeal | None:
        """A pool deal the player has not played, whose line wins under the game's table rules."""
        excluded = set(exclude)
        for _ in range(POOL_ATTEMPTS):
            with self._lock:
                taken = self._pool.take(suits, exclude=frozenset(excluded))
            if taken is None:
                return None
            code, line = taken
            if replays_to_win(code, rules, line):
                return VerifiedDeal(code, line)
            excluded.add(code)
        return None

    def count(self, suits: int) -> int:
        with self._lock:
            return self._pool.count(suits)

    def codes(self, suits: int) -> set[str]:
        with self._lock:
            return self._pool.codes(suits)

    def add(self, suits: int, deal: VerifiedDeal, *, nodes: int = 0, seconds: float = 0.0) -> None:
        with self._lock:
            self._pool.add(deal.code, suits, deal.line, nodes=nodes, seconds=seconds)
