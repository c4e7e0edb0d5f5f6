"""The order jobs are taken in (the queue without Redis; ``shared`` keeps the same order in Redis).

The most urgent priority first, as long as it has not had more than its share of the workers' time while the others
waited (``WEIGHTS``: a hint's share is sixteen times a review's, so a review takes its turn now and then however
many hints come, and a hint waits at most for one job of another priority). Within a priority, the client address
that has had the least of the workers' time lately goes first, and within that address the player who has had the
least: each is charged the time its job is expected to take when the job is taken, and one who comes (back) to the
queue starts level with the least-served one waiting, never with credit saved up while away. So two players take
turns whatever the number of jobs each sends, a player who sends many jobs from a hundred throwaway cookies at one
address gets that address's share, and a newcomer's job goes ahead of the jobs of clients that have been served
already.

Bounded: a player has one job of each kind waiting or being worked out, an address ``per_address`` waiting at each
priority, and each priority ``total`` waiting in all.

>>> queue = FairQueue(Bounds(per_address=4, total={p: 8 for p in Priority}))
>>> ann, bob, eve = Client("ann", "1.1.1.1"), Client("bob", "2.2.2.2"), Client("eve", "1.1.1.1")
>>> for client, kind in ((ann, "review"), (ann, "positions"), (eve, "review"), (bob, "review")):
...     queue.put(Job(f"{client.player} {kind}", kind, client, Call(print, ()), 1.0))
>>> [queue.take(Priority.STUDY).id for _ in range(4)]
['ann review', 'bob review', 'eve review', 'ann positions']
>>> queue.refusal(ann, "review", Priority.STUDY)
'player'
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from spider.server.work.jobs import KINDS, Call, Client, Priority

Lane = TypeVar("Lane")
JOIN_STEP = 1e-6
"""Seconds a lane's tag is put past the clock as it starts waiting (``Turns.joining_tag``)."""
WEIGHTS = {Priority.PLAY: 16, Priority.METER: 8, Priority.DEAL: 4, Priority.STUDY: 1}
"""Each priority's share of the workers' time while others wait too: a hint's is sixteen times a review's, so a
hint hardly waits, and a review is never starved by a stream of hints and meters."""


@dataclass(eq=False)
class Job:
    id: str
    kind: str
    client: Client
    call: Call
    seconds: float
    """How long it is expected to take."""
    attempts: int = 0
    """Times a worker took it (one whose worker died is taken again)."""
    continuing: bool = False
    """The next part of work under way (a review's next actions): not counted against the bounds."""

    @property
    def priority(self) -> Priority:
        return KINDS[self.kind].priority


@dataclass(frozen=True, slots=True)
class Bounds:
    per_address: int
    """Jobs one client address may have waiting at one priority."""
    total: dict[Priority, int]
    """Jobs waiting at each priority, for everybody."""


class Turns(Generic[Lane]):
    """Lanes (addresses, or players) served least-served first: each lane has a tag, the workers' time it has
    been charged, and a lane that starts waiting has its tag raised to the clock (the tag of the last lane
    served), so that time away is not saved up."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.tags: dict[str, float] = {}
        self.waiting: dict[str, Lane] = {}

    def join(self, name: str, lane: Lane) -> None:
        self.tags[name] = self.joining_tag(name)
        self.waiting[name] = lane

    def joining_tag(self, name: str) -> float:
        """The tag a lane that starts waiting now has: its own, or the clock's, and a step past it, so that it goes
        after the lanes that started waiting before the last lane was served (else a stream of newcomers, all level
        with the clock, could keep going ahead of one that waits)."""
        return max(self.tags.get(name, 0.0), self.clock) + JOIN_STEP

    def first(self, among: Callable[[str], bool] = lambda name: True) -> str | None:
        """The waiting lane with the least time charged (among equals, the first by name, as Redis's sorted sets
        order them), of those ``among`` lets in."""
        return min(filter(among, self.waiting), key=lambda name: (self.tags[name], name), default=None)

    def charge(self, name: str, seconds: float) -> None:
        self.clock = self.tags[name]
        self.tags[name] += seconds
        for idle in [name for name, tag in self.tags.items() if name not in self.waiting and tag <= self.clock]:
            del self.tags[idle]  # level with the clock: forgetting it changes nothing

    def leave(self, name: str) -> None:
        del self.waiting[name]


@dataclass
class _Address:
    players: Turns[deque[Job]] = field(default_factory=Turns)
    count: int = 0
    fresh: int = 0
    """Of ``count``, those not continuing work under way."""


class FairQueue:
    """The jobs waiting, and which player holds a job of which kind (waiting or being worked out)."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self._turns: dict[Priority, Turns[_Address]] = {priority: Turns() for priority in Priority}
        self._classes: Turns[Priority] = Turns()  # the priorities with jobs waiting, by name ("0" for PLAY...)
        self._counts = dict.fromkeys(Priority, 0)
        self._fresh = dict.fromkeys(Priority, 0)  # of the counts, the jobs not continuing work under way
        self.held: dict[tuple[str, str], Job] = {}

    def refusal(self, client: Client, kind: str, priority: Priority, *, continuing: bool = False) -> str | None:
        """Why a job would not be taken now (``Refused``'s reasons), or None. ``continuing``: the next part of a
        job under way (a review's next actions), which the address and total bounds do not hold up."""
        if (client.player, kind) in self.held:
            return "player"
        if continuing:
            return None
        address = self._turns[priority].waiting.get(client.address)
        if address is not None and address.fresh >= self.bounds.per_address:
            return "address"
        if self._fresh[priority] >= self.bounds.total[priority]:
            return "full"
        return None

    def ahead(self, client: Client, priority: Priority) -> float:
        """The seconds of the jobs the queue would take before a new job of the client's at this priority: those
        waiting at more urgent priorities, the client's address's own, and one of each other address that would
        go first (each is then charged past the newcomer)."""
        sooner = sum(job.seconds for job in self.waiting(Priority(priority - 1))) if priority else 0.0
        turns = self._turns[priority]
        own = turns.waiting.get(client.address)
        tag = turns.tags[client.address] if own is not None else turns.joining_tag(client.address)
        others = sum(
            next(iter(next(iter(address.players.waiting.values())))).seconds
            for name, address in turns.waiting.items()
            if name != client.address and turns.tags[name] <= tag
        )
        mine = sum(job.seconds for jobs in own.players.waiting.values() for job in jobs) if own is not None else 0.0
        return sooner + others + mine

    def put(self, job: Job, *, front: bool = False) -> None:
        """Queues a job (``front``: one to take again, whose worker died, ahead of its player's others)."""
        priority = job.priority
        turns = self._turns[priority]
        address = turns.waiting.get(job.client.address)
        if address is None:
            address = _Address()
            turns.join(job.client.address, address)
        jobs = address.players.waiting.get(job.client.player)
        if jobs is None:
            jobs = deque()
            address.players.join(job.client.player, jobs)
        if front:
            jobs.appendleft(job)
        else:
            jobs.append(job)
        address.count += 1
        address.fresh += not job.continuing
        self._counts[priority] += 1
        self._fresh[priority] += not job.continuing
        if str(int(priority)) not in self._classes.waiting:
            self._classes.join(str(int(priority)), priority)
        self.held[job.client.player, job.kind] = job

    def take(self, least_urgent: Priority) -> Job | None:
        """The next job, of ``least_urgent`` priority or a more urgent one; None when none waits."""
        chosen = self._classes.first(lambda name: int(name) <= least_urgent)
        if chosen is None:
            return None
        priority = Priority(int(chosen))
        turns = self._turns[priority]
        name = turns.first()
        assert name is not None
        address = turns.waiting[name]
        player = address.players.first()
        assert player is not None
        jobs = address.players.waiting[player]
        job = jobs.popleft()
        address.players.charge(player, job.seconds)
        turns.charge(name, job.seconds)
        if not jobs:
            address.players.leave(player)
        address.count -= 1
        address.fresh -= not job.continuing
        if not address.count:
            turns.leave(name)
        self._counts[priority] -= 1
        self._fresh[priority] -= not job.continuing
        self._classes.charge(chosen, job.seconds / WEIGHTS[priority])
        if not self._counts[priority]:
            self._classes.leave(chosen)
        return job

    def done(self, job: Job) -> None:
        """The job is over (answered, failed or dropped): its player may send another of its kind."""
        if self.held.get((job.client.player, job.kind)) is job:
            del self.held[job.client.player, job.kind]

    def waiting(self, least_urgent: Priority) -> Iterator[Job]:
        """The jobs waiting at ``least_urgent`` priority or a more urgent one."""
        for priority in Priority:
            if priority <= least_urgent:
                for address in self._turns[priority].waiting.values():
                    for jobs in address.players.waiting.values():
                        yield from jobs

    def count(self, priority: Priority) -> int:
        return self._counts[priority]
