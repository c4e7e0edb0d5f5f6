"""Results (SPEC 3.6): a player's statistics and best scores, and the site-wide win rates.

A game counts once it is over: won, resigned, or abandoned for a new game after at least one move
(starting a new game before making a move costs nothing). A game that replays a winning line for the
player to watch never counts.
"""

from __future__ import annotations

from typing import Any

from spider.server.storage import GameRecord, Store, now

SUIT_COUNTS = (1, 2, 4)
SITE_PERIOD_DAYS = 30


def counts(record: GameRecord) -> bool:
    return not record.replay and (record.result != "abandoned" or bool(record.moves))


def player_stats(records: list[GameRecord]) -> dict[str, Any]:
    """Per suit count: games, wins, win rate, streaks, best time and fewest moves; and best scores.

    ``records`` are the player's finished games, oldest first. A best score counts only where it was
    earned: under ``standard`` scoring, which starts at 500, only won games; under the others, every
    game that counts.
    """
    by_suits: dict[str, Any] = {}
    best_scores: dict[str, dict[str, int]] = {}
    for suits in SUIT_COUNTS:
        played = [record for record in records if record.suits == suits and counts(record)]
        wins = [record for record in played if record.result == "won"]
        streak = best_streak = 0
        for record in played:
            streak = streak + 1 if record.result == "won" else 0
            best_streak = max(best_streak, streak)
        by_suits[str(suits)] = {
            "games": len(played),
            "wins": len(wins),
            "win_rate": round(len(wins) / len(played), 4) if played else None,
            "current_streak": streak,
            "best_streak": best_streak,
            "best_seconds": min((int(r.seconds) for r in wins if r.seconds is not None), default=None),
            "fewest_moves": min((r.moves for r in wins if r.moves is not None), default=None),
        }
        scores: dict[str, int] = {}
        for record in played:
            scoring = str(record.rules.get("scoring", "standard"))
            if record.score is None or (scoring == "standard" and record.result != "won"):
                continue
            scores[scoring] = max(scores.get(scoring, record.score), record.score)
        best_scores[str(suits)] = scores
    return {"by_suits": by_suits, "best_scores": best_scores}


def site_stats(store: Store) -> dict[str, Any]:
    """Win rates of everyone's games over the last days, with the period and the method named."""
    results = {suits: (total, wins) for suits, total, wins in store.site_results(now() - SITE_PERIOD_DAYS * 86400)}
    by_suits = {}
    for suits in SUIT_COUNTS:
        total, wins = results.get(suits, (0, 0))
        by_suits[str(suits)] = {
            "games": total,
            "wins": wins,
            "win_rate": round(wins / total, 4) if total else None,
        }
    return {
        "period_days": SITE_PERIOD_DAYS,
        "method": (
            f"Games of every player that ended in the last {SITE_PERIOD_DAYS} days: won, resigned, or left "
            "for a new game after at least one move. Win rate = games won / games counted."
        ),
        "by_suits": by_suits,
    }
