"""The duels' clock on the server: a task that ends, on time, the games of duels whose time has run out
while nobody asked (every read of a duel checks too), takes up computer players nobody is playing, and
sends the events that waited for the broker (Redis away).
"""

from __future__ import annotations

import asyncio
import logging

from spider.server.duels.computer import ComputerOpponents
from spider.server.duels.duels import Duels

TICK = 1.0
"""Seconds between two looks: a game ends at most this late when no one is looking."""

log = logging.getLogger("spider.server")


async def keep_time(duels: Duels, computers: ComputerOpponents, tick: float = TICK) -> None:
    while True:
        try:
            await duels.catch_up()
            await duels.expire_due()
            computers.resume()
        except Exception:  # a database hiccup must not stop the clock for good
            log.exception("the duels' clock")
        await asyncio.sleep(tick)
