"""Analysis after a game (SPEC 2.6): was the opening winnable, and the last position that still was."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from spider.game import Game
from spider.solver.search import SolveResult, Verdict, solve

UNDO_REDO = ("u", "r")


@dataclass(frozen=True, slots=True)
class Analysis:
    """``opening`` is the solver's verdict on the opening. ``last_winnable`` is the number of actions
    played before the last position from which a win was found (0 = the opening), None if none was
    found; ``line`` wins from there. A verdict of ``"unknown"`` means the budget ran out."""

    opening: Verdict
    last_winnable: int | None
    line: list[str] = field(default_factory=list)
    positions_searched: int = 0


# Under the 30 s an analysis may take (SPEC 2.6), with room for replaying the game and the line.
ANALYSIS_SECONDS = 25.0


def analyse(
    code_or_game: str | Game,
    actions: Sequence[str],
    *,
    seconds_per_position: float = 10.0,
    seconds: float = ANALYSIS_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> Analysis:
    """Replays a finished game and searches its positions with the full deal known, in about ``seconds``
    in all (read from ``clock``) and at most ``seconds_per_position`` on one position.

    ``code_or_game`` is the game code (or the game at its opening); ``actions`` are the actions played,
    in the notation of ``Game.apply_text`` (undo and redo included). Without undo, a position after a
    losing one cannot be winning, so a binary search finds the last winnable position; with undo the
    positions are searched from the last one back.
    """
    opening = Game.from_code(code_or_game) if isinstance(code_or_game, str) else code_or_game.copy()
    positions = [opening.copy()]
    game = opening.copy()
    for action in actions:
        game.apply_text(action)
        positions.append(game.copy())
    searched = 0
    results: dict[int, SolveResult] = {}
    deadline = clock() + seconds

    def result(index: int) -> SolveResult:
        nonlocal searched
        if index not in results:
            searched += 1
            # Past the deadline a position is still searched a little: the answer holds what is known.
            budget = max(0.05, min(seconds_per_position, deadline - clock()))
            results[index] = solve(positions[index], seconds=budget, clock=clock)
        return results[index]

    first = result(0)
    if first.verdict != "win":
        return Analysis(first.verdict, None, [], searched)
    if any(action.strip() in UNDO_REDO for action in actions):
        seen: set[str] = set()
        for index in range(len(positions) - 1, -1, -1):
            text = positions[index].position()
            if text in seen:
                continue
            if clock() > deadline:
                break
            seen.add(text)
            if result(index).verdict == "win":
                return Analysis("win", index, result(index).line, searched)
        return Analysis("win", 0, first.line, searched)
    # Winnable at ``low``; not known to be winnable after ``high``.
    low, high = 0, len(positions) - 1
    if result(high).verdict == "win":
        return Analysis("win", high, result(high).line, searched)
    while high - low > 1:
        middle = (low + high) // 2
        if result(middle).verdict == "win":
            low = middle
        else:
            high = middle
    return Analysis("win", low, result(low).line, searched)
