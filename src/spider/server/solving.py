"""Every call the server makes to the solver (``spider.solver``), in one place.

Hints and "no more moves" are given the public position only (``game.position(public=True)``), so
they cannot see a face-down card even by mistake. Verified deals come from the solver's pool, which
lives in the server's SQLite file; every line is replayed through the engine before it is used.

The solver's searches are pure Python and can take from a millisecond to seconds. So that one
player's search never holds up another player's move, they run in a worker process of their own
(``solver_workers``); a request waits for its answer only briefly. A "no more moves" answer that is
not ready in time is reported as not stuck *yet* (``stuck_pending``), and remembered for the next
view of that position when it comes. With ``solver_workers = 0`` (tests) everything runs inline.

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
import time
from collections import OrderedDict
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spider import Game, TableRules
from spider.cards import SUIT_COUNTS
from spider.codes import parse_code
from spider.notation import parse_position
from spider.server.deal_pool import Pool
from spider.server.limits import SharedCounts, Shares, too_many
from spider.solver import Hint as SolverHint
from spider.solver import hint as solver_hint
from spider.solver import no_more_moves as solver_no_more_moves
from spider.solver import replays_to_win as solver_replays_to_win
from spider.solver import solve
from spider.solver.analyse import ANALYSIS_SECONDS, analyse
from spider.solver.workers import lower_priority, stop_workers, worker_process_setup

if TYPE_CHECKING:  # the worker processes import this file: they need no Pydantic
    from spider.server.answers import Hint

POOL_ATTEMPTS = 8  # pool deals tried before solving one on the spot
KNOWN_POSITIONS = 8192  # "no more moves" answers remembered
SEARCH_QUEUE = 8  # hints and "no more moves" searches in flight at once per search worker, for everybody
DEAL_QUEUE = 2  # deals solved on the spot at once (one solving, one waiting); beyond, a random deal
SEARCH_NICENESS = 10  # below the server, so that requests come first
DEAL_NICENESS = 19  # below the searches too: a hint wins the CPU from a deal being solved


@dataclass(frozen=True, slots=True)
class VerifiedDeal:
    code: str
    line: list[str]


# What runs in the worker process: plain functions of plain values.


def stuck_search(position: str, max_nodes: int) -> bool:
    """True only when the solver proves, from the visible table, that no progress is possible (SPEC 2.3)."""
    return solver_no_more_moves(parse_position(position), max_nodes=max_nodes)


def hint_search(position: str, max_nodes: int) -> SolverHint:
    """The solver's suggestion for the table the player sees; never a deal (SPEC 2.2)."""
    return solver_hint(parse_position(position), max_nodes=max_nodes)


def hint_answer(found: SolverHint) -> Hint:
    """A hint as the API answers it, its sentence in the request's language (so made here, not in a worker)."""
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


def analysis_search(code: str, rules: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """A finished game searched with the whole deal known (SPEC 2.6): whether its opening was winnable,
    and the last position (as the number of actions played before it) from which a win was found."""
    found = analyse(Game.from_code(code, TableRules.from_json(rules)), actions, seconds=ANALYSIS_SECONDS)
    return {
        "opening": found.opening,
        "last_winnable": found.last_winnable,
        "line": list(found.line),
        "positions_searched": found.positions_searched,
    }


def replays_to_win(code: str, rules: TableRules, line: list[str]) -> bool:
    """Whether a line, played through the rules engine from the deal's opening, wins it."""
    return solver_replays_to_win(Game.from_code(code, rules), line)


def _ready() -> bool:
    return True


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
        self._executor: Executor | None = None  # hints and "no more moves"
        self._deals: Executor | None = None  # deals solved on the spot
        self._known: OrderedDict[str, bool] = OrderedDict()
        self._pending: dict[str, Future[bool]] = {}
        self._lock = threading.Lock()
        self.search_shares = Shares(SEARCH_QUEUE * max(1, workers), shared=shared)
        self.deal_shares = Shares(DEAL_QUEUE, shared=shared)

    def start(self) -> None:
        """Starts the worker processes (when the server starts, not when the app is made)."""
        if self.workers > 0 and self._executor is None:
            self._executor = _workers(self.workers, SEARCH_NICENESS)
        if self.workers > 0 and self._deals is None:
            self._deals = _workers(1, DEAL_NICENESS, lowered_at_once=True)

    def run_in(self, searches: Executor, deals: Executor) -> None:
        """Runs the searches and the deals on these executors rather than worker processes (for tests
        that hold a search in flight)."""
        self._executor, self._deals = searches, deals

    def close(self) -> None:
        """Stops the worker processes, without waiting for a search to finish."""
        executor, self._executor = self._executor, None
        deals, self._deals = self._deals, None
        stop_workers(executor)
        stop_workers(deals)

    def _restart(self) -> None:
        """The worker process died (killed, out of memory): searches go on in a new one."""
        broken, self._executor = self._executor, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            self._pending.clear()
        self.start()

    def _restart_deals(self) -> None:
        broken, self._deals = self._deals, None
        if broken is not None:
            broken.shutdown(wait=False, cancel_futures=True)
        self.start()

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
        if self._executor is None:
            stuck = stuck_search(position, self.stuck_nodes)
            self._remember(position, stuck)
            return stuck, False
        if future is None:
            if self.search_shares.claim(player, "stuck") is not None:
                return False, True  # the page asks again, and by then the player's last search is done
            try:
                future = self._executor.submit(stuck_search, position, self.stuck_nodes)
            except BrokenProcessPool:
                self.search_shares.release(player, "stuck")
                self._restart()
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
            self._restart()
            return False, True
        return bool(stuck), False

    async def hint(self, position: str, *, player: str) -> Hint:
        """The hint for a public position. 429 while the player's last hint is still being worked out,
        and while the search worker's queue is full."""
        if self._executor is None:
            return hint_answer(hint_search(position, self.hint_nodes))
        refused = self.search_shares.claim(player, "hint")
        if refused is not None:
            # a hint takes a fraction of a second: a second later there is room again
            raise too_many("server.hint_in_flight" if refused == "player" else "server.solver_busy", 1)
        try:
            found: SolverHint = await self._share(
                self._executor, self.search_shares, player, "hint", hint_search, position, self.hint_nodes
            )
        except BrokenProcessPool:  # the worker died: search here, this once
            self._restart()
            found = hint_search(position, self.hint_nodes)
        return hint_answer(found)

    async def solve_new_deal(self, suits: int, rules: TableRules, seconds: float, *, player: str) -> Solved | None:
        """A deal solved on the spot, or None: none won in ``seconds``, or other players' deals fill
        the deal worker (the player gets a random deal now rather than a wait). 429 while a deal is
        still being solved for this player."""
        deals = self._deals
        if deals is None:  # no workers (tests): solve here; or the server is closing
            return solve_new_deal(suits, rules.to_json(), seconds) if self.workers <= 0 else None
        refused = self.deal_shares.claim(player, "deal")
        if refused == "player":
            raise too_many("server.deal_in_flight", seconds)
        if refused is not None:
            return None
        try:
            found: Solved | None = await self._share(
                deals, self.deal_shares, player, "deal", solve_new_deal, suits, rules.to_json(), seconds
            )
        except BrokenProcessPool:  # the worker died: a random deal this time, a new worker for the next
            self._restart_deals()
            return None
        return found

    async def analysis(self, code: str, rules: TableRules, actions: list[str], *, player: str) -> dict[str, Any]:
        """A finished game's analysis, in the deal worker (it takes up to half a minute). 429 while the
        player's last analysis or deal is still being worked out, and while other players' fill the worker."""
        deals = self._deals
        if deals is None:  # no workers (tests): search here
            return analysis_search(code, rules.to_json(), actions)
        refused = self.deal_shares.claim(player, "analysis")
        if refused is not None:
            message = "server.analysis_in_flight" if refused == "player" else "server.solver_busy"
            raise too_many(message, ANALYSIS_SECONDS)
        try:
            found: dict[str, Any] = await self._share(
                deals, self.deal_shares, player, "analysis", analysis_search, code, rules.to_json(), actions
            )
        except BrokenProcessPool:
            self._restart_deals()
            raise too_many("server.solver_busy", 1) from None
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


def _workers(count: int, niceness: int, *, lowered_at_once: bool = False) -> ProcessPoolExecutor:
    """Worker processes, started now rather than on the first player's request. Each lowers its
    priority once it is ready; ``lowered_at_once`` lowers it from its first instruction, for a worker
    that is not needed at once: the deal worker importing the solver at the server's priority held up
    the first hint by 0.4-1.6 s in bench/flood.py, while the hint worker importing at a low priority
    under load made the first hint wait 4 s."""
    executor = ProcessPoolExecutor(
        max_workers=count,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_process_setup,
        initargs=(niceness, os.getpid()),
    )
    executor.submit(_ready)
    for process in list(getattr(executor, "_processes", {}).values()) if lowered_at_once else []:
        if process.pid is not None:
            lower_priority(process.pid, niceness)
    return executor


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
