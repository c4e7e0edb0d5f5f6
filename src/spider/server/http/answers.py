"""What the API answers: the shape of each answer, as the types the code that builds it is checked
against (mypy) and as the schemas of the API's description (``openapi``, through Pydantic).

Every shape forbids keys it does not name, so that an answer with a key left undescribed breaks the
schema; the tests run generated requests against the description and check every answer.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import ConfigDict, Field, WithJsonSchema, with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.cards import SUIT_COUNTS
from spider.players.strengths import STRENGTHS
from spider.rules import CHOICES
from spider.server.duels.model import OPEN, OVER, PERSON, PLAYING
from spider.solver.search import Verdict
from spider.view import RULES_PROPERTIES, Card, Column, Count, DuelEnding, OfflineEnding, Suit, Suits, Whole
from spider.view import AboutExercise as AboutExercise
from spider.view import Exercise as Exercise
from spider.view import Playing as Playing
from spider.view import Practising as Practising  # the view's shapes live beside the engine's view (spider.view)
from spider.view import Result as Result
from spider.view import Rules as TableRules
from spider.view import View as View

RULES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "RuleChanges",
    "description": "Table rules by name (SPEC 1.9), each one of its choices; a rule not named keeps its value.",
    "properties": RULES_PROPERTIES,
    "additionalProperties": False,
}
"""Single table rules in a request."""

RuleChoices = Annotated[
    dict[str, list[Any]],
    WithJsonSchema(
        {
            "type": "object",
            "title": "RuleChoices",
            "description": "Each table rule's choices, the default first.",
            "properties": {name: {"type": "array"} for name in CHOICES},
            "required": list(CHOICES),
            "additionalProperties": False,
        }
    ),
]

SuitsKey = Annotated[str, WithJsonSchema({"enum": [str(suits) for suits in SUIT_COUNTS]})]
Strength = Annotated[str, WithJsonSchema({"enum": list(STRENGTHS)})]

FORBID = ConfigDict(extra="forbid")


@with_config(FORBID)
class Error(TypedDict):
    """Every refusal: a sentence naming the problem, and its id in the catalogs."""

    error: str
    message_id: str


@with_config(FORBID)
class Practice(TypedDict):
    exercises: list[Exercise]


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
class Hint(TypedDict):
    """A move the solver suggests from what the player sees, or (action null) why there is none."""

    action: str | None
    column: Column | None
    count: Count | None
    target: Column | None
    text: str
    message_id: str
    lead_id: str | None
    """A sentence said before the move, why it is suggested (``hint.fill_deal``: fill the empty columns,
    then deal), or null."""
    deal_possible: bool
    index: Whole
    """Which of the position's worthwhile moves this is, from 0: ask with ``index`` + 1 for the next."""
    total: Whole
    """How many worthwhile moves the position has (0 when there is no action)."""


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
class Tally(TypedDict):
    games: Whole
    wins: Whole
    win_rate: float | None
    current_streak: Whole
    best_streak: Whole
    best_seconds: Whole | None
    fewest_moves: Whole | None


@with_config(FORBID)
class SiteTally(TypedDict):
    games: Whole
    wins: Whole
    win_rate: float | None


@with_config(FORBID)
class SiteStats(TypedDict):
    period_days: int
    method: str
    by_suits: dict[SuitsKey, SiteTally]


@with_config(FORBID)
class PlayerStats(TypedDict):
    """The player's results by suit count, and best scores by suit count and scoring."""

    by_suits: dict[SuitsKey, Tally]
    best_scores: dict[SuitsKey, dict[str, int]]


@with_config(FORBID)
class OfflineTally(TypedDict):
    games: Whole
    wins: Whole
    win_rate: float | None
    best_seconds: Whole | None
    fewest_moves: Whole | None


@with_config(FORBID)
class OfflineStats(TypedDict):
    """Games played offline, counted apart: their time and moves are the page's word, not the server's."""

    by_suits: dict[SuitsKey, OfflineTally]


@with_config(FORBID)
class Stats(PlayerStats):
    """The player's results, everyone's win rates, and the player's offline games apart."""

    site: SiteStats
    offline: OfflineStats


@with_config(FORBID)
class PastGame(TypedDict):
    """One of the player's games that are over, as the history lists it."""

    id: str
    suits: Suits
    started_at: float
    ended_at: float
    result: Annotated[str, WithJsonSchema({"enum": list(get_args(OfflineEnding))})]
    """won, resigned, or abandoned for another game."""
    score: int
    moves: Whole
    seconds: Whole
    code: str | None
    """Shown once the game is over, and only when no game of its deal could still count (as in the view)."""
    typed: bool
    """A code the player typed in (or a link to such a deal): counted apart, as the site's win rates do."""
    verified: bool
    counted: bool
    """Whether the game counts in the player's results."""


@with_config(FORBID)
class HistoryTally(TypedDict):
    games: Whole
    wins: Whole
    win_rate: float | None


@with_config(FORBID)
class History(TypedDict):
    """The player's last games at one suit count, the latest ended first, and the counted games in all:
    those of typed-in codes apart."""

    suits: Suits
    games: list[PastGame]
    dealt: HistoryTally
    typed: HistoryTally


@with_config(FORBID)
class GameActions(TypedDict):
    """A game that is over, to be played again: its code and every action the player made, in order."""

    id: str
    code: str
    suits: Suits
    rules: TableRules
    actions: list[str]


@with_config(FORBID)
class OfflineAnswer(TypedDict):
    """An offline game's result as the server checked and counts it."""

    code: str
    result: OfflineEnding
    score: int
    moves: Whole
    seconds: Whole | None
    counted: bool
    """Whether it counts in the offline results: a game left before its first move does not."""


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


# Duels (server/duels).

Outcome = Annotated[str | None, WithJsonSchema({"enum": ["win", "draw", "loss", None]})]
Ended = Annotated[str | None, WithJsonSchema({"enum": [*get_args(DuelEnding), None]})]


@with_config(FORBID)
class RecentDuel(TypedDict):
    """One of a player's last duels, as their player info lists it."""

    duel: str
    opponent: str
    score: int | None
    opponent_score: int | None
    outcome: Outcome
    rating_change: float | None
    ended_at: str | None


@with_config(FORBID)
class PlayerInfo(TypedDict):
    """A player as others see them: name, rating with its uncertainty, duel tallies, the last duels."""

    name: str
    computer: Strength | None
    bot: bool
    """Played by a program (a bot, ``duels.bots``): the page marks it BOT."""
    online: bool
    rating: float
    deviation: float
    provisional: bool
    """Whether the rating is still uncertain (its deviation high): shown as "1500?"."""
    duels: Whole
    wins: Whole
    draws: Whole
    losses: Whole
    recent: list[RecentDuel]
    playing: str | None
    """The duel they are playing now, if any: its id."""


@with_config(FORBID)
class Friend(TypedDict):
    name: str
    rating: float
    provisional: bool
    online: bool


@with_config(FORBID)
class Friends(TypedDict):
    """The player's friends (with who is online) and the players they ignore."""

    friends: list[Friend]
    ignored: list[str]


@with_config(FORBID)
class OpenTable(TypedDict):
    """A table waiting for an opponent, as the lobby shows it."""

    id: str
    creator: str
    bot: bool
    """The creator is a bot."""
    rating: float
    provisional: bool
    suits: Suits
    minutes: int
    rules: TableRules
    min_rating: float | None
    max_rating: float | None
    created_at: str
    yours: bool
    """The table is the asking player's own: they may withdraw it (``POST /api/duels/{id}/leave``)."""


@with_config(FORBID)
class Lobby(TypedDict):
    tables: list[OpenTable]


@with_config(FORBID)
class DuelPlayer(TypedDict):
    """One side of a duel as both players may see it: no card, only the progress."""

    name: str
    computer: Strength | None
    bot: bool
    rating: float
    provisional: bool
    score: int
    runs: Whole
    turned_up: Whole
    finished: bool
    ended: Ended


@with_config(FORBID)
class DuelResult(TypedDict):
    """A duel's end: both scores (by seat), the winner's name (null for a draw), both rating changes, the
    ratings after them and whether each is still provisional."""

    scores: list[int]
    winner: str | None
    outcomes: list[Outcome]
    rating_changes: list[float]
    ratings: list[float]
    provisional: list[bool]


@with_config(FORBID)
class DuelState(TypedDict):
    """A duel as one player (or anyone, without ``you``) may see it: its table, both players' progress,
    the time left on the server's clock; the player's own view; the opponent's view once the player's
    own game has ended (``watch``); the result and the deal's code once both games have ended."""

    id: str
    state: Annotated[str, WithJsonSchema({"enum": [OPEN, PLAYING, OVER]})]
    suits: Suits
    minutes: int
    rules: TableRules
    opponent: Annotated[str, WithJsonSchema({"enum": [PERSON, *STRENGTHS]})]
    min_rating: float | None
    max_rating: float | None
    players: list[DuelPlayer]
    seat: Annotated[int, Field(ge=0, le=1)] | None
    remaining_ms: Whole | None
    you: View | None
    watch: View | None
    result: DuelResult | None
    code: str | None
    rematch: str | None
    invited: list[str]
    rating_note: str | None
    """Why the duel does not change ratings, or counts less (a sentence for the players); null when it
    counts fully. The rule is in ``server/duels/rated.py``."""


@with_config(FORBID)
class DuelPlayed(TypedDict):
    """A duel action's answer: the player's view after it, the duel's state, and what the action did."""

    view: View
    duel: DuelState
    events: list[Event]


@with_config(FORBID)
class Invitation(TypedDict):
    duel: str
    by: str
    bot: bool
    rating: float
    provisional: bool
    suits: Suits
    minutes: int


@with_config(FORBID)
class Invitations(TypedDict):
    invitations: list[Invitation]
