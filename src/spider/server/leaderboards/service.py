"""Leaderboards: duel ratings and best scores per suit count, this week and ever, each with a friends-only
view and the player's own place (``GET /api/leaderboards/ratings``, ``GET /api/leaderboards/scores``, answered
by ``leaderboards.routes``).

Who is on a board: accounts in good standing (``results.standing``: a day old, with ten of the server's deals
played; guests and young accounts play unranked, and each board tells the asking player so in a sentence) with a
name of their own (a made-up ``Player 4821`` is nobody's to show), no computer player, and for ratings no
provisional rating (its deviation 110 or more: it still moves by a hundred points a duel). ``listed`` is the one
condition on the duelists (read through ``people.SEEN_NAMES``) every board takes, so that a further rule (leave
bots out) is one more condition there. The games are read
through ``games.SEEN_GAMES``: each board is one query, joining the two views.

What a best score is: a solo game that counts (``counting_games``, the rules of ``results``: over, no replay,
no practice, no duel, no line shown, not left before its first move, its deal not known to anyone before it
ended) and whose code the player did not type in (whoever types a code can know its every card). Scores are
compared under one scoring only, the standard one (the classic preset's), and under it only a won game's
score is a best score (``best_score_counts``: it starts at 500 and falls by one a move). "This week" is the
UTC week from Monday 00:00.

>>> week_start(0.0) == -3 * DAY  # 1 January 1970 was a Thursday
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NotRequired

from pydantic import with_config
from sqlalchemy import ColumnElement, Engine, and_, select
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.server.fairplay.store import unheld, unmarked
from spider.server.games.clock import DAY, day_of
from spider.server.games.store import SEEN_GAMES, counting_games
from spider.server.http.answers import FORBID
from spider.server.people.ratings import PROVISIONAL_DEVIATION
from spider.server.people.service import SEEN_NAMES, friend_ids, people_only, shown
from spider.server.results.standing import ranked, verdict
from spider.view import Whole, whole_seconds

TOP = 100
"""How many entries a board shows."""
BOARD_SCORING = "standard"
"""The one scoring best scores are compared under."""


def week_start(at: float) -> float:
    """The start of the UTC week (Monday 00:00) that holds ``at``, in seconds since the epoch."""
    day = day_of(at)
    return (day - (day + 3) % 7) * DAY


def listed(at: float) -> ColumnElement[bool]:
    """The duelists a board may show at ``at`` (their names are checked apart: ``shown``): people, neither
    computers nor bots, in good standing, and not marked by a moderator (``fairplay``)."""
    return and_(
        SEEN_NAMES.c.computer.is_(None), people_only(SEEN_NAMES), ranked(SEEN_NAMES.c.player, at),
        unmarked(SEEN_NAMES.c.player),
    )


@with_config(FORBID)
class BoardEntry(TypedDict):
    """One place on a board."""

    place: Whole
    name: str
    value: float
    """The rating, or the best score."""
    friend: bool
    you: bool
    duels: NotRequired[Whole]
    """Ratings: how many duels the player has played."""
    seconds: NotRequired[float | None]
    """Scores: the playing time of the game that made the best score."""
    moves: NotRequired[Whole | None]
    """Scores: the moves of that game."""


@with_config(FORBID)
class Board(TypedDict):
    """A leaderboard: the top entries (up to 100) in order, and the player's own entry wherever it stands."""

    board: Literal["ratings", "scores", "streaks"]
    suits: Whole | None
    period: Literal["week", "ever"] | None
    friends: bool
    entries: list[BoardEntry]
    you: BoardEntry | None
    ranked: bool
    """Whether the asking player is in good standing (``results.standing``), and so may be on the board."""
    unranked: str | None
    """Why the asking player is not on the board, and how to be, in a sentence; null when they may be."""


@dataclass(frozen=True, slots=True)
class Row:
    player: str
    name: str
    value: float
    extra: dict[str, Any]


def _ranked(
    rows: list[Row], player: str, friends: set[str], *, only_friends: bool
) -> tuple[list[BoardEntry], BoardEntry | None]:
    """Rows in order (best first) as places: equal values share a place; the top ``TOP`` and the player's."""
    entries: list[BoardEntry] = []
    you: BoardEntry | None = None
    place, previous, count = 0, None, 0
    for row in rows:
        if not shown(row.name) or (only_friends and row.player not in friends and row.player != player):
            continue
        count += 1
        if row.value != previous:
            place, previous = count, row.value
        entry: BoardEntry = {
            "place": place, "name": row.name, "value": row.value, "friend": row.player in friends,
            "you": row.player == player, **row.extra,  # type: ignore[typeddict-item]
        }
        if len(entries) < TOP:
            entries.append(entry)
        if row.player == player:
            you = entry
        if len(entries) >= TOP and you is not None:
            break
    return entries, you


def ratings(engine: Engine, player: str, at: float, *, only_friends: bool = False) -> Board:
    """The ratings board at ``at``: settled ratings of named people, highest first."""
    with engine.connect() as connection:
        found = connection.execute(
            select(SEEN_NAMES.c.player, SEEN_NAMES.c.name, SEEN_NAMES.c.rating, SEEN_NAMES.c.duels)
            .where(listed(at), SEEN_NAMES.c.deviation < PROVISIONAL_DEVIATION)
            .order_by(SEEN_NAMES.c.rating.desc(), SEEN_NAMES.c.name_key)
        ).all()
        standing = verdict(connection, player, at)
    rows = [Row(r.player, r.name, round(r.rating), {"duels": r.duels}) for r in found]
    entries, you = _ranked(rows, player, friend_ids(engine, player), only_friends=only_friends)
    return {
        "board": "ratings", "suits": None, "period": None, "friends": only_friends, "entries": entries, "you": you,
        "ranked": standing["ranked"], "unranked": standing["unranked"],
    }


def scores(
    engine: Engine, player: str, suits: int, at: float, *, since: float | None, only_friends: bool = False
) -> Board:
    """The best-scores board at one suit count at ``at``: each named player's best counting score (since
    ``since``)."""
    with engine.connect() as connection:
        found = connection.execute(
            select(
                SEEN_GAMES.c.player, SEEN_NAMES.c.name, SEEN_GAMES.c.score, SEEN_GAMES.c.seconds, SEEN_GAMES.c.moves,
                SEEN_GAMES.c.rules,
            )
            .select_from(SEEN_GAMES)
            .join(SEEN_NAMES, SEEN_NAMES.c.player == SEEN_GAMES.c.player)
            .where(
                listed(at),
                counting_games(SEEN_GAMES),
                unheld(SEEN_GAMES.c.id),  # a best score being checked, or flagged, is not one yet (``fairplay``)
                SEEN_GAMES.c.suits == suits,
                SEEN_GAMES.c.result == "won",
                SEEN_GAMES.c.score.is_not(None),
                *([] if since is None else [SEEN_GAMES.c.finished_at >= since]),
            )
            .order_by(SEEN_GAMES.c.score.desc(), SEEN_GAMES.c.seconds, SEEN_GAMES.c.finished_at)
        ).all()
        standing = verdict(connection, player, at)
    rows, seen = [], set()
    for r in found:
        if r.player in seen or (r.rules or {}).get("scoring", "standard") != BOARD_SCORING:
            continue
        seen.add(r.player)
        seconds = None if r.seconds is None else whole_seconds(r.seconds)
        rows.append(Row(r.player, r.name, r.score, {"seconds": seconds, "moves": r.moves}))
    entries, you = _ranked(rows, player, friend_ids(engine, player), only_friends=only_friends)
    return {
        "board": "scores", "suits": suits, "period": "ever" if since is None else "week", "friends": only_friends,
        "entries": entries, "you": you, "ranked": standing["ranked"], "unranked": standing["unranked"],
    }
