"""Ratings fitted to a round robin all at once: the ladder's ratings of the computer players (issue 40).

The server rates a duel as it ends (Glicko-2, ``spider.server.people.ratings``), since a person's strength
moves over time and only the duels so far are known. A computer player's strength does not move: a round
robin of the strengths (``bench/ladder.py``) is one rating period, and every duel in it weighs alike. Rated
duel by duel instead, the order of the deals matters, and a strong player's wins over a much weaker one
earn it little once its rating is high, however many of them there are.

So each strength gets the rating that makes the duels played most likely on the Glicko scale (a player
rated ``d`` points above another is expected to score ``1 / (1 + 10 ** (-d / 400))``, a draw half a win),
with the prior every new duelist starts from on the server, 1500 with a deviation of 350, so that a
strength that won every duel still has a finite rating. The most likely ratings are found by Newton's
method; their covariance is the inverse of the log-likelihood's curvature there, which gives each rating's
deviation and each gap between two strengths its 95% interval.

Two strengths who drew every one of their duels are rated alike:

>>> fitted = fit(["a", "b"], {("a", "b"): (5.0, 10)})
>>> [round(fitted.ratings[name]) for name in ("a", "b")]
[1500, 1500]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from spider.players.intervals import Z95

SCALE = math.log(10) / 400
"""Rating points to the logistic's units: ``d`` points above scores ``1 / (1 + exp(-SCALE * d))``."""
PRIOR_RATING = 1500.0
PRIOR_DEVIATION = 350.0
"""The prior of every strength's rating: where every new duelist starts on the server."""


@dataclass(frozen=True)
class Fitted:
    """The most likely ratings, and their covariance (rating points squared)."""

    names: tuple[str, ...]
    ratings: dict[str, float]
    covariance: tuple[tuple[float, ...], ...]

    def deviation(self, name: str) -> float:
        """One standard deviation of the strength's rating."""
        index = self.names.index(name)
        return math.sqrt(self.covariance[index][index])

    def gap(self, higher: str, lower: str) -> tuple[float, float]:
        """How far the first stands above the second, and the half-width of its 95% interval (the two
        ratings' covariance counted: they were fitted to the same duels)."""
        first, second = self.names.index(higher), self.names.index(lower)
        variance = (
            self.covariance[first][first] + self.covariance[second][second] - 2 * self.covariance[first][second]
        )
        return self.ratings[higher] - self.ratings[lower], Z95 * math.sqrt(variance)


def expected(difference: float) -> float:
    """The expected score of a player rated ``difference`` points above the opponent."""
    return 1.0 / (1.0 + math.exp(-SCALE * difference))


def fit(names: Sequence[str], pairs: Mapping[tuple[str, str], tuple[float, int]], steps: int = 50) -> Fitted:
    """The ratings that make the duels most likely. ``pairs`` gives, for two strengths ``(a, b)``, the points
    ``a`` scored against ``b`` (a win 1, a draw a half) and the duels they played."""
    names = tuple(names)
    index = {name: number for number, name in enumerate(names)}
    ratings = [PRIOR_RATING] * len(names)
    precision = 1.0 / PRIOR_DEVIATION**2
    for _ in range(steps):
        # gradient and negative curvature of the log-posterior, in rating points
        gradient = [-(rating - PRIOR_RATING) * precision for rating in ratings]
        curvature = [[precision if row == column else 0.0 for column in range(len(names))] for row in range(len(names))]
        for (first, second), (points, played) in pairs.items():
            a, b = index[first], index[second]
            chance = expected(ratings[a] - ratings[b])
            gradient[a] += SCALE * (points - played * chance)
            gradient[b] -= SCALE * (points - played * chance)
            weight = SCALE**2 * played * chance * (1.0 - chance)
            curvature[a][a] += weight
            curvature[b][b] += weight
            curvature[a][b] -= weight
            curvature[b][a] -= weight
        step = solve(curvature, gradient)
        ratings = [rating + change for rating, change in zip(ratings, step, strict=True)]
        if max(abs(change) for change in step) < 1e-9:
            break
    covariance = inverse(curvature)
    return Fitted(names, dict(zip(names, ratings, strict=True)), tuple(tuple(row) for row in covariance))


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector``, by Gaussian elimination with partial pivoting (the matrices here
    are a few strengths wide)."""
    size = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(column + 1, size):
            factor = rows[row][column] / rows[column][column]
            for entry in range(column, size + 1):
                rows[row][entry] -= factor * rows[column][entry]
    answer = [0.0] * size
    for row in reversed(range(size)):
        known = sum(rows[row][entry] * answer[entry] for entry in range(row + 1, size))
        answer[row] = (rows[row][size] - known) / rows[row][row]
    return answer


def inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix, column by column."""
    size = len(matrix)
    columns = [solve(matrix, [1.0 if row == column else 0.0 for row in range(size)]) for column in range(size)]
    return [[columns[column][row] for column in range(size)] for row in range(size)]
