"""A player's runs of days at the daily deal of one suit count, worked out from their entries by day.

``runs`` gives what ``daily_streaks`` keeps of them, ``current`` what they are worth on a day: the streaks board
reads the kept runs still going, and a player's own streaks are the same figures.
"""

from __future__ import annotations

import datetime as dt
from typing import Any


def runs(days: dict[str, str | None]) -> dict[str, Any]:
    """A player's runs of days at a suit count, from their entries by day (their results): the latest run of
    days played and of days won, the day each still counts through, and the best runs."""
    played = sorted(dt.date.fromisoformat(day) for day in days)
    won = sorted(dt.date.fromisoformat(day) for day, result in days.items() if result == "won")
    last_played, played_run = _latest_run(played)
    last_won, won_run = _latest_run(won)
    through = last_won
    if last_won is not None:
        following = days.get((last_won + dt.timedelta(days=1)).isoformat(), "won")
        # a loss the next day ends the run that day; the next day's deal unplayed, or still on, leaves it going
        if following in ("won", None):
            through = last_won + dt.timedelta(days=1)
    assert last_played is not None
    return {
        "played": played_run,
        "played_through": (last_played + dt.timedelta(days=1)).isoformat(),
        "won": won_run,
        "won_through": through.isoformat() if through is not None else "",
        "best_played": _best(played),
        "best_won": _best(won),
    }


def _latest_run(days: list[dt.date]) -> tuple[dt.date | None, int]:
    if not days:
        return None, 0
    count, each = 1, set(days)
    while days[-1] - dt.timedelta(days=count) in each:
        count += 1
    return days[-1], count


def _best(days: list[dt.date]) -> int:
    best, run = 0, 0
    for n, day in enumerate(days):
        run = run + 1 if n and days[n - 1] == day - dt.timedelta(days=1) else 1
        best = max(best, run)
    return best


def current(kept: dict[str, Any], today: dt.date) -> dict[str, int]:
    """The runs worth counting on ``today`` (days in a row played and won up to today, or up to yesterday while
    today's deal is still to play or on; a loss today ends the run of days won), and the best runs."""
    day = today.isoformat()
    return {
        "played": kept["played"] if kept["played_through"] >= day else 0,
        "won": kept["won"] if kept["won_through"] >= day else 0,
        "best_played": kept["best_played"],
        "best_won": kept["best_won"],
    }
