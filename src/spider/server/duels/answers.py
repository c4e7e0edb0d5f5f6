"""What the duels' routes and socket answer: the lobby, a player's info and friends, a duel's state."""

from __future__ import annotations

from typing import Annotated, get_args

from pydantic import Field, WithJsonSchema, with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.players.strengths import STRENGTHS
from spider.server.duels.model import OPEN, OVER, PERSON, PLAYING
from spider.server.games.answers import Event, View
from spider.server.http.answers import FORBID, Strength
from spider.view import DuelEnding, Suits, Whole
from spider.view import Rules as TableRules

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
    arena: str | None
    """The arena that paired this duel (``/api/arenas/{id}``), whose next pairing takes the place of a rematch;
    null for a duel of the lobby."""
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
