"""A duel as the duels handle it: its table, its two seats and their games' ends (``store`` reads and
writes them); and how two duel scores make a result.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from spider import Game
from spider.server.http.ids import new_token

OPEN, PLAYING, OVER = "open", "playing", "over"
PERSON = "person"


@functools.lru_cache(maxsize=256)
def face_down_at_start(code: str) -> int:
    return sum(Game.from_code(code).face_down)


@dataclass(slots=True)
class Seat:
    seat: int
    player: str
    game: str | None = None
    ended: str | None = None
    score: int | None = None
    outcome: str | None = None
    rating_change: float | None = None


@dataclass(slots=True)
class Duel:
    id: str
    state: str
    creator: str
    suits: int
    minutes: int
    rules: dict[str, Any]
    opponent: str
    min_rating: float | None
    max_rating: float | None
    code: str | None
    created_at: float
    deadline: float | None
    ended_at: float | None
    rematch: str | None
    seats: list[Seat] = field(default_factory=list)
    rating_weight: float | None = None
    unrated: str | None = None
    arena: str | None = None
    weakest: int | None = None
    """What the weakest computer player scores on the deal (``attempt``), once worked out."""

    @classmethod
    def table(
        cls,
        creator: str,
        suits: int,
        minutes: int,
        rules: dict[str, Any],
        opponent: str,
        at: float,
        min_rating: float | None = None,
        max_rating: float | None = None,
        arena: str | None = None,
    ) -> Duel:
        """A new open table, its creator in the first seat."""
        return cls(
            id=new_token(),
            state=OPEN,
            creator=creator,
            suits=suits,
            minutes=minutes,
            rules=rules,
            opponent=opponent,
            min_rating=min_rating,
            max_rating=max_rating,
            code=None,
            created_at=at,
            deadline=None,
            ended_at=None,
            rematch=None,
            seats=[Seat(0, creator)],
            arena=arena,
        )

    def seat_of(self, player: str) -> Seat | None:
        return next((seat for seat in self.seats if seat.player == player), None)

    def other(self, seat: Seat) -> Seat | None:
        return next((other for other in self.seats if other.seat != seat.seat), None)

    def remaining(self, at: float) -> float:
        """Seconds left on the clock (the whole time limit before the duel starts)."""
        if self.state == OPEN or self.deadline is None:
            return self.minutes * 60.0
        if self.state == OVER:
            return 0.0
        return max(0.0, self.deadline - at)


def outcomes(first: int, second: int) -> tuple[str, str]:
    """Each seat's outcome from the duel scores: the higher wins, equal scores draw.

    >>> outcomes(40, 12), outcomes(5, 5)
    (('win', 'loss'), ('draw', 'draw'))
    """
    if first == second:
        return "draw", "draw"
    return ("win", "loss") if first > second else ("loss", "win")
