"""Duels in play (SPEC 4): the changes, from an open table to a duel over, each stored before the
messages that tell of it are published; the routes' and sockets' one door to duels.

A table is created open (or, against a computer player, starts at once); a second player joins, by
the lobby or an invitation, and the duel starts: both players get the same fresh deal under the same
table rules, each as an ordinary stored game (``Games``) of their own, so each action is stored before
it is answered and a restarted server rebuilds both. The deal's code stays on the server until both
games have ended.

The server's clock is one deadline per duel, stored with it: it keeps running while nobody looks, and a
restart changes nothing. It is checked on every read of a duel and by a periodic task
(``expire_due``): when it has passed, every game still going ends on time. A game also ends when it is
won or its player finishes; the duel is over when both have ended, the higher duel score wins, equal
scores draw, and both ratings change (``ratings``).

Each change collects the messages it has to say (``messages``) and sends them through the outbox once
it is stored; nothing here assumes that the sockets of a duel's players are in this process. What the
players are shown is ``state``'s; every query is the store's (``store``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from spider import Game, TableRules
from spider.game import Event
from spider.players import STRENGTHS, Strength
from spider.server.duels import attempt, lobby, messages, rated
from spider.server.duels.answers import DuelState, Friends, Invitation, OpenTable, PlayerInfo
from spider.server.duels.asks import NewTable
from spider.server.duels.messages import Notes, Outbox
from spider.server.duels.model import OPEN, OVER, PERSON, PLAYING, Duel, Seat, outcomes
from spider.server.duels.rated import share
from spider.server.duels.state import DuelStates
from spider.server.duels.store import DuelStore
from spider.server.games.answers import View
from spider.server.games.kinds import Kind
from spider.server.games.service import Games, LiveGame, rules_for
from spider.server.games.store import now
from spider.server.http.ids import token_shaped
from spider.server.people.ratings import rate
from spider.server.people.service import Duelist, People, computer_id, computer_strength, shown_name
from spider.server.realtime.broker import Broker
from spider.server.refusals import Conflict, Forbidden, NotFound, Refusal
from spider.server.work.jobs import ADDRESS, Call, Client, Refused

OPEN_SECONDS = 3600.0
"""A table nobody joined within the hour is taken away (its creator has most likely left)."""
GONE_SECONDS = 600.0
"""A table whose creator has had no page open for ten minutes is taken away: whoever joined it would
play against nobody. A reload or a short drop keeps it (the page comes back within seconds)."""
OUTCOME_POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
WEAKEST_TRIES = 30
"""Times the weakest computer player's score on a duel's deal is asked of a full work queue before it is given up
(the duel then rates nobody: ``rated.UNCHECKED``)."""

log = logging.getLogger("spider.server")


class Duels:
    """Every duel, in ``store``; ``clock`` is the server's time in seconds (tests give one they move)."""

    def __init__(
        self, store: DuelStore, games: Games, people: People, broker: Broker, clock: Callable[[], float] = now, *,
        min_moves: int = attempt.MIN_MOVES,
    ) -> None:
        self.store = store
        self.min_moves = min_moves
        """Moves a person's game needs to be a real attempt (``attempt``; 0: every game is one)."""
        self.games = games
        self.people = people
        self.broker = broker
        self.clock = clock
        self.states = DuelStates(games, people, store, min_moves)
        self.outbox = Outbox(broker)
        self.on_computer_duel: Callable[[str], None] = lambda duel_id: None
        """Called when a duel with a computer player starts (the computer opponents start playing it)."""
        self.seat_deadline: Callable[[Duel, Seat], float | None] = lambda duel, seat: None
        """When a seat's own time is up, if sooner than the duel's (an arena's berserk player: ``arenas``)."""
        self.on_over: Callable[[Duel, Notes], None] = lambda duel, notes: None
        """Called once when a duel is over, with the notes its change sends (an arena's duel: the arena pairs its
        players again, ``arenas``)."""
        self._weighing: set[asyncio.Task[None]] = set()
        """The weakest computer player's scores being worked out for duels begun here (``attempt``)."""

    def seen(self, player: str) -> None:
        """The player is at the address of the request being answered (``people.addresses``)."""
        self.people.addresses.seen(player, ADDRESS.get(), self.clock())

    async def catch_up(self) -> int:
        """Sends the messages that waited for the broker (the clock's tick); how many."""
        return await self.outbox.catch_up()

    # Reading.

    def load(self, duel_id: str, notes: Notes) -> Duel:
        """The duel, its clock checked first (a game whose time is up ends); 404 when there is none."""
        duel = self.read(duel_id)
        if duel is None:
            raise NotFound("duel.no_such_duel")
        if duel.state == PLAYING:
            self._start_games(duel)
            if self.clock() >= (duel.deadline or 0.0):
                self._time_up(duel, notes)
            elif duel.arena is not None:
                self._seats_time_up(duel, notes)
        return duel

    def read(self, duel_id: str) -> Duel | None:
        """The duel as stored (its clock not checked), or None."""
        return self.store.read(duel_id) if token_shaped(duel_id) else None

    def live(self, seat: Seat) -> LiveGame | None:
        """The seat's game, or None before it is dealt or once it was pruned."""
        return self.states.live(seat)

    async def state(self, duel: Duel, viewer: str | None) -> DuelState:
        """The duel as ``viewer`` may see it now (``state``)."""
        return await self.states.state(duel, viewer, self.clock())

    async def get(self, duel_id: str, viewer: str) -> DuelState:
        notes: Notes = []
        duel = self.load(duel_id, notes)
        await self.outbox.send(notes)
        return await self.state(duel, viewer)

    async def watch(self, duel_id: str, viewer: str, seat: int) -> View | None:
        """The view of the player at ``seat`` as ``viewer`` watches it (their own game has ended), or None
        when ``viewer`` does not watch that seat: what a watcher is sent on each move of the opponent's,
        without building the whole duel's state."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        await self.outbox.send(notes)
        return await self.states.watch(duel, viewer, seat)

    def open_tables(self, viewer: str | None) -> list[OpenTable]:
        """The open tables, newest first, without those of players kept apart from ``viewer`` by ignore."""
        return lobby.open_tables(self.store, self.people, viewer)

    def _lobby_changed(self, notes: Notes) -> None:
        notes.append(messages.lobby(lobby.created_tables(self.store, self.people)))

    # Tables.

    async def create(self, player: str, asked: NewTable) -> Duel:
        """A new table: open for a person, or a duel begun at once against a computer player."""
        # a preset's own scoring gives way: a duel is won on duel points (under standard scoring, which
        # starts at 500 and takes a point a move, the player who never moves would win)
        rules = dataclasses.replace(rules_for(asked, TableRules.preset("duel")), scoring="duel")
        at = self.clock()
        self.people.get(player, at)
        self.seen(player)
        duel = Duel.table(
            player,
            asked.suits,
            asked.minutes,
            rules.to_json(),
            asked.opponent,
            at,
            min_rating=asked.min_rating,
            max_rating=asked.max_rating,
        )
        return await self._open(duel)

    async def _open(self, duel: Duel) -> Duel:
        notes: Notes = []
        self.store.add(duel)
        if duel.opponent != PERSON:
            strength: Strength = next(s for s in STRENGTHS if s == duel.opponent)
            self._begin(duel, computer_id(strength), notes)
            self.on_computer_duel(duel.id)
        else:
            self._lobby_changed(notes)
        await self.outbox.send(notes)
        return duel

    async def pair(
        self, duel_id: str, first: str, second: str, suits: int, minutes: int, arena: str, opponent: str = PERSON
    ) -> Duel:
        """A duel ``duel_id`` begun at once between two players an arena paired (``second`` is a computer
        player's id when ``opponent`` is its strength), on a fresh deal under the duel preset's rules."""
        rules = dataclasses.replace(TableRules.preset("duel"), scoring="duel")
        duel = Duel.table(first, suits, minutes, rules.to_json(), opponent, self.clock(), arena=arena)
        duel.id = duel_id
        if opponent != PERSON:
            return await self._open(duel)
        notes: Notes = []
        self.store.add(duel)
        self._begin(duel, second, notes)
        await self.outbox.send(notes)
        return duel

    async def join(self, player: str, duel_id: str, *, invited: bool = False) -> Duel:
        """Takes the open table's second seat, and the duel starts."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if duel.state != OPEN:
            raise Conflict("duel.full" if duel.state == PLAYING else "duel.ended")
        if duel.creator == player:
            raise Conflict("duel.own_table")
        if player in self.people.apart(duel.creator):
            raise Forbidden("duel.ignored")
        joining = self.people.get(player, self.clock())
        self.seen(player)
        if not invited and self.store.invitation(duel.id, player) not in ("pending", "accepted"):
            rating = joining.rating.rating
            if (duel.min_rating is not None and rating < duel.min_rating) or (
                duel.max_rating is not None and rating > duel.max_rating
            ):
                raise Forbidden(
                    "duel.out_of_range",
                    rating=round(rating),
                    low=_bound(duel.min_rating),
                    high=_bound(duel.max_rating),
                )
        self._begin(duel, player, notes)
        self._lobby_changed(notes)
        await self.outbox.send(notes)
        return duel

    def _begin(self, duel: Duel, opponent: str, notes: Notes) -> None:
        """Seats the opponent and starts the duel: a fresh deal, the clock running from now."""
        code = Game.new(duel.suits, TableRules.from_json(duel.rules)).code
        assert code is not None  # a new deal always has its code
        deadline = self.clock() + duel.minutes * 60
        if not self.store.seat_opponent(duel.id, opponent, code, deadline):
            raise Conflict("duel.full")
        duel.state, duel.code, duel.deadline = PLAYING, code, deadline
        duel.seats.append(Seat(1, opponent))
        self._start_games(duel)
        if self.min_moves:
            self._weigh(duel.id, code, duel.rules, duel.minutes)
        notes.append(messages.duel_changed(duel.id))
        notes.extend(messages.duel_started(duel.id, seat.player) for seat in duel.seats)

    def _weigh(self, duel_id: str, code: str, rules: dict[str, Any], minutes: int) -> None:
        """Works out, in the work queue, what the weakest computer player scores on the duel's deal, and keeps it
        with the duel: the bar of a real attempt (``attempt``)."""
        task = asyncio.get_running_loop().create_task(self._weakest(duel_id, code, rules, minutes))
        self._weighing.add(task)
        task.add_done_callback(self._weighing.discard)

    async def _weakest(self, duel_id: str, code: str, rules: dict[str, Any], minutes: int) -> None:
        call = Call(attempt.weakest_score, (code, rules, minutes))
        # its own player, so that one duel's bar never waits for another's, at the address whose request began the
        # duel (an arena's pairing: the arenas'), so that duels begun from one address share that address's turn
        client = Client(f"duel:{duel_id}", ADDRESS.get() or "duels")
        for _ in range(WEAKEST_TRIES):
            try:
                score = await self.games.searches.work.run(call, kind="weakest", client=client)
            except Refused as refused:
                await asyncio.sleep(refused.retry_after)
                continue
            except Exception:
                log.exception("duel %s: the weakest computer player's score was not worked out", duel_id)
                return
            await asyncio.to_thread(self.store.set_weakest, duel_id, score)
            return

    def _start_games(self, duel: Duel) -> None:
        """Deals each seated player's game, if not yet dealt (a server stopped midway deals it now)."""
        for seat in duel.seats:
            if seat.game is not None:
                continue
            assert duel.code is not None
            game = Game.from_code(duel.code, TableRules.from_json(duel.rules))
            live = self.games.start(seat.player, game, False, None, kind=Kind.DUEL, duel=duel.id)
            if self.store.deal(duel.id, seat.seat, live.record.id):
                seat.game = live.record.id
            else:  # another request dealt it first
                again = self.store.read(duel.id)
                assert again is not None
                seat.game = again.seats[seat.seat].game

    async def leave(self, player: str, duel_id: str) -> Duel:
        """The creator takes an open table away (it ends with no result); a seated player's game is
        not touched (finish ends it). Anyone else is refused: a table is its creator's alone."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if duel.seat_of(player) is None:
            await self.outbox.send(notes)
            raise Forbidden("duel.not_your_table")
        if duel.state == OPEN and duel.creator == player and self.store.take_away(duel.id, self.clock()):
            duel.state = OVER
            self._lobby_changed(notes)
            notes.append(messages.duel_changed(duel.id))
        await self.outbox.send(notes)
        return duel

    # Invitations.

    async def invite(self, player: str, duel_id: str, name: str) -> Duel:
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if duel.creator != player:
            raise Forbidden("duel.not_creator")
        if duel.state != OPEN:
            raise Conflict("duel.full" if duel.state == PLAYING else "duel.ended")
        other = self.people.named(name)
        if other.player == player:
            raise Conflict("duel.own_table")
        if other.computer is not None:
            raise Conflict("duel.invite_computer", name=other.name)
        if self.people.ignores(other.player, player):
            raise Forbidden("duel.invite_ignored", name=shown_name(other.name))
        self._invite(duel, player, other.player, notes)
        notes.append(messages.duel_changed(duel.id))
        await self.outbox.send(notes)
        return duel

    def _invite(self, duel: Duel, player: str, invited: str, notes: Notes) -> None:
        """A pending invitation to the duel's table, and the note that brings it to the invited player."""
        self.store.set_invitation(duel.id, invited, "pending", self.clock())
        inviter = self.people.get(player, self.clock())
        invitation = Invitation(
            duel=duel.id,
            by=inviter.name,
            bot=inviter.bot,
            rating=inviter.rating.rating,
            provisional=inviter.rating.provisional,
            suits=duel.suits,
            minutes=duel.minutes,
        )
        notes.append(messages.invitation(invited, invitation))

    def invitations(self, player: str) -> list[Invitation]:
        """The player's pending invitations to tables still open."""
        return lobby.pending_invitations(self.store, self.people, player)

    async def answer(self, player: str, duel_id: str, *, accept: bool) -> Duel:
        """Accepts (joins the table, whatever its rating range) or declines an invitation."""
        if not token_shaped(duel_id) or self.store.invitation(duel_id, player) != "pending":
            raise NotFound("duel.no_invitation")
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if accept:
            duel = await self.join(player, duel_id, invited=True)
        self.store.set_invitation(duel_id, player, "accepted" if accept else "declined", self.clock())
        name = self.people.get(player, self.clock()).name
        notes.append(messages.invitation_answered(duel.creator, duel_id, name, accept))
        notes.append(messages.duel_changed(duel_id))
        await self.outbox.send(notes)
        return duel

    async def rematch(self, player: str, duel_id: str) -> Duel:
        """After a duel: a new table of the same kind with the opponent invited (a computer player starts
        at once). When the opponent offered one already, this takes it."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        mine = duel.seat_of(player)
        if mine is None:
            raise Forbidden("duel.not_yours")
        if duel.state != OVER:
            raise Conflict("duel.rematch_not_over")
        if duel.arena is not None:  # the arena pairs its players again, with whoever is free
            raise Conflict("duel.rematch_arena")
        if duel.rematch is not None:
            offered = self.load(duel.rematch, notes)
            if offered.creator != player and offered.state == OPEN:
                return await self.join(player, offered.id, invited=True)
            if offered.state != OVER or len(offered.seats) == 2:  # a table withdrawn unplayed: offer anew
                await self.outbox.send(notes)
                return offered
        other = duel.other(mine)
        assert other is not None
        if duel.opponent == PERSON and player in self.people.apart(other.player):
            raise Forbidden("duel.invite_ignored", name=shown_name(self.people.get(other.player, 0.0).name))
        new = Duel.table(player, duel.suits, duel.minutes, duel.rules, duel.opponent, self.clock())
        if not self.store.offer_rematch(duel.id, new.id, duel.rematch):  # the opponent offered it at the same moment
            return await self.rematch(player, duel_id)
        new = await self._open(new)
        if duel.opponent == PERSON:
            self._invite(new, player, other.player, notes)
        notes.append(messages.duel_changed(duel.id))
        await self.outbox.send(notes)
        return new

    # Playing.

    @staticmethod
    def _playing_seat(duel: Duel, player: str) -> Seat:
        seat = duel.seat_of(player)
        if seat is None:
            raise Forbidden("duel.not_yours")
        if duel.state == OPEN:
            raise Conflict("duel.not_started")
        if seat.ended == "time":
            raise Conflict("duel.time_up")
        if seat.ended is not None:
            raise Conflict("duel.game_ended")
        return seat

    async def play(
        self, player: str, duel_id: str, text: str, version: int | None = None
    ) -> tuple[LiveGame, Duel, list[Event]]:
        """One action in the player's game, stored before the answer; refused once their game has ended,
        and when ``version`` (the view's version the player acted on) is no longer the game's, so that
        a retried request never plays an action twice."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        try:
            seat = self._playing_seat(duel, player)
        except Refusal:
            await self.outbox.send(notes)
            raise
        assert seat.game is not None
        await self.games.load(seat.game, player, duel=True)  # a game out of memory is rebuilt off the event loop
        live, events = self.games.play(player, seat.game, text, version, duel=True)
        if live.over:  # won
            self._end_seat(duel, seat, "won", live, notes)
        else:
            notes.insert(0, self._progress(duel, seat, live))
        await self.outbox.send(notes)
        return live, duel, events

    def _progress(self, duel: Duel, seat: Seat, live: LiveGame | None) -> messages.Note:
        duelist = self.people.many([seat.player]).get(seat.player)
        at = self.clock()
        progress = self.states.progress(duel, seat, duelist, live)
        return messages.progress(duel.id, seat.seat, progress, int(duel.remaining(at) * 1000))

    async def finish(self, player: str, duel_id: str) -> Duel:
        """Ends the player's own game (the page asks first); the duel ends when both have ended."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        seat = self._playing_seat(duel, player)
        assert seat.game is not None
        self.seen(player)
        live = self.games.end(player, seat.game, "finished", duel=True)
        self._end_seat(duel, seat, "finished", live, notes)
        await self.outbox.send(notes)
        return duel

    def _time_up(self, duel: Duel, notes: Notes) -> None:
        for seat in duel.seats:
            if seat.ended is None and seat.game is not None:
                live = self.games.end(seat.player, seat.game, "time", duel=True)
                self._end_seat(duel, seat, "time", live, notes)

    def _seats_time_up(self, duel: Duel, notes: Notes) -> None:
        """Ends on time the games of the seats whose own time is up before the duel's (``seat_deadline``)."""
        for seat in duel.seats:
            if seat.ended is None and seat.game is not None:
                deadline = self.seat_deadline(duel, seat)
                if deadline is not None and self.clock() >= deadline:
                    live = self.games.end(seat.player, seat.game, "time", duel=True)
                    self._end_seat(duel, seat, "time", live, notes)

    def _end_seat(self, duel: Duel, seat: Seat, reason: str, live: LiveGame, notes: Notes) -> None:
        score = live.game.score
        if self.store.end_seat(duel.id, seat.seat, reason, score):
            seat.ended, seat.score = reason, score
            notes.append(self._progress(duel, seat, live))
            notes.append(messages.duel_changed(duel.id))
        else:
            fresh = self.store.read(duel.id)
            assert fresh is not None
            duel.seats = fresh.seats
        self._over_if_done(duel, notes)

    def _over_if_done(self, duel: Duel, notes: Notes) -> None:
        """When both games have ended: the result, and both ratings changed, once."""
        if duel.state != PLAYING or any(seat.ended is None for seat in duel.seats):
            return
        first, second = duel.seats
        ends = outcomes(first.score or 0, second.score or 0)
        moves = [self._moves(seat) for seat in duel.seats]
        at = self.clock()
        with self.store.transaction() as connection:
            if not self.store.mark_over(connection, duel.id, at):
                return
            people = self.people.lock(connection, [first.player, second.player])  # read where they are written
            unrated, weight = self._rating_share(connection, duel, people, moves, at, self.min_moves)
            self.store.rated(connection, duel.id, weight, unrated)
            for seat, other, outcome in ((first, second, ends[0]), (second, first, ends[1])):
                before = people[seat.player].rating
                after = share(before, rate(before, people[other.player].rating, OUTCOME_POINTS[outcome]), weight)
                change = round(after.rating - before.rating, 2)
                self.store.outcome(connection, duel.id, seat.seat, outcome, change)
                self.people.record(connection, seat.player, after, outcome)
                seat.outcome, seat.rating_change = outcome, change
        duel.state, duel.ended_at, duel.rating_weight, duel.unrated = OVER, at, weight, unrated
        notes.append(messages.duel_changed(duel.id))
        self.on_over(duel, notes)

    def _moves(self, seat: Seat) -> int:
        """The moves the seat's game made (0 once its game was pruned)."""
        live = self.live(seat)
        return 0 if live is None else live.game.moves

    @staticmethod
    def _rating_share(
        connection: Connection, duel: Duel, people: dict[str, Duelist], moves: list[int], at: float, min_moves: int
    ) -> tuple[str | None, float]:
        """How much the duel's end changes ratings (``rated``), and why less than fully (a message id)."""
        if rated.apart(people[duel.seats[0].player], people[duel.seats[1].player]):
            return rated.BOT_APART, 0.0
        if any(rated.newcomer(connection, people[seat.player], at) for seat in duel.seats):
            return rated.NEWCOMER, 0.0
        first, second = duel.seats
        if rated.one_address(connection, first.player, second.player, at):
            return rated.SAME_ADDRESS, 0.0
        persons = [(seat, count) for seat, count in zip(duel.seats, moves, strict=True)
                   if computer_strength(seat.player) is None]
        if not min_moves:  # the rule of a real attempt turned off: a game without a move is still none
            if any(count == 0 for _, count in persons):
                return rated.NO_MOVE, 0.0
        elif persons:
            if any(count < min_moves for _, count in persons):
                return rated.NO_ATTEMPT, 0.0
            weakest = DuelStore.weakest(connection, duel.id)
            if weakest is None:
                return rated.UNCHECKED, 0.0
            if any(not attempt.real_attempt(count, seat.score or 0, weakest, min_moves) for seat, count in persons):
                return rated.NO_ATTEMPT, 0.0
        weight = rated.weight(connection, first.player, second.player, duel.id, at)
        return (None if weight == 1.0 else rated.REPEATED), weight

    async def expire_due(self) -> int:
        """Ends on time every game whose duel's clock has run out, and takes away tables left open for
        ``OPEN_SECONDS`` and those whose creator has been gone for ``GONE_SECONDS`` (the periodic task);
        how many duels ended."""
        at = self.clock()
        due = self.store.due(at)
        notes: Notes = []
        stale = self.store.take_away_stale(at - OPEN_SECONDS, at)
        waiting = self.store.open_created_before(at - GONE_SECONDS)
        gone = self.people.away(list({creator for _, creator in waiting}), at - GONE_SECONDS)
        left = [duel_id for duel_id, creator in waiting if creator in gone]
        if stale + self.store.take_away_all(left, at):
            self._lobby_changed(notes)
            notes.extend(messages.duel_changed(duel_id) for duel_id in left)
        for duel_id in due:
            self.load(duel_id, notes)
        await self.outbox.send(notes)
        return len(due)

    # Players.

    def friends(self, player: str) -> Friends:
        return lobby.friends(self.people, player, self.clock())

    async def relate(self, player: str, other: Duelist, kind: str | None, *, was: str | None = None) -> None:
        """A friend, an ignored player, or neither any more; both players' sockets hear of it."""
        self.people.relate(player, other, kind, was=was)
        await self.outbox.send([messages.relations(who) for who in (player, other.player)])

    def player_info(self, duelist: Duelist) -> PlayerInfo:
        return lobby.player_info(self.store, self.people, duelist, self.clock())


def _bound(value: float | None) -> int | str:
    """A rating bound for a sentence: a whole number (which the catalog writes the language's way), or -."""
    return "-" if value is None else round(value)
