"""Which duels change ratings, and how much: the one place of the rule against ratings farmed with
throwaway players (fresh cookies that open a table and finish at once).

A duel is rated when both players have a name of their own (not the one made up for them) and are accounts in
good standing (``results.standing``: a day old, with ten of the server's deals played; computer players always
are), were never seen at one client address (``people.addresses``: a keyed hash of it, kept 30 days), and when each
person's game was a real attempt (``attempt``: ten moves at least, and at least what the weakest computer player
scores on the deal). A duel with a guest or a young account is played unrated: a throwaway cookie that "wins"
typed-in codes with the solver's line and then loses duels on purpose moves no rating. Nor do a player's second
account at the same address, nor a partner in good standing who resigns at once or plays nothing: an arena gives
no points for such a duel either (``NO_POINTS``).
Repeated duels between the same two players count less, as lichess does: within ``REPEAT_SECONDS``, each rated
duel between them counts half as much as the one before (1, 1/2, 1/4, ...), so two accounts playing each other
cannot pump either rating.
Bots are rated apart (``apart``): among bots, never between a bot and anyone else.

A rating change that counts ``weight`` is that share of the Glicko-2 change, in rating, deviation and
volatility alike.
"""

from __future__ import annotations

from sqlalchemy import Connection

from spider.server.duels.store import DuelStore
from spider.server.fairplay.store import marked_among
from spider.server.people.addresses import Addresses
from spider.server.people.ratings import Rating
from spider.server.people.service import Duelist, made_up
from spider.server.results.standing import in_good_standing

REPEAT_SECONDS = 86400.0
"""Duels between the same two players within this long (a day) count less and less."""

NEWCOMER, NO_MOVE, REPEATED = "duel.unrated_newcomer", "duel.unrated_no_move", "duel.rated_less"
BOT_APART = "duel.unrated_bot"
NO_ATTEMPT, SAME_ADDRESS = "duel.unrated_no_attempt", "duel.unrated_same_address"
UNCHECKED = "duel.unrated_unchecked"
"""Why a duel counts less than fully, as the message ids of the sentences that tell the players (``NO_MOVE``: duels
ended before the rule of a real attempt took its place)."""
NO_POINTS = frozenset({NO_MOVE, NO_ATTEMPT, SAME_ADDRESS, UNCHECKED})
"""The reasons a duel gives no arena points either, whoever won it."""


def apart(first: Duelist, second: Duelist) -> bool:
    """Whether the two players are rated apart: bots are rated among bots only (their own pool), so that a
    person's rating (and a computer player's, which people's ratings lean on) never moves against a bot."""
    return first.bot != second.bot


def newcomer(connection: Connection, duelist: Duelist, at: float) -> bool:
    """Whether the player may not yet play rated duels: no name of their own, or not in good standing at ``at``
    (a guest, or a young account). A bot is never one: its name is its own, given by a player with a name of
    their own, and it is rated among bots only (``apart``)."""
    if duelist.computer is not None or duelist.bot:
        return False
    if marked_among(connection, [duelist.player]):  # a moderator marked the account (``fairplay``): it rates nobody
        return True
    return made_up(duelist.name) or not in_good_standing(connection, duelist.player, at)


def one_address(connection: Connection, first: str, second: str, at: float) -> bool:
    """Whether the two players were seen at one client address (``people.addresses``): one person's two accounts,
    or a household's, which rate each other never."""
    return Addresses.shared(connection, first, second, at)


def weight(connection: Connection, first: str, second: str, duel_id: str, at: float) -> float:
    """The share of a rating change this duel between two players counts: halved for each rated duel they
    played against each other within ``REPEAT_SECONDS``."""
    before = DuelStore.rated_duels_between(connection, first, second, duel_id, at - REPEAT_SECONDS)
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
