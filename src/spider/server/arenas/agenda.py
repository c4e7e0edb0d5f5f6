"""When this process looks at each arena next: on an event (a join, a leave, a duel's end, heard here or from
another process) at once, and otherwise at the arena's next moment (its start, its end, a duel's clock, a
player waiting for a computer), and never in between. An arena where nothing happens costs nothing: no tick
walks the arenas, and a thousand idle ones are a thousand entries of a heap, asleep until their end.

An entry says when to look, and ``since``: the moment it is about. A look is needed only if nobody has looked
at the arena since then: this process (``looked``), or the process holding its lease (``Arenas.look`` asks the
lease). A moment is the arena's next one as last computed (by this process or told by the one pairing it);
an entry of an older moment is dropped when due.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools


class Agenda:
    """The arenas to look at, and when (in the duels' clock's seconds)."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, float, int, str, bool]] = []  # (when, since, order, arena, a moment)
        self._order = itertools.count()
        self.moments: dict[str, float] = {}
        """Each arena's next moment, as last computed here or told by the process pairing it."""
        self.looked: dict[str, float] = {}
        """When this process last looked at each arena (holding its lease)."""
        self.stirred = asyncio.Event()
        """Set when an entry is added: the arenas' task wakes to see whether it is due."""

    def event(self, arena_id: str, at: float, *, when: float | None = None) -> None:
        """Something happened in the arena at ``at``: look at it (at ``when``, at once unless told)."""
        self._push(at if when is None else when, at, arena_id, moment=False)

    def moment(self, arena_id: str, at: float, *, after: float = 0.0) -> None:
        """The arena's next moment is ``at``: look at it then (``after`` seconds later, to let the process
        pairing it go first). The same moment again adds nothing: its entry is there already."""
        if self.moments.get(arena_id) == at:
            return
        self.moments[arena_id] = at
        self._push(at + after, at, arena_id, moment=True)

    def forget(self, arena_id: str) -> None:
        """The arena is over: no more moments (its entries left in the heap are dropped when due)."""
        self.moments.pop(arena_id, None)
        self.looked.pop(arena_id, None)

    def known(self) -> list[str]:
        """The arenas with a moment to come."""
        return list(self.moments)

    def due(self, at: float) -> list[tuple[str, float]]:
        """The arenas to look at now, each once, with the latest moment it is about."""
        found: dict[str, float] = {}
        while self._heap and self._heap[0][0] <= at:
            _, since, _, arena_id, moment = heapq.heappop(self._heap)
            if self._stale(arena_id, since, moment):
                continue
            if moment:
                del self.moments[arena_id]  # come: the look computes the next one
            found[arena_id] = max(since, found.get(arena_id, since))
        return list(found.items())

    def next_at(self) -> float | None:
        """When the next entry is due (entries gone stale on the way are dropped); None: none."""
        while self._heap:
            _, since, _, arena_id, moment = self._heap[0]
            if not self._stale(arena_id, since, moment):
                return self._heap[0][0]
            heapq.heappop(self._heap)
        return None

    def __len__(self) -> int:
        return len(self._heap)

    def _stale(self, arena_id: str, since: float, moment: bool) -> bool:
        if moment and self.moments.get(arena_id) != since:
            return True  # a moment computed again since
        return self.looked.get(arena_id, float("-inf")) > since  # looked at since (a clock a test holds still: again)

    def _push(self, when: float, since: float, arena_id: str, *, moment: bool) -> None:
        heapq.heappush(self._heap, (when, since, next(self._order), arena_id, moment))
        self.stirred.set()
