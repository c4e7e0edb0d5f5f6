"""The game's clock in the terminal, as the page shows it (``render.js``'s ``updateClock``): minutes and
seconds played (hours too after an hour), counted from the game's first action while ``spider play``
shows the game, stopped when it is won. The page pauses only while its tab is hidden, not while a
dialog is open; a terminal app is on screen while it runs, so the clock runs with it, dialogs or not.

>>> clock = Clock(now=lambda: 100.0)
>>> clock.seconds(), clock.running
(0.0, False)
>>> clock.start(); clock.now = lambda: 175.5
>>> clock.seconds(), shown(clock.seconds())
(75.5, '1:15')
>>> clock.stop(); clock.now = lambda: 900.0
>>> shown(clock.seconds()), shown(3725)
('1:15', '1:02:05')
"""

from __future__ import annotations

import time
from collections.abc import Callable

from spider.view import whole_seconds


class Clock:
    """Seconds played: ``played`` before the last start, and the time since while it runs."""

    def __init__(self, played: float = 0.0, now: Callable[[], float] = time.monotonic) -> None:
        self.played = played
        self.now = now
        self.since: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def start(self) -> None:
        if self.since is None:
            self.since = self.now()

    def stop(self) -> None:
        self.played = self.seconds()
        self.since = None

    def seconds(self) -> float:
        return self.played + (self.now() - self.since if self.since is not None else 0.0)


def shown(seconds: float) -> str:
    """The time as the page writes it (``i18n.js``'s ``formatTime``): ``m:ss``, or ``h:mm:ss``."""
    whole = whole_seconds(seconds)
    hours, minutes, rest = whole // 3600, whole % 3600 // 60, whole % 60
    return f"{hours}:{minutes:02}:{rest:02}" if hours else f"{minutes}:{rest:02}"
