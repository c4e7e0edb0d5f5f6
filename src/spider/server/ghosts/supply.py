"""Whether there is a ghost to race, for the lobby to offer a race only where one would start
(``GET /api/ghosts``): at each suit count, another player's game of a deal new to the player, and a game of the
player's own.

Asked each time the lobby opens, so it must cost little whoever asks: no scan of every game per request.
The deals that may be raced (``service.raceable``) are read once for the whole server, at most ``SAMPLE`` of them a
suit count, and kept: for ``KEPT_FULL`` seconds once there are more than that (there will be more still), for
``KEPT_SHORT`` while there are fewer (a game that ends here makes them stale at once: the games' ``on_end``).
A request then asks only of the player's own games: which of those deals they have played (by the deals'
index), and whether any of their last ``OWN_GAMES`` finished games may be raced.

A deal the player has not played among those kept is a ghost for them, as ``service._pick`` would find. When
there are more deals than were kept and the player has played every one of those, the answer is yes: they
have played over ``SAMPLE`` deals of that suit count, and the race's own pick looks at every deal (it refuses
with ``ghost.none_yet`` in the rare case it finds none).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import with_config
from sqlalchemy import Connection, Engine, select
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.cards import SUIT_COUNTS
from spider.server.games.kinds import SITE
from spider.server.games.records import GameRecord
from spider.server.games.store import SEEN_GAMES
from spider.server.ghosts.service import raceable
from spider.server.http.answers import FORBID
from spider.view import Whole

SAMPLE = 64
"""The raceable deals kept for each suit count."""
KEPT_FULL = 600.0
"""Seconds the deals are kept once there are more than ``SAMPLE``."""
KEPT_SHORT = 30.0
"""Seconds they are kept while there are fewer (or a game ending in another server process went unheard)."""
OWN_GAMES = 500
"""The player's last finished games looked at for a game of their own to race."""


@with_config(FORBID)
class GhostOffer(TypedDict):
    """Which races would start at a suit count."""

    suits: Whole
    others: bool
    """Another player's game of a deal the player has never played: ``{"mine": false}``."""
    mine: bool
    """A game of the player's own: ``{"mine": true}``."""


@with_config(FORBID)
class GhostOffers(TypedDict):
    """The races the lobby may offer, a suit count at a time."""

    offers: list[GhostOffer]


@dataclass(slots=True)
class _Deals:
    deals: frozenset[str]
    more: bool  # there are more raceable deals than were kept
    until: float  # kept until then (monotonic seconds)


class GhostSupply:
    """The raceable deals of each suit count, kept for the whole server process, and what they offer a player."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.monotonic) -> None:
        self.engine = engine
        self.clock = clock
        self._kept: dict[int, _Deals] = {}
        self._lock = threading.Lock()
        self.reads = 0
        """How often the deals were read (for the tests: not once a request)."""

    def ended(self, connection: Connection, record: GameRecord) -> None:
        """A game ended (the games' ``on_end``): one that may be raced makes the deals kept at its suit count
        stale, unless there are plenty already."""
        if record.kind in SITE:
            with self._lock:
                kept = self._kept.get(record.suits)
                if kept is not None and not kept.more:
                    del self._kept[record.suits]

    def _deals(self, suits: int) -> _Deals:
        now = self.clock()
        with self._lock:
            kept = self._kept.get(suits)
        if kept is not None and kept.until > now:
            return kept
        seen = SEEN_GAMES
        wanted = select(seen.c.deal).where(raceable(seen), seen.c.suits == suits).distinct().limit(SAMPLE + 1)
        with self.engine.connect() as connection:
            deals = [deal for deal in connection.execute(wanted).scalars() if deal]
        self.reads += 1
        more = len(deals) > SAMPLE
        kept = _Deals(frozenset(deals[:SAMPLE]), more, now + (KEPT_FULL if more else KEPT_SHORT))
        with self._lock:
            self._kept[suits] = kept
        return kept

    def offers(self, player: str) -> GhostOffers:
        """The races that would start for ``player`` at each suit count."""
        kept = {suits: self._deals(suits) for suits in SUIT_COUNTS}
        every = set().union(*(deals.deals for deals in kept.values()))
        seen = SEEN_GAMES
        with self.engine.connect() as connection:
            played = set(
                connection.execute(
                    select(seen.c.deal).where(seen.c.player == player, seen.c.deal.in_(every)).distinct()
                ).scalars()
            ) if every else set()
            last = (
                select(seen.c.id)
                .where(seen.c.player == player, seen.c.finished_at.is_not(None))
                .order_by(seen.c.finished_at.desc())
                .limit(OWN_GAMES)
                .subquery("last")
            )
            own = set(
                connection.execute(
                    select(seen.c.suits).where(seen.c.id.in_(select(last.c.id)), raceable(seen)).distinct()
                ).scalars()
            )
        return GhostOffers(offers=[
            GhostOffer(suits=suits, others=bool(deals.deals - played) or (deals.more and bool(deals.deals)),
                       mine=suits in own)
            for suits, deals in kept.items()
        ])
