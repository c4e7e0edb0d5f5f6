"""What the moderation routes answer (their schemas in ``/api/openapi.json``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.server.http.answers import FORBID
from spider.view import Whole

Board = Literal["daily", "scores", "duel"]
State = Literal["checking", "clear", "flagged", "cleared"]


@with_config(FORBID)
class Evidence(TypedDict):
    at: Whole
    """How many of the game's actions came before the one told (the replay viewer opens there)."""
    text: str
    """What was played there, and why it fits the cards that were face down, in words."""


@with_config(FORBID)
class OtherResult(TypedDict):
    """Another checked result of the same account."""

    game: str
    board: Board
    state: State
    at: float


@with_config(FORBID)
class FlaggedResult(TypedDict):
    """A result the measure flagged, held off its board until a moderator looks."""

    game: str
    name: str | None
    """The account's name (null: it has none of its own yet)."""
    board: Board
    """What it ranks on: a day's board, the best scores, a duel."""
    state: State
    score: float | None
    """The measure's score (null: the check could not be made, and so flagged)."""
    checked_at: float | None
    suits: Whole | None
    result: str | None
    points: int | None
    moves: Whole | None
    seconds: Whole | None
    evidence: list[Evidence]
    others: list[OtherResult]


@with_config(FORBID)
class Decision(TypedDict):
    at: float
    moderator: str | None
    """Who decided (null: the command line, which grants and revokes the role)."""
    decision: Literal["grant", "revoke", "clear", "mark"]
    name: str | None
    """The account decided on."""
    game: str | None
    """The game cleared."""


@with_config(FORBID)
class Moderation(TypedDict):
    """The moderation view: the flagged results, oldest first, and the latest decisions, latest first."""

    flagged: list[FlaggedResult]
    decisions: list[Decision]


@with_config(FORBID)
class CheckedGame(TypedDict):
    """A checked game as the replay viewer takes it (``POST /api/records/positions``): for moderators only."""

    game: str
    code: str
    rules: dict[str, Any]
    actions: list[str]
