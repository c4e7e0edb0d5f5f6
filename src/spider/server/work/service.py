"""The queue the app uses: :class:`Work`, in this process (``local``) or in Redis (``shared``), by the settings.

A caller submits a :class:`~spider.server.work.jobs.Call` of a kind on behalf of a client and awaits the answer;
the queue refuses with :class:`~spider.server.work.jobs.Refused` (and the seconds until there is room) rather
than letting the wait grow, and the caller turns that into its own 429 or answer (a random deal, "not stuck
yet").
"""

from __future__ import annotations

import abc
import asyncio
from collections.abc import Callable
from typing import Any

from spider.server.work.fair import Bounds
from spider.server.work.jobs import Call, Client, Priority

PER_ADDRESS = 4
"""Jobs one client address may have waiting at one priority."""
WAITING = {Priority.PLAY: 8, Priority.METER: 8, Priority.DEAL: 2, Priority.STUDY: 16}
"""Jobs waiting at each priority for everybody, per worker process that takes them: a hint waits behind a few
searches at most, and a verified deal that would wait behind two others is a random deal at once."""


def bounds(processes: int) -> Bounds:
    return Bounds(PER_ADDRESS, {priority: count * max(1, processes) for priority, count in WAITING.items()})


class Work(abc.ABC):
    """The one work queue."""

    processes: int
    """Worker processes this server starts (with Redis, ``spider worker`` adds more elsewhere)."""

    @abc.abstractmethod
    async def submit(
        self,
        call: Call,
        *,
        kind: str,
        client: Client,
        key: str | None = None,
        seconds: float | None = None,
        continuing: bool = False,
        on_start: Callable[[], None] | None = None,
    ) -> asyncio.Future[Any]:
        """Queues a job and gives the future of its answer, or raises ``Refused``.

        ``key`` names work that two requests may ask for alike ("no more moves" for one position): while one is
        waiting or being worked out, the other awaits the same answer. ``seconds``: how long the job is given,
        when the caller knows (a deal solved on the spot). ``continuing``: the next part of work under way (a
        review's next actions), which does not wait for room in the queue. ``on_start`` is called (on the event
        loop) once a worker takes the job. The answer's future raises what
        the job's function raised, and ``WorkFailed`` when workers died in it twice.
        """

    async def run(self, call: Call, *, kind: str, client: Client, seconds: float | None = None) -> Any:
        """Submits a job and awaits its answer."""
        return await asyncio.shield(await self.submit(call, kind=kind, client=client, seconds=seconds))

    @abc.abstractmethod
    def start(self) -> None:
        """Starts this server's worker processes."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Stops them, without waiting for their jobs."""

    @abc.abstractmethod
    def busy(self) -> int:
        """Jobs waiting or being worked out (for the metrics)."""
