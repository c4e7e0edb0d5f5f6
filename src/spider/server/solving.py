"""Every call the server makes to the solver (``spider.solver``), in one place.

Hints and "no more moves" are given the public position only (``game.position(public=True)``), so
they cannot see a face-down card even by mistake. Verified deals come from the solver's pool, which
lives in the server's SQLite file; every line is replayed through the engine before it is used.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
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

HINT_TEXTS = {
    "hint.move": "Try this move.",
    "hint.none_deal": "No move looks worth making: you can deal from the stock.",
    "hint.none_fill": "No move looks worth making, and no deal is possible now.",
    "hint.flip": "Turn up the face-down card.",
}
POOL_ATTEMPTS = 8  # pool deals tried before solving one on the spot


@dataclass(frozen=True, slots=True)
class VerifiedDeal:
    code: str
    line: list[str]


def hint(game: Game, max_nodes: int) -> dict[str, Any]:
    """The solver's suggestion for the table the player sees; never a deal (SPEC 2.2)."""
    found = solver_hint(parse_position(game.position(public=True)), max_nodes=max_nodes)
    return {
        "action": found.action,
        "column": found.column,
        "count": found.count if found.action is not None else None,
        "target": found.target,
        "text": HINT_TEXTS.get(found.message_id, found.message),
        "message_id": found.message_id,
        "deal_possible": found.deal_possible,
    }


class StuckCheck:
    """ "No more moves" for the visible table, remembered per position: views of a position that was
    seen before (a reload, an undo and redo, another player on the same deal) cost nothing."""

    def __init__(self, max_nodes: int, size: int = 4096) -> None:
        self.max_nodes = max_nodes
        self.size = size
        self._known: OrderedDict[str, bool] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, game: Game) -> bool:
        """True only when the solver proves that no progress is possible (SPEC 2.3)."""
        if game.won or game.deal_possible:
            return False
        position = game.position(public=True)
        with self._lock:
            known = self._known.get(position)
        if known is not None:
            return known
        stuck = solver_no_more_moves(parse_position(position), max_nodes=self.max_nodes)
        with self._lock:
            self._known[position] = stuck
            while len(self._known) > self.size:
                self._known.popitem(last=False)
        return stuck


def replays_to_win(code: str, rules: TableRules, line: list[str]) -> bool:
    """Whether a line, played through the rules engine from the deal's opening, wins it."""
    return solver_replays_to_win(Game.from_code(code, rules), line)


def pool_rules(rules: TableRules) -> bool:
    """Whether the pool's lines (found under classic table rules) can be stored for games with these rules."""
    return (rules.group, rules.layout, rules.flip, rules.deal) == ("classic", "standard", "auto", "filled")


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

    def add(self, suits: int, deal: VerifiedDeal, *, nodes: int = 0, seconds: float = 0.0) -> None:
        with self._lock:
            self._pool.add(deal.code, suits, deal.line, nodes=nodes, seconds=seconds)


def solve_new_deal(suits: int, rules: TableRules, seconds: float) -> tuple[VerifiedDeal, int, float] | None:
    """Random deals solved one after another until one is won or ``seconds`` run out.

    Returns the deal with the nodes and seconds its search took.
    """
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0.05:
        game = Game.new(suits, rules)
        assert game.code is not None
        result = solve(game, seconds=left)
        if result.verdict == "win" and replays_to_win(game.code, rules, result.line):
            return VerifiedDeal(game.code, list(result.line)), result.nodes, result.seconds
    return None
