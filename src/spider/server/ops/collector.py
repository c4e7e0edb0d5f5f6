"""Short garbage collections: what lives long is kept out of Python's full collections.

The games in memory (each with its undo history) are hundreds of thousands of objects, and a full
collection walked them all: a pause of 40-100 ms every few seconds under load, which every request
waiting behind it paid (the p99 of ``bench/web.py``). Every ``FREEZE_SECONDS`` the objects alive are moved
out of the collector's reach (``gc.freeze``): a collection then only looks at what is new. Objects that are
frozen are still freed when nothing refers to them any more; garbage in reference cycles is not, so what
is not frozen yet is collected first: a request's cycles (SQLAlchemy's statements, the loop's tasks and
frames) are garbage before the next freeze, and collecting the few thousand objects made since the last
one takes well under a millisecond (frozen uncollected, they made every server grow under ``bench/soak.py``).
Cycles among objects that outlive a freeze (a duel's, a socket's) wait for one full collection an hour
(``FULL_COLLECTION_SECONDS``), when everything is thawed and collected.

``gc.freeze`` moves whole generations at once, whatever their size, so it is done often: five times a
second, so that the objects of a few seconds of play never fill the younger generations (the runs:
bench/NOTES.md).
"""

from __future__ import annotations

import asyncio
import gc
import time

FREEZE_SECONDS = 0.2
FULL_COLLECTION_SECONDS = 3600.0


async def keep_collections_short(
    every: float = FREEZE_SECONDS, full_every: float = FULL_COLLECTION_SECONDS
) -> None:
    """Collects what is new and freezes what survives every ``every`` seconds, and collects everything
    every ``full_every``; until cancelled."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(every)
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        else:
            gc.collect()  # only what is not frozen: what was made since the last freeze
        gc.freeze()
