"""What the solver's worker processes run: plain functions of plain values, over the engine and the solver.

A worker is a spawned process, and a function handed to it is sent by name: the worker imports this file, and
with it whatever this file imports. So it imports the engine and the solver only, never the web stack (no
Starlette, Pydantic, SQLAlchemy, Redis or Alembic), and a worker is ready in the time the solver takes to import;
tests/test_light_processes.py holds it to that. ``spider.server.solving.searches`` starts the workers, shares them
out between players and turns their answers into the API's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from spider.game import Game
from spider.notation import parse_position
from spider.players.chances import win_chance
from spider.rules import TableRules
from spider.solver import Hint, hint, no_more_moves, solve
from spider.solver import replays_to_win as solver_replays_to_win
from spider.solver.analyse import ANALYSIS_SECONDS, analyse


@dataclass(frozen=True, slots=True)
class VerifiedDeal:
    code: str
    line: list[str]


Solved = tuple[VerifiedDeal, int, float]  # a verified deal, with the nodes and seconds its search took


def ready() -> bool:
    """Answers as soon as the worker has imported this file: the server asks it once, so that the imports
    happen as the server starts rather than on the first player's request."""
    return True


def stuck_search(position: str, max_nodes: int) -> bool:
    """True only when the solver proves, from the visible table, that no progress is possible (SPEC 2.3)."""
    return no_more_moves(parse_position(position), max_nodes=max_nodes)


def hint_search(position: str, max_nodes: int, index: int = 0) -> Hint:
    """The solver's ``index``-th suggestion (wrapping) for the table the player sees; never a deal (SPEC 2.2)."""
    return hint(parse_position(position), max_nodes=max_nodes, index=index)


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


def chance_search(position: str) -> tuple[float, int]:
    """The chance of winning from a public position (the win-chance meter), and how many imaginings of the
    unseen cards went into it (``spider.players.chances``: node budgets only, so a busy machine gives the same)."""
    found = win_chance(parse_position(position))
    return found.chance, found.guesses
