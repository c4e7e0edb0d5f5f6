"""When a daily deal's day is over: its deal is public from then on (``games.store.Store.hold``), and an entry
still played then is played with the deal known."""

from __future__ import annotations

import datetime as dt


def day_over(day: dt.date) -> float:
    """When a UTC day is over (seconds since the epoch): its deal's code, line, analysis and records are public
    from then on.

    >>> day_over(dt.date(1970, 1, 1))
    86400.0
    """
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC).timestamp()
