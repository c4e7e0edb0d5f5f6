"""Every call the server makes to the solver (``spider.solver``), in one place.

Hints and "no more moves" are given the public position only (``game.position(public=True)``), so
they cannot see a face-down card even by mistake. Verified deals come from the solver's pool, which
lives in the server's database; every line is replayed through the engine before it is used.

The solver's searches can take from a millisecond to seconds (bench/hint.py and bench/solver.py print
how long), so each is a job of the one work queue (``spider.server.work``), which runs the functions of
``solving.workers`` in worker processes, fairly between players and addresses: a player has one search of
each kind waiting or being worked out, and a hint goes before a verified deal, which goes before an
analysis. A request waits for its answer only briefly where it can do without: a "no more moves" answer
that is not ready in time is reported as not stuck *yet* (``stuck_pending``), and remembered for the next
view of that position when it comes; a verified deal that would wait behind others is a random deal at once
(``verified: false``). With no worker processes (tests) everything runs inline.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from spider.cards import SUIT_COUNTS
from spider.codes import parse_code
from spider.rules import TableRules
from spider.server.refusals import TooMany
from spider.server.solving.deal_pool import Pool
from spider.server.solving.workers import (
    Solved,
    VerifiedDeal,
    analysis_search,
    chance_search,
    hint_search,
    replays_to_win,
    solve_new_deal,
    stuck_search,
)
from spider.server.work.jobs import Call, Refused, WorkFailed, client_of
from spider.server.work.service import Work
from spider.solver import Hint as SolverHint

if TYPE_CHECKING:
    from spider.server.solving.answers import Hint

POOL_ATTEMPTS = 8  # pool deals tried before solving one on the spot
KNOWN_POSITIONS = 8192  # "no more moves" answers remembered


def hint_answer(found: SolverHint) -> Hint:
    """A hint as the API answers it, its sentence in the request's language (so made here, not in a worker)."""
    return found.to_json()


def too_many(refused: Refused, in_flight: str) -> TooMany:
    """The 429 of a search the queue refused: ``in_flight`` when the player's last one is not done yet."""
    return TooMany(in_flight if refused.reason == "player" else "server.solver_busy", retry_after=refused.retry_after)


class Searches:
    """The solver's searches for the routes, as jobs of the work queue.

    ``player`` is whose request a search answers: it counts against that player's share, and the request's
    client address against the address's.
    """

    def __init__(self, work: Work, *, stuck_nodes: int, hint_nodes: int, stuck_wait: float) -> None:
        self.work = work
        self.stuck_nodes = stuck_nodes
        self.hint_nodes = hint_nodes
        self.stuck_wait = stuck_wait
        self._known: OrderedDict[str, bool] = OrderedDict()
        self._lock = threading.Lock()

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
        if known is not None:
            return known, False
        try:
            future = await self.work.submit(
                Call(stuck_search, (position, self.stuck_nodes)), kind="stuck", client=client_of(player),
                key=f"stuck {position}",
            )
        except Refused:
            return False, True  # the page asks again, and by then the player's last search is done
        future.add_done_callback(
            lambda done: None if done.cancelled() or done.exception() else self._remember(position, done.result())
        )
        if not future.done() and self.work.busy() > 1:  # others to answer first: do not hold up this move for it
            return False, True
        try:
            stuck = await asyncio.wait_for(asyncio.shield(future), self.stuck_wait)
        except (TimeoutError, WorkFailed):
            return False, True
        return bool(stuck), False

    async def hint(self, position: str, *, player: str, index: int = 0) -> Hint:
        """The hint for a public position. 429 while the player's last hint is still being worked out,
        and while the queue is full."""
        found: SolverHint = await self._run(
            Call(hint_search, (position, self.hint_nodes, index)), "hint", player, "server.hint_in_flight"
        )
        return hint_answer(found)

    async def chance(self, position: str, *, player: str) -> tuple[float, int]:
        """The chance of winning from a public position (the win-chance meter), within the estimator's node budgets,
        and the imaginings it took. 429 while the player's last one is still being worked out, and while the
        queue is full."""
        found: tuple[float, int] = await self._run(
            Call(chance_search, (position,)), "chance", player, "server.chance_in_flight"
        )
        return found

    async def solve_new_deal(self, suits: int, rules: TableRules, seconds: float, *, player: str) -> Solved | None:
        """A deal solved on the spot, or None: none won in ``seconds``, or other players' deals fill the
        queue (the player gets a random deal now rather than a wait). 429 while a deal is still being solved
        for this player."""
        try:
            found: Solved | None = await self.work.run(
                Call(solve_new_deal, (suits, rules.to_json(), seconds)), kind="deal", client=client_of(player),
                seconds=seconds,
            )
        except Refused as refused:
            if refused.reason == "player":
                raise TooMany("server.deal_in_flight", retry_after=refused.retry_after) from None
            return None
        except WorkFailed:
            return None
        return found

    async def analysis(self, code: str, rules: TableRules, actions: list[str], *, player: str) -> dict[str, Any]:
        """A finished game's analysis (it takes up to half a minute). 429 while the player's last analysis is
        still being worked out, and while the queue is full."""
        found: dict[str, Any] = await self._run(
            Call(analysis_search, (code, rules.to_json(), actions)), "analysis", player, "server.analysis_in_flight"
        )
        return found

    async def _run(self, call: Call, kind: str, player: str, in_flight: str, seconds: float | None = None) -> Any:
        try:
            return await self.work.run(call, kind=kind, client=client_of(player), seconds=seconds)
        except Refused as refused:
            raise too_many(refused, in_flight) from None
        except WorkFailed:  # the workers died in it twice: try again in a moment
            raise TooMany("server.solver_busy", retry_after=1) from None


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
