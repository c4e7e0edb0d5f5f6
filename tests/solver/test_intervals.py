"""The intervals the benches print beside a win rate and beside the difference of two strengths, pinned
against numbers worked by hand from the formulas (Wilson; Newcombe's square-and-add for paired results)."""

from __future__ import annotations

import pytest

from spider.players.intervals import paired_difference, wilson


def test_wilson_interval_of_five_wins_in_twenty() -> None:
    # p = 0.25, z^2/n = 0.19207: centre 0.29028, half-width 0.17842
    assert wilson(5, 20) == pytest.approx((0.11186, 0.46870), abs=1e-5)


def test_wilson_interval_is_never_zero_wide_at_the_ends() -> None:
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)


def test_a_draw_counts_half_a_win() -> None:
    # p = 0.5, z^2/n = 0.76829: centre 0.5, half-width 1.10839 * sqrt(0.05 + 0.03841) = 0.32958
    assert wilson(2.5, 5) == pytest.approx((0.17042, 0.82958), abs=1e-5)


def test_no_deals_played_has_no_win_rate() -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        wilson(0, 0)


def test_paired_difference_without_correlation() -> None:
    # 21 deals: both won 1, first only 1, second only 7, neither 12; ad - bc = 5 <= n/2, so no correlation:
    # rates 2/21 (Wilson 0.02652..0.28914) and 8/21 (0.20751..0.59121), difference -6/21
    difference = paired_difference(both=1, first_only=1, second_only=7, neither=12)
    assert (difference.first_only, difference.second_only) == (1, 7)
    assert difference.value == pytest.approx(-0.28571, abs=1e-5)
    assert (difference.low, difference.high) == pytest.approx((-0.50692, -0.02556), abs=1e-5)


def test_paired_difference_narrows_where_the_strengths_win_the_same_deals() -> None:
    # 161 deals: 59, 6, 16, 80; correlation (59*80 - 6*16 - 161/2) / sqrt(65*96*75*86) = 0.71617
    difference = paired_difference(both=59, first_only=6, second_only=16, neither=80)
    assert difference.value == pytest.approx(-0.06211, abs=1e-5)
    assert (difference.low, difference.high) == pytest.approx((-0.11862, -0.00463), abs=1e-5)


def test_equal_discordant_counts_give_no_difference_and_an_interval_around_it() -> None:
    difference = paired_difference(both=5, first_only=3, second_only=3, neither=9)
    assert difference.value == 0
    assert difference.low < 0 < difference.high
    assert difference.low == pytest.approx(-difference.high)
