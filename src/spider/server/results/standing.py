"""Who is ranked: the one rule of good standing, which rated duels, arena points and podiums, the daily boards'
places, the leaderboards and the streaks board ask (issue 51).

A player is in good standing when they have an account (``people.SEEN_ACCOUNTS``: not deleted) at least
``MIN_AGE`` old, and have finished at least ``MIN_GAMES`` games the server dealt them with the code hidden
(``kinds.STANDING``: a new game that counts in everyone's figures, ``counting_games``, or the day's deal), played
``MIN_SECONDS`` in all, none of them left before their first move, of a deal whose line they had been shown, nor of
a deal another player had shared a link to (``shared_by_another``). A code typed in, an exercise, a ghost race, a
duel and a game played offline make no standing: a throwaway cookie that "wins" a typed-in code with the solver's
line, or loses duels on purpose, stays a guest to every board. Everybody else (guests, and accounts not yet in good
standing) plays everything, unranked, and is told why in one sentence (``unranked``).

``ranked`` is the rule as a condition on a query's player column, for the boards; ``in_good_standing`` asks it of
one player. Both ask it at a time ``at``: whoever is in good standing then (the boards: now; a duel's or an arena
duel's end: then).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import ColumnElement, Connection, and_, exists, func, literal, not_, or_, select

from spider.server.games.clock import DAY
from spider.server.games.kinds import Kind
from spider.server.games.store import SEEN_GAMES, counting_games, played, shared_by_another
from spider.server.people.service import SEEN_ACCOUNTS
from spider.text import message

MIN_AGE = DAY
"""An account is ranked once it is this old (a day): a fresh account every few minutes makes no board."""
MIN_GAMES = 10
"""Finished games of the server's deals (``kinds.STANDING``) an account must have played to be ranked."""
MIN_SECONDS = 15 * 60.0
"""Playing time those games must add up to (a quarter of an hour): ten games given up at once make no standing."""

GUEST, YOUNG = "standing.guest", "standing.young"
"""Why a player is not ranked, as the message ids of the sentences that tell them how to be."""

FIELDS: dict[str, Any] = {"games": MIN_GAMES, "minutes": round(MIN_SECONDS / 60)}
"""The thresholds as every sentence about standing fills them in."""

_GAMES = SEEN_GAMES.alias("standing_games")


def making(of: Any = _GAMES) -> ColumnElement[bool]:
    """The finished games that make their player's standing, as a condition on ``SEEN_GAMES`` (or an alias of
    it): the day's deal, or a new deal that counts in everyone's figures; played, no line shown, not shared."""
    daily = and_(of.c.kind == Kind.DAILY, of.c.finished_at.is_not(None), played(of), of.c.line_shown.is_(False))
    return and_(or_(counting_games(of), daily), not_(shared_by_another(of)))


def _played_enough(player: Any, at: float) -> ColumnElement[bool]:
    enough = and_(func.count() >= MIN_GAMES, func.coalesce(func.sum(_GAMES.c.seconds), 0.0) >= MIN_SECONDS)
    return exists(
        select(_GAMES.c.player)
        .where(_GAMES.c.player == player, _GAMES.c.finished_at <= at, making())
        .group_by(_GAMES.c.player)
        .having(enough)
    )


def ranked(player: Any, at: float) -> ColumnElement[bool]:
    """The players in good standing at ``at``, as a condition on a query's player column (a board's, a day's
    entries'): an account old enough that has played enough of the server's deals."""
    account = exists().where(SEEN_ACCOUNTS.c.id == player, SEEN_ACCOUNTS.c.created_at <= at - MIN_AGE)
    return and_(account, _played_enough(player, at))


def in_good_standing(connection: Connection, player: str, at: float) -> bool:
    """Whether the player is in good standing at ``at`` (``ranked``, asked of one player)."""
    return bool(connection.execute(select(ranked(literal(player), at))).scalar())


def ranked_among(connection: Connection, players: Iterable[str], at: float) -> set[str]:
    """Those of these players in good standing at ``at``, in one query."""
    some = sorted(set(players))
    if not some:
        return set()
    candidates = SEEN_ACCOUNTS.alias("candidates")
    found = select(candidates.c.id).where(candidates.c.id.in_(some), ranked(candidates.c.id, at))
    return {str(player) for player in connection.execute(found).scalars()}


def shortfall(connection: Connection, player: str, at: float) -> tuple[str, dict[str, Any]] | None:
    """Why a player is not in good standing at ``at``: ``GUEST`` or ``YOUNG``, and the fields of its sentence (the
    thresholds, and for an account what it has played so far); None for a player in good standing. A feature only
    such players may use (opening an arena) says no in its own words with the same fields."""
    if in_good_standing(connection, player, at):
        return None
    account = connection.execute(select(SEEN_ACCOUNTS.c.id).where(SEEN_ACCOUNTS.c.id == player)).first()
    if account is None:
        return GUEST, dict(FIELDS)
    mine = connection.execute(
        select(func.count(), func.coalesce(func.sum(_GAMES.c.seconds), 0.0)).where(
            _GAMES.c.player == player, _GAMES.c.finished_at <= at, making()
        )
    ).one()
    return YOUNG, {"played": int(mine[0]), "spent": int(float(mine[1]) // 60), **FIELDS}


def unranked(connection: Connection, player: str, at: float) -> str | None:
    """The sentence that tells a player who is not in good standing why, and how to be (in the spoken language);
    None for a player in good standing."""
    why = shortfall(connection, player, at)
    return None if why is None else message(why[0], **why[1])


def verdict(connection: Connection, player: str, at: float) -> dict[str, Any]:
    """What an answer says of the asking player's standing: ``ranked``, and the sentence ``unranked`` (None when
    ranked)."""
    why = unranked(connection, player, at)
    return {"ranked": why is None, "unranked": why}
