"""The public view of a game: what the player may see, and what the page needs to offer moves.

Built only from public facts: the face-up cards, how many cards lie face down, how many are in the
stock. Never a face-down card's identity, never the stock's order. Which columns accept which group,
and the rule that refuses a group or a deal, come from the engine, so the page holds no rules.

The server answers with it, and so does the browser's offline engine (``spider.offline``): it imports
nothing beyond the engine. The view's shapes live here too, as plain typed dicts; the API's
description (``spider.server.http.answers``, ``openapi``) reads them through Pydantic, which the browser
lacks, so their JSON Schema words come as :class:`Schema` annotations that need no Pydantic import.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, get_args

from spider.actions import COLUMNS
from spider.cards import RANKS, SUIT_COUNTS, SUITS
from spider.rules import CHOICES

if sys.version_info >= (3, 12):
    from typing import TypedDict
else:  # Pydantic reads TypedDicts from typing_extensions before Python 3.12 (the browser's Python is later)
    from typing_extensions import TypedDict

if TYPE_CHECKING:
    from spider.game import Game


class Schema:
    """Words of a value's JSON Schema in the API's description, added to its type's own (or, with
    ``whole``, the schema whole). Pydantic asks every annotation for them by this method's name."""

    __slots__ = ("whole", "words")

    def __init__(self, *, whole: bool = False, **words: Any) -> None:
        self.whole = whole
        self.words = words

    def __get_pydantic_json_schema__(
        self, core_schema: Any, handler: Callable[[Any], dict[str, Any]]
    ) -> dict[str, Any]:
        return {**({} if self.whole else handler(core_schema)), **self.words}


_Shape = TypeVar("_Shape")


def closed(shape: _Shape) -> _Shape:
    """A shape that allows no key it does not name (Pydantic's ``extra="forbid"``), so that an answer
    with a key left undescribed breaks the API's schema."""
    shape.__pydantic_config__ = {"extra": "forbid"}  # type: ignore[attr-defined]
    return shape


RULES_PROPERTIES = {name: {"enum": list(choices)} for name, choices in CHOICES.items()}
"""Each table rule with its choices, as JSON Schema properties."""

Rules = Annotated[
    dict[str, Any],
    Schema(
        whole=True,
        type="object",
        title="TableRules",
        description="Every table rule (SPEC 1.9); unlimited undo is null.",
        properties=RULES_PROPERTIES,
        required=list(CHOICES),
        additionalProperties=False,
    ),
]
"""Every table rule, as ``TableRules.to_json`` writes them."""
Card = Annotated[str, Schema(pattern=f"^[{RANKS}][{SUITS}]$", examples=["Ts", "Ah"])]
Suit = Annotated[str, Schema(whole=True, enum=list(SUITS))]
Suits = Annotated[int, Schema(whole=True, enum=list(SUIT_COUNTS))]
Column = Annotated[int, Schema(minimum=1, maximum=COLUMNS)]
Count = Annotated[int, Schema(minimum=1)]
Whole = Annotated[int, Schema(minimum=0)]
OfflineEnding = Literal["won", "resigned", "abandoned"]
"""How a game of the player's own ends, and so how a game played offline may be sent: won, resigned, or
abandoned for a new game."""
DuelEnding = Literal["won", "finished", "time"]
"""How a duel's game ends: won, finished by its player, or out of time."""
Ending = Literal[OfflineEnding, "solved", DuelEnding]
"""Every result a game may end with (``solved``: a practice game that reached its goal)."""
ENDINGS: tuple[Ending, ...] = get_args(Ending)
Result = Annotated[str | None, Schema(whole=True, enum=[*ENDINGS, None])]
"""How a game ended, or ``None`` while it goes on."""


@closed
class Pile(TypedDict):
    """A column as the player sees it: how many cards lie face down, and the face-up cards in order."""

    down: Whole
    up: list[Card]


@closed
class Stock(TypedDict):
    cards: Whole
    deals_left: Whole


@closed
class Group(TypedDict):
    """A group that can be picked up: the columns that accept it and the best of them, or the rule that
    keeps it where it is."""

    column: Column
    count: Count
    targets: list[Column]
    best: Column | None
    refusal: str | None


@closed
class Unmovable(TypedDict):
    """Face-up cards that cannot be picked up together, and the rule that says so."""

    column: Column
    count: Count
    refusal: str


@closed
class LastMove(TypedDict):
    source: Column
    target: Column
    count: Count


@closed
class Table(TypedDict):
    """The part of the view that depends only on the table."""

    suits: Suits
    rules: Rules
    columns: Annotated[list[Pile], Schema(minItems=COLUMNS, maxItems=COLUMNS)]
    stock: Stock
    runs: list[Suit]
    score: int
    moves: Whole
    won: bool
    deal_possible: bool
    deal_refusal: str | None
    deal_never_possible: bool
    can_undo: bool
    can_redo: bool
    last_move: LastMove | None
    groups: list[Group]
    unmovable: list[Unmovable]
    flips: list[Column]
    text: str


class AboutExercise(TypedDict):
    """What the practice list and a practice game's view both say of an exercise."""

    id: str
    title: str
    idea: str
    goal: str
    suits: Suits
    solved: bool
    best_moves: Whole | None


@closed
class Exercise(AboutExercise):
    """A practice exercise (SPEC 3.9) with the player's progress."""

    number: Count


class Playing(TypedDict):
    """How far a practice game is towards its goal."""

    limit: Count | None
    """The moves the goal allows, if it has a limit."""
    moves_left: Whole | None
    reached: bool
    failed: bool
    """Its moves are used and its goal not reached: further moves and deals are refused."""


@closed
class Practising(AboutExercise, Playing):
    """What a practice game's view says of its exercise. A game tried again from a review (``id``
    ``from_review``, a moment of the player's own game to win) has no ``number``, ``count`` or ``next``."""

    number: Count | None
    count: Count | None
    next: str | None
    """The next exercise's id, if there is one."""


class View(Table):
    """A game as its player may see it: never a face-down card, the stock's order, or the code of a
    game the server dealt while it is in progress."""

    id: str
    code: str | None
    version: Whole
    stuck: bool
    stuck_pending: bool
    verified: bool
    typed: bool
    """Whether the game was begun from a game code the player typed (or a share of one): not a deal of ours."""
    shared: bool
    """Whether the game was begun from a link that shared its deal: the table calls it a shared deal."""
    counts: bool
    """Whether the game, ended now after a move, counts in the player's results: not a replay's, a practice
    position's or a duel's, nor one of a deal whose line or analysis its player has seen; or, a daily deal's
    game on its day's board, on that board."""
    daily: bool
    """Whether the game in progress is its player's entry on a daily deal's board: left after a move, it goes
    on that board as lost (and in no results)."""
    shareable: bool
    """Whether "Share this deal" gives a link to the game's deal (``kinds.share_refusal``): not an exercise, a daily
    deal (everyone's already: a link would only give its cards away), a ghost race still on, nor a game the server
    never saw (offline)."""
    started_at: str
    seconds: Whole
    over: bool
    result: Result
    practice: Practising | None
    """The exercise of a practice game; ``None`` for any other game."""
    secret_until: str | None
    """When everyone may see the deal's code, winning line, analysis and records (ISO time, UTC), while a deal that
    several players play at once for a result keeps them from all (a daily deal on its day); ``None`` otherwise."""


def whole_seconds(seconds: float) -> int:
    """A playing time as everything shows it, the view, the statistics, the history, the boards and the records
    alike: the whole seconds played, cut down as a clock counts them (84.7 s is 1:24 everywhere, never 1:25 in one
    place and 1:24 in another), and never below zero.

    >>> whole_seconds(84.7), whole_seconds(84.0), whole_seconds(-0.3)
    (84, 84, 0)
    """
    return max(0, int(seconds))


def iso_time(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def columns(game: Game) -> list[Pile]:
    down = game.face_down
    return [
        {"down": down[column - 1], "up": [str(card) for card in game.face_up(column)]}
        for column in range(1, COLUMNS + 1)
    ]


def groups(game: Game) -> list[Group]:
    """Every group that can be picked up, with the columns that accept it and the best of them.

    A group that fits nowhere comes with the rule that keeps it there, for the page to show.
    """
    accepted = game.group_targets()
    found: list[Group] = []
    for column in range(1, COLUMNS + 1):
        for count in range(1, game.movable(column) + 1):
            fits = sorted(accepted.get((column, count), ()))
            # the best target is one of the targets: ask the engine only when there is a choice
            best = game.best_target(column, count) if len(fits) > 1 else fits[0] if fits else None
            refusal = None if fits else str(game.nowhere_refusal(column, count))
            found.append({"column": column, "count": count, "targets": fits, "best": best, "refusal": refusal})
    return found


def unmovable(game: Game) -> list[Unmovable]:
    """Every group of face-up cards that cannot be picked up, with the rule that keeps it together with
    the column, for the page to name when a player tries."""
    return [
        {"column": column, "count": count, "refusal": str(game.nowhere_refusal(column, count))}
        for column in range(1, COLUMNS + 1)
        for count in range(game.movable(column) + 1, len(game.face_up(column)) + 1)
    ]


def flips(game: Game) -> list[int]:
    """The columns whose top card may be turned over now (manual flip), as the engine lists them."""
    return [index + 1 for index in game.flippable]


def last_move(game: Game) -> LastMove | None:
    """The move that left the table as it is, for the page to mark."""
    moved = game.last_move
    return None if moved is None else {"source": moved.source, "target": moved.target, "count": moved.count}


def public_view(
    game: Game,
    *,
    id: str,
    code: str | None,
    version: int,
    started_at: float,
    seconds: float,
    over: bool,
    result: str | None,
    verified: bool = False,
    typed: bool = False,
    shared: bool = False,
    counts: bool = True,
    daily: bool = False,
    shareable: bool = False,
    practice: Practising | None = None,
    drawn: Table | None = None,
    secret_until: str | None = None,
) -> View:
    """The view of a game for its player, the server's and the offline engine's alike. ``code`` is the
    caller's to give or keep back (it tells every card); ``drawn`` is the table's part if the caller
    keeps it built (:func:`table`). "No more moves" is left unasked (``stuck`` false): it needs the
    solver, which the server asks."""
    return {
        "id": id,
        **(table(game) if drawn is None else drawn),
        "code": code,
        "version": version,
        "stuck": False,
        "stuck_pending": False,
        "verified": verified,
        "typed": typed,
        "shared": shared,
        "counts": counts,
        "daily": daily,
        "shareable": shareable,
        "started_at": iso_time(started_at),
        "seconds": whole_seconds(seconds),
        "over": over,
        "result": result,
        "practice": practice,
        "secret_until": secret_until,
    }


def table(game: Game) -> Table:
    """The part of the view that depends only on the table."""
    refusal = game.deal_refusal
    return {
        "suits": game.suits,
        "rules": game.rules.to_json(),
        "columns": columns(game),
        "stock": {"cards": len(game.stock), "deals_left": game.deals_left},
        "runs": list(game.runs),
        "score": game.score,
        "moves": game.moves,
        "won": game.won,
        "deal_possible": game.deal_possible,
        "deal_refusal": None if refusal is None else str(refusal),
        "deal_never_possible": game.deal_never_possible,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "last_move": last_move(game),
        "groups": groups(game),
        "unmovable": unmovable(game),
        "flips": flips(game),
        "text": game.describe(),
    }
