"""Reviews of finished games in the API (``spider.players.review``): started with ``POST /api/games/{id}/review``,
followed with ``GET`` until done, and "try again from here": a practice position to copy (``GET``), or a
practice game to play from it (``POST``).

A review takes about half a second of CPU time an action (a 100-action 4-suit game within a minute), so it runs in
the background while the page polls: as jobs of the work queue (``spider.server.work``) at its lowest priority, an
action each (:data:`CHUNK_ACTIONS`), so that its progress can be told and the queue takes turns between the reviews
of different players (and addresses) half a second or so at a time: a review asked for behind a dozen others starts
within seconds, not after a dozen reviews. Its searches are bounded by nodes, never by time, so the
chunks it is cut into change nothing in it. A player has
one review waiting or running at a time. Finished reviews are kept in memory (the last :data:`KEPT` of them),
not in the database: asked again after a restart, a review is made again.

This module makes and keeps the reviews; ``reviews.routes`` answers their routes and "try again from here".
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Literal, cast

from pydantic import with_config
from typing_extensions import TypedDict

from spider.players.review import Review, Step, review_chunk, reviewed, summarize
from spider.rules import TableRules
from spider.server.games.service import Games
from spider.server.http.answers import FORBID
from spider.server.refusals import Conflict, NoSuchGame, TooMany
from spider.server.work.jobs import Call, Client, Refused, client_of
from spider.server.work.service import Work
from spider.view import Column, Whole

CHUNK_ACTIONS = 1
"""The actions of one job of a review (about half a second of CPU time on 4 suits, less on fewer): the progress
moves on after each, and other reviews take their turn between, so a review asked for behind others waits about
this long for each (with three, a review behind twelve others waited 29 s: bench/NOTES.md, "Capacity, again")."""
KEPT = 200
"""Finished reviews kept in memory."""
BUSY_SECONDS = 5.0
"""Retry-After of a refusal while the player's other review is still being made."""

LOG = logging.getLogger(__name__)

State = Literal["queued", "running", "done", "failed"]


@with_config(FORBID)
class MasterMove(TypedDict):
    """The cards master would have moved: ``count`` of them from ``column`` onto ``target``."""

    column: Column
    count: Whole
    target: Column


@with_config(FORBID)
class ReviewedAction(TypedDict):
    at: Whole
    """How many of the game's actions came before this one."""
    action: str
    """In move notation; ``words`` says it."""
    master: str | None
    """What master would have played from the same position (null: it would have given up)."""
    words: str | None
    """The action in words, in the request's language, naming the cards moved and what they went onto (null for a
    deal or a card turned over: the page has its words for those)."""
    master_words: str | None
    """Master's action in words, as ``words``."""
    master_move: MasterMove | None
    """The cards master's action moves (null where it is no move), to show on the table."""
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
    client: Client
    game_id: str
    total: int
    state: State = "queued"
    steps: list[Step] = field(default_factory=list)
    review: Review | None = None

    def begun(self) -> None:
        """A worker took the review's first actions."""
        if self.state == "queued":
            self.state = "running"

    def to_json(self) -> ReviewAnswer:
        """The review's state, and the review once made, in the language spoken now (each reader's own)."""
        return {
            "id": self.game_id,
            "state": self.state,
            "done": len(self.steps),
            "total": self.total,
            "review": None if self.review is None else cast(ReviewBody, self.review.to_json()),
        }


class Reviews:
    """The reviews being made and made, each as jobs of the work queue."""

    def __init__(self, work: Work, chunk: int = CHUNK_ACTIONS) -> None:
        self.work = work
        self.chunk = chunk
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    def job(self, game_id: str) -> Job | None:
        with self._lock:
            return self.jobs.get(game_id)

    async def begin(self, player: str, game_id: str, code: str, rules: TableRules, actions: list[str]) -> Job:
        """The game's review: the one made or being made, else a new one, queued; 429 while another of the
        player's reviews is waiting or running, and while the queue has no room (with the seconds until it has)."""
        with self._lock:
            found = self.jobs.get(game_id)
            if found is not None and found.state != "failed":
                return found
            if any(job.client.player == player and job.state in ("queued", "running") for job in self.jobs.values()):
                raise TooMany("server.review_busy", retry_after=BUSY_SECONDS)
            places = reviewed(actions)
            job = self.jobs[game_id] = Job(client_of(player), game_id, len(places))
            while len(self.jobs) > KEPT:
                oldest = next(iter(self.jobs.values()))
                if oldest.state in ("queued", "running"):
                    break
                self.jobs.popitem(last=False)
        try:
            first = await self._chunk(job, code, rules, actions, places[: self.chunk])
        except Refused as refused:
            with self._lock:
                del self.jobs[game_id]
            raise TooMany("server.solver_busy", retry_after=refused.retry_after) from None
        task = asyncio.get_running_loop().create_task(self._make(job, code, rules, actions, places, first))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _chunk(
        self, job: Job, code: str, rules: TableRules, actions: list[str], places: list[int], *, continuing: bool = False
    ) -> asyncio.Future[list[Step]]:
        call = Call(review_chunk, (code, rules.to_json(), actions, places, review_seed(job.game_id)))
        return await self.work.submit(
            call, kind="review", client=job.client, continuing=continuing, on_start=lambda: job.begun()
        )

    async def _make(
        self, job: Job, code: str, rules: TableRules, actions: list[str], places: list[int],
        first: asyncio.Future[list[Step]],
    ) -> None:
        try:
            waiting = first
            for start in range(0, len(places), self.chunk):
                if start:
                    waiting = await self._chunk(
                        job, code, rules, actions, places[start : start + self.chunk], continuing=True
                    )
                job.steps.extend(await waiting)
            job.review = summarize(job.steps)
            job.state = "done"
        except Exception:  # a review that fails says so rather than running for ever; asked again, it starts anew
            job.state = "failed"
            LOG.exception("the review of a game failed")


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
