"""Short garbage collections: what lives long is kept out of Python's full collections.

The games in memory (each with its undo history) are hundreds of thousands of objects, and a full
collection walked them all: a pause of 40-100 ms every few seconds under load, which every request
waiting behind it paid (the p99 of ``bench/web.py``). Every ``FREEZE_SECONDS`` the objects alive are moved
out of the collector's reach (``gc.freeze``): a collection then only looks at what is new. Objects that are
frozen are still freed when nothing refers to them any more; garbage in reference cycles is not, so what
is not frozen yet is collected first: a request's cycles (SQLAlchemy's statements, the loop's tasks and
frames) are garbage before the next freeze, and collecting the few thousand objects made since the last
one takes well under a millisecond. Frozen without that, they made every server grow by 3 MB every 30 s
of ``bench/soak.py``, freed only an hour later. Cycles among objects that outlive a freeze (a duel's, a
socket's) wait for one full collection an hour (``FULL_COLLECTION_SECONDS``), when everything is thawed
and collected.

``gc.freeze`` moves whole generations at once, whatever their size, so it is done often: five times a
second. Frozen every 10 s instead, the objects of 10 s of play (about 5,000 actions under
``bench/web.py --players 500``) filled the younger generations, and their collections took 10-20 ms
every second and a full one 60-70 ms every few seconds.
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
