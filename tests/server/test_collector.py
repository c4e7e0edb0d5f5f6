"""Short garbage collections: what is alive is frozen out of the collector's reach, and an hourly full
collection still frees the garbage caught in reference cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref

from spider.server.collector import keep_collections_short
from tests.own_loop import run


class Node:
    """An object that refers to itself: only the garbage collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_what_is_alive_gets_frozen_and_a_full_collection_frees_cycles_anyway() -> None:
    frozen_before = gc.get_freeze_count()
    cycle = Node()
    watched = weakref.ref(cycle)

    async def rounds(every: float, full_every: float, seconds: float) -> None:
        keeping = asyncio.create_task(keep_collections_short(every, full_every))
        await asyncio.sleep(seconds)
        keeping.cancel()

    try:
        run(rounds(0.02, 3600.0, 0.1))
        assert gc.get_freeze_count() > frozen_before  # the cycle among them
        del cycle
        gc.collect()
        assert watched() is not None  # frozen: out of reach of a collection
        run(rounds(0.02, 0.05, 0.2))  # a full collection comes round
        assert watched() is None
    finally:
        gc.unfreeze()
