"""The player's actions in notation (SPEC 1.6): moves, deals and flips.

>>> parse_action("3>7:2")
Move(source=3, target=7, count=2)
>>> str(parse_action("10>1")), str(parse_action(" D ")), str(parse_action("f3"))
('10>1', 'd', 'f3')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spider.errors import InvalidMoveError

COLUMNS = 10


@dataclass(frozen=True, slots=True)
class Move:
    """Cards from the end of column ``source`` onto column ``target`` (both 1-10).

    ``count`` is the number of cards; ``None`` means the group that fits the target (onto a card) or
    the largest movable group (into an empty column).
    """

    source: int
    target: int
    count: int | None = None

    def __str__(self) -> str:
        move = f"{self.source}>{self.target}"
        return move if self.count is None else f"{move}:{self.count}"


@dataclass(frozen=True, slots=True)
class Deal:
    """One card from the stock onto each column."""

    def __str__(self) -> str:
        return "d"


@dataclass(frozen=True, slots=True)
class Flip:
    """Turning face up the top face-down card of a column (table rule flip: manual)."""

    column: int

    def __str__(self) -> str:
        return f"f{self.column}"


Action = Move | Deal | Flip

_MOVE = re.compile(r"(\d+)>(\d+)(?::(\d+))?")
_FLIP = re.compile(r"f(\d+)")


def parse_action(text: str) -> Action:
    """Reads one action: ``3>7``, ``3>7:2``, ``d`` or ``f3``."""
    written = text.strip().lower()
    if written == "d":
        return Deal()
    if match := _MOVE.fullmatch(written):
        source, target = _column(match.group(1), text), _column(match.group(2), text)
        count = match.group(3)
        if count is not None and int(count) < 1:
            raise InvalidMoveError("invalid.count", action=text)
        return Move(source, target, None if count is None else int(count))
    if match := _FLIP.fullmatch(written):
        return Flip(_column(match.group(1), text))
    raise InvalidMoveError("invalid.action", action=text)


def _column(number: str, action: str) -> int:
    column = int(number)
    if not 1 <= column <= COLUMNS:
        raise InvalidMoveError("invalid.column", action=action, column=column)
    return column
