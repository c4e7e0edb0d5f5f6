"""A duel as a player may see it (``DuelState``): both players' progress, the time left, their own
view, the opponent's once their own game has ended, and once the duel is over the result and the deal's
code. Reads only; the changes are ``duels``'.
"""

from __future__ import annotations

from spider.server.duels import attempt, rated
from spider.server.duels.answers import DuelPlayer, DuelResult, DuelState
from spider.server.duels.model import OVER, Duel, Seat, face_down_at_start
from spider.server.duels.store import DuelStore
from spider.server.games.answers import View
from spider.server.games.service import Games, LiveGame
from spider.server.people.service import Duelist, People, shown_name
from spider.server.refusals import NoSuchGame
from spider.server.results import standing
from spider.text import message as sentence


def watched(duel: Duel, mine: Seat) -> Seat | None:
    """The opponent's seat, once the player at ``mine`` has ended their own game."""
    return duel.other(mine) if mine.ended is not None else None


class DuelStates:
    """What the players of a duel are shown, at the instant the duels' clock gives."""

    def __init__(self, games: Games, people: People, store: DuelStore, min_moves: int = attempt.MIN_MOVES) -> None:
        self.min_moves = min_moves
        """The moves a real attempt needs, for the sentence that says a duel had none (``attempt``)."""
        self.games = games
        self.people = people
        self.store = store

    def live(self, seat: Seat) -> LiveGame | None:
        """The seat's game, or None before it is dealt or once it was pruned."""
        if seat.game is None:
            return None
        try:
            return self.games.live(seat.game, seat.player, duel=True)
        except NoSuchGame:  # a long-idle player's games are pruned: the duel keeps its scores
            return None

    def progress(self, duel: Duel, seat: Seat, duelist: Duelist | None, live: LiveGame | None) -> DuelPlayer:
        """One player's progress: score, runs, cards turned up, whether and how their game ended."""
        if live is None:
            score, runs, turned_up = seat.score or 0, 0, 0
        else:
            game = live.game
            score, runs = game.score, len(game.runs)
            assert duel.code is not None
            turned_up = face_down_at_start(duel.code) - sum(game.face_down)
        return DuelPlayer(
            name="" if duelist is None else shown_name(duelist.name),
            computer=None if duelist is None else duelist.computer,
            bot=duelist is not None and duelist.bot,
            rating=0.0 if duelist is None else duelist.rating.rating,
            provisional=duelist is None or duelist.rating.provisional,
            score=score,
            runs=runs,
            turned_up=turned_up,
            finished=seat.ended is not None,
            ended=seat.ended,
        )

    async def view(self, duel: Duel, live: LiveGame) -> View:
        """A seat's game as its player (or, once they have ended, their opponent) sees it."""
        view = await self.games.view(live, no_more_moves=False)
        if duel.state == OVER:
            view["code"] = duel.code  # both games have ended: the deal may be named
        return view

    async def state(self, duel: Duel, viewer: str | None, at: float) -> DuelState:
        """The duel as ``viewer`` may see it at ``at``: their own view, the opponent's once their game has
        ended."""
        people = self.people.many([seat.player for seat in duel.seats])
        mine = None if viewer is None else duel.seat_of(viewer)
        lives = {seat.seat: self.live(seat) for seat in duel.seats}
        you = watch = None
        mine_live = None if mine is None else lives[mine.seat]
        if mine is not None and mine_live is not None:
            you = await self.view(duel, mine_live)
            opponent = watched(duel, mine)
            opponent_live = None if opponent is None else lives[opponent.seat]
            if opponent_live is not None:
                watch = await self.view(duel, opponent_live)
        result = None
        if duel.state == OVER and all(seat.outcome is not None for seat in duel.seats) and len(duel.seats) == 2:
            winner = next((seat for seat in duel.seats if seat.outcome == "win"), None)
            result = DuelResult(
                scores=[seat.score or 0 for seat in duel.seats],
                winner=None if winner is None else shown_name(people[winner.player].name),
                outcomes=[seat.outcome for seat in duel.seats],
                rating_changes=[seat.rating_change or 0.0 for seat in duel.seats],
                ratings=[people[seat.player].rating.rating for seat in duel.seats],
                provisional=[people[seat.player].rating.provisional for seat in duel.seats],
            )
        invited_names = [shown_name(d.name) for d in self.people.many(self.store.invited(duel.id)).values()]
        return DuelState(
            id=duel.id,
            state=duel.state,
            suits=duel.suits,
            minutes=duel.minutes,
            rules=duel.rules,
            opponent=duel.opponent,
            min_rating=duel.min_rating,
            max_rating=duel.max_rating,
            players=[self.progress(duel, seat, people.get(seat.player), lives[seat.seat]) for seat in duel.seats],
            seat=None if mine is None else mine.seat,
            remaining_ms=int(duel.remaining(at) * 1000),
            you=you,
            watch=watch,
            result=result,
            code=duel.code if duel.state == OVER else None,
            rematch=duel.rematch,
            arena=duel.arena,
            invited=sorted(invited_names),
            rating_note=self.rating_note(duel, people, at),
        )

    async def watch(self, duel: Duel, viewer: str, seat: int) -> View | None:
        """The view of the player at ``seat`` as ``viewer`` watches it (their own game has ended), or None
        when ``viewer`` does not watch that seat."""
        mine = duel.seat_of(viewer)
        opponent = None if mine is None else watched(duel, mine)
        if opponent is None or opponent.seat != seat:
            return None
        live = self.live(opponent)
        return None if live is None else await self.view(duel, live)

    def rating_note(self, duel: Duel, people: dict[str, Duelist], at: float) -> str | None:
        """The sentence that tells the players when their duel does not change ratings, or counts less."""
        if duel.state == OVER:
            if duel.unrated is None:
                return None
            percent = round((duel.rating_weight or 0.0) * 100)
            return sentence(duel.unrated, percent=percent, moves=self.min_moves, **standing.FIELDS)
        both = [people[seat.player] for seat in duel.seats if seat.player in people]
        if len(both) == 2 and rated.apart(*both):
            return sentence(rated.BOT_APART)
        with self.store.reading() as connection:
            if any(rated.newcomer(connection, people[seat.player], at) for seat in duel.seats if seat.player in people):
                return sentence(rated.NEWCOMER, **standing.FIELDS)
            if len(duel.seats) == 2:
                weight = rated.weight(connection, duel.seats[0].player, duel.seats[1].player, duel.id, at)
                if weight < 1.0:
                    return sentence(rated.REPEATED, percent=round(weight * 100))
        return None
