"""Ratings: Glicko-2 (Glickman), worked out by the ``glicko2`` package; each duel is one rating period
for both players, and a draw counts half a win.

>>> new = rate(Rating(), Rating(), 1.0)
>>> new.rating > 1500 and new.deviation < 350
True
>>> rate(Rating(), Rating(), 0.5).rating
1500.0
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating with its uncertainty (the deviation) and volatility, on the Glicko scale."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


def rate(player: Rating, opponent: Rating, outcome: float) -> Rating:
    """The player's rating after one duel against the opponent: ``outcome`` 1 won, 0.5 drawn, 0 lost."""
    glicko = glicko2.Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    glicko.update_player([opponent.rating], [opponent.deviation], [outcome])
    return Rating(round(glicko.rating, 2), round(glicko.rd, 2), glicko.vol)
