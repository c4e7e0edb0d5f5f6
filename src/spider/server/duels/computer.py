"""Computer opponents playing their duels on the server (SPEC 2.5, SPEC 4).

Each duel with a computer player gets a task: it waits the strength's pace (``players.PACE``), asks the
player for its next action from the public position of its own game only, in a thread so that the
search never holds up the event loop, and plays it through the duels like any player; when the player
sees nothing more worth points it finishes. A task ends with its game.

The thinking runs in threads of the players' own rather than the event loop's default ones: a stopping
server waits for the default threads to finish, and three master players thinking held a stopping
server up to 6.7 s (bench/stop.py); a thought the server no longer wants is dropped with its process.

Several server processes may share one database: a process plays a duel's computer player only while
it holds the duel's claim (renewed with every action; taken over when it lapses, ``LEASE``), and a
periodic look (``resume``) picks up duels whose process went away, after a restart too.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import zlib
from concurrent.futures import ThreadPoolExecutor

from spider.errors import SpiderError
from spider.notation import Position
from spider.players import PACE, Player
from spider.server.duels.duels import Duels
from spider.server.duels.model import PLAYING
from spider.server.duels.store import DuelStore
from spider.server.people.service import computer_strength

LEASE = 30.0
"""Seconds a process's claim on a computer player lasts without an action."""

log = logging.getLogger(__name__)


class ComputerOpponents:
    """The computer players of the duels this process plays; ``pace`` scales every strength's pace
    (tests play at 0)."""

    def __init__(self, duels: Duels, store: DuelStore, *, pace: float = 1.0) -> None:
        self.duels = duels
        self.store = store
        self.pace = pace
        self.owner = secrets.token_hex(8)
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.thinking: ThreadPoolExecutor | None = None
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
        thinking, self.thinking = self.thinking, None
        if thinking is not None:
            thinking.shutdown(wait=False, cancel_futures=True)
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
            if self.thinking is None:
                self.thinking = ThreadPoolExecutor(thread_name_prefix="spider-computer")
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.thinking, player.next_action, position, seconds_left)
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
