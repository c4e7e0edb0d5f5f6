"""Duels in play (SPEC 4): the routes' and sockets' one door to duels.

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

Every change is published through the broker (``broker``): the duel's progress on ``duel:<id>``, the
open tables on ``lobby``, invitations on ``player:<id>``. Nothing here assumes that the sockets of a
duel's players are in this process. Messages are published once the change is stored, and a broker that
is away (Redis down) never turns a stored change into an error: its messages wait, in order, and the
clock's tick (``catch_up``) sends them once it is back.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections import deque
from collections.abc import Callable

from sqlalchemy import Connection, and_, insert, select, update
from starlette import status

from spider import Game, TableRules
from spider.game import Event
from spider.notation import Position
from spider.players import STRENGTHS, Strength
from spider.server.answers import (
    DuelPlayer,
    DuelResult,
    DuelState,
    Friends,
    Invitation,
    OpenTable,
    PlayerInfo,
    View,
)
from spider.server.bodies import ComputerOpponent, NewDuel
from spider.server.duels import lobby, rated
from spider.server.duels.broker import Broker, Message, Unreachable
from spider.server.duels.people import Duelist, People, computer_id
from spider.server.duels.rated import share
from spider.server.duels.ratings import rate
from spider.server.duels.records import (
    OPEN,
    OVER,
    PERSON,
    PLAYING,
    Duel,
    Seat,
    duel_topic,
    face_down_at_start,
    outcomes,
    player_topic,
    read_duel,
)
from spider.server.errors import NoSuchGame, RequestError
from spider.server.games import Games, LiveGame, rules_for
from spider.server.ids import token_shaped
from spider.server.schema import duels, invitations, seats
from spider.server.storage import now
from spider.text import message as sentence

LOBBY = "lobby"
OPEN_SECONDS = 3600.0
"""A table nobody joined within the hour is taken away (its creator has most likely left)."""
OUTCOME_POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
CONFLICT, FORBIDDEN, NOT_FOUND = status.HTTP_409_CONFLICT, status.HTTP_403_FORBIDDEN, status.HTTP_404_NOT_FOUND
UNSENT_LIMIT = 10_000
"""Messages kept while the broker is away; past that the oldest go (a page that missed them reads the
duel's state again when its socket comes back)."""

log = logging.getLogger("spider.server")

Notes = list[tuple[str, Message]]
"""Messages to publish once a change is stored: (topic, message)."""


class Duels:
    """Every duel; ``clock`` is the server's time in seconds (tests give a fake one)."""

    def __init__(self, games: Games, people: People, broker: Broker, clock: Callable[[], float] = now) -> None:
        self.games = games
        self.people = people
        self.broker = broker
        self.clock = clock
        self.engine = games.store.engine
        self.on_computer_duel: Callable[[str], None] = lambda duel_id: None
        """Called when a duel with a computer player starts (the computer opponents start playing it)."""
        self.unsent: deque[tuple[str, Message]] = deque(maxlen=UNSENT_LIMIT)
        """Messages the broker could not take yet, oldest first."""

    async def _send(self, notes: Notes) -> None:
        """Publishes what a stored change has to say. While earlier messages wait for the broker, these
        wait behind them (a request does not wait on a broker that is away; the clock's tick tries)."""
        if self.unsent:
            self.unsent.extend(notes)
            return
        for index, (topic, message) in enumerate(notes):
            try:
                await self.broker.publish(topic, message)
            except Unreachable as error:
                log.warning("the duels' events wait for the broker: %s", error)
                self.unsent.extend(notes[index:])
                return

    async def catch_up(self) -> int:
        """Sends the messages that waited for the broker, in order, as far as it takes them; how many."""
        sent = 0
        while self.unsent:
            topic, message = self.unsent[0]
            try:
                await self.broker.publish(topic, message)
            except Unreachable:
                break
            self.unsent.popleft()
            sent += 1
        return sent

    # Reading.

    def load(self, duel_id: str, notes: Notes) -> Duel:
        """The duel, its clock checked first (a game whose time is up ends); 404 when there is none."""
        duel = self._read(duel_id)
        if duel is None:
            raise RequestError(NOT_FOUND, "duel.no_such_duel")
        if duel.state == PLAYING:
            self._start_games(duel)
            if self.clock() >= (duel.deadline or 0.0):
                self._time_up(duel, notes)
        return duel

    def _read(self, duel_id: str) -> Duel | None:
        return read_duel(self.engine, duel_id) if token_shaped(duel_id) else None

    def _live(self, seat: Seat) -> LiveGame | None:
        if seat.game is None:
            return None
        try:
            return self.games.live(seat.game, seat.player, duel=True)
        except NoSuchGame:  # a long-idle player's games are pruned: the duel keeps its scores
            return None

    def _progress(self, duel: Duel, seat: Seat, duelist: Duelist | None, live: LiveGame | None) -> DuelPlayer:
        if live is None:
            score, runs, turned_up = seat.score or 0, 0, 0
        else:
            game = live.game
            score, runs = game.score, len(game.runs)
            assert duel.code is not None
            turned_up = face_down_at_start(duel.code) - sum(game.face_down)
        return DuelPlayer(
            name="" if duelist is None else duelist.name,
            computer=None if duelist is None else duelist.computer,
            rating=0.0 if duelist is None else duelist.rating.rating,
            score=score,
            runs=runs,
            turned_up=turned_up,
            finished=seat.ended is not None,
            ended=seat.ended,
        )

    async def state(self, duel: Duel, viewer: str | None) -> DuelState:
        """The duel as ``viewer`` may see it: their own view, the opponent's once their game has ended."""
        people = self.people.many([seat.player for seat in duel.seats])
        mine = None if viewer is None else duel.seat_of(viewer)
        lives = {seat.seat: self._live(seat) for seat in duel.seats}
        you = watch = None
        if mine is not None and lives[mine.seat] is not None:
            you = await self._view(duel, lives[mine.seat])
            watched = self._watched(duel, mine)
            if watched is not None and lives[watched.seat] is not None:
                watch = await self._view(duel, lives[watched.seat])
        result = None
        if duel.state == OVER and all(seat.outcome is not None for seat in duel.seats) and len(duel.seats) == 2:
            winner = next((seat for seat in duel.seats if seat.outcome == "win"), None)
            result = DuelResult(
                scores=[seat.score or 0 for seat in duel.seats],
                winner=None if winner is None else people[winner.player].name,
                outcomes=[seat.outcome for seat in duel.seats],
                rating_changes=[seat.rating_change or 0.0 for seat in duel.seats],
                ratings=[people[seat.player].rating.rating for seat in duel.seats],
            )
        with self.engine.connect() as connection:
            invited = connection.execute(
                select(invitations.c.player).where(invitations.c.duel == duel.id, invitations.c.state == "pending")
            ).scalars().all()
        invited_names = [d.name for d in self.people.many(list(invited)).values()]
        return DuelState(
            id=duel.id,
            state=duel.state,
            suits=duel.suits,
            minutes=duel.minutes,
            rules=duel.rules,
            opponent=duel.opponent,
            min_rating=duel.min_rating,
            max_rating=duel.max_rating,
            players=[self._progress(duel, seat, people.get(seat.player), lives[seat.seat]) for seat in duel.seats],
            seat=None if mine is None else mine.seat,
            remaining_ms=int(duel.remaining(self.clock()) * 1000),
            you=you,
            watch=watch,
            result=result,
            code=duel.code if duel.state == OVER else None,
            rematch=duel.rematch,
            invited=sorted(invited_names),
            rating_note=self._rating_note(duel, people),
        )

    async def watch(self, duel_id: str, viewer: str, seat: int) -> View | None:
        """The view of the player at ``seat`` as ``viewer`` watches it (their own game has ended), or None
        when ``viewer`` does not watch that seat: what a watcher is sent on each move of the opponent's,
        without building the whole duel's state."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        await self._send(notes)
        mine = duel.seat_of(viewer)
        watched = None if mine is None else self._watched(duel, mine)
        if watched is None or watched.seat != seat:
            return None
        live = self._live(watched)
        return None if live is None else await self._view(duel, live)

    @staticmethod
    def _watched(duel: Duel, mine: Seat) -> Seat | None:
        """The opponent's seat, once the player at ``mine`` has ended their own game."""
        return duel.other(mine) if mine.ended is not None else None

    async def _view(self, duel: Duel, live: LiveGame | None) -> View:
        assert live is not None
        view = await self.games.view(live, no_more_moves=False)
        if duel.state == OVER:
            view["code"] = duel.code  # both games have ended: the deal may be named
        return view

    async def get(self, duel_id: str, viewer: str) -> DuelState:
        notes: Notes = []
        duel = self.load(duel_id, notes)
        await self._send(notes)
        return await self.state(duel, viewer)

    def open_tables(self, viewer: str | None) -> list[OpenTable]:
        """The open tables, newest first, without those of players kept apart from ``viewer`` by ignore."""
        return lobby.open_tables(self.engine, self.people, viewer)

    def _lobby_note(self, notes: Notes) -> None:
        notes.append((LOBBY, {"type": "lobby", "tables": self.open_tables(None)}))

    # Tables.

    async def create(self, player: str, body: NewDuel) -> Duel:
        """A new table: open for a person, or a duel begun at once against a computer player."""
        # a preset's own scoring gives way: a duel is won on duel points (under standard scoring, which
        # starts at 500 and takes a point a move, the player who never moves would win)
        rules = dataclasses.replace(rules_for(body, TableRules.preset("duel")), scoring="duel")
        at = self.clock()
        self.people.get(player, at)
        opponent = body.opponent
        strength = opponent.strength if isinstance(opponent, ComputerOpponent) else None
        duel = Duel(
            id=secrets.token_urlsafe(12), state=OPEN, creator=player, suits=body.suits, minutes=body.minutes,
            rules=rules.to_json(), opponent=strength or PERSON,
            min_rating=getattr(opponent, "min_rating", None), max_rating=getattr(opponent, "max_rating", None),
            code=None, created_at=at, deadline=None, ended_at=None, rematch=None, seats=[Seat(0, player)],
        )
        return await self._open(duel)

    async def _open(self, duel: Duel) -> Duel:
        notes: Notes = []
        with self.engine.begin() as connection:
            connection.execute(
                insert(duels).values(
                    id=duel.id, state=OPEN, creator=duel.creator, suits=duel.suits, minutes=duel.minutes,
                    rules=duel.rules, opponent=duel.opponent, rating_min=duel.min_rating, rating_max=duel.max_rating,
                    created_at=duel.created_at,
                )
            )
            connection.execute(insert(seats).values(duel=duel.id, seat=0, player=duel.creator))
        if duel.opponent != PERSON:
            strength: Strength = next(s for s in STRENGTHS if s == duel.opponent)
            self._begin(duel, computer_id(strength), notes)
            self.on_computer_duel(duel.id)
        else:
            self._lobby_note(notes)
        await self._send(notes)
        return duel

    async def join(self, player: str, duel_id: str, *, invited: bool = False) -> Duel:
        """Takes the open table's second seat, and the duel starts."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if duel.state != OPEN:
            raise RequestError(CONFLICT, "duel.full" if duel.state == PLAYING else "duel.ended")
        if duel.creator == player:
            raise RequestError(CONFLICT, "duel.own_table")
        if player in self.people.apart(duel.creator):
            raise RequestError(FORBIDDEN, "duel.ignored")
        joining = self.people.get(player, self.clock())
        if not invited and not self._invited(duel.id, player):
            rating = joining.rating.rating
            if (duel.min_rating is not None and rating < duel.min_rating) or (
                duel.max_rating is not None and rating > duel.max_rating
            ):
                raise RequestError(
                    FORBIDDEN, "duel.out_of_range", rating=round(rating), low=_bound(duel.min_rating),
                    high=_bound(duel.max_rating),
                )
        self._begin(duel, player, notes)
        self._lobby_note(notes)
        await self._send(notes)
        return duel

    def _invited(self, duel_id: str, player: str) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(
                select(invitations.c.state).where(invitations.c.duel == duel_id, invitations.c.player == player)
            ).scalar() in ("pending", "accepted")

    def _begin(self, duel: Duel, opponent: str, notes: Notes) -> None:
        """Seats the opponent and starts the duel: a fresh deal, the clock running from now."""
        at = self.clock()
        code = Game.new(duel.suits, TableRules.from_json(duel.rules)).code
        deadline = at + duel.minutes * 60
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(duels)
                .where(duels.c.id == duel.id, duels.c.state == OPEN)
                .values(state=PLAYING, code=code, deadline=deadline)
            ).rowcount
            if taken != 1:
                raise RequestError(CONFLICT, "duel.full")
            connection.execute(insert(seats).values(duel=duel.id, seat=1, player=opponent))
        duel.state, duel.code, duel.deadline = PLAYING, code, deadline
        duel.seats.append(Seat(1, opponent))
        self._start_games(duel)
        notes.append((duel_topic(duel.id), {"type": "duel_changed", "duel": duel.id}))
        for seat in duel.seats:
            notes.append((player_topic(seat.player), {"type": "duel_started", "duel": duel.id}))

    def _start_games(self, duel: Duel) -> None:
        """Deals each seated player's game, if not yet dealt (a server stopped midway deals it now)."""
        for seat in duel.seats:
            if seat.game is not None:
                continue
            assert duel.code is not None
            game = Game.from_code(duel.code, TableRules.from_json(duel.rules))
            live = self.games.start(seat.player, game, False, None, duel=duel.id)
            with self.engine.begin() as connection:
                dealt = connection.execute(
                    update(seats)
                    .where(seats.c.duel == duel.id, seats.c.seat == seat.seat, seats.c.game.is_(None))
                    .values(game=live.record.id)
                ).rowcount
            if dealt == 1:
                seat.game = live.record.id
            else:  # another request dealt it first
                again = self._read(duel.id)
                assert again is not None
                seat.game = again.seats[seat.seat].game

    async def leave(self, player: str, duel_id: str) -> Duel:
        """The creator takes an open table away (it ends with no result); a seated player's game is
        not touched (finish ends it)."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if duel.state == OPEN and duel.creator == player:
            with self.engine.begin() as connection:
                gone = connection.execute(
                    update(duels)
                    .where(duels.c.id == duel.id, duels.c.state == OPEN)
                    .values(state=OVER, ended_at=self.clock())
                ).rowcount
            if gone:
                duel.state = OVER
                self._lobby_note(notes)
                notes.append((duel_topic(duel.id), {"type": "duel_changed", "duel": duel.id}))
        await self._send(notes)
        return duel

    # Invitations.

    async def invite(self, player: str, duel_id: str, name: str) -> Duel:
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if duel.creator != player:
            raise RequestError(FORBIDDEN, "duel.not_creator")
        if duel.state != OPEN:
            raise RequestError(CONFLICT, "duel.full" if duel.state == PLAYING else "duel.ended")
        other = self.people.named(name)
        if other.player == player:
            raise RequestError(CONFLICT, "duel.own_table")
        if other.computer is not None:
            raise RequestError(CONFLICT, "duel.invite_computer", name=other.name)
        if self.people.ignores(other.player, player):
            raise RequestError(FORBIDDEN, "duel.invite_ignored", name=other.name)
        self._invite(duel, player, other.player, notes)
        notes.append((duel_topic(duel.id), {"type": "duel_changed", "duel": duel.id}))
        await self._send(notes)
        return duel

    def _invite(self, duel: Duel, player: str, invited: str, notes: Notes) -> None:
        """A pending invitation to the duel's table, and the note that brings it to the invited player."""
        with self.engine.begin() as connection:
            self._set_invitation(connection, duel.id, invited, "pending")
        inviter = self.people.get(player, self.clock())
        invitation = Invitation(
            duel=duel.id, by=inviter.name, rating=inviter.rating.rating, suits=duel.suits, minutes=duel.minutes
        )
        notes.append((player_topic(invited), {"type": "invitation", **invitation}))

    def _set_invitation(self, connection: Connection, duel_id: str, player: str, state: str) -> None:
        where = and_(invitations.c.duel == duel_id, invitations.c.player == player)
        if connection.execute(update(invitations).where(where).values(state=state, at=self.clock())).rowcount == 0:
            connection.execute(insert(invitations).values(duel=duel_id, player=player, state=state, at=self.clock()))

    def invitations(self, player: str) -> list[Invitation]:
        """The player's pending invitations to tables still open."""
        return lobby.pending_invitations(self.engine, self.people, player)

    async def answer(self, player: str, duel_id: str, *, accept: bool) -> Duel:
        """Accepts (joins the table, whatever its rating range) or declines an invitation."""
        state = None
        if token_shaped(duel_id):
            with self.engine.connect() as connection:
                state = connection.execute(
                    select(invitations.c.state).where(invitations.c.duel == duel_id, invitations.c.player == player)
                ).scalar()
        if state != "pending":
            raise RequestError(NOT_FOUND, "duel.no_invitation")
        notes: Notes = []
        duel = self.load(duel_id, notes)
        if accept:
            duel = await self.join(player, duel_id, invited=True)
        with self.engine.begin() as connection:
            self._set_invitation(connection, duel_id, player, "accepted" if accept else "declined")
        name = self.people.get(player, self.clock()).name
        notes.append(
            (
                player_topic(duel.creator),
                {"type": "invitation_answered", "duel": duel_id, "name": name, "accepted": accept},
            )
        )
        notes.append((duel_topic(duel_id), {"type": "duel_changed", "duel": duel_id}))
        await self._send(notes)
        return duel

    async def rematch(self, player: str, duel_id: str) -> Duel:
        """After a duel: a new table of the same kind with the opponent invited (a computer player starts
        at once). When the opponent offered one already, this takes it."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        mine = duel.seat_of(player)
        if mine is None:
            raise RequestError(FORBIDDEN, "duel.not_yours")
        if duel.state != OVER:
            raise RequestError(CONFLICT, "duel.rematch_not_over")
        if duel.rematch is not None:
            offered = self.load(duel.rematch, notes)
            if offered.creator != player and offered.state == OPEN:
                return await self.join(player, offered.id, invited=True)
            await self._send(notes)
            return offered
        other = duel.other(mine)
        assert other is not None
        if duel.opponent == PERSON and player in self.people.apart(other.player):
            raise RequestError(FORBIDDEN, "duel.invite_ignored", name=self.people.get(other.player, 0.0).name)
        new = Duel(
            id=secrets.token_urlsafe(12), state=OPEN, creator=player, suits=duel.suits, minutes=duel.minutes,
            rules=duel.rules, opponent=duel.opponent, min_rating=None, max_rating=None, code=None,
            created_at=self.clock(), deadline=None, ended_at=None, rematch=None, seats=[Seat(0, player)],
        )
        with self.engine.begin() as connection:
            offered_now = connection.execute(
                update(duels).where(duels.c.id == duel.id, duels.c.rematch.is_(None)).values(rematch=new.id)
            ).rowcount
        if not offered_now:  # the opponent offered it at the same moment
            return await self.rematch(player, duel_id)
        new = await self._open(new)
        if duel.opponent == PERSON:
            self._invite(new, player, other.player, notes)
        notes.append((duel_topic(duel.id), {"type": "duel_changed", "duel": duel.id}))
        await self._send(notes)
        return new

    # Playing.

    def _playing_seat(self, duel: Duel, player: str, notes: Notes) -> Seat:
        seat = duel.seat_of(player)
        if seat is None:
            raise RequestError(FORBIDDEN, "duel.not_yours")
        if duel.state == OPEN:
            raise RequestError(CONFLICT, "duel.not_started")
        if seat.ended == "time":
            raise RequestError(CONFLICT, "duel.time_up")
        if seat.ended is not None:
            raise RequestError(CONFLICT, "duel.game_ended")
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
            seat = self._playing_seat(duel, player, notes)
        except RequestError:
            await self._send(notes)
            raise
        assert seat.game is not None
        await self.games.load(seat.game, player, duel=True)  # a game out of memory is rebuilt off the event loop
        live, events = self.games.play(player, seat.game, text, version, duel=True)
        if live.over:  # won
            self._end_seat(duel, seat, "won", live, notes)
        else:
            notes.insert(0, self._progress_note(duel, seat, live))
        await self._send(notes)
        return live, duel, events

    def _progress_note(self, duel: Duel, seat: Seat, live: LiveGame | None) -> tuple[str, Message]:
        duelist = self.people.many([seat.player]).get(seat.player)
        progress = self._progress(duel, seat, duelist, live)
        message = {"type": "progress", "duel": duel.id, "seat": seat.seat, "player": progress,
                   "remaining_ms": int(duel.remaining(self.clock()) * 1000)}
        return duel_topic(duel.id), message

    async def finish(self, player: str, duel_id: str) -> Duel:
        """Ends the player's own game (the page asks first); the duel ends when both have ended."""
        notes: Notes = []
        duel = self.load(duel_id, notes)
        seat = self._playing_seat(duel, player, notes)
        assert seat.game is not None
        live = self.games.end(player, seat.game, "finished", duel=True)
        self._end_seat(duel, seat, "finished", live, notes)
        await self._send(notes)
        return duel

    def _time_up(self, duel: Duel, notes: Notes) -> None:
        for seat in duel.seats:
            if seat.ended is None and seat.game is not None:
                live = self.games.end(seat.player, seat.game, "time", duel=True)
                self._end_seat(duel, seat, "time", live, notes)

    def _end_seat(self, duel: Duel, seat: Seat, reason: str, live: LiveGame, notes: Notes) -> None:
        score = live.game.score
        with self.engine.begin() as connection:
            ended = connection.execute(
                update(seats)
                .where(seats.c.duel == duel.id, seats.c.seat == seat.seat, seats.c.ended.is_(None))
                .values(ended=reason, score=score)
            ).rowcount
        if ended:
            seat.ended, seat.score = reason, score
            notes.append(self._progress_note(duel, seat, live))
            notes.append((duel_topic(duel.id), {"type": "duel_changed", "duel": duel.id}))
        else:
            fresh = self._read(duel.id)
            assert fresh is not None
            duel.seats = fresh.seats
        self._over_if_done(duel, notes)

    def _over_if_done(self, duel: Duel, notes: Notes) -> None:
        """When both games have ended: the result, and both ratings changed, once."""
        if duel.state != PLAYING or any(seat.ended is None for seat in duel.seats):
            return
        first, second = duel.seats
        ends = outcomes(first.score or 0, second.score or 0)
        moved = [self._moved(seat) for seat in duel.seats]
        at = self.clock()
        with self.engine.begin() as connection:
            over = connection.execute(
                update(duels).where(duels.c.id == duel.id, duels.c.state == PLAYING).values(state=OVER, ended_at=at)
            ).rowcount
            if not over:
                return
            people = self.people.lock(connection, [first.player, second.player])  # read where they are written
            unrated, weight = self._rating_share(connection, duel, people, moved, at)
            connection.execute(update(duels).where(duels.c.id == duel.id).values(rating_weight=weight, unrated=unrated))
            for seat, other, outcome in ((first, second, ends[0]), (second, first, ends[1])):
                before = people[seat.player].rating
                after = share(before, rate(before, people[other.player].rating, OUTCOME_POINTS[outcome]), weight)
                change = round(after.rating - before.rating, 2)
                connection.execute(
                    update(seats)
                    .where(seats.c.duel == duel.id, seats.c.seat == seat.seat)
                    .values(outcome=outcome, rating_change=change)
                )
                self.people.record(connection, seat.player, after, outcome)
                seat.outcome, seat.rating_change = outcome, change
        duel.state, duel.ended_at, duel.rating_weight, duel.unrated = OVER, at, weight, unrated
        notes.append((duel_topic(duel.id), {"type": "duel_changed", "duel": duel.id}))

    def _moved(self, seat: Seat) -> bool:
        live = self._live(seat)
        return live is not None and live.seq > 0

    @staticmethod
    def _rating_share(
        connection: Connection, duel: Duel, people: dict[str, Duelist], moved: list[bool], at: float
    ) -> tuple[str | None, float]:
        """How much the duel's end changes ratings (``rated``), and why less than fully (a message id)."""
        if any(rated.newcomer(connection, people[seat.player], at) for seat in duel.seats):
            return rated.NEWCOMER, 0.0
        if not all(moved):
            return rated.NO_MOVE, 0.0
        first, second = duel.seats
        weight = rated.weight(connection, first.player, second.player, duel.id, at)
        return (None if weight == 1.0 else rated.REPEATED), weight

    def _rating_note(self, duel: Duel, people: dict[str, Duelist]) -> str | None:
        """The sentence that tells the players when their duel does not change ratings, or counts less."""
        if duel.state == OVER:
            if duel.unrated is None:
                return None
            return sentence(duel.unrated, percent=round((duel.rating_weight or 0.0) * 100))
        at = self.clock()
        with self.engine.connect() as connection:
            if any(rated.newcomer(connection, people[seat.player], at) for seat in duel.seats if seat.player in people):
                return sentence(rated.NEWCOMER)
            if len(duel.seats) == 2:
                weight = rated.weight(connection, duel.seats[0].player, duel.seats[1].player, duel.id, at)
                if weight < 1.0:
                    return sentence(rated.REPEATED, percent=round(weight * 100))
        return None

    async def expire_due(self) -> int:
        """Ends on time every game whose duel's clock has run out, and takes away tables left open for
        ``OPEN_SECONDS`` (the periodic task); how many duels ended."""
        at = self.clock()
        with self.engine.connect() as connection:
            due = connection.execute(
                select(duels.c.id).where(duels.c.state == PLAYING, duels.c.deadline <= at)
            ).scalars().all()
        notes: Notes = []
        with self.engine.begin() as connection:
            stale = connection.execute(
                update(duels)
                .where(duels.c.state == OPEN, duels.c.created_at < at - OPEN_SECONDS)
                .values(state=OVER, ended_at=at)
            ).rowcount
        if stale:
            self._lobby_note(notes)
        for duel_id in due:
            self.load(duel_id, notes)
        await self._send(notes)
        return len(due)

    # Computer players (``computer``).

    def computer_duels(self) -> list[str]:
        """Duels in play whose computer player has not ended its game."""
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(duels.c.id)
                    .join(seats, seats.c.duel == duels.c.id)
                    .where(duels.c.state == PLAYING, duels.c.opponent != PERSON)
                    .where(seats.c.seat == 1, seats.c.ended.is_(None))
                ).scalars()
            )

    def claim_computer(self, duel_id: str, owner: str, lease: float) -> bool:
        """Whether this server process (``owner``) plays the duel's computer player: it does while it
        renews the claim within ``lease`` seconds; then another may take it over."""
        at = self.clock()
        with self.engine.begin() as connection:
            return connection.execute(
                update(duels)
                .where(
                    duels.c.id == duel_id,
                    duels.c.robot_owner.is_(None)
                    | (duels.c.robot_owner == owner)
                    | (duels.c.robot_seen < at - lease),
                )
                .values(robot_owner=owner, robot_seen=at)
            ).rowcount == 1

    def release_computers(self, owner: str) -> None:
        """This process stops playing computer players: another may take them up at once."""
        with self.engine.begin() as connection:
            connection.execute(update(duels).where(duels.c.robot_owner == owner).values(robot_owner=None))

    def computer_turn(self, duel_id: str) -> tuple[str, Position, float] | None:
        """For a duel's computer player: its id, the public position of its game, and the seconds left;
        None once its game has ended."""
        duel = self._read(duel_id)
        if duel is None or duel.state != PLAYING or len(duel.seats) < 2:
            return None
        seat = duel.seats[1]
        live = self._live(seat)
        if seat.ended is not None or live is None:
            return None
        return seat.player, live.game.public_position(), duel.remaining(self.clock())

    # Players.

    def friends(self, player: str) -> Friends:
        return lobby.friends(self.people, player)

    async def relate(self, player: str, other: Duelist, kind: str | None, *, was: str | None = None) -> None:
        """A friend, an ignored player, or neither any more; both players' sockets hear of it."""
        self.people.relate(player, other, kind, was=was)
        await self._send([(player_topic(who), {"type": "relations"}) for who in (player, other.player)])

    def player_info(self, duelist: Duelist) -> PlayerInfo:
        return lobby.player_info(self.engine, self.people, duelist)


def _bound(value: float | None) -> int | str:
    """A rating bound for a sentence: a whole number (which the catalog writes the language's way), or -."""
    return "-" if value is None else round(value)


