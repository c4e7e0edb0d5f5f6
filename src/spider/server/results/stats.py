"""Results (SPEC 3.6): a player's statistics and best scores, and the site-wide win rates.

Which games count, and how, is ``spider.server.results.counting``; the tallies are kept by the store as games
end, so these answers cost a few rows, however many games a player or the site has.
"""

from __future__ import annotations

from spider.cards import SUIT_COUNTS
from spider.server.games.clock import DAY
from spider.server.results.answers import PlayerStats, SiteStats, SiteTally
from spider.server.results.answers import Tally as TallyAnswer
from spider.server.results.counting import Tally, win_rate
from spider.server.results.store import ResultsStore
from spider.text import message
from spider.view import whole_seconds

SITE_PERIOD_DAYS = 30


def player_stats(tallies: dict[int, Tally], best_scores: dict[int, dict[str, int]]) -> PlayerStats:
    """Per suit count: games, wins, win rate, streaks, best time and fewest moves; and best scores."""
    return {
        "by_suits": {str(suits): tally_answer(tallies.get(suits, Tally())) for suits in SUIT_COUNTS},
        "best_scores": {str(suits): dict(best_scores.get(suits, {})) for suits in SUIT_COUNTS},
    }


def tally_answer(tally: Tally) -> TallyAnswer:
    """One suit count's results as the statistics answer gives them (whole seconds, as the game's view gives them)."""
    return {
        "games": tally.games,
        "wins": tally.wins,
        "win_rate": win_rate(tally.wins, tally.games),
        "current_streak": tally.current_streak,
        "best_streak": tally.best_streak,
        "best_seconds": None if tally.best_seconds is None else whole_seconds(tally.best_seconds),
        "fewest_moves": tally.fewest_moves,
    }


def site_stats(store: ResultsStore, at: float) -> SiteStats:
    """Win rates of everyone's games over the last days up to ``at``, with the period and the method named."""
    since = at - (SITE_PERIOD_DAYS - 1) * DAY
    results = {suits: (total, wins) for suits, total, wins in store.site_results(since)}
    by_suits: dict[str, SiteTally] = {}
    for suits in SUIT_COUNTS:
        total, wins = results.get(suits, (0, 0))
        by_suits[str(suits)] = {
            "games": total,
            "wins": wins,
            "win_rate": win_rate(wins, total),
        }
    return {
        "period_days": SITE_PERIOD_DAYS,
        "method": message("server.stats_method", days=SITE_PERIOD_DAYS),
        "by_suits": by_suits,
    }
