"""The full-information solver: a winning line from a game's position, checked by replaying it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from spider.errors import SpiderError
from spider.game import Game
from spider.solver.convert import notation, table_for
from spider.solver.core import Budget, widening_search

Verdict = Literal["win", "no-win", "unknown"]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The solver's answer: ``line`` (move notation, ending in a win) is empty unless ``verdict`` is
    ``"win"``; ``"no-win"`` means the search covered every reachable position."""

    verdict: Verdict
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"verdict": self.verdict, "line": list(self.line), "nodes": self.nodes, "seconds": self.seconds}


def solve(
    game: Game,
    *,
    max_nodes: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> SolveResult:
    """Searches for a win from the game's position, knowing every card (face-down ones and the stock).

    Searches under the game's table rules; manual flip is searched as automatic, and the line carries an
    ``fN`` flip wherever a card must be turned up. The line is replayed on a copy of the game and only
    reported as a win if the copy is won at the end. ``seconds`` are read from ``clock``: wall time unless
    told otherwise (``time.process_time`` counts only this process's own time on its core).

    >>> from spider import Game
    >>> result = solve(Game.from_code("SP1-S1C-AAAAAAB"), seconds=30)
    >>> result.verdict
    'win'
    """
    began = clock()
    if game.won:
        return SolveResult("win", [], 0, 0.0)
    manual = game.rules.flip == "manual"
    columns, face_down = list(game.columns), list(game.face_down)
    opening_flips: list[str] = []
    # A column showing only face-down cards is searched as if its top card were already turned up.
    for index, (cards, down) in enumerate(zip(columns, face_down, strict=True)):
        if cards and down == len(cards):
            face_down[index] = down - 1
            opening_flips.append(f"f{index + 1}")
    hidden = [cards[:down] for cards, down in zip(columns, face_down, strict=True)]
    face_up = [cards[down:] for cards, down in zip(columns, face_down, strict=True)]
    table, start = table_for(
        face_up, face_down, game.stock, game.rules.group, game.rules.deal, hidden, suits=game.suits
    )
    budget = Budget(max_nodes, seconds, clock)
    result = widening_search(table, start, budget)
    elapsed = clock() - began
    if result.line is not None:
        line = opening_flips + notation(table, start, result.line, manual)
        if replays_to_win(game, line):
            return SolveResult("win", line, result.nodes, elapsed)
        return SolveResult("unknown", [], result.nodes, elapsed)
    # Under manual flip a pile of face-down cards can also hold cards, which the search does not try:
    # a complete search proves no win only under automatic flip.
    proven = result.complete and not manual
    return SolveResult("no-win" if proven else "unknown", [], result.nodes, elapsed)


def replays_to_win(game: Game, line: list[str]) -> bool:
    """Whether the actions, played on a copy of the game through the rules engine, win it."""
    copy = game.copy()
    try:
        for action in line:
            copy.play(action)
    except SpiderError:
        return False
    return copy.won
