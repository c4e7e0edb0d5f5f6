"""Ghost races: a player races an earlier game of the same deal, shown at that game's own pace.

``POST /api/ghosts {"suits": N, "mine": false}`` picks a finished game that counted (``games.
counting_games``: no duel, practice, replay, typed-in code, line shown or deal known before it ended) of
another player, of a deal the racer has never played; with ``"mine": true``, the racer's own best game
(won before lost, then the higher score). It starts a new solo game of that deal and table rules for the
racer, its code hidden while it is played as in any game the server deals. A race is unrated and its game
counts in no results: whoever races their own game may know its every card, and whoever races another's
sees how its score went.

``GET /api/ghosts/{id}`` tells the ghost's progress (score, runs, cards turned up: never a card) as it
stood after the time elapsed since the race began, the ghost's actions timed by their own ``actions.at``
(a pause longer than ``MAX_PAUSE`` counts as that long, as the game clock counts only time on screen).
Nothing later is sent, so the page cannot read ahead of the clock; the ghost's game is named (for its
replay) only once the racer's own game is over, with who finished ahead: won before not won, then the
higher score, then the shorter time (``_ahead``).

This module picks, starts and tells a race; ``ghosts.routes`` answers the two routes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from pydantic import with_config
from sqlalchemy import Connection, Engine, case, func, insert, select
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.game import Game
from spider.rules import TableRules
from spider.server.games.kinds import Kind
from spider.server.games.records import GameRecord
from spider.server.games.service import Games
from spider.server.games.store import SEEN_GAMES, Store, counting_games
from spider.server.ghosts.tables import ghost_races
from spider.server.http.answers import FORBID
from spider.server.http.ids import new_token
from spider.server.people.service import SEEN_NAMES, shown
from spider.server.refusals import NotFound
from spider.view import Whole

MAX_PAUSE = 35.0
"""The longest pause between two of the ghost's actions that counts in full (the game clock's limit)."""


@with_config(FORBID)
class GhostProgress(TypedDict):
    """How far the ghost had come at the time elapsed: never a card."""

    score: int
    runs: Whole
    turned_up: Whole
    finished: bool
    """Its last action is behind the clock (or the race is over)."""
    won: bool | None
    """Whether it won, once finished."""


@with_config(FORBID)
class RaceEnd(TypedDict):
    """How a game of the race ended."""

    won: bool
    score: int
    runs: Whole
    turned_up: Whole
    seconds: float | None


@with_config(FORBID)
class RaceResult(TypedDict):
    ahead: Literal["you", "ghost", "even"]
    you: RaceEnd
    ghost: RaceEnd
    replay: str
    """The ghost's game, to be replayed (``/?replay=ID``): named only now."""


@with_config(FORBID)
class GhostRace(TypedDict):
    """A ghost race as its racer sees it."""

    id: str
    suits: Whole
    mine: bool
    name: str | None
    """The ghost's player, when they chose a name (null for one without, and for your own game)."""
    game: str
    """Your game of the race: play it by the games' routes."""
    elapsed_ms: Whole
    ghost: GhostProgress
    over: bool
    result: RaceResult | None


@dataclass(frozen=True, slots=True)
class Point:
    at: float  # seconds into the ghost's game, pauses cut to MAX_PAUSE
    score: int
    runs: int
    turned_up: int
    won: bool


@dataclass(frozen=True, slots=True)
class Timeline:
    points: tuple[Point, ...]  # the opening first, then after each action
    end: RaceEnd

    def at(self, elapsed: float) -> Point:
        found = self.points[0]
        for point in self.points:
            if point.at > elapsed:
                break
            found = point
        return found


@functools.lru_cache(maxsize=256)
def _timeline(store: Store, ghost: str) -> Timeline:
    """The ghost's game, action by action: a finished game never changes, so it is worked out once."""
    with store.engine.connect() as connection:
        row = connection.execute(select(SEEN_GAMES).where(SEEN_GAMES.c.id == ghost)).one()
    stored = store.actions(ghost)
    game = Game.from_code(row.code, TableRules.from_json(row.rules))
    face_down = sum(game.face_down)
    points = [Point(0.0, game.score, 0, 0, False)]
    clock, last = 0.0, row.created_at
    for action in stored:
        game.apply_text(action.text)
        clock += min(max(action.at - last, 0.0), MAX_PAUSE)
        last = action.at
        points.append(Point(clock, game.score, len(game.runs), face_down - sum(game.face_down), game.won))
    last = points[-1]
    end = RaceEnd(won=row.result == "won", score=row.score if row.score is not None else last.score, runs=last.runs,
                  turned_up=last.turned_up, seconds=row.seconds)
    return Timeline(tuple(points), end)


def _ahead(you: RaceEnd, ghost: RaceEnd) -> Literal["you", "ghost", "even"]:
    """Who finished ahead: a win before anything else, and between wins the higher score, then the shorter
    time; between games not won, more runs, then more cards turned up, then the higher score (under the
    standard scoring a game never played keeps its 500: doing nothing must not be ahead)."""

    def key(end: RaceEnd) -> tuple[float, ...]:
        if end["won"]:
            return 1, end["score"], -(end["seconds"] if end["seconds"] is not None else float("inf"))
        return 0, end["runs"], end["turned_up"], end["score"]

    return "you" if key(you) > key(ghost) else "ghost" if key(you) < key(ghost) else "even"


def _pick(engine: Engine, player: str, suits: int, mine: bool) -> str | None:
    """The game to race: the player's own best, or a random counted game of another player's of a deal
    the player has never played."""
    seen = SEEN_GAMES
    wanted = select(seen.c.id).where(counting_games(seen), seen.c.suits == suits, seen.c.moves > 0, seen.c.code != "")
    if mine:
        wanted = wanted.where(seen.c.player == player).order_by(
            case((seen.c.result == "won", 0), else_=1), seen.c.score.desc(), seen.c.finished_at.desc()
        )
    else:
        theirs = SEEN_GAMES.alias("theirs")
        played = select(theirs.c.id).where(theirs.c.deal == seen.c.deal, theirs.c.player == player).exists()
        wanted = wanted.where(seen.c.player != player, ~played).order_by(func.random())
    with engine.connect() as connection:
        found: str | None = connection.execute(wanted.limit(1)).scalar()
    return found


def start(games_: Games, player: str, suits: int, *, mine: bool) -> str:
    """A new race: the ghost picked, the racer's game dealt (counting in no results), the race stored."""
    store = games_.store
    ghost = _pick(store.engine, player, suits, mine)
    if ghost is None:
        raise NotFound("ghost.none_yet")
    row = store.game(ghost)  # with its deal's line, which the view leaves out
    assert row is not None, "a game just picked"
    game = Game.from_code(row.code, TableRules.from_json(row.rules))
    race = new_token()

    def raced(connection: Connection, record: GameRecord) -> None:
        values = {"id": race, "player": player, "game": record.id, "ghost": ghost, "mine": mine}
        connection.execute(insert(ghost_races).values(**values, started_at=record.created_at))

    # the racer's game and the race in one transaction: a race's game counts in no results (``Kind.GHOST``)
    games_.start(player, game, row.verified, row.line, kind=Kind.GHOST, preset=row.preset, also=raced)
    return race


def state(games_: Games, player: str, race_id: str) -> GhostRace:
    """The race as its racer sees it now; 404 for an unknown race and another player's alike."""
    store = games_.store
    with store.engine.connect() as connection:
        race = connection.execute(
            select(ghost_races).where(ghost_races.c.id == race_id, ghost_races.c.player == player)
        ).first()
        if race is None:
            raise NotFound("ghost.no_such_race")
        mine = connection.execute(
            select(SEEN_GAMES.c.suits, SEEN_GAMES.c.finished_at).where(SEEN_GAMES.c.id == race.game)
        ).one()
        # the ghost's player's name, if they have one: the raced game is always there, its player's name may not be
        ghost_name: str | None = connection.execute(
            select(SEEN_NAMES.c.name)
            .select_from(SEEN_GAMES)
            .outerjoin(SEEN_NAMES, SEEN_NAMES.c.player == SEEN_GAMES.c.player)
            .where(SEEN_GAMES.c.id == race.ghost)
        ).one()[0]
    timeline = _timeline(store, race.ghost)
    elapsed = max(games_.now() - race.started_at, 0.0)
    over = mine.finished_at is not None
    point = timeline.points[-1] if over else timeline.at(elapsed)
    finished = over or point is timeline.points[-1]
    result: RaceResult | None = None
    if over:
        you = _timeline(store, race.game).end
        result = RaceResult(ahead=_ahead(you, timeline.end), you=you, ghost=timeline.end, replay=race.ghost)
    return GhostRace(
        id=race.id,
        suits=mine.suits,
        mine=race.mine,
        name=ghost_name if not race.mine and ghost_name is not None and shown(ghost_name) else None,
        game=race.game,
        elapsed_ms=round(elapsed * 1000),
        ghost=GhostProgress(
            score=point.score, runs=point.runs, turned_up=point.turned_up, finished=finished,
            won=timeline.end["won"] if finished else None,
        ),
        over=over,
        result=result,
    )
