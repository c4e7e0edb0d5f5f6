"""Arenas in play: the routes' one door to arenas, and the tick that schedules, pairs, counts and closes
them.

An arena runs from its start to its end. Whoever joins is free until paired; on every tick the process
holding the arena's lease (``LEASE``) gives each ended duel's points once (``rules.points``), pairs the
free players near each other in points and rating (``rules.pairs``), never two who just played each
other, and, where the arena allows computer players, gives one to a player left waiting ``COMPUTER_WAIT``
seconds. Each pairing is an ordinary duel (``Duels.pair``) on a fresh deal, rated as any other, whose
``arena`` column names the arena.

Stalling: a player who has not moved ``STALL_SECONDS`` after their duel began has their game finished
and is withdrawn from the arena (they may join again), so that nobody holds a pairing up; a player who
never moved in a duel scores nothing from it, and their opponent who did scores a win. Berserk, only
before one's first move in the duel, halves one's clock (``Duels.seat_deadline``) for a point more on a
win. Once the end has passed nobody is paired; when the last duel has ended the arena is over and the
standings' first three in good standing are its podium.

Points and podiums are for accounts in good standing (``results.standing``): a duel with a guest or a young
account in it gives nobody points nor a win (computer players stand for nobody), so that two partners feeding
each other wins, one of them a throwaway, gain nothing. Guests play on, unranked, listed after the ranked.

The standings are published on the arena's topic once a tick when they changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from typing import Any

from spider.cards import SUIT_COUNTS
from spider.players import STRENGTHS
from spider.server.arenas import messages
from spider.server.arenas.answers import Arenas as ArenaList
from spider.server.arenas.answers import ArenaState, ArenaSummary, ArenaYou, NewArena, Standing
from spider.server.arenas.rules import Waiting, pairs, points
from spider.server.arenas.store import ArenaStore
from spider.server.duels.duels import Duels
from spider.server.duels.messages import Notes
from spider.server.duels.model import OVER, PERSON, PLAYING, Duel, Seat
from spider.server.http.ids import new_token, token_shaped
from spider.server.people.service import computer_id, computer_strength, shown, shown_name
from spider.server.refusals import Conflict, Forbidden, NotFound, Refusal
from spider.view import iso_time

LEASE = 5.0
"""Seconds a process's lease on pairing an arena lasts unless renewed (every tick renews it)."""
TICK = 1.0
STALL_SECONDS = 30.0
"""A player who has not moved this long after their arena duel began is finished and withdrawn."""
COMPUTER_WAIT = 10.0
"""Seconds a player waits alone before a computer player fills in (where the arena allows them)."""
MISSING_SECONDS = 10.0
"""A pairing whose duel never began (its process died midway) frees its players after this long."""
SCHEDULE_EVERY = 60.0
SCHEDULED_MINUTES, SCHEDULED_LENGTH = 5, 50
"""The server's hourly arenas: 5-minute duels for 50 minutes, from the top of every hour, per suit count."""
MAX_OPEN = 2
"""Arenas a player may have opened that are not over."""
PODIUM = 3

log = logging.getLogger("spider.server")


def podium(standings: list[Standing]) -> list[Standing]:
    """An arena's podium from its standings (best first): the first three in good standing."""
    return [standing for standing in standings if standing["ranked"]][:PODIUM]


def scheduled_id(suits: int, hour: int) -> str:
    """The id of the server's arena of that suit count and hour (16 characters, as every id).

    >>> scheduled_id(2, 495123)
    'hourly-2-0495123'
    """
    return f"hourly-{suits}-{hour:07d}"


class Arenas:
    def __init__(self, store: ArenaStore, duels: Duels) -> None:
        self.store = store
        self.duels = duels
        self.owner = f"{os.getpid()}-{secrets.token_hex(6)}"
        """This process as a lease's owner: its process id (what an operator looks for) and a random part."""
        self.lock = asyncio.Lock()
        self.scheduled_at = float("-inf")
        self.missing: dict[str, float] = {}
        self.stall_checked: set[str] = set()
        self.changed: set[str] = set()
        """Arenas whose standings changed here since the last tick: published once a tick, however many
        joins and leaves came (a standings message a join would be N messages of N entries each)."""
        duels.seat_deadline = self.seat_deadline

    def clock(self) -> float:
        return self.duels.clock()

    # Reading.

    def _row(self, arena_id: str) -> Any:
        row = self.store.read(arena_id) if token_shaped(arena_id) else None
        if row is None:
            raise NotFound("arena.no_such_arena")
        return row

    @staticmethod
    def _state(row: Any, at: float) -> str:
        if row.over:
            return "over"
        return "upcoming" if at < row.starts_at else "running"

    def _summary(self, row: Any, at: float, players: int, joined: bool, names: dict[str, str]) -> ArenaSummary:
        return ArenaSummary(
            id=row.id,
            suits=row.suits,
            minutes=row.minutes,
            length=round((row.ends_at - row.starts_at) / 60),
            starts_at=iso_time(row.starts_at),
            ends_at=iso_time(row.ends_at),
            state=self._state(row, at),
            computers=row.computers,
            opened_by=None if row.creator is None else shown_name(names.get(row.creator, "")),
            players=players,
            joined=joined,
        )

    def listing(self, viewer: str) -> ArenaList:
        """The arenas to come and in play, and those over within the hour."""
        at = self.clock()
        rows = self.store.listed(at, at - 3600)
        ids = [row.id for row in rows]
        counts, joined = self.store.counts(ids), self.store.joined(ids, viewer)
        creators = self.duels.people.many([row.creator for row in rows if row.creator is not None])
        names = {player: duelist.name for player, duelist in creators.items()}
        return ArenaList(
            arenas=[self._summary(row, at, counts.get(row.id, 0), row.id in joined, names) for row in rows]
        )

    def standings(self, arena_id: str) -> list[Standing]:
        """The arena's players, best first: those in good standing, by points, then wins, then who joined first;
        then those playing unranked."""
        rows = self.store.players(arena_id)
        people = self.duels.people.many([row.player for row in rows])
        ranked = self.store.ranked([row.player for row in rows], self.clock())
        ordered = sorted(
            rows, key=lambda row: (row.player not in ranked, -row.points, -row.wins, row.joined_at, row.player)
        )
        return [
            Standing(
                place=place,
                name=people[row.player].name if row.player in people and shown(people[row.player].name) else "",
                rating=people[row.player].rating.rating if row.player in people else 0.0,
                points=row.points,
                duels=row.duels,
                wins=row.wins,
                streak=row.streak,
                playing=row.duel is not None,
                active=row.active,
                ranked=row.player in ranked,
            )
            for place, row in enumerate(ordered, start=1)
        ]

    async def show(self, arena_id: str, viewer: str) -> ArenaState:
        at = self.clock()
        row = self._row(arena_id)
        standings = self.standings(arena_id)
        mine = self.store.player(arena_id, viewer)
        names = {}
        if row.creator is not None:
            creator = self.duels.people.many([row.creator]).get(row.creator)
            names = {row.creator: "" if creator is None else creator.name}
        summary = self._summary(row, at, len(standings), mine is not None and mine.active, names)
        state = summary["state"]
        remaining = row.starts_at - at if state == "upcoming" else (0.0 if state == "over" else row.ends_at - at)
        you = None
        if mine is not None:
            berserk, may = await self._berserk_state(mine.duel, viewer)
            you = ArenaYou(active=mine.active, points=mine.points, duel=mine.duel, berserk=berserk, may_berserk=may)
        why = self.store.unranked(viewer, at)
        return ArenaState(
            arena=summary,
            remaining_ms=max(0, int(remaining * 1000)),
            standings=standings,
            podium=podium(standings) if state == "over" else None,
            you=you,
            ranked=why is None,
            unranked=why,
        )

    async def _berserk_state(self, duel_id: str | None, player: str) -> tuple[bool, bool]:
        """Whether the player went berserk in their duel now, and whether they still may."""
        if duel_id is None:
            return False, False
        duel = self.duels.read(duel_id)
        seat = None if duel is None else duel.seat_of(player)
        if duel is None or seat is None:
            return False, False
        berserk = seat.seat in self.store.berserk(duel_id)
        return berserk, not berserk and self._may_berserk(duel, seat)

    def _may_berserk(self, duel: Duel, seat: Seat) -> bool:
        if duel.state != PLAYING or seat.ended is not None:
            return False
        return seat.game is None or not self.store.moved([seat.game])

    # Changes.

    async def open(self, player: str, body: NewArena) -> str:
        """A player's own arena; 409 when they have ``MAX_OPEN`` not over already."""
        at = self.clock()
        self.duels.people.get(player, at)
        if self.store.opened_by(player) >= MAX_OPEN:
            raise Conflict("arena.too_many", n=MAX_OPEN)
        arena_id = new_token()
        starts_at = at + body.starts_in * 60
        self.store.add(
            {
                "id": arena_id, "creator": player, "suits": body.suits, "minutes": body.minutes,
                "starts_at": starts_at, "ends_at": starts_at + body.length * 60, "computers": body.computers,
                "created_at": at,
            }
        )
        return arena_id

    async def join(self, player: str, arena_id: str) -> None:
        at = self.clock()
        row = self._row(arena_id)
        if row.over or at >= row.ends_at:
            raise Conflict("arena.over")
        if self.duels.people.get(player, at).bot:
            raise Forbidden("arena.people_only")
        self.store.join(arena_id, player, at)
        self.changed.add(arena_id)

    async def leave(self, player: str, arena_id: str) -> None:
        """Withdraws the player: no more pairings (the duel they play goes on, and counts)."""
        self._row(arena_id)
        if self.store.withdraw(arena_id, player):
            self.changed.add(arena_id)

    async def berserk(self, player: str, arena_id: str) -> None:
        """Halves the player's clock in their arena duel now, for a point more on a win: only before
        their first move."""
        self._row(arena_id)
        mine = self.store.player(arena_id, player)
        if mine is None or mine.duel is None:
            raise Conflict("arena.no_duel")
        notes: Notes = []
        duel = self.duels.load(mine.duel, notes)
        await self.duels.outbox.send(notes)
        seat = duel.seat_of(player)
        assert seat is not None  # seated in it by the arena
        seats = self.store.berserk(duel.id)
        if seat.seat in seats:
            raise Conflict("arena.berserk_already")
        if not self._may_berserk(duel, seat) or not self.store.go_berserk(duel.id, seats, seat.seat):
            raise Conflict("arena.berserk_too_late")
        self.changed.add(arena_id)

    def seat_deadline(self, duel: Duel, seat: Seat) -> float | None:
        """A berserk player's time is up halfway through the duel's."""
        if duel.arena is None or duel.deadline is None or seat.seat not in self.store.berserk(duel.id):
            return None
        return duel.deadline - duel.minutes * 30.0

    async def publish(self, arena_id: str) -> None:
        row = self.store.read(arena_id)
        if row is None:
            return
        standings = self.standings(arena_id)
        state = self._state(row, self.clock())
        note = messages.standings(arena_id, state, list(standings), list(podium(standings)) if row.over else None)
        await self.duels.outbox.send([note])

    # The tick.

    async def tick(self) -> None:
        """Schedules the hourly arenas, then pairs, counts and closes every arena begun whose lease this
        process holds (or takes over)."""
        async with self.lock:
            at = self.clock()
            if at - self.scheduled_at >= SCHEDULE_EVERY:
                self.schedule(at)
                self.scheduled_at = at
            for arena_id in self.store.started(at):
                if self.store.claim(arena_id, self.owner, at, LEASE):
                    await self._run(arena_id, at)
            changed, self.changed = self.changed, set()
            for arena_id in changed:
                await self.publish(arena_id)

    def schedule(self, at: float) -> None:
        """The server's arenas of this hour and the next, per suit count, if not there yet."""
        hour = int(at // 3600)
        for start in (hour, hour + 1):
            for suits in SUIT_COUNTS:
                arena_id = scheduled_id(suits, start)
                if self.store.read(arena_id) is None:
                    self.store.add(
                        {
                            "id": arena_id, "creator": None, "suits": suits, "minutes": SCHEDULED_MINUTES,
                            "starts_at": start * 3600.0, "ends_at": start * 3600.0 + SCHEDULED_LENGTH * 60,
                            "computers": True, "created_at": at,
                        }
                    )

    def stop(self) -> None:
        """The server stops: its leases go, so that another process pairs its arenas at once."""
        self.store.release(self.owner)

    async def _run(self, arena_id: str, at: float) -> None:
        arena = self.store.read(arena_id)
        if arena is None:
            return
        changed = False
        open_duels = 0
        for pairing in self.store.uncounted(arena_id):
            if pairing.state is None:  # seated, and the duel never began
                first_seen = self.missing.setdefault(pairing.duel, at)
                if at - first_seen >= MISSING_SECONDS:
                    self.store.unseat(arena_id, pairing.duel, at)
                    self.missing.pop(pairing.duel, None)
                    changed = True
                else:
                    open_duels += 1
                continue
            if pairing.state == PLAYING:
                looked = await self._look_at(arena_id, pairing, at)
                if looked is None or looked.state != OVER:
                    open_duels += 1
                    continue
            changed |= self._count(arena_id, pairing.duel, list(pairing.berserk or []), at)
            await asyncio.sleep(0)  # a hundred duels ending at once hold up no request or socket meanwhile
        if at < arena.ends_at:
            changed |= await self._pair(arena, at)
        elif open_duels == 0 and self.store.close(arena_id):
            changed = True
        if changed:
            self.changed.add(arena_id)

    async def _look_at(self, arena_id: str, pairing: Any, at: float) -> Duel | None:
        """A duel in play: its clock (the duel's, or a berserk player's), and a player who never moved
        (stalling); the duel as it is then, or None when there was nothing to look at."""
        started = (pairing.deadline or at) - pairing.minutes * 60
        due = at >= (pairing.deadline or at)
        if not due and not pairing.berserk and (pairing.duel in self.stall_checked or at < started + STALL_SECONDS):
            return None
        notes: Notes = []
        duel = self.duels.load(pairing.duel, notes)
        await self.duels.outbox.send(notes)
        if pairing.duel in self.stall_checked or at < started + STALL_SECONDS or duel.state != PLAYING:
            return duel
        self.stall_checked.add(pairing.duel)
        games = [seat.game for seat in duel.seats if seat.game is not None]
        moved = self.store.moved(games)
        for seat in duel.seats:
            if seat.ended is None and computer_strength(seat.player) is None and seat.game not in moved:
                log.info("arena %s: a player who never moved in duel %s is withdrawn", arena_id, duel.id)
                self.store.withdraw(arena_id, seat.player)
                with contextlib.suppress(Refusal):  # their game ended meanwhile
                    await self.duels.finish(seat.player, duel.id)
        return self.duels.read(duel.id)

    def _count(self, arena_id: str, duel_id: str, berserk: list[int], at: float) -> bool:
        """Gives an ended duel's points to its players, once."""
        duel = self.duels.read(duel_id)
        if duel is None:
            return False
        self.stall_checked.discard(duel_id)
        moved = self.store.moved([seat.game for seat in duel.seats if seat.game is not None])
        people = [seat.player for seat in duel.seats if computer_strength(seat.player) is None]
        counted = set(people) <= self.store.ranked(people, at)  # points only between accounts in good standing
        ends = []
        for seat in duel.seats:
            if computer_strength(seat.player) is not None:
                continue
            mine = self.store.player(arena_id, seat.player)
            streak = 0 if mine is None else mine.streak
            other = duel.other(seat)
            outcome = seat.outcome or "loss"
            if seat.game not in moved:  # who never moved scores nothing, whatever the scores say
                outcome = "loss"
            elif other is not None and other.game not in moved:
                outcome = "win"
            gained, run = points(outcome, streak, seat.seat in berserk) if counted else (0, streak)
            won = counted and outcome == "win"
            ends.append((seat.player, gained, run, won, None if other is None else other.player))
        return self.store.count(arena_id, duel_id, ends, at)

    async def _pair(self, arena: Any, at: float) -> bool:
        """Pairs the arena's free players; computer players for those left waiting, where allowed."""
        free = [row for row in self.store.players(arena.id) if row.active and row.duel is None]
        if not free:
            return False
        people = self.duels.people.many([row.player for row in free])
        waiting = [
            Waiting(
                row.player,
                row.points,
                people[row.player].rating.rating if row.player in people else 1500.0,
                row.last_opponent,
                row.waiting_since if row.waiting_since is not None else at,
            )
            for row in free
        ]
        paired, left = pairs(waiting)
        changed = False
        for first, second in paired:
            changed |= await self._start(arena, [first.player, second.player], second.player, PERSON, at)
            await asyncio.sleep(0)  # between two pairings, the requests and sockets waiting have their turn
        if arena.computers:
            for alone in left:
                if at - alone.since >= COMPUTER_WAIT:
                    strength = self._computer_for(alone.rating)
                    changed |= await self._start(arena, [alone.player], computer_id(strength), strength, at)
        return changed

    def _computer_for(self, rating: float) -> Any:
        """The computer player whose rating is nearest."""
        computers = self.duels.people.many([computer_id(strength) for strength in STRENGTHS])
        ratings = {s: computers[computer_id(s)].rating.rating for s in STRENGTHS if computer_id(s) in computers}
        return min(STRENGTHS, key=lambda strength: abs(ratings.get(strength, 1500.0) - rating))

    async def _start(self, arena: Any, seated: list[str], second: str, opponent: str, at: float) -> bool:
        duel_id = new_token()
        if not self.store.seat(arena.id, seated, duel_id):
            return False
        try:
            await self.duels.pair(duel_id, seated[0], second, arena.suits, arena.minutes, arena.id, opponent)
        except Exception:
            log.exception("arena %s: a pairing did not start", arena.id)
            self.store.unseat(arena.id, duel_id, at)
        return True


async def keep_arenas(arenas: Arenas, tick: float = TICK) -> None:
    """The arenas' tick, for as long as the server runs."""
    while True:
        try:
            await arenas.tick()
        except Exception:  # a database hiccup must not stop the arenas for good
            log.exception("the arenas' tick")
        await asyncio.sleep(tick)
