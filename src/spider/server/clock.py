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
"""

from __future__ import annotations

from dataclasses import dataclass

HEARTBEAT = 15.0
"""Seconds between two signs of life from a page that shows the game (the page's own timer)."""
GAP = 35.0
"""At most this many seconds count between two signs of life."""


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

    def off_screen(self, at: float) -> None:
        """The game left the screen: nothing counts until it is seen again."""
        self.played = self.seconds(at)
        self.since = None
