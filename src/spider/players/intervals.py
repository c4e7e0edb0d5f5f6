"""How sure a measured win rate is: the 95% interval of one strength's win rate (Wilson's), and of the
difference between two strengths that played the same deals (Newcombe's square-and-add for paired results).

The benches (``bench/players.py``, ``bench/ladder.py``) print these beside every figure, so that a report
says how far the deals it measured on could have moved it.

>>> low, high = wilson(5, 20)
>>> round(low, 3), round(high, 3)
(0.112, 0.469)
>>> difference = paired_difference(both=3, first_only=6, second_only=1, neither=10)
>>> difference.first_only, difference.second_only, round(difference.value, 2)
(6, 1, 0.25)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(won: float, played: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate, ``won`` of ``played`` (a duel's draws may count half, so
    ``won`` may be a half). Unlike the rate plus or minus two standard errors it stays within 0..1 and is
    not zero wide at 0 or all won: 0 of 10 gives 0 to 0.28.

    >>> wilson(0, 10)[1] > 0.27
    True
    """
    if played <= 0:
        raise ValueError(f"a win rate needs at least one deal played: {played!r}")
    rate = won / played
    shrink = 1 + z * z / played
    centre = (rate + z * z / (2 * played)) / shrink
    half = z / shrink * math.sqrt(rate * (1 - rate) / played + z * z / (4 * played * played))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """The first strength's win rate minus the second's on the same deals, with its 95% interval, and the
    two discordant counts it comes from: deals the first won and the second lost, and the other way round."""

    value: float
    low: float
    high: float
    first_only: int
    second_only: int


def paired_difference(both: int, first_only: int, second_only: int, neither: int, z: float = Z95) -> PairedDifference:
    """The paired difference in win rate of two strengths on the same deals, from how many deals both won,
    only the first, only the second, and neither. Only the discordant deals move the value; the interval is
    Newcombe's square-and-add (his method 10, Statistics in Medicine 1998, 17:2635): the Wilson intervals of
    the two rates, combined with their correlation across the deals.
    """
    played = both + first_only + second_only + neither
    first, second = (both + first_only) / played, (both + second_only) / played
    low1, high1 = wilson(both + first_only, played, z)
    low2, high2 = wilson(both + second_only, played, z)
    margins = (both + first_only) * (second_only + neither) * (both + second_only) * (first_only + neither)
    cross = both * neither - first_only * second_only
    if margins == 0 or 0 <= cross <= played / 2:
        correlation = 0.0
    else:
        correlation = (cross - played / 2 if cross > 0 else cross) / math.sqrt(margins)
    below = math.sqrt((first - low1) ** 2 + (high2 - second) ** 2 - 2 * correlation * (first - low1) * (high2 - second))
    above = math.sqrt((second - low2) ** 2 + (high1 - first) ** 2 - 2 * correlation * (second - low2) * (high1 - first))
    value = first - second
    return PairedDifference(value, max(-1.0, value - below), min(1.0, value + above), first_only, second_only)
