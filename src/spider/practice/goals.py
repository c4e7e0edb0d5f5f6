"""What an exercise asks for (SPEC 3.9), and whether a game has reached it.

A goal is written as a kind, an optional number, and an optional move limit::

    empty            a column with no cards         empty 2      two empty columns at once
    run              a run completed and removed    run 2        two runs
    turn 3           a card turned up in column 3   reveal 4     four face-down cards turned up
    win              every run removed
    ... in 5         and no more than 5 moves and deals since the exercise began

>>> goal = Goal.parse("run in 3")
>>> goal, goal.text()
(Goal.parse('run in 3'), 'Complete a run. Use at most 3 moves.')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spider.actions import COLUMNS
from spider.cards import RUNS_TO_WIN
from spider.errors import InvalidExerciseError
from spider.game import Game
from spider.text import message

KINDS = ("empty", "run", "turn", "reveal", "win")
_GOAL = re.compile(r"(?P<kind>[a-z]+)(?: (?P<amount>\d+))?(?: in (?P<limit>\d+))?")


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal: ``kind``, its ``amount`` (a count of columns, runs or cards; for ``turn`` the column),
    and the most moves it may take (``limit``), or ``None`` for no limit."""

    kind: str
    amount: int = 1
    limit: int | None = None

    @classmethod
    def parse(cls, text: str) -> Goal:
        """Reads a goal; the error quotes it and says what a goal looks like."""
        found = _GOAL.fullmatch(text.strip())
        if found is None or found["kind"] not in KINDS:
            raise InvalidExerciseError("invalid.goal", text=text)
        kind, amount, limit = found["kind"], found["amount"], found["limit"]
        if kind == "win" and amount is not None:
            raise InvalidExerciseError("invalid.goal", text=text)
        if kind == "turn" and amount is None:
            raise InvalidExerciseError("invalid.goal_column", text=text)
        goal = cls(kind, 1 if amount is None else int(amount), None if limit is None else int(limit))
        largest = {"empty": COLUMNS, "run": RUNS_TO_WIN, "turn": COLUMNS}.get(kind)
        if goal.amount < 1 or (largest is not None and goal.amount > largest) or goal.limit == 0:
            raise InvalidExerciseError("invalid.goal", text=text)
        return goal

    def __str__(self) -> str:
        text = self.kind if self.kind == "win" or (self.amount == 1 and self.kind != "turn") else (
            f"{self.kind} {self.amount}"
        )
        return text if self.limit is None else f"{text} in {self.limit}"

    def __repr__(self) -> str:
        return f"Goal.parse({str(self)!r})"

    def met(self, start: Game, game: Game) -> bool:
        """Whether ``game``, played on from ``start``, shows what the goal asks (the move limit aside)."""
        if self.kind == "empty":
            return sum(not cards for cards in game.columns) >= self.amount
        if self.kind == "run":
            return len(game.runs) - len(start.runs) >= self.amount
        if self.kind == "turn":
            return game.face_down[self.amount - 1] < start.face_down[self.amount - 1]
        if self.kind == "reveal":
            return sum(start.face_down) - sum(game.face_down) >= self.amount
        return game.won

    def reached(self, start: Game, game: Game) -> bool:
        """Whether the goal is met within its move limit (moves and deals since ``start``)."""
        return self.within_limit(start, game) and self.met(start, game)

    def within_limit(self, start: Game, game: Game) -> bool:
        return self.limit is None or game.moves - start.moves <= self.limit

    def moves_left(self, start: Game, game: Game) -> int | None:
        """The moves and deals the limit still allows after ``start``, or ``None`` with no limit."""
        return None if self.limit is None else max(self.limit - (game.moves - start.moves), 0)

    def text(self, lang: str | None = None) -> str:
        """The goal in words, for the player."""
        params = {"column": self.amount} if self.kind == "turn" else {"n": self.amount}
        words = message(f"practice.goal.{self.kind}", lang, **params)
        if self.limit is None:
            return words
        return f"{words} {message('practice.goal.limit', lang, n=self.limit)}"
