"""Computer opponents playing their duels on the server (SPEC 2.5, SPEC 4).

Each duel with a computer player gets a task: it waits the strength's pace (``players.PACE``), asks the
player for its next action from the public position of its own game only, as a job of the work queue
(``spider.server.work``: a worker process, so that the search holds up neither the event loop nor the
server's threads, and takes its turn fairly with the players' hints and meters), and plays it through the
duels like any player; when the player sees nothing more worth points it finishes. A task ends with its game.
Each duel's computer player is its own client of the queue; when the queue has no room it thinks again once
there is, its clock running meanwhile.

Several server processes may share one database: a process plays a duel's computer player only while
it holds the duel's claim (renewed with every action; taken over when it lapses, ``LEASE``), and a
periodic look (``resume``) picks up duels whose process went away, after a restart too.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import zlib

from spider.errors import SpiderError
from spider.notation import Position
from spider.players import PACE, Player
from spider.players.player import thought
from spider.server.duels.duels import Duels
from spider.server.duels.model import PLAYING
from spider.server.duels.store import DuelStore
from spider.server.people.service import computer_strength
from spider.server.work.jobs import Call, Client, Refused, WorkFailed
from spider.server.work.service import Work

COMPUTERS = "computer opponents"
"""The client address the computer opponents' thinking is counted under: one address's share of the queue for
all of them, so that they never crowd out the players' own hints."""
LEASE = 30.0
"""Seconds a process's claim on a computer player lasts without an action."""

log = logging.getLogger(__name__)


class ComputerOpponents:
    """The computer players of the duels this process plays; ``pace`` scales every strength's pace
    (tests play at 0)."""

    def __init__(self, duels: Duels, store: DuelStore, work: Work, *, pace: float = 1.0) -> None:
        self.duels = duels
        self.store = store
        self.work = work
        self.pace = pace
        self.owner = secrets.token_hex(8)
        self.tasks: dict[str, asyncio.Task[None]] = {}
        duels.on_computer_duel = self.start

    def start(self, duel_id: str) -> None:
        """Plays the duel's computer player from now on, if no task here does yet."""
        running = self.tasks.get(duel_id)
        if running is not None and not running.done():
            return
        if not self._claim(duel_id):
            return
        self.tasks[duel_id] = asyncio.get_running_loop().create_task(self._play(duel_id), name=f"computer {duel_id}")

    def resume(self) -> None:
        """Takes up every duel whose computer player nobody is playing (after a restart, say)."""
        for duel_id in self.store.computer_duels():
            self.start(duel_id)
        for duel_id in [key for key, task in self.tasks.items() if task.done()]:
            del self.tasks[duel_id]

    def stop(self) -> None:
        """Stops playing (the server stops): the claims go, so that the next server takes over at once."""
        for task in self.tasks.values():
            task.cancel()
        self.store.release_computers(self.owner)

    def _claim(self, duel_id: str) -> bool:
        """Whether this process plays the duel's computer player: it does while it renews the claim
        within ``LEASE`` seconds; then another may take it over."""
        return self.store.claim_computer(duel_id, self.owner, self.duels.clock(), LEASE)

    def _turn(self, duel_id: str) -> tuple[str, Position, float] | None:
        """For a duel's computer player: its id, the public position of its game, and the seconds left;
        None once its game has ended."""
        duel = self.duels.read(duel_id)
        if duel is None or duel.state != PLAYING or len(duel.seats) < 2:
            return None
        seat = duel.seats[1]
        live = self.duels.live(seat)
        if seat.ended is not None or live is None:
            return None
        return seat.player, live.game.public_position(), duel.remaining(self.duels.clock())

    async def _play(self, duel_id: str) -> None:
        player: Player | None = None
        while True:
            turn = self._turn(duel_id)
            if turn is None or not self._claim(duel_id):
                return
            computer, position, seconds_left = turn
            if player is None:
                strength = computer_strength(computer)
                assert strength is not None  # the second seat of a duel against a computer player
                player = Player(strength, seed=zlib.crc32(duel_id.encode()))
            await asyncio.sleep(PACE[player.strength] * self.pace)
            try:
                action, player = await self.work.run(
                    Call(thought, (player, position, seconds_left)), kind="computer",
                    client=Client(f"{computer} {duel_id}", COMPUTERS),
                )
            except Refused as refused:  # the queue is full: think again once it has room
                await asyncio.sleep(refused.retry_after)
                continue
            except WorkFailed:
                continue
            try:
                if action is None:
                    await self.duels.finish(computer, duel_id)
                    return
                await self.duels.play(computer, duel_id, action)
            except SpiderError as error:
                # its time ran out while it thought, or (never expected) the rules refused its move
                log.info("computer player in duel %s: %s", duel_id, error)
                if isinstance(error, SpiderError):
                    await self.duels.finish(computer, duel_id)
                return
