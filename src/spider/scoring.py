"""The three scorings (SPEC 1.5): how one action changes the score.

>>> STANDARD.score(500, Outcome(is_move=True, runs=1))
599
>>> STANDARD.score(0, Outcome(is_move=True, runs=1))
99
>>> DUEL.score(0, Outcome(is_move=True, revealed=1, same_suit_cards=4))
9
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Outcome(NamedTuple):
    """What an action did, as far as scoring cares."""

    is_move: bool = False
    """A move or a deal (what the moves counter counts); a flip or removal alone is not."""
    revealed: int = 0
    """Cards turned face up, including one uncovered by a removed run."""
    runs: int = 0
    """Completed runs removed."""
    same_suit_cards: int = 0
    """Cards moved onto a card of the same suit one rank higher."""
    won: bool = False


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring: the starting score, what each outcome is worth, and whether it stops at 0."""

    start: int
    per_move: int
    per_run: int
    per_reveal: int
    per_same_suit_card: int
    for_winning: int
    floor: int | None

    def score(self, score: int, outcome: Outcome) -> int:
        """The score after an action: changed once by the net amount, then raised to the floor."""
        score += (
            self.per_move * outcome.is_move
            + self.per_run * outcome.runs
            + self.per_reveal * outcome.revealed
            + self.per_same_suit_card * outcome.same_suit_cards
            + self.for_winning * outcome.won
        )
        if self.floor is not None and score < self.floor:
            return self.floor
        return score


STANDARD = Scoring(start=500, per_move=-1, per_run=100, per_reveal=0, per_same_suit_card=0, for_winning=0, floor=0)
REVEAL = Scoring(start=0, per_move=0, per_run=100, per_reveal=5, per_same_suit_card=0, for_winning=0, floor=None)
DUEL = Scoring(start=0, per_move=-1, per_run=26, per_reveal=2, per_same_suit_card=2, for_winning=100, floor=None)
SCORINGS = {"standard": STANDARD, "reveal": REVEAL, "duel": DUEL}
