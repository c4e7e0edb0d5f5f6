"""Short garbage collections: what is alive is frozen out of the collector's reach, and an hourly full
collection still frees the garbage caught in reference cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref

from spider.server.ops.collector import keep_collections_short
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


def test_garbage_made_between_two_freezes_is_freed_at_the_next() -> None:
    """A request's reference cycles are garbage before the next freeze: they are freed then, not after an hour."""
    watched: list[weakref.ref[Node]] = []

    async def request_then_wait() -> None:
        keeping = asyncio.create_task(keep_collections_short(0.02, 3600.0))
        await asyncio.sleep(0.05)
        watched.append(weakref.ref(Node()))  # garbage at once, caught in its own cycle
        await asyncio.sleep(0.1)
        keeping.cancel()

    automatic = gc.isenabled()
    gc.disable()  # only the freezer's own collections: an automatic one would free the cycle either way
    try:
        run(request_then_wait())
        assert watched[0]() is None
    finally:
        gc.unfreeze()
        if automatic:
            gc.enable()
