"""An arena's rules, without storage: the points a duel's end gives, and who is paired with whom.

Points: 2 a win, 1 a draw, 0 a loss; from the third win in a row on (two wins before it), a duel's points
count double, until a draw or a loss ends the run. A player who went berserk (half their clock) gets one
point more for a win.
"""

from __future__ import annotations

from dataclasses import dataclass

BASE = {"win": 2, "draw": 1, "loss": 0}
ON_FIRE = 2
"""Wins in a row after which a duel's points count double."""


def points(outcome: str, streak: int, berserk: bool) -> tuple[int, int]:
    """The points a duel's end gives a player whose run was ``streak`` wins, and their run after it.

    >>> points("win", 0, False), points("win", 2, False), points("draw", 2, False), points("win", 2, True)
    ((2, 1), (4, 3), (2, 0), (5, 3))
    >>> points("loss", 5, True), points("draw", 0, True)
    ((0, 0), (1, 0))
    """
    doubled = 2 if streak >= ON_FIRE else 1
    won = outcome == "win"
    return BASE[outcome] * doubled + (1 if berserk and won else 0), streak + 1 if won else 0


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player free to be paired: their points, rating, last opponent, and since when they wait."""

    player: str
    points: int
    rating: float
    last_opponent: str | None
    since: float


def pairs(waiting: list[Waiting]) -> tuple[list[tuple[Waiting, Waiting]], list[Waiting]]:
    """Pairs of players near each other in points, then rating, never two who just played each other while
    another waits; and who is left over.

    Two who just met meet again only when nobody else is free for either, rather than each waiting alone (for a
    computer player, or for a duel to end elsewhere):

    >>> a, b, c = Waiting("a", 8, 1500, "b", 0), Waiting("b", 7, 1500, "a", 0), Waiting("c", 1, 1400, None, 0)
    >>> paired, left = pairs([c, b, a])
    >>> [(x.player, y.player) for x, y in paired], [x.player for x in left]
    ([('a', 'c')], ['b'])
    >>> paired, left = pairs([b, a])
    >>> [(x.player, y.player) for x, y in paired], [x.player for x in left]
    ([('a', 'b')], [])
    """
    order = sorted(waiting, key=lambda w: (-w.points, -w.rating, w.player))
    paired: list[tuple[Waiting, Waiting]] = []
    left: list[Waiting] = []
    while order:
        first = order.pop(0)
        partner = next((w for w in order if not just_met(first, w)), None)
        if partner is None:
            left.append(first)
            continue
        order.remove(partner)
        paired.append((first, partner))
    # whoever is left could meet nobody but the one they just played: those two meet again, best first
    while len(left) >= 2:
        paired.append((left.pop(0), left.pop(0)))
    return paired, left


def just_met(first: Waiting, second: Waiting) -> bool:
    """Whether the two players' last duels were against each other (or one of the two's was)."""
    return second.player == first.last_opponent or first.player == second.last_opponent
