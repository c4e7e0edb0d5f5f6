"""A game's kind: one value, stored with the game when it begins, and the one rule of what each kind counts in.

A game counts in its player's results once it is over: won, resigned, or left for a new game after at least one
move (starting a new game before making a move costs nothing); and only when its kind counts
(:data:`COUNTED`) and nobody had been shown its deal's code or line before it ended (``deal_known``:
``Store.reveal``). Site-wide win rates, the boards of best scores and the ghosts' pick take fewer kinds still
(:data:`SITE`): whoever types a code in may know its every card. ``games.store.counting_games`` asks the same
rule of the stored games, in SQL; a test holds the two to each other for every kind.

>>> counts(Kind.SOLO, "won", 90), counts(Kind.SOLO, "abandoned", 0), counts(Kind.DAILY, "won", 90)
(True, False, False)
>>> counts(Kind.TYPED, "resigned", 12), in_site(Kind.TYPED), counts(Kind.SOLO, "won", 90, deal_known=True)
(True, False, False)
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """What a game is, as the server began it."""

    SOLO = "solo"
    """A deal the server dealt (random or verified), or a shared link to one: the code stays hidden."""
    TYPED = "typed"
    """A code the player typed in, or a shared link to one: it counts for them, not in the site's figures."""
    PRACTICE = "practice"
    """A practice exercise (``spider.practice``)."""
    TRY_AGAIN = "try_again"
    """A moment of a finished game tried again from its review (``spider.practice.from_review``)."""
    REPLAY = "replay"
    """A winning line's table, watched: never the current game."""
    RESUMED = "resumed"
    """A lost game taken up again from its analysis, its first actions played again."""
    DUEL = "duel"
    """One player's side of a duel: it counts in the duel's results (``duels``), never in the solo ones."""
    DAILY = "daily"
    """The player's entry on a daily deal's board: it counts there (``daily``), in no other results."""
    DAILY_AGAIN = "daily_again"
    """A daily deal played again, or a past day's: on no board, in no results."""
    GHOST = "ghost"
    """The racer's game in a race against an earlier game of the deal (``ghosts``): in no results."""


COUNTED = frozenset({Kind.SOLO, Kind.TYPED})
"""The kinds that count in their player's results."""

SITE = frozenset({Kind.SOLO})
"""The kinds that count in everyone's figures: the site's win rates, the boards of best scores, the ghosts."""

STANDING = frozenset({Kind.SOLO, Kind.DAILY})
"""The kinds whose finished games make a player's standing (``results.standing``: who may be ranked): the deals the
server dealt them with the code hidden, a new game's or the day's. Not a code typed in (its line may be known), an
exercise, a replay, a duel (its games count in the duel's results), a daily deal played again nor a ghost race."""

CODE_KNOWN = frozenset({Kind.TYPED, Kind.REPLAY, Kind.RESUMED})
"""The kinds whose player knows the code (they typed it, or watched or analysed its line): the view may show it
while the game is on."""

NEVER_COUNTED = frozenset({Kind.REPLAY, Kind.RESUMED, Kind.DAILY, Kind.DAILY_AGAIN, Kind.GHOST})
"""The kinds of a code's deal that could never count: seeing their deal's line or analysis once they are over takes
nothing from their player's results (as a game whose deal was known when it began)."""

HOLDING = frozenset({Kind.SOLO, Kind.DUEL, Kind.GHOST})
"""The kinds whose games in progress hold their deal's code back from everyone (``Store.reveal``): they could still
count, in their player's results, their duel's, or their race's (who finished ahead). A player who typed the code,
or watches its line, knows it. A daily deal is held all its day instead, whoever is playing it (``Store.hold``)."""

HISTORY = frozenset(Kind) - {Kind.PRACTICE, Kind.TRY_AGAIN, Kind.REPLAY, Kind.DUEL}
"""The kinds a player's history lists once they are over."""

BESIDE = frozenset({Kind.REPLAY, Kind.DUEL})
"""The kinds played beside the player's other games: never the current game, and leaving none of them."""

EXERCISES = frozenset({Kind.PRACTICE, Kind.TRY_AGAIN})
"""The kinds that play an exercise's position rather than a code's deal."""

DAILY_DEALS = frozenset({Kind.DAILY, Kind.DAILY_AGAIN})
"""The kinds of a daily deal's games: everyone has the day's deal, so a link to it would only tell it."""


def share_refusal(kind: Kind, *, over: bool) -> str | None:
    """Why a game of this kind may not be shared (the refusal's message id), or None when it may: the one rule,
    asked by ``Games.share`` and by the view, so that the page offers Share only where the server gives a link.

    >>> share_refusal(Kind.SOLO, over=False), share_refusal(Kind.DAILY_AGAIN, over=True)
    (None, 'server.daily_share')
    >>> share_refusal(Kind.GHOST, over=False), share_refusal(Kind.GHOST, over=True)
    ('server.race_share', None)
    """
    if kind in EXERCISES:  # a position, not a deal
        return "server.practice_share"
    if kind in DAILY_DEALS:  # everyone has the day's deal; a link would only tell it
        return "server.daily_share"
    if kind == Kind.GHOST and not over:  # another identity would learn the raced deal
        return "server.race_share"
    return None


def counts(kind: Kind, result: str | None, moves: int | None, *, deal_known: bool = False) -> bool:
    """Whether a game of this kind, ended with ``result`` after ``moves`` moves, counts in its player's results:
    the one rule, for the games the server keeps and those played offline alike."""
    if result is None or kind not in COUNTED or deal_known:
        return False
    return result != "abandoned" or bool(moves)


def in_site(kind: Kind) -> bool:
    """Whether a counted game of this kind counts in everyone's figures too."""
    return kind in SITE


def restarted(kind: Kind) -> Kind:
    """The kind of a game restarted from one of this kind: the same, but a daily deal's entry, which is
    played again off the board."""
    return Kind.DAILY_AGAIN if kind is Kind.DAILY else kind
