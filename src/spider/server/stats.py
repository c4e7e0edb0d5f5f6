"""Results (SPEC 3.6): a player's statistics and best scores, and the site-wide win rates.

Which games count, and how, is ``spider.server.results``; the tallies are kept by the store as games
end, so these answers cost a few rows, however many games a player or the site has.
"""

from __future__ import annotations

from spider.cards import SUIT_COUNTS
from spider.server.answers import PlayerStats, SiteStats, SiteTally
from spider.server.results import DAY, Tally
from spider.server.storage import Store, now
from spider.text import message

SITE_PERIOD_DAYS = 30


def player_stats(tallies: dict[int, Tally], best_scores: dict[int, dict[str, int]]) -> PlayerStats:
    """Per suit count: games, wins, win rate, streaks, best time and fewest moves; and best scores."""
    return {
        "by_suits": {str(suits): tallies.get(suits, Tally()).to_json() for suits in SUIT_COUNTS},
        "best_scores": {str(suits): dict(best_scores.get(suits, {})) for suits in SUIT_COUNTS},
    }


def site_stats(store: Store) -> SiteStats:
    """Win rates of everyone's games over the last days, with the period and the method named."""
    since = now() - (SITE_PERIOD_DAYS - 1) * DAY
    results = {suits: (total, wins) for suits, total, wins in store.site_results(since)}
    by_suits: dict[str, SiteTally] = {}
    for suits in SUIT_COUNTS:
        total, wins = results.get(suits, (0, 0))
        by_suits[str(suits)] = {
            "games": total,
            "wins": wins,
            "win_rate": round(wins / total, 4) if total else None,
        }
    return {
        "period_days": SITE_PERIOD_DAYS,
        "method": message("server.stats_method", days=SITE_PERIOD_DAYS),
        "by_suits": by_suits,
    }
