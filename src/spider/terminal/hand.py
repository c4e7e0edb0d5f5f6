"""The keyboard's cursor and the cards in hand, with the page's keys (the rules page's Keyboard table).

Left and right choose a column, up and down take more or fewer cards from its end, Enter picks the
cards up and jumps to the column they fit best, Enter again puts them down, Esc puts them back.

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> hand = Hand()
>>> hand.step(game, -1)
>>> hand.column, hand.count
(10, 1)
>>> hand.pick_up(game)
>>> hand.held, hand.column == game.best_target(10, 1)
((10, 1), True)
>>> hand.put_back()
>>> hand.held, hand.column
(None, 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from spider.actions import COLUMNS
from spider.game import Game


def largest_group(game: Game, column: int) -> int:
    """How many cards the cursor takes on a column: the largest group that can go somewhere now, or
    else the longest run that moves together (0 when the column shows no face-up card)."""
    counts = [count for source, count in game.group_targets() if source == column]
    return max(counts, default=game.movable(column))


@dataclass(slots=True)
class Hand:
    """Where the cursor is (a column, 1-10, and how many cards from its end), and what is held."""

    column: int = 1
    count: int = 0
    held: tuple[int, int] | None = None
    """The column the cards were picked up from, and how many."""

    def step(self, game: Game, columns: int) -> None:
        """Moves the cursor across, round the table's edge, onto the largest group there."""
        self.column = (self.column - 1 + columns) % COLUMNS + 1
        self.count = largest_group(game, self.column)

    def take(self, game: Game, cards: int) -> None:
        """Takes more (or fewer) cards from the end of the column: at least one, at most the face-up ones."""
        face_up = len(game.face_up(self.column))
        self.count = max(min(1, face_up), min(face_up, self.count + cards))

    def point(self, game: Game, column: int, count: int | None = None) -> None:
        """Puts the cursor on a column, on ``count`` cards or else its largest group."""
        self.column = column
        self.count = largest_group(game, column) if count is None else count

    def hold(self, column: int, count: int) -> None:
        """Holds the last ``count`` cards of a column, the cursor on them."""
        self.column, self.count = column, count
        self.held = (column, count)

    def pick_up(self, game: Game, target: int | None = None) -> None:
        """Holds the cards under the cursor, and moves to ``target`` or else where they fit best, so
        that Enter, Enter plays the natural move."""
        self.hold(self.column, self.count)
        target = target or game.best_target(self.column, self.count)
        if target is not None:
            self.point(game, target)

    def put_back(self) -> None:
        """Lets go of the held cards, the cursor back on them."""
        if self.held is not None:
            self.column, self.count = self.held
            self.held = None
