"""What the results' routes answer: statistics, the site's win rates, a history, a game's actions, an offline
result (their schemas in ``/api/openapi.json``)."""


from __future__ import annotations

from typing import Annotated, get_args

from pydantic import WithJsonSchema, with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.server.http.answers import FORBID, SuitsKey
from spider.view import AboutExercise as AboutExercise
from spider.view import Exercise as Exercise
from spider.view import OfflineEnding, Suits, Whole
from spider.view import Playing as Playing
from spider.view import Practising as Practising  # the view's shapes live beside the engine's view (spider.view)
from spider.view import Result as Result
from spider.view import Rules as TableRules
from spider.view import View as View


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
    """A code the player typed in (or a link to such a deal): it counts in the player's results as any game does,
    and in none of everyone's figures (the site's win rates, the boards)."""
    verified: bool
    counted: bool
    """Whether the game counts in the player's results."""


@with_config(FORBID)
class History(TypedDict):
    """The player's last games at one suit count, the latest ended first (the games counted in all are the
    statistics', ``GET /api/stats``: one count, typed-in codes' games in it as in every result of the player's)."""

    suits: Suits
    games: list[PastGame]


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
