"""A game's clock, kept by the server: it counts only the time the game is on a player's screen.

The page says when the game comes on screen and when it leaves (hidden tab, closed page), and while
it is on screen it gives a sign of life every ``HEARTBEAT`` seconds; every action is a sign of life
too. Time counts from one sign of life to the next, at most ``GAP`` seconds of it, so a page that
vanished without a word (a crash, a dropped network) adds at most ``GAP`` seconds, and a page closed
properly adds nothing while it is away.

>>> clock = Clock(played=0.0, since=100.0)
>>> clock.seen(130.0); clock.seconds(130.0)
30.0
>>> clock.off_screen(140.0); clock.seconds(1000.0)
40.0
>>> clock.seen(1000.0); clock.seconds(1010.0)
50.0
>>> clock.seconds(5000.0)  # no sign of life for an hour: the gap counts up to GAP
75.0

What the page says is its word; what its actions show is not. A page may say the game is off screen and
go on playing: a won game's time is at least what its actions took (``took``), so a best time cannot be
made by hiding the game between moves.

>>> took(100.0, [110.0, 112.0, 900.0])  # ten seconds to the first action, two, then a long pause
47.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

HEARTBEAT = 15.0
"""Seconds between two signs of life from a page that shows the game (the page's own timer)."""
GAP = 35.0
"""At most this many seconds count between two signs of life."""


DAY = 86400.0
"""Seconds in a day: the site's results are kept by day, and the housekeeping counts in days."""


def day_of(seconds: float) -> int:
    """The UTC day of a time, as whole days since the epoch.

    >>> day_of(0.0), day_of(DAY - 0.5), day_of(DAY)
    (0, 0, 1)
    """
    return int(seconds // DAY)


@dataclass(slots=True)
class Clock:
    """Seconds played up to ``since``, the last sign of life while on screen (``None``: off screen)."""

    played: float = 0.0
    since: float | None = None

    @property
    def on_screen(self) -> bool:
        return self.since is not None

    def seconds(self, at: float) -> float:
        """The playing time at ``at``."""
        if self.since is None:
            return self.played
        return self.played + min(max(at - self.since, 0.0), GAP)

    def seen(self, at: float) -> None:
        """A sign of life from a page that shows the game: the time since the last one counts."""
        self.played = self.seconds(at)
        self.since = at

    def acted(self, at: float, before: float) -> None:
        """An action, which only a page showing the game makes: a sign of life, and if the page had said
        the game was off screen, the time since the one before (``before``, the previous action) counts.

        >>> clock = Clock(played=10.0, since=None)
        >>> clock.acted(105.0, before=100.0); clock.seconds(105.0)
        15.0
        """
        if self.since is None:
            self.since = max(min(before, at), at - GAP)
        self.seen(at)

    def off_screen(self, at: float) -> None:
        """The game left the screen: nothing counts until it is seen again."""
        self.played = self.seconds(at)
        self.since = None


def took(began: float, actions: Iterable[float]) -> float:
    """The least playing time a game's actions show: the time from the deal (``began``) to the first
    action and between each two, each gap counting up to ``GAP`` as between two signs of life."""
    total, last = 0.0, began
    for at in actions:
        total += min(max(at - last, 0.0), GAP)
        last = at
    return total
