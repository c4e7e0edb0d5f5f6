"""Which duels change ratings, and how much: the one place of the rule against ratings farmed with
throwaway players (fresh cookies that open a table and finish at once).

A duel is rated when both players have a name of their own (not the one made up for them) and some
history, a solo game won or a first visit at least ``NEWCOMER_SECONDS`` before (computer players
always have), and when both made at least one move. Repeated duels between the same two players count
less, as lichess does: within ``REPEAT_SECONDS``, each rated duel between them counts half as much as
the one before (1, 1/2, 1/4, ...), so two accounts playing each other cannot pump either rating.

A rating change that counts ``weight`` is that share of the Glicko-2 change, in rating, deviation and
volatility alike.
"""

from __future__ import annotations

from sqlalchemy import Connection, and_, func, or_, select

from spider.server.duels.people import Duelist, made_up
from spider.server.duels.ratings import Rating
from spider.server.schema import duels, games, players, seats

NEWCOMER_SECONDS = 86400.0
"""A player with no game won is rated once their first visit is this old (a day)."""
REPEAT_SECONDS = 86400.0
"""Duels between the same two players within this long (a day) count less and less."""

NEWCOMER, NO_MOVE, REPEATED = "duel.unrated_newcomer", "duel.unrated_no_move", "duel.rated_less"
"""Why a duel counts less than fully, as the message ids of the sentences that tell the players."""


def newcomer(connection: Connection, duelist: Duelist, at: float) -> bool:
    """Whether the player may not yet play rated duels: no name of their own, or no history."""
    if duelist.computer is not None:
        return False
    if made_up(duelist.name):
        return True
    first = connection.execute(select(players.c.created_at).where(players.c.id == duelist.player)).scalar()
    if first is not None and first <= at - NEWCOMER_SECONDS:
        return False
    won = connection.execute(
        select(games.c.id).where(games.c.player == duelist.player, games.c.result == "won", games.c.duel.is_(None))
        .limit(1)
    ).first()
    return won is None


def weight(connection: Connection, first: str, second: str, duel_id: str, at: float) -> float:
    """The share of a rating change this duel between two players counts: halved for each rated duel they
    played against each other within ``REPEAT_SECONDS``."""
    mine, theirs = seats.alias("mine"), seats.alias("theirs")
    before = connection.execute(
        select(func.count())
        .select_from(duels)
        .join(mine, mine.c.duel == duels.c.id)
        .join(theirs, and_(theirs.c.duel == duels.c.id, theirs.c.seat != mine.c.seat))
        .where(
            mine.c.player == first, theirs.c.player == second, duels.c.id != duel_id,
            duels.c.ended_at >= at - REPEAT_SECONDS, or_(duels.c.rating_weight > 0, duels.c.rating_weight.is_(None)),
            mine.c.outcome.is_not(None),
        )
    ).scalar_one()
    return float(0.5**before)


def share(before: Rating, after: Rating, weight: float) -> Rating:
    """``weight`` of the change from ``before`` to ``after``.

    >>> share(Rating(1500, 350, 0.06), Rating(1662, 290, 0.06), 0.5)
    Rating(rating=1581.0, deviation=320.0, volatility=0.06)
    """
    if weight == 1.0:
        return after
    return Rating(
        round(before.rating + weight * (after.rating - before.rating), 2),
        round(before.deviation + weight * (after.deviation - before.deviation), 2),
        before.volatility + weight * (after.volatility - before.volatility),
    )
