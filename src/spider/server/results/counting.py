"""What a finished game adds to the results (SPEC 3.6): a tally of games, wins, streaks and bests.

Which games count is the one rule of ``games.kinds`` (``counts``, and ``SITE`` for the site's win rates). The
tallies are kept up to date as games end (``tallies.count_finished``), so reading them costs a few rows
whatever the number of games; the site's are kept by day (``games.clock.day_of``).

>>> tally = Tally()
>>> for result in ("won", "won", "resigned", "won"):
...     tally.add(result, moves=120, seconds=300.0)
>>> tally.games, tally.wins, tally.current_streak, tally.best_streak
(4, 3, 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass


def win_rate(wins: int, games: int) -> float | None:
    """The share of games won, as every answer gives it: to four places, ``None`` before any game.

    >>> win_rate(2, 3), win_rate(0, 0)
    (0.6667, None)
    """
    return round(wins / games, 4) if games else None


def best_score_counts(result: str, scoring: str) -> bool:
    """Whether a counted game's score may be a best score: under ``standard`` scoring, which starts at
    500, only a won game's; under the others, every counted game's."""
    return scoring != "standard" or result == "won"


@dataclass(slots=True)
class Tally:
    """One player's results at one suit count, game by game in the order they ended."""

    games: int = 0
    wins: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None

    def add(self, result: str, *, moves: int | None, seconds: float | None) -> None:
        self.games += 1
        if result != "won":
            self.current_streak = 0
            return
        self.wins += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        if seconds is not None:
            self.best_seconds = seconds if self.best_seconds is None else min(self.best_seconds, seconds)
        if moves is not None:
            self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
