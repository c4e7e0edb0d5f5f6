"""Arenas in play: the routes' one door to arenas, and the looks that schedule, pair, count and close
them.

An arena runs from its start to its end. Whoever joins is free until paired; each look by the process
holding the arena's lease (``LEASE``) gives each ended duel's points once (``rules.points``), pairs the
free players near each other in points and rating (``rules.pairs``), never two who just played each
other while someone else is free for them, and, where the arena allows computer players, gives one to a
player left waiting ``COMPUTER_WAIT`` seconds. Each pairing is an ordinary duel (``Duels.pair``) on a fresh
deal, rated as any other, whose ``arena`` column names the arena.

An arena is looked at only when something happens in it, never on a tick: a join, a leave, a berserk, a
duel of it ending (``Duels.on_over``), in this process or, through the broker's ``PAIRING`` topic, in
another; and at its next moment (``agenda``): its start, its end, a duel's clock, the time a stalling player
is due to be withdrawn, a player's wait for a computer. So an arena where nothing happens costs nothing,
however many are open (``bench/arena.py --idle``). Every process keeps the moments of every arena (the one
pairing it tells the others of each, ``GRACE`` late for them), so that if the process pairing an arena dies,
another looks at it in its stead once its lease has lapsed. As the server starts it looks at every arena
not over once (``tick``): whatever was due while no process ran is done then.

Stalling: a player who has not moved ``STALL_SECONDS`` after their duel began has their game finished
and is withdrawn from the arena (they may join again), so that nobody holds a pairing up; so is a player who
finished a duel without a move, so that two players alone cannot have duel after empty duel dealt for them. A
player who never moved in a duel made no real attempt at it, and the duel gives nobody points
(``duels.rated.NO_POINTS``). The player is told so (``ArenaYou.stalled``) until they join again.
Berserk, only before one's first move in the duel, halves one's clock (``Duels.seat_deadline``) for a point more on a
win. Once the end has passed nobody is paired; when the last duel has ended the arena is over and the
standings' first three in good standing with a point or more are its podium.

Points and podiums are for accounts in good standing (``results.standing``): a duel with a guest or a young
account in it gives nobody points nor a win (computer players stand for nobody), so that two partners feeding
each other wins, one of them a throwaway, gain nothing. Nor does a duel that rates nobody because its two players
were seen at one address or one of them made no real attempt (``duels.rated.NO_POINTS``): a partner in good
standing who stalls or resigns at once feeds nobody points. Guests play on, unranked, listed after the ranked.
Only accounts in good standing open arenas, at most ``per_player`` each not over, and the site holds at most
``site`` players' arenas not over at once (the routes count a day's arenas per address).

The standings are published on the arena's topic at once after a look that paired players (who plays whom, as
their duels start), and after other changes at most once every ``PUBLISH_EVERY`` seconds, however many joins and
leaves came meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar, TypeVarTuple

from anyio import CapacityLimiter, to_thread

from spider.cards import SUIT_COUNTS
from spider.players import STRENGTHS
from spider.server.arenas import messages
from spider.server.arenas.agenda import Agenda
from spider.server.arenas.answers import Arenas as ArenaList
from spider.server.arenas.answers import ArenaState, ArenaSummary, ArenaYou, NewArena, Standing
from spider.server.arenas.rules import Waiting, pairs, points
from spider.server.arenas.store import ArenaStore, End
from spider.server.duels import rated
from spider.server.duels.duels import Duels
from spider.server.duels.messages import Note, Notes
from spider.server.duels.model import OVER, PERSON, PLAYING, Duel, Seat
from spider.server.http.ids import new_token, token_shaped
from spider.server.people.service import computer_id, computer_strength, shown, shown_name
from spider.server.realtime.broker import Message
from spider.server.refusals import Conflict, Forbidden, NotFound, Refusal, TooMany
from spider.server.results.standing import GUEST
from spider.server.work.jobs import ADDRESS
from spider.text import message
from spider.view import iso_time

LEASE = 5.0
"""Seconds a process's lease on pairing an arena lasts past its last look at it."""
GRACE = 1.0
"""Seconds past an arena's moment that the other processes wait before looking at it themselves: the process
pairing it looks first, and the others only take over when its lease lapsed without a look (it died)."""
RETRY = 5.0
"""Seconds before a look that failed (the database away) is tried again."""
LONGEST_SLEEP = 60.0
"""The arenas' task wakes at least this often, to find what came due if the clock was set forward; a wake with
nothing due reads nothing."""
PUBLISH_EVERY = 1.0
"""Seconds between two standings messages of one arena: a hundred joins at once make one message, not a hundred
messages of up to a hundred entries each."""
PAIRING = "arenas"
"""The broker's topic on which the server's processes tell each other of arenas: something happened in one
(``stir``), and its next moment (``next``, from the process pairing it). No socket follows it."""
STALL_SECONDS = 30.0
"""A player who has not moved this long after their arena duel began is finished and withdrawn."""
COMPUTER_WAIT = 10.0
"""Seconds a player waits alone before a computer player fills in (where the arena allows them)."""
MISSING_SECONDS = 10.0
"""A pairing whose duel never began (its process died midway) frees its players after this long."""
SCHEDULED_MINUTES, SCHEDULED_LENGTH = 5, 50
"""The server's hourly arenas: 5-minute duels for 50 minutes, from the top of every hour, per suit count."""
MAX_OPEN = 2
"""Arenas a player may have opened that are not over (``Settings.arenas_per_player``'s default)."""
SITE_OPEN = 300
"""Arenas players opened that the site holds not over at once (``Settings.open_arenas``'s default)."""
PODIUM = 3
BOARD_SECONDS = 5.0
"""Seconds an arena's standings, as this process last built them, answer every request while nothing changed in
the arena (a join, a leave, a look that counted or paired, a word from another process): the names and ratings on
them are read again at least this often."""
STANDING_SECONDS = 30.0
"""Seconds this process remembers whether a player is in good standing (``results.standing``), and why not: the
standings, the asking player's sentence and the check before opening an arena ask it once in that time rather than
at every request. Points are given on the duel's end's own check, never on this one."""
LIST_SECONDS = 1.0
"""Seconds the list of arenas (everyone's, but for ``joined``) answers every request while nothing changed."""
REMEMBERED = 100_000
"""Players whose standing this process remembers at most; past that it starts afresh."""
BOARDS = 1_000
"""Arenas whose standings this process keeps built at most; past that it starts afresh."""
THREADS = 4
"""Worker threads the arenas' database work takes at most at once: a flood of joins queues for them rather than
spreading over every thread (each with a connection beyond the pool's, opened and closed again) and fighting for
SQLite's one writer and the interpreter's lock with the event loop."""

log = logging.getLogger("spider.server")
T = TypeVar("T")
Args = TypeVarTuple("Args")


@dataclass(frozen=True, slots=True)
class _Board:
    """An arena's standings as this process built them: the arena's change count then, and when
    (``time.monotonic``)."""

    version: int
    built: float
    standings: list[Standing]


_UNRANKED: tuple[str, dict[str, Any]] = ("", {})
"""A player known not to be in good standing, the sentence why not yet asked."""


def podium(standings: list[Standing]) -> list[Standing]:
    """An arena's podium from its standings (best first): the first three in good standing who scored; each keeps
    their place in the standings (the ranked come first there, so the places are 1, 2 and 3). A player with no point
    won nothing to stand there for."""
    return [standing for standing in standings if standing["ranked"] and standing["points"] > 0][:PODIUM]


def scheduled_id(suits: int, hour: int) -> str:
    """The id of the server's arena of that suit count and hour (16 characters, as every id).

    >>> scheduled_id(2, 495123)
    'hourly-2-0495123'
    """
    return f"hourly-{suits}-{hour:07d}"


class Arenas:
    def __init__(self, store: ArenaStore, duels: Duels, *, per_player: int = MAX_OPEN, site: int = SITE_OPEN) -> None:
        self.store = store
        self.duels = duels
        self.per_player = per_player
        """Arenas one player may have opened that are not over (0: no limit)."""
        self.site = site
        """Arenas players opened that may be not over at once, on the whole site (0: no limit)."""
        self.owner = f"{os.getpid()}-{secrets.token_hex(6)}"
        """This process as a lease's owner: its process id (what an operator looks for) and a random part."""
        self.lock = asyncio.Lock()
        self.agenda = Agenda()
        self.next_schedule = float("-inf")
        self.missing: dict[str, float] = {}
        self.stall_checked: set[str] = set()
        self.changed: set[str] = set()
        """Arenas whose standings changed here since they were last published."""
        self.published_at = float("-inf")
        """When (``time.monotonic``) standings were last published: ``PUBLISH_EVERY`` apart."""
        self.versions: dict[str, int] = {}
        """How many changes this process saw in each arena: a board built at an older count is built again."""
        self.boards: dict[str, _Board] = {}
        self.building: dict[str, tuple[int, asyncio.Future[list[Standing]]]] = {}
        """The standings being built now, per arena: requests meanwhile wait for the same build."""
        self.standing_of: dict[str, tuple[float, tuple[str, dict[str, Any]] | None]] = {}
        """Each player's standing as last asked (``time.monotonic``): None in good standing, else why not."""
        self.listed: tuple[int, float, Any] | None = None
        """The arenas' list as last read: the change count then, when, and the rows, counts and creators' names."""
        self.listing_version = 0
        self.limiter: CapacityLimiter | None = None
        """The arenas' share of worker threads (``THREADS``), made in the event loop at first use."""
        self.working = 0
        """Database work of the arenas' under way in worker threads (``settle`` waits for it as the server stops)."""
        duels.seat_deadline = self.seat_deadline
        duels.on_over = self.duel_over

    def clock(self) -> float:
        return self.duels.clock()

    async def _off(self, work: Callable[[*Args], T], *args: *Args) -> T:
        """``work(*args)``, database work, in a worker thread (at most ``THREADS`` of the arenas' at once): the event
        loop serves other requests meanwhile."""
        if self.limiter is None:
            self.limiter = CapacityLimiter(THREADS)
        self.working += 1
        try:
            return await to_thread.run_sync(work, *args, limiter=self.limiter)
        finally:
            self.working -= 1

    async def settle(self, seconds: float = 5.0) -> None:
        """Waits (at most ``seconds``) for the arenas' database work under way in threads, whose tasks the stopping
        server cancelled: the database is closed after, not while a thread still holds one of its connections."""
        deadline = asyncio.get_running_loop().time() + seconds
        while self.working and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

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

    def touch(self, arena_id: str) -> None:
        """Something changed in the arena: its standings are built again at the next request."""
        self.versions[arena_id] = self.versions.get(arena_id, 0) + 1
        self.listing_version += 1

    async def listing(self, viewer: str) -> ArenaList:
        """The arenas to come and in play, and those over within the hour: read once for everyone while nothing
        changes (``LIST_SECONDS``), but for whether the viewer joined each."""
        at = self.clock()
        listed = self.listed
        if listed is None or listed[0] != self.listing_version or time.monotonic() >= listed[1] + LIST_SECONDS:
            version = self.listing_version
            listed = (version, time.monotonic(), await self._off(self._read_listing, at))
            self.listed = listed
        rows, counts, names = listed[2]
        joined = await self._off(self.store.joined, [row.id for row in rows], viewer)
        return ArenaList(
            arenas=[self._summary(row, at, counts.get(row.id, 0), row.id in joined, names) for row in rows]
        )

    def _read_listing(self, at: float) -> tuple[Any, dict[str, int], dict[str, str]]:
        rows = self.store.listed(at, at - 3600)
        counts = self.store.counts([row.id for row in rows])
        creators = self.duels.people.many([row.creator for row in rows if row.creator is not None])
        return rows, counts, {player: duelist.name for player, duelist in creators.items()}

    def shortfall(self, player: str, at: float, *, opening: bool = False) -> tuple[str, dict[str, Any]] | None:
        """Why the player is not in good standing (``results.standing``), as remembered for ``STANDING_SECONDS``;
        None when they are. ``opening`` an arena, a remembered refusal holds only for a guest who still has no
        account (a cheap check: the throwaway cookies' case); an account that may have just played its tenth game is
        asked again."""
        now = time.monotonic()
        known = self.standing_of.get(player)
        if known is not None and now < known[0] + STANDING_SECONDS and known[1] is not _UNRANKED:
            why = known[1]
            if not opening or why is None or (why[0] == GUEST and not self.store.has_account(player)):
                return why
        why = self.store.shortfall(player, at)
        self._remember({player: why}, now)
        return why

    def ranked(self, players: list[str], at: float) -> set[str]:
        """Those of these players in good standing, as remembered for ``STANDING_SECONDS``: only the others are
        asked, in one query."""
        now = time.monotonic()
        fresh = {}
        for player in players:
            known = self.standing_of.get(player)
            if known is not None and now < known[0] + STANDING_SECONDS:
                fresh[player] = known[1]
        asked = [player for player in players if player not in fresh]
        if asked:
            ranked = self.store.ranked(asked, at)
            found = {player: (None if player in ranked else _UNRANKED) for player in asked}
            self._remember(found, now)
            fresh.update(found)
        return {player for player, why in fresh.items() if why is None}

    def _remember(self, found: dict[str, tuple[str, dict[str, Any]] | None], now: float) -> None:
        if len(self.standing_of) + len(found) > REMEMBERED:
            self.standing_of = {}
        for player, why in found.items():
            self.standing_of[player] = (now, why)

    async def standings(self, arena_id: str) -> list[Standing]:
        """The arena's standings (``build_standings``), as this process last built them if nothing changed in the
        arena since and they are younger than ``BOARD_SECONDS``; else built again, off the event loop, once for all
        the requests that ask meanwhile."""
        version = self.versions.get(arena_id, 0)
        board = self.boards.get(arena_id)
        if board is not None and board.version == version and time.monotonic() < board.built + BOARD_SECONDS:
            return board.standings
        building = self.building.get(arena_id)
        if building is None or building[0] != version:
            task = asyncio.ensure_future(self._build(arena_id, version))
            task.add_done_callback(lambda done: done.cancelled() or done.exception())  # read, if nobody waited
            building = self.building[arena_id] = (version, task)
        # a request that goes away leaves the build to the others waiting for it
        return await asyncio.shield(building[1])

    async def _build(self, arena_id: str, version: int) -> list[Standing]:
        try:
            standings = await self._off(self.build_standings, arena_id)
        finally:
            if self.building.get(arena_id, (None,))[0] == version:
                del self.building[arena_id]
        if len(self.boards) >= BOARDS:
            self.boards = {}  # the arenas over long ago go; those followed are built again at their next request
        self.boards[arena_id] = _Board(version, time.monotonic(), standings)
        return standings

    def build_standings(self, arena_id: str) -> list[Standing]:
        """The arena's players, best first: those in good standing, by points, then wins, then who joined first;
        then those playing unranked."""
        rows = self.store.players(arena_id)
        people = self.duels.people.many([row.player for row in rows])
        ranked = self.ranked([row.player for row in rows], self.clock())
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
        """The arena as ``viewer`` sees it: its standings as built for everyone (``standings``), and the viewer's
        own place, duel and standing read for them; no database work on the event loop."""
        at = self.clock()
        row, mine, names, you, why = await self._off(self._viewer, arena_id, viewer, at)
        standings = await self.standings(arena_id)
        summary = self._summary(row, at, len(standings), mine is not None and mine.active, names)
        state = summary["state"]
        remaining = row.starts_at - at if state == "upcoming" else (0.0 if state == "over" else row.ends_at - at)
        return ArenaState(
            arena=summary,
            remaining_ms=max(0, int(remaining * 1000)),
            standings=standings,
            podium=podium(standings) if state == "over" else None,
            you=you,
            ranked=why is None,
            unranked=None if why is None else message(why[0], **why[1]),
        )

    def _viewer(
        self, arena_id: str, viewer: str, at: float
    ) -> tuple[Any, Any, dict[str, str], ArenaYou | None, tuple[str, dict[str, Any]] | None]:
        """The arena's row, the viewer's row in it, its creator's name, the viewer as the answer tells them, and
        why the viewer plays unranked (None: they do not)."""
        row = self._row(arena_id)
        mine = self.store.player(arena_id, viewer)
        names = {}
        if row.creator is not None:
            creator = self.duels.people.many([row.creator]).get(row.creator)
            names = {row.creator: "" if creator is None else creator.name}
        you = None
        if mine is not None:
            berserk, may = self._berserk_state(mine.duel, viewer)
            you = ArenaYou(
                active=mine.active, stalled=bool(mine.stalled) and not mine.active, points=mine.points,
                duel=mine.duel, berserk=berserk, may_berserk=may,
            )
        return row, mine, names, you, self.shortfall(viewer, at)

    def _berserk_state(self, duel_id: str | None, player: str) -> tuple[bool, bool]:
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

    async def open(self, player: str, body: NewArena, admit: Callable[[], None] = lambda: None) -> str:
        """A player's own arena: only for accounts in good standing (403, saying why and how to be one), at most
        ``per_player`` of theirs not over (409), ``site`` of everyone's (429, with the wait until the soonest
        ends); ``admit`` counts it against the routes' own limits (a day's arenas per address) once all these
        have let it through."""
        arena_id = await self._off(self._open, player, body, admit)
        self.touch(arena_id)
        await self.stir(arena_id)  # every process learns of its start
        return arena_id

    def _open(self, player: str, body: NewArena, admit: Callable[[], None]) -> str:
        at = self.clock()
        self.duels.people.get(player, at)
        why = self.shortfall(player, at, opening=True)
        if why is not None:
            kind, fields = why
            raise Forbidden("arena.guest_opens_none" if kind == GUEST else "arena.young_opens_none", **fields)
        if self.per_player and self.store.opened_by(player) >= self.per_player:
            raise Conflict("arena.too_many", n=self.per_player)
        if self.site:
            count, soonest = self.store.opened_now()
            if count >= self.site:
                raise TooMany("arena.site_full", retry_after=max(1.0, (soonest or at) - at), n=self.site)
        admit()
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
        """The player is in the arena: paired at once when another is free."""
        await self._off(self._join, player, arena_id, ADDRESS.get())
        self._changed(arena_id)
        await self.stir(arena_id)

    def _join(self, player: str, arena_id: str, address: str) -> None:
        at = self.clock()
        row = self._row(arena_id)
        if row.over or at >= row.ends_at:
            raise Conflict("arena.over")
        if self.duels.people.get(player, at).bot:
            raise Forbidden("arena.people_only")
        self.duels.people.addresses.seen(player, address, at)
        self.store.join(arena_id, player, at)

    def _changed(self, arena_id: str) -> None:
        """The arena's standings changed here: built again at the next request, published at the next round."""
        self.changed.add(arena_id)
        self.touch(arena_id)

    async def leave(self, player: str, arena_id: str) -> None:
        """Withdraws the player: no more pairings (the duel they play goes on, and counts)."""
        if await self._off(self._withdraw, player, arena_id):
            self._changed(arena_id)
            await self.stir(arena_id)

    def _withdraw(self, player: str, arena_id: str) -> bool:
        self._row(arena_id)
        return self.store.withdraw(arena_id, player)

    async def berserk(self, player: str, arena_id: str) -> None:
        """Halves the player's clock in their arena duel now, for a point more on a win: only before
        their first move."""
        mine = await self._off(self._mine, player, arena_id)
        if mine is None or mine.duel is None:
            raise Conflict("arena.no_duel")
        notes: Notes = []
        duel = self.duels.load(mine.duel, notes)
        await self.duels.outbox.send(notes)
        seat = duel.seat_of(player)
        assert seat is not None  # seated in it by the arena
        seats = await self._off(self.store.berserk, duel.id)
        if seat.seat in seats:
            raise Conflict("arena.berserk_already")
        if not await self._off(
            lambda: self._may_berserk(duel, seat) and self.store.go_berserk(duel.id, seats, seat.seat)
        ):
            raise Conflict("arena.berserk_too_late")
        self._changed(arena_id)
        await self.stir(arena_id)  # the berserk player's time is up sooner: a moment of the arena's

    def _mine(self, player: str, arena_id: str) -> Any:
        self._row(arena_id)
        return self.store.player(arena_id, player)

    def seat_deadline(self, duel: Duel, seat: Seat) -> float | None:
        """A berserk player's time is up halfway through the duel's."""
        if duel.arena is None or duel.deadline is None or seat.seat not in self.store.berserk(duel.id):
            return None
        return duel.deadline - duel.minutes * 30.0

    async def publish(self, arena_id: str) -> None:
        row = await self._off(self.store.read, arena_id)
        if row is None:
            return
        standings = await self.standings(arena_id)
        state = self._state(row, self.clock())
        note = messages.standings(arena_id, state, list(standings), list(podium(standings)) if row.over else None)
        await self.duels.outbox.send([note])

    # Events and looks.

    def _stir(self, arena_id: str) -> Note:
        """Something happened in the arena: it is looked at at once here; the note tells the other processes."""
        at = self.clock()
        self.agenda.event(arena_id, at)
        self.touch(arena_id)
        return PAIRING, {"type": "stir", "arena": arena_id, "at": at, "from": self.owner}

    async def stir(self, arena_id: str) -> None:
        """Something happened in the arena (a join, a leave): every process looks at it at once, and the one
        holding its lease pairs it."""
        await self.duels.outbox.send([self._stir(arena_id)])

    def duel_over(self, duel: Duel, notes: Notes) -> None:
        """A duel ended (``Duels.on_over``): if it is an arena's, the arena is looked at at once, to count it
        and pair its players again."""
        if duel.arena is not None:
            notes.append(self._stir(duel.arena))

    def heard(self, message: Message) -> None:
        """Another process's word on an arena (``PAIRING``): something happened in it, or its next moment."""
        arena_id, at = message.get("arena"), message.get("at")
        if message.get("from") == self.owner or not isinstance(arena_id, str) or not token_shaped(arena_id):
            return
        self.touch(arena_id)  # its standings may have changed there
        if message.get("type") == "stir" and isinstance(at, int | float):
            self.agenda.event(arena_id, float(at), when=self.clock())
        elif message.get("type") == "next" and at is None:
            self.agenda.forget(arena_id)
        elif message.get("type") == "next" and isinstance(at, int | float):
            self.agenda.moment(arena_id, float(at), after=GRACE)

    async def _next(self, arena_id: str, at: float | None) -> None:
        """The arena's next moment (None: it is over), here and for the other processes."""
        if at is None:
            self.agenda.forget(arena_id)
        else:
            self.agenda.moment(arena_id, at)
        await self.duels.outbox.send([(PAIRING, {"type": "next", "arena": arena_id, "at": at, "from": self.owner})])

    async def look(self, arena_id: str, since: float) -> None:
        """Looks at the arena for what happened at ``since``: pairs, counts and closes it when this process holds
        (or takes) its lease. Else the process holding it does, unless it has not looked since (it may have
        died): then this one looks again once that lease has lapsed."""
        at = self.clock()
        arena = await self._off(self.store.read, arena_id)
        if arena is None or arena.over:
            self.agenda.forget(arena_id)
            return
        if at < arena.starts_at:
            await self._next(arena_id, arena.starts_at)
            return
        if not await self._off(self.store.claim, arena_id, self.owner, at, LEASE):
            until = await self._off(self.store.lease_until, arena_id)
            if until is not None and until < since + LEASE:  # its holder has not looked since
                self.agenda.event(arena_id, since, when=until + 0.01)
            return
        self.agenda.looked[arena_id] = at
        soonest, paired = await self._run(arena, at)
        # held LEASE past the look's end: what the others heard meanwhile, this process has heard too
        await self._off(self.store.claim, arena_id, self.owner, self.clock(), LEASE)
        await self._next(arena_id, soonest)
        if paired:  # who plays whom, at once: the players' pages step aside for the duel as it starts
            self.changed.discard(arena_id)
            await self.publish(arena_id)

    async def tick(self) -> None:
        """Schedules the hourly arenas and looks at every arena not over (as the server starts; tests call it
        after moving their clock)."""
        async with self.lock:
            at = self.clock()
            self.schedule(at)
            for arena_id in await self._off(self.store.not_over):
                await self.look(arena_id, at)
                await asyncio.sleep(0)  # a thousand arenas looked at as the server starts hold up no request
            await self._publish_changed(force=True)

    async def run_due(self) -> None:
        """Looks at the arenas whose moment has come, or in which something happened; publishes the standings
        changed."""
        async with self.lock:
            at = self.clock()
            if at >= self.next_schedule:
                self.schedule(at)
            for arena_id, since in self.agenda.due(at):
                try:
                    await self.look(arena_id, since)
                except Exception:  # a database hiccup: looked at again a little later
                    log.exception("arena %s: a look", arena_id)
                    self.agenda.event(arena_id, since, when=at + RETRY)
                await asyncio.sleep(0)  # between two arenas, the requests and sockets waiting have their turn
            await self._publish_changed()

    async def _publish_changed(self, *, force: bool = False) -> None:
        if not self.changed or (not force and time.monotonic() < self.published_at + PUBLISH_EVERY):
            return
        self.published_at = time.monotonic()
        changed, self.changed = self.changed, set()
        for arena_id in changed:
            await self.publish(arena_id)

    def sleep(self) -> float:
        """Seconds until the arenas' task has something to do, unless an event comes first."""
        at = self.clock()
        wakes = [self.next_schedule, at + LONGEST_SLEEP]
        due = self.agenda.next_at()
        if due is not None:
            wakes.append(due)
        if self.changed:
            wakes.append(at + max(0.0, self.published_at + PUBLISH_EVERY - time.monotonic()))
        return max(0.0, min(wakes) - at)

    async def keep(self) -> None:
        """Looks at every arena once, then at each as something happens in it or its moment comes, for as
        long as the server runs; hears the other processes through the broker."""
        listening = asyncio.create_task(self._listen())
        try:
            try:
                await self.tick()
            except Exception:  # the database away as the server starts: each arena is looked at on its next event
                log.exception("the arenas' first look")
            while True:
                self.agenda.stirred.clear()
                try:
                    await self.run_due()
                except Exception:
                    log.exception("the arenas' looks")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.agenda.stirred.wait(), self.sleep())
        finally:
            listening.cancel()

    async def _listen(self) -> None:
        """The other processes' words on arenas, for as long as the server runs; when the broker was away, every
        arena known is looked at again (what happened meanwhile was not heard)."""
        while True:
            try:
                async with self.duels.broker.subscription() as subscription:
                    await subscription.add(PAIRING)
                    while True:
                        self.heard(await subscription.receive())
            except Exception as error:  # the broker away, or this process behind: heard again in a moment
                log.warning("the arenas' events from other processes: %s", error)
                await asyncio.sleep(RETRY)
                at = self.clock()
                for arena_id in self.agenda.known():
                    self.agenda.event(arena_id, at)

    def schedule(self, at: float) -> None:
        """The server's arenas of this hour and the next, per suit count, if not there yet; each is looked at
        as it starts."""
        hour = int(at // 3600)
        self.next_schedule = (hour + 1) * 3600.0
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
                if start * 3600.0 > at:
                    self.agenda.moment(arena_id, start * 3600.0)

    def stop(self) -> None:
        """The server stops: its leases go, so that another process pairs its arenas at once."""
        self.store.release(self.owner)

    async def _run(self, arena: Any, at: float) -> tuple[float | None, bool]:
        """Counts the arena's ended duels, and pairs its free players or closes it; its next moment (None: it
        is over), and whether it paired anyone."""
        arena_id = arena.id
        changed = False
        open_duels = 0
        moments: list[float] = []
        for pairing in await self._off(self.store.uncounted, arena_id):
            if pairing.state is None:  # seated, and the duel never began
                first_seen = self.missing.setdefault(pairing.duel, at)
                if at - first_seen >= MISSING_SECONDS:
                    await self._off(self.store.unseat, arena_id, pairing.duel, at)
                    self.missing.pop(pairing.duel, None)
                    changed = True
                else:
                    open_duels += 1
                    moments.append(first_seen + MISSING_SECONDS)
                continue
            if pairing.state == PLAYING:
                looked = await self._look_at(arena_id, pairing, at)
                if looked is None or looked.state != OVER:
                    open_duels += 1
                    moments.extend(self._duel_moments(pairing))
                    continue
            changed |= await self._off(self._count, arena_id, pairing.duel, list(pairing.berserk or []), at)
            await asyncio.sleep(0)  # a hundred duels ending at once hold up no request or socket meanwhile
        closed = paired = False
        if at < arena.ends_at:
            paired, waits = await self._pair(arena, at)
            changed |= paired
            moments.extend([*waits, arena.ends_at])
            if paired:  # the duels begun now: whoever makes no move in them is withdrawn then (``_duel_moments``)
                moments.append(at + STALL_SECONDS)
        elif open_duels == 0:
            closed = await self._off(self.store.close, arena_id)
            changed |= closed
        if changed:
            self._changed(arena_id)
        if closed:
            return None, paired
        later = [moment for moment in moments if moment > at]
        # a duel not over whose clock has run out (it ends as it is read): looked at again in a moment
        return (min(later) if later else at + RETRY), paired

    def _duel_moments(self, pairing: Any) -> list[float]:
        """When an arena duel in play is to be looked at: its clock's end, a berserk player's, and the time a
        player who never moved is withdrawn."""
        if pairing.deadline is None or pairing.minutes is None:
            return []
        moments = [pairing.deadline]
        if pairing.berserk:
            moments.append(pairing.deadline - pairing.minutes * 30.0)
        if pairing.duel not in self.stall_checked:
            moments.append(pairing.deadline - pairing.minutes * 60.0 + STALL_SECONDS)
        return moments

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
        moved = await self._off(self.store.moved, games)
        for seat in duel.seats:
            if seat.ended is None and computer_strength(seat.player) is None and seat.game not in moved:
                log.info("arena %s: a player who never moved in duel %s is withdrawn", arena_id, duel.id)
                await self._off(partial(self.store.withdraw, stalled=True), arena_id, seat.player)
                self._changed(arena_id)
                with contextlib.suppress(Refusal):  # their game ended meanwhile
                    await self.duels.finish(seat.player, duel.id)
        return self.duels.read(duel.id)

    def _count(self, arena_id: str, duel_id: str, berserk: list[int], at: float) -> bool:
        """Gives an ended duel's points to its players, once."""
        duel = self.duels.read(duel_id)
        if duel is None:
            return False
        self.stall_checked.discard(duel_id)
        people = [seat.player for seat in duel.seats if computer_strength(seat.player) is None]
        # points only between accounts in good standing, of different addresses, who both made a real attempt
        counted = set(people) <= self.store.ranked(people, at) and duel.unrated not in rated.NO_POINTS
        # who finished without a move is withdrawn, as a player the clock found idle is (``_look_at``)
        moved = self.store.moved([seat.game for seat in duel.seats if seat.game is not None])
        ends = []
        for seat in duel.seats:
            if computer_strength(seat.player) is not None:
                continue
            mine = self.store.player(arena_id, seat.player)
            streak = 0 if mine is None else mine.streak
            other = duel.other(seat)
            outcome = seat.outcome or "loss"
            gained, run = points(outcome, streak, seat.seat in berserk) if counted else (0, streak)
            won = counted and outcome == "win"
            opponent = None if other is None else other.player
            ends.append(End(seat.player, gained, run, won, opponent, stalled=seat.game not in moved))
        return self.store.count(arena_id, duel_id, ends, at)

    async def _pair(self, arena: Any, at: float) -> tuple[bool, list[float]]:
        """Pairs the arena's free players; computer players for those left waiting, where allowed. Whether it
        paired anyone, and when those left will have waited long enough for a computer player."""
        free, people = await self._off(self._free, arena.id)
        if not free:
            return False, []
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
        waits = []
        for first, second in paired:
            changed |= await self._start(arena, [first.player, second.player], second.player, PERSON, at)
            await asyncio.sleep(0)  # between two pairings, the requests and sockets waiting have their turn
        if arena.computers:
            for alone in left:
                if at - alone.since >= COMPUTER_WAIT:
                    strength = await self._off(self._computer_for, alone.rating)
                    changed |= await self._start(arena, [alone.player], computer_id(strength), strength, at)
                else:
                    waits.append(alone.since + COMPUTER_WAIT)
        return changed, waits

    def _free(self, arena_id: str) -> tuple[list[Any], dict[str, Any]]:
        """The arena's players free to be paired, and each one's ratings."""
        free = [row for row in self.store.players(arena_id) if row.active and row.duel is None]
        return free, self.duels.people.many([row.player for row in free]) if free else {}

    def _computer_for(self, rating: float) -> Any:
        """The computer player whose rating is nearest."""
        computers = self.duels.people.many([computer_id(strength) for strength in STRENGTHS])
        ratings = {s: computers[computer_id(s)].rating.rating for s in STRENGTHS if computer_id(s) in computers}
        return min(STRENGTHS, key=lambda strength: abs(ratings.get(strength, 1500.0) - rating))

    async def _start(self, arena: Any, seated: list[str], second: str, opponent: str, at: float) -> bool:
        duel_id = new_token()
        if not await self._off(self.store.seat, arena.id, seated, duel_id):
            return False
        try:
            await self.duels.pair(duel_id, seated[0], second, arena.suits, arena.minutes, arena.id, opponent)
        except Exception:
            log.exception("arena %s: a pairing did not start", arena.id)
            await self._off(self.store.unseat, arena.id, duel_id, at)
        return True


async def keep_arenas(arenas: Arenas) -> None:
    """The arenas' looks, for as long as the server runs (``Arenas.keep``)."""
    await arenas.keep()
