"""What the store hands out: a stored game, its actions, what play changed in it, how it ended, and an
offline game's result, each a dataclass; and ``from_row``, the one place a row becomes one of them.

A record's fields are named after the columns they come from (``tables``), so a row maps by name; the
one field that is no column, a game's ``clock``, is its ``played`` and ``clock_at`` columns together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from sqlalchemy import Row

from spider.server.games.clock import Clock
from spider.server.games.kinds import CODE_KNOWN, Kind, counts

R = TypeVar("R")


@dataclass(slots=True)
class GameRecord:
    """One stored game: everything about it but its actions."""

    id: str
    player: str
    code: str
    suits: int
    rules: dict[str, Any]
    verified: bool
    created_at: float
    line: list[str] | None = None
    finished_at: float | None = None
    result: str | None = None
    score: int | None = None
    moves: int | None = None
    seconds: float | None = None
    line_shown: bool = False
    """The player had been shown this deal's winning line when the game began."""
    clock: Clock | None = None
    """The clock of a game in progress as last stored; ``None`` in a game from before the clock."""
    exercise: str | None = None
    """The practice exercise the game plays (``spider.practice``); its code is then empty."""
    duel: str | None = None
    """The duel this game is one side of: it counts in no solo results and is never the current game."""
    preset: str | None = None
    """The preset the game was begun under, by name, whose helps it has (``spider.rules.HELPS``)."""
    position: str | None = None
    """Where a game tried again from a review starts (``spider.practice.from_review``), in full form: its
    unseen cards re-imagined, in no exercise file. Never sent: the view shows what is face up."""
    kind: Kind = Kind.SOLO
    """What the game is (``kinds``): the one value the rules of counting ask."""
    shared: bool = False
    """Begun from a link that shared the deal: the table names it so, whatever its kind."""

    def __post_init__(self) -> None:
        self.kind = Kind(self.kind)  # a row gives the kind's text

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def typed(self) -> bool:
        """The player knows the code (``kinds.CODE_KNOWN``): the view may show it while the game is on."""
        return self.kind in CODE_KNOWN

    @property
    def counted(self) -> bool:
        """Whether the game, now over, counts in the player's results."""
        return counts(self.kind, self.result, self.moves, deal_known=self.line_shown)

    def take(self, progress: Progress) -> None:
        """Takes what play changed in the stored game: its end and its clock."""
        self.finished_at, self.result = progress.finished_at, progress.result
        self.score, self.moves, self.seconds = progress.score, progress.moves, progress.seconds
        self.clock = progress.clock


@dataclass(frozen=True, slots=True)
class StoredAction:
    seq: int
    text: str
    at: float


@dataclass(frozen=True, slots=True)
class Progress:
    """What play changes in a stored game (its end and its clock), with the actions after a given one."""

    finished_at: float | None
    result: str | None
    score: int | None
    moves: int | None
    seconds: float | None
    clock: Clock | None
    later: list[StoredAction]


@dataclass(frozen=True, slots=True)
class Finish:
    """How a game ended, as stored."""

    game_id: str
    result: str
    finished_at: float
    score: int
    moves: int
    seconds: float


_NAMES: dict[type[Any], tuple[str, ...]] = {}


def _names(kind: type[Any]) -> tuple[str, ...]:
    """The fields of a record type, read once."""
    if (found := _NAMES.get(kind)) is None:
        found = _NAMES[kind] = tuple(field.name for field in fields(kind))
    return found


def from_row(record: type[R], row: Any, /, **given: Any) -> R:
    """A record of type ``record`` from a row (a SQLAlchemy ``Row``, or any mapping of column names): each field
    from the column of its name, a field with no column left to its default, and ``given`` over both.

    >>> from_row(StoredAction, {"game_id": "g1", "seq": 2, "text": "d", "at": 10.0})
    StoredAction(seq=2, text='d', at=10.0)
    >>> from_row(Progress, {"finished_at": None, "result": None, "score": None, "moves": None,
    ...                     "seconds": None, "played": 12.0, "clock_at": 100.0}, later=[]).clock
    Clock(played=12.0, since=100.0)
    """
    columns: Mapping[Any, Any] = row._mapping if isinstance(row, Row) else row
    names = _names(record)
    try:  # every field a column (an action's row): the quick way
        values = {name: columns[name] for name in names}
    except KeyError:
        values = {name: columns[name] for name in names if name in columns}
    if "clock" in names and "played" in columns:
        values["clock"] = None if columns["played"] is None else Clock(columns["played"], columns["clock_at"])
    values.update(given)
    return record(**values)
