"""The ladder's ratings, fitted to a round robin all at once (``spider.players.ladder``), pinned against
numbers worked by hand from the Glicko scale and the 1500 +- 350 prior."""

from __future__ import annotations

import math

import pytest

from spider.players.ladder import PRIOR_DEVIATION, SCALE, fit


def test_an_even_pair_stands_at_the_prior_with_the_deviation_worked_by_hand() -> None:
    fitted = fit(["beginner", "casual"], {("beginner", "casual"): (5.0, 10)})
    assert fitted.ratings == pytest.approx({"beginner": 1500.0, "casual": 1500.0})
    # curvature per rating: a = n q^2 / 4 from the duels, b = 1 / 350^2 from the prior; the inverse of
    # [[a + b, -a], [-a, a + b]] has (a + b) / (b (2a + b)) on its diagonal: about 253 points
    a, b = 10 * SCALE**2 / 4, 1 / PRIOR_DEVIATION**2
    assert fitted.deviation("casual") == pytest.approx(math.sqrt((a + b) / (b * (2 * a + b))))
    assert fitted.deviation("casual") == pytest.approx(253.2, abs=0.1)


def test_many_duels_give_the_gap_of_the_elo_curve() -> None:
    # 76% of 10,000 duels: 400 log10(0.76 / 0.24) = 200.2 points; the prior hardly pulls them together
    fitted = fit(["expert", "master"], {("master", "expert"): (7600.0, 10_000)})
    gap, spread = fitted.gap("master", "expert")
    assert gap == pytest.approx(400 * math.log10(0.76 / 0.24), abs=0.5)
    assert fitted.ratings["master"] + fitted.ratings["expert"] == pytest.approx(3000.0)
    # 1.96 / sqrt(n q^2 p (1 - p)) for the gap, the prior's share left out: 8 points
    assert spread == pytest.approx(1.96 / math.sqrt(10_000 * SCALE**2 * 0.76 * 0.24), abs=0.1)


def test_a_strength_that_won_every_duel_has_a_finite_rating_above_one_that_lost_one() -> None:
    swept = fit(["beginner", "casual"], {("casual", "beginner"): (45.0, 45)})
    nearly = fit(["beginner", "casual"], {("casual", "beginner"): (44.0, 45)})
    assert 400 < swept.gap("casual", "beginner")[0] < 2000
    assert swept.gap("casual", "beginner")[0] > nearly.gap("casual", "beginner")[0] > 0


def test_ratings_pass_through_a_strength_between_two_that_never_met() -> None:
    pairs = {("casual", "beginner"): (7600.0, 10_000), ("expert", "casual"): (7600.0, 10_000)}
    fitted = fit(["beginner", "casual", "expert"], pairs)
    gap, spread = fitted.gap("expert", "beginner")
    assert gap == pytest.approx(2 * 400 * math.log10(0.76 / 0.24), abs=1.0)
    # the two gaps were measured on different duels: their variances add
    assert spread == pytest.approx(math.sqrt(2) * fitted.gap("casual", "beginner")[1], rel=0.01)
