"""What the API answers about games: the view, actions played, hints, results, history and presets.

Every shape forbids keys it does not name (``http.answers.FORBID``).
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import ConfigDict, Field, WithJsonSchema, with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.server.http.answers import FORBID, RuleChoices, Strength
from spider.solver.search import Verdict
from spider.view import AboutExercise as AboutExercise
from spider.view import Card, Column, Count, Suit, Suits, Whole
from spider.view import Exercise as Exercise
from spider.view import Playing as Playing
from spider.view import Practising as Practising  # the view's shapes live beside the engine's view (spider.view)
from spider.view import Result as Result
from spider.view import Rules as TableRules
from spider.view import View as View


@with_config(FORBID)
class Moved(TypedDict):
    type: Literal["moved"]
    source: Column
    target: Column
    count: Count
    cards: list[Card]


@with_config(FORBID)
class Flipped(TypedDict):
    type: Literal["flipped"]
    column: Column
    card: Card


@with_config(FORBID)
class RunRemoved(TypedDict):
    type: Literal["run_removed"]
    column: Column
    suit: Suit


@with_config(FORBID)
class Dealt(TypedDict):
    type: Literal["dealt"]
    cards: list[Card]


@with_config(FORBID)
class Won(TypedDict):
    type: Literal["won"]


@with_config(FORBID)
class Undone(TypedDict):
    type: Literal["undone"]
    action: str


@with_config(FORBID)
class Redone(TypedDict):
    type: Literal["redone"]
    action: str


Event = Annotated[Moved | Flipped | RunRemoved | Dealt | Won | Undone | Redone, Field(discriminator="type")]


@with_config(FORBID)
class Played(TypedDict):
    """An action's answer: the view after it, and what it did, in order."""

    view: View
    events: list[Event]


@with_config(FORBID)
class Shared(TypedDict):
    share: str
    path: str


@with_config(FORBID)
class Line(TypedDict):
    code: str
    line: list[str]


@with_config(FORBID)
class Analysis(TypedDict):
    """A lost game searched with every card known (SPEC 2.6)."""

    code: str
    opening: Annotated[str, WithJsonSchema({"enum": list(get_args(Verdict))})]
    """Whether the opening could be won: ``unknown`` when the search ran out of time."""
    last_winnable: Whole | None
    """How many of the game's actions were played before the last position a win was found from."""
    actions: Whole
    moves: Whole | None
    """The moves counter at that position."""
    line: list[str]
    """The winning line from that position."""
    positions_searched: Whole


@with_config(FORBID)
class Health(TypedDict):
    ok: bool
    database: str
    """``ok``, or what went wrong reaching it."""
    redis: str | None
    """``ok``, or what went wrong reaching it; ``None`` for a server without Redis."""


@with_config(FORBID)
class ClockAnswer(TypedDict):
    seconds: Whole
    """The game's playing time."""
    on_screen: bool
    """Whether the clock runs (the game is on screen and not over)."""


@with_config(FORBID)
class Helps(TypedDict):
    hints: bool
    no_more_moves: bool
    one_tap: bool


@with_config(ConfigDict(extra="forbid", use_attribute_docstrings=True))  # each constant described
class Constants(TypedDict):
    """The facts of the game and of the server that the page uses, each as the engine or the server
    states it: the page writes none of them itself."""

    suit_counts: list[Suits]
    """The suit counts a game may be dealt with."""
    columns: Count
    """The table's columns."""
    runs_to_win: Count
    """The runs that win a game."""
    duel_minutes: list[Count]
    """A duel's time limits to choose from, in minutes."""
    strengths: list[Strength]
    """The computer players' strengths, from the weakest."""
    strength_ratings: dict[Strength, Count]
    """Each computer player's rating from the ladder of the strengths (``bench/ladder.py``), shown in the lobby."""
    name_length: Count
    """The most characters a player's name may have."""
    heartbeat_ms: Count
    """Milliseconds between two signs of life from a page that shows a game (``POST /api/games/{id}/clock``)."""


@with_config(FORBID)
class Presets(TypedDict):
    """The presets' table rules, the helps each turns on, the default preset, each rule's choices, and
    the game's constants."""

    presets: dict[str, TableRules]
    helps: dict[str, Helps]
    default: str
    choices: RuleChoices
    constants: Constants

