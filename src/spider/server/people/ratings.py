"""Ratings: Glicko-2 (Glickman), worked out by the ``glicko2`` package; each duel is one rating period
for both players, and a draw counts half a win.

>>> new = rate(Rating(), Rating(), 1.0)
>>> new.rating > 1500 and new.deviation < 350
True
>>> rate(Rating(), Rating(), 0.5).rating
1500.0

A rating is provisional while its deviation is at least ``PROVISIONAL_DEVIATION`` (110), lichess's
threshold for the "?" beside a rating: a new player starts at 350, and after a handful of duels against
settled players the deviation falls below 110, where the rating moves by tens of points a duel, not by
a hundred or more.

>>> Rating().provisional, Rating(1500, 80).provisional
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

PROVISIONAL_DEVIATION = 110.0
"""A rating whose deviation is this or more is shown as provisional ("1500?"), as lichess shows it."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating with its uncertainty (the deviation) and volatility, on the Glicko scale."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def provisional(self) -> bool:
        """Whether the rating is still uncertain: a new player's, moved far by each duel."""
        return self.deviation >= PROVISIONAL_DEVIATION


def rate(player: Rating, opponent: Rating, outcome: float) -> Rating:
    """The player's rating after one duel against the opponent: ``outcome`` 1 won, 0.5 drawn, 0 lost."""
    glicko = glicko2.Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    glicko.update_player([opponent.rating], [opponent.deviation], [outcome])
    return Rating(round(glicko.rating, 2), round(glicko.rd, 2), glicko.vol)
