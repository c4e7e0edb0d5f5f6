"""Reviews of finished games in the API (``spider.players.review``): started with ``POST /api/games/{id}/review``,
followed with ``GET`` until done, and "try again from here": a practice position to copy (``GET``), or a
practice game to play from it (``POST``).

A review takes up to about a minute of CPU time, so it runs as a background job the page polls: in a worker
process of its own at a low priority (``REVIEW_NICENESS``, below hints), in chunks of a few actions so that
its progress can be told. Reviews never starve play: one runs at a time in each server process (the
others wait their turn, ``queued``), and a player has one review waiting or running at a time. Finished
reviews are kept in memory (the last :data:`KEPT` of them), not in the database: asked again after a
restart, a review is made again.

This module makes and keeps the reviews; ``reviews.routes`` answers their routes and "try again from here".
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Literal

from anyio import to_thread
from pydantic import with_config
from typing_extensions import TypedDict

from spider.players.review import REVIEW_SECONDS, Step, review_chunk, reviewed, summarize
from spider.rules import TableRules
from spider.server.games.service import Games
from spider.server.http.answers import FORBID
from spider.server.refusals import Conflict, NoSuchGame, TooMany
from spider.server.solving.searches import Workers
from spider.view import Whole

CHUNK = 10
"""Actions reviewed in one go in the worker: the progress moves on after each chunk."""
KEPT = 200
"""Finished reviews kept in memory."""
REVIEW_NICENESS = 15
"""Below the server and its hints (10), above deals solved on the spot (19)."""
BUSY_SECONDS = 5.0
"""Retry-After of a refusal while the player's other review is still being made."""

LOG = logging.getLogger(__name__)

State = Literal["queued", "running", "done", "failed"]


@with_config(FORBID)
class ReviewedAction(TypedDict):
    at: Whole
    """How many of the game's actions came before this one."""
    action: str
    master: str | None
    """What master would have played from the same position (null: it would have given up)."""
    agrees: bool
    before: float
    """The estimated chance of winning before the action, 0..1, from what the player could see."""
    after: float
    """After it, with any card it turned up still face down (a deal: the table it dealt)."""
    loss: float
    """Points of win chance lost, 0..100 (0 where master agrees)."""
    accuracy: float
    costly: bool
    """One of the game's three costliest actions."""


@with_config(FORBID)
class ReviewBody(TypedDict):
    steps: list[ReviewedAction]
    accuracy: float
    """The mean of the actions' accuracies, 0..100."""
    costliest: list[Whole]
    """Places in steps of the costliest actions, costliest first."""


@with_config(FORBID)
class ReviewAnswer(TypedDict):
    """A review being made, or made."""

    id: str
    state: State
    done: Whole
    """Actions reviewed so far."""
    total: Whole
    """Actions to review: the game's moves and deals."""
    review: ReviewBody | None
    """Once done."""


@with_config(FORBID)
class PracticePosition(TypedDict):
    """The position after ``at`` actions, in full notation, every card unseen then re-imagined."""

    at: Whole
    position: str


@dataclass
class Job:
    player: str
    game_id: str
    total: int
    state: State = "queued"
    steps: list[Step] = field(default_factory=list)
    review: ReviewBody | None = None

    def to_json(self) -> ReviewAnswer:
        return {
            "id": self.game_id,
            "state": self.state,
            "done": len(self.steps),
            "total": self.total,
            "review": self.review,
        }


class Reviews:
    """The reviews being made and made, and the worker processes that make them (``workers`` 0: in a thread
    of the server's, for tests)."""

    def __init__(self, workers: int, seconds: float = REVIEW_SECONDS) -> None:
        self.workers = Workers(min(workers, 1), REVIEW_NICENESS, lowered_at_once=True)
        self.seconds = seconds
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._turns: asyncio.Semaphore | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.workers.close()

    def job(self, game_id: str) -> Job | None:
        with self._lock:
            return self.jobs.get(game_id)

    def begin(self, player: str, game_id: str, code: str, rules: TableRules, actions: list[str]) -> Job:
        """The game's review: the one made or being made, else a new one, queued; 429 while another of the
        player's reviews is waiting or running."""
        with self._lock:
            found = self.jobs.get(game_id)
            if found is not None and found.state != "failed":
                return found
            if any(job.player == player and job.state in ("queued", "running") for job in self.jobs.values()):
                raise TooMany("server.review_busy", retry_after=BUSY_SECONDS)
            places = reviewed(actions)
            job = self.jobs[game_id] = Job(player, game_id, len(places))
            while len(self.jobs) > KEPT:
                oldest = next(iter(self.jobs.values()))
                if oldest.state in ("queued", "running"):
                    break
                self.jobs.popitem(last=False)
        task = asyncio.get_running_loop().create_task(self._make(job, code, rules, actions, places))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _make(self, job: Job, code: str, rules: TableRules, actions: list[str], places: list[int]) -> None:
        if self._turns is None:
            self._turns = asyncio.Semaphore(1)
        try:
            async with self._turns:
                job.state = "running"
                self.workers.start()
                spent = 0.0
                for start in range(0, len(places), CHUNK):
                    chunk = places[start : start + CHUNK]
                    # each chunk's share of what is left of the budget, as the review shares it per action
                    seconds = max(0.05, (self.seconds - spent) * len(chunk) / (len(places) - start))
                    steps, used = await self._run(code, rules.to_json(), actions, chunk, seconds, job.game_id)
                    spent += used
                    job.steps.extend(steps)
                job.review = summarize(job.steps).to_json()  # type: ignore[assignment]
                job.state = "done"
        except BrokenProcessPool:  # the worker died (killed, out of memory): a new one for the next review
            job.state = "failed"
            self.workers.restart()
        except Exception:  # a review that fails says so rather than running for ever; asked again, it starts anew
            job.state = "failed"
            LOG.exception("the review of a game failed")

    async def _run(
        self, code: str, rules: dict[str, object], actions: list[str], places: list[int], seconds: float, seed: str
    ) -> tuple[list[Step], float]:
        call = functools.partial(review_chunk, code, rules, actions, places, seconds, review_seed(seed))
        executor = self.workers.executor
        if executor is None:
            return await to_thread.run_sync(call)
        return await asyncio.get_running_loop().run_in_executor(executor, call)


def review_seed(game_id: str) -> int:
    """A review's seed, from its game: the same game is reviewed the same way (within its budgets)."""
    return int.from_bytes(game_id.encode()[:8].ljust(8, b"\0"), "big") % 2**31


def finished_game(games: Games, player: str, game_id: str) -> tuple[str, TableRules, list[str]]:
    """The code, rules and actions of a game of the player's that is over and not a practice one."""
    with games.holding(game_id, player) as live:
        record = live.record
        if record.exercise is not None:
            raise NoSuchGame()
        if not live.over:
            raise Conflict("server.review_not_over")
        code, rules = record.code, live.game.rules
    return code, rules, [action.text for action in games.store.actions(game_id)]
