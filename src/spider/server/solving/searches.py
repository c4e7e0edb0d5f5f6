"""Every call the server makes to the solver (``spider.solver``), in one place.

Hints and "no more moves" are given the public position only (``game.position(public=True)``), so
they cannot see a face-down card even by mistake. Verified deals come from the solver's pool, which
lives in the server's database; every line is replayed through the engine before it is used.

The solver's searches can take from a millisecond to seconds (bench/hint.py and bench/solver.py print
how long). So that one player's search never holds up another player's move, they run in worker
processes of their own (``solver_workers``), which run the functions of ``search_workers``; a request
waits for its answer only briefly. A "no more moves" answer that is not ready in time is reported as not
stuck *yet* (``stuck_pending``), and remembered for the next view of that position when it comes. With
``solver_workers = 0`` (tests) everything runs inline.

Each player gets a fair share of the workers (``limits.Shares``): at most one hint and one "no more
moves" search in flight per player, and a short queue for everybody, so that a hint waits behind a
few searches at most. Deals solved on the spot (seconds each) run in a worker of their own at a lower
priority, so a hint never waits behind one; a player waits for one deal at a time, and when other
players' deals fill that worker, the game is a random deal at once (``verified: false``).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from collections import OrderedDict
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from spider.cards import SUIT_COUNTS
from spider.codes import parse_code
from spider.rules import TableRules
from spider.server.http.limits import SharedCounts, Shares
from spider.server.refusals import TooMany
from spider.server.solving.deal_pool import Pool
from spider.server.solving.workers import (
    Solved,
    VerifiedDeal,
    analysis_search,
    chance_search,
    hint_search,
    ready,
    replays_to_win,
    solve_new_deal,
    stuck_search,
)
from spider.solver import Hint as SolverHint
from spider.solver.analyse import ANALYSIS_SECONDS
from spider.solver.workers import lower_priority, stop_workers, worker_process_setup

if TYPE_CHECKING:
    from spider.server.solving.answers import Hint

POOL_ATTEMPTS = 8  # pool deals tried before solving one on the spot
KNOWN_POSITIONS = 8192  # "no more moves" answers remembered
SEARCH_QUEUE = 8  # hints and "no more moves" searches in flight at once per search worker, for everybody
DEAL_QUEUE = 2  # deals solved on the spot at once (one solving, one waiting); beyond, a random deal
SEARCH_NICENESS = 10  # below the server, so that requests come first
DEAL_NICENESS = 19  # below the searches too: a hint wins the CPU from a deal being solved


def hint_answer(found: SolverHint) -> Hint:
    """A hint as the API answers it, its sentence in the request's language (so made here, not in a worker)."""
    return found.to_json()


class Workers:
    """Worker processes for one kind of search: started when the server starts (not when the app is
    made), and started again when one of them dies (killed, out of memory), so that searches go on in
    new ones. ``count`` 0: none, and the searches run inline."""

    def __init__(self, count: int, niceness: int, *, lowered_at_once: bool = False) -> None:
        self.count = count
        self.niceness = niceness
        self.lowered_at_once = lowered_at_once
        self.executor: Executor | None = None

    def start(self) -> None:
        """Starts the processes now rather than on the first player's request. Each lowers its priority
        once it runs; ``lowered_at_once`` lowers it from its first instruction, for a worker not needed at
        once, whose imports would otherwise hold up the first hint (figures in bench/NOTES.md)."""
        if self.count <= 0 or self.executor is not None:
            return
        executor = ProcessPoolExecutor(
            max_workers=self.count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_process_setup,
            initargs=(self.niceness, os.getpid()),
        )
        executor.submit(ready)
        for process in list(getattr(executor, "_processes", {}).values()) if self.lowered_at_once else []:
            if process.pid is not None:
                lower_priority(process.pid, self.niceness)
        self.executor = executor

    def restart(self) -> None:
        broken, self.executor = self.executor, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        self.start()

    def close(self) -> None:
        """Stops the processes, without waiting for a search to finish."""
        executor, self.executor = self.executor, None
        stop_workers(executor)


class Searches:
    """The solver's searches for the routes: in worker processes, or inline when there are none.

    ``player`` is whose request a search answers: it counts against that player's share.
    """

    def __init__(
        self, *, workers: int, stuck_nodes: int, hint_nodes: int, stuck_wait: float, shared: SharedCounts | None = None
    ) -> None:
        self.stuck_nodes = stuck_nodes
        self.hint_nodes = hint_nodes
        self.stuck_wait = stuck_wait
        self.workers = workers
        self._searches = Workers(workers, SEARCH_NICENESS)  # hints and "no more moves"
        self._deals = Workers(min(workers, 1), DEAL_NICENESS, lowered_at_once=True)  # deals solved on the spot
        self._known: OrderedDict[str, bool] = OrderedDict()
        self._pending: dict[str, Future[bool]] = {}
        self._lock = threading.Lock()
        self.search_shares = Shares(SEARCH_QUEUE * max(1, workers), shared=shared)
        self.deal_shares = Shares(DEAL_QUEUE, shared=shared)

    def start(self) -> None:
        """Starts the worker processes (when the server starts, not when the app is made)."""
        self._searches.start()
        self._deals.start()

    def run_in(self, searches: Executor, deals: Executor) -> None:
        """Runs the searches and the deals on these executors rather than worker processes (for tests
        that hold a search in flight)."""
        self._searches.executor, self._deals.executor = searches, deals

    def close(self) -> None:
        """Stops the worker processes, without waiting for a search to finish."""
        self._searches.close()
        self._deals.close()

    def _restart_searches(self) -> None:
        """A search worker died: the searches it held are lost, so none is pending any more."""
        with self._lock:
            self._pending.clear()
        self._searches.restart()

    def _remember(self, position: str, stuck: bool) -> None:
        with self._lock:
            self._known[position] = stuck
            while len(self._known) > KNOWN_POSITIONS:
                self._known.popitem(last=False)

    async def stuck(self, position: str, *, player: str) -> tuple[bool, bool]:
        """(stuck, pending) for a public position where no deal is possible.

        ``pending`` means the search goes on, or waits for the player's last one or for room in the
        queue: ask again for the answer.
        """
        with self._lock:
            known = self._known.get(position)
            future = self._pending.get(position)
        if known is not None:
            return known, False
        executor = self._searches.executor
        if executor is None:
            stuck = stuck_search(position, self.stuck_nodes)
            self._remember(position, stuck)
            return stuck, False
        if future is None:
            if self.search_shares.claim(player, "stuck") is not None:
                return False, True  # the page asks again, and by then the player's last search is done
            try:
                future = executor.submit(stuck_search, position, self.stuck_nodes)
            except BrokenProcessPool:
                self.search_shares.release(player, "stuck")
                self._restart_searches()
                return False, True
            with self._lock:
                self._pending[position] = future

            def settle(done: Future[bool]) -> None:
                self.search_shares.release(player, "stuck")
                with self._lock:
                    self._pending.pop(position, None)
                if not done.cancelled() and done.exception() is None:
                    self._remember(position, done.result())

            future.add_done_callback(settle)
        if len(self.search_shares) > 1:  # the worker has others to answer first: do not hold up this move for it
            return False, True
        try:
            stuck = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.stuck_wait)
        except TimeoutError:
            return False, True
        except BrokenProcessPool:
            self._restart_searches()
            return False, True
        return bool(stuck), False

    async def hint(self, position: str, *, player: str, index: int = 0) -> Hint:
        """The hint for a public position. 429 while the player's last hint is still being worked out,
        and while the search worker's queue is full."""
        executor = self._searches.executor
        if executor is None:
            return hint_answer(hint_search(position, self.hint_nodes, index))
        refused = self.search_shares.claim(player, "hint")
        if refused is not None:
            # a hint takes a fraction of a second: a second later there is room again
            raise TooMany("server.hint_in_flight" if refused == "player" else "server.solver_busy", retry_after=1)
        try:
            found: SolverHint = await self._share(
                executor, self.search_shares, player, "hint", hint_search, position, self.hint_nodes, index
            )
        except BrokenProcessPool:  # the worker died: search here, this once
            self._restart_searches()
            found = hint_search(position, self.hint_nodes, index)
        return hint_answer(found)

    async def chance(self, position: str, seconds: float, *, player: str) -> tuple[float, int]:
        """The chance of winning from a public position (the win-chance meter), searched for about ``seconds``
        in a search worker, and the imaginings it took. 429 while the player's last one is still being worked
        out, and while the search worker's queue is full."""
        executor = self._searches.executor
        if executor is None:
            return chance_search(position, seconds)
        refused = self.search_shares.claim(player, "chance")
        if refused is not None:
            raise TooMany("server.chance_in_flight" if refused == "player" else "server.solver_busy", retry_after=1)
        try:
            found: tuple[float, int] = await self._share(
                executor, self.search_shares, player, "chance", chance_search, position, seconds
            )
        except BrokenProcessPool:  # the worker died: search here, this once
            self._restart_searches()
            found = chance_search(position, seconds)
        return found

    async def solve_new_deal(self, suits: int, rules: TableRules, seconds: float, *, player: str) -> Solved | None:
        """A deal solved on the spot, or None: none won in ``seconds``, or other players' deals fill
        the deal worker (the player gets a random deal now rather than a wait). 429 while a deal is
        still being solved for this player."""
        deals = self._deals.executor
        if deals is None:  # no workers (tests): solve here; or the server is closing
            return solve_new_deal(suits, rules.to_json(), seconds) if self.workers <= 0 else None
        refused = self.deal_shares.claim(player, "deal")
        if refused == "player":
            raise TooMany("server.deal_in_flight", retry_after=seconds)
        if refused is not None:
            return None
        try:
            found: Solved | None = await self._share(
                deals, self.deal_shares, player, "deal", solve_new_deal, suits, rules.to_json(), seconds
            )
        except BrokenProcessPool:  # the worker died: a random deal this time, a new worker for the next
            self._deals.restart()
            return None
        return found

    async def analysis(self, code: str, rules: TableRules, actions: list[str], *, player: str) -> dict[str, Any]:
        """A finished game's analysis, in the deal worker (it takes up to half a minute). 429 while the
        player's last analysis or deal is still being worked out, and while other players' fill the worker."""
        deals = self._deals.executor
        if deals is None:  # no workers (tests): search here
            return analysis_search(code, rules.to_json(), actions)
        refused = self.deal_shares.claim(player, "analysis")
        if refused is not None:
            message = "server.analysis_in_flight" if refused == "player" else "server.solver_busy"
            raise TooMany(message, retry_after=ANALYSIS_SECONDS)
        try:
            found: dict[str, Any] = await self._share(
                deals, self.deal_shares, player, "analysis", analysis_search, code, rules.to_json(), actions
            )
        except BrokenProcessPool:
            self._deals.restart()
            raise TooMany("server.solver_busy", retry_after=1) from None
        return found

    async def _share(
        self, executor: Executor, shares: Shares, player: str, kind: str, function: Any, *args: Any
    ) -> Any:
        """Runs a search the player holds a share for, and gives the share back when the worker is done
        with it (not when the request gives up: the worker is still busy then)."""
        try:
            future = executor.submit(function, *args)
        except BaseException:
            shares.release(player, kind)
            raise
        future.add_done_callback(lambda _: shares.release(player, kind))
        return await asyncio.wrap_future(future)


class DealPool:
    """The verified deals ready to be dealt, per suit count: the solver's pool in the server's database.

    Each deal is given to one player only, then leaves the pool: a code learnt after a game (shown once
    it is over) names a deal that nobody will be dealt again. Deals with a 7-letter code, whose shuffle
    can be found from the opening cards by trying them all, are retired unused.
    """

    def __init__(self, database: str) -> None:
        self._pool = Pool(database)
        self._lock = threading.Lock()
        for suits in SUIT_COUNTS:
            for code in self._pool.codes(suits):
                if not parse_code(code).secret:
                    self._pool.remove(code)

    def take(self, suits: int, rules: TableRules, exclude: set[str]) -> VerifiedDeal | None:
        """A pool deal the player has not played, whose line wins under the game's table rules."""
        excluded = set(exclude)
        for _ in range(POOL_ATTEMPTS):
            with self._lock:
                taken = self._pool.give(suits, exclude=frozenset(excluded))
            if taken is None:
                return None
            code, line = taken
            if replays_to_win(code, rules, line):
                return VerifiedDeal(code, line)
            with self._lock:  # it wins under classic rules, not these: back for another player
                self._pool.add(code, suits, line)
            excluded.add(code)
        return None

    def count(self, suits: int) -> int:
        with self._lock:
            return self._pool.count(suits)

    def close(self) -> None:
        self._pool.close()

    def add(self, suits: int, deal: VerifiedDeal, *, nodes: int = 0, seconds: float = 0.0) -> None:
        with self._lock:
            self._pool.add(deal.code, suits, deal.line, nodes=nodes, seconds=seconds)
