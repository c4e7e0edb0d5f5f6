"""A day's board as the requests read it: the finished entries of players in good standing, in their places' order,
read from the database at most once every :data:`TODAY_SECONDS` for today's board (:data:`PAST_SECONDS` for a past
day's) and shared by every request meanwhile, so that a thousand requests a second for ``/api/daily`` or a board
cost one reading of it, not a thousand. A daily game that ends forgets them all: its player sees their place at
once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from spider.server.daily.store import DailyStore, Entry

TODAY_SECONDS = 2.0
PAST_SECONDS = 60.0
KEPT = 64
"""Boards kept (a day and a suit count each), the least recently read forgotten first."""
ALL = 10**9
"""No bound on a board's entries (each is a player's one entry of the day)."""


@dataclass(frozen=True, slots=True)
class Ranking:
    entries: list[Entry]
    places: dict[str, int]
    """Each player's place."""
    at: float
    """When it was read (by the games' clock: standing changes with time)."""
    until: float


class Rankings:
    def __init__(self, store: DailyStore) -> None:
        self.store = store
        self._kept: OrderedDict[tuple[str, int], Ranking] = OrderedDict()
        self._reading: dict[tuple[str, int], threading.Lock] = {}
        self._lock = threading.Lock()

    def of(self, day: str, suits: int, *, ranked_at: float, today: bool) -> Ranking:
        """The day's board at a suit count, its players' standing as at ``ranked_at`` (the games' clock): the one
        kept, or read now (once, for all who ask meanwhile)."""
        key = (day, suits)
        with self._lock:
            reading = self._reading.setdefault(key, threading.Lock())
        with reading:
            with self._lock:
                found = self._kept.get(key)
                if found is not None and found.at <= ranked_at < found.until:
                    self._kept.move_to_end(key)
                    return found
            entries = self.store.page(day, suits, players=None, ranked_at=ranked_at, offset=0, limit=ALL)
            ranking = Ranking(
                entries,
                {entry.player: place for place, entry in enumerate(entries, 1)},
                ranked_at,
                ranked_at + (TODAY_SECONDS if today else PAST_SECONDS),
            )
            with self._lock:
                self._kept[key] = ranking
                while len(self._kept) > KEPT:
                    oldest, _ = self._kept.popitem(last=False)
                    self._reading.pop(oldest, None)
            return ranking

    def forget(self) -> None:
        with self._lock:
            self._kept.clear()
