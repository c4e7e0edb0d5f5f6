"""A duel as stored: its table, its two seats and their games' ends, read in one go; the topics its
events go out on; and how two duel scores make a result.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, select

from spider import Game
from spider.server.schema import duels, seats

OPEN, PLAYING, OVER = "open", "playing", "over"
PERSON = "person"


def duel_topic(duel_id: str) -> str:
    return f"duel:{duel_id}"


def player_topic(player: str) -> str:
    return f"player:{player}"


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


def read_duel(engine: Engine, duel_id: str) -> Duel | None:
    """The stored duel with its seats, or None."""
    if len(duel_id) > 32:
        return None
    with engine.connect() as connection:
        row = connection.execute(select(duels).where(duels.c.id == duel_id)).first()
        if row is None:
            return None
        rows = connection.execute(select(seats).where(seats.c.duel == duel_id).order_by(seats.c.seat)).all()
    duel = Duel(
        row.id, row.state, row.creator, row.suits, row.minutes, dict(row.rules), row.opponent, row.rating_min,
        row.rating_max, row.code, row.created_at, row.deadline, row.ended_at, row.rematch,
    )
    duel.rating_weight, duel.unrated = row.rating_weight, row.unrated
    duel.seats = [Seat(r.seat, r.player, r.game, r.ended, r.score, r.outcome, r.rating_change) for r in rows]
    return duel


def outcomes(first: int, second: int) -> tuple[str, str]:
    """Each seat's outcome from the duel scores: the higher wins, equal scores draw.

    >>> outcomes(40, 12), outcomes(5, 5)
    (('win', 'loss'), ('draw', 'draw'))
    """
    if first == second:
        return "draw", "draw"
    return ("win", "loss") if first > second else ("loss", "win")
