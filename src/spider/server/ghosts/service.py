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
(a pause longer than ``MAX_PAUSE`` counts as that long, as the game clock counts only time on screen),
beside the racer's own. Nothing later is sent, so the page cannot read ahead of the clock; the ghost's game
is named (for its replay) only once the racer's own game is over, with who finished ahead, what decided it
and by how much: won before not won, then the higher score, then the shorter time (``_ahead``).

This module picks, starts and tells a race; ``ghosts.supply`` tells the lobby, cheaply, whether there is a
ghost to race at all; ``ghosts.routes`` answers the routes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from pydantic import with_config
from sqlalchemy import ColumnElement, Connection, Engine, FromClause, and_, case, func, insert, select
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
from spider.server.refusals import NoSuchGame, NotFound
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


Decider = Literal["won", "score", "seconds", "runs", "turned_up"]
"""What put one game of a race ahead of the other (``_ahead``): a win, the score, the time, runs or cards turned up."""


@with_config(FORBID)
class RaceResult(TypedDict):
    ahead: Literal["you", "ghost", "even"]
    by: Decider | None
    """What decided it (null when even): the page says "You beat the ghost by 120 points"."""
    margin: Whole
    """By how much, in what decided it: points, whole seconds, runs or cards turned up (0 for a win or even)."""
    you: RaceEnd
    ghost: RaceEnd
    replay: str
    """The ghost's game, to be replayed (``/?replay=ID``): named only now."""


@with_config(FORBID)
class RacerProgress(TypedDict):
    """How far the racer's own game has come: the bar's line beside the ghost's."""

    score: int
    runs: Whole
    turned_up: Whole


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
    you: RacerProgress
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
    face_down: int  # cards face down at the start: the racer's game of the deal starts with as many

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
    return Timeline(tuple(points), end, face_down)


def _ahead(you: RaceEnd, ghost: RaceEnd) -> tuple[Literal["you", "ghost", "even"], Decider | None, int]:
    """Who finished ahead, what decided it and by how much: a win before anything else, and between wins the
    higher score, then the shorter time; between games not won, more runs, then more cards turned up, then the
    higher score (under the standard scoring a game never played keeps its 500: doing nothing must not be
    ahead)."""

    def seconds(end: RaceEnd) -> float:
        return end["seconds"] if end["seconds"] is not None else float("inf")

    steps: tuple[tuple[Decider, float, float], ...]
    if you["won"] != ghost["won"]:
        steps = (("won", float(you["won"]), float(ghost["won"])),)
    elif you["won"]:
        steps = (("score", you["score"], ghost["score"]), ("seconds", -seconds(you), -seconds(ghost)))
    else:
        steps = (("runs", you["runs"], ghost["runs"]), ("turned_up", you["turned_up"], ghost["turned_up"]),
                 ("score", you["score"], ghost["score"]))
    for by, mine, theirs in steps:
        if mine != theirs:
            gap = abs(mine - theirs)
            margin = 0 if by == "won" or gap == float("inf") else max(1, round(gap)) if by == "seconds" else round(gap)
            return ("you" if mine > theirs else "ghost"), by, margin
    return "even", None, 0


def raceable(seen: FromClause) -> ColumnElement[bool]:
    """The games a race may be run against, as a condition on ``SEEN_GAMES`` (or an alias of it): games that
    counted (``games.counting_games``) with a move made and a code the server dealt."""
    return and_(counting_games(seen), seen.c.moves > 0, seen.c.code != "")


def _pick(engine: Engine, player: str, suits: int, mine: bool) -> str | None:
    """The game to race: the player's own best, or a random counted game of another player's of a deal
    the player has never played."""
    seen = SEEN_GAMES
    wanted = select(seen.c.id).where(raceable(seen), seen.c.suits == suits)
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


def _progress(games_: Games, player: str, game_id: str, face_down: int) -> RacerProgress:
    """The racer's game in play as it stands (the page shows it, so the games keep it at hand)."""
    try:
        game = games_.live(game_id, player).game
    except NoSuchGame:  # pruned with a long-idle player's games: nothing to show
        return RacerProgress(score=0, runs=0, turned_up=0)
    return RacerProgress(score=game.score, runs=len(game.runs), turned_up=face_down - sum(game.face_down))


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
        end = _timeline(store, race.game).end
        ahead, by, margin = _ahead(end, timeline.end)
        result = RaceResult(ahead=ahead, by=by, margin=margin, you=end, ghost=timeline.end, replay=race.ghost)
        you = RacerProgress(score=end["score"], runs=end["runs"], turned_up=end["turned_up"])
    else:
        you = _progress(games_, player, race.game, timeline.face_down)
    return GhostRace(
        id=race.id,
        suits=mine.suits,
        mine=race.mine,
        name=ghost_name if not race.mine and ghost_name is not None and shown(ghost_name) else None,
        game=race.game,
        elapsed_ms=round(elapsed * 1000),
        you=you,
        ghost=GhostProgress(
            score=point.score, runs=point.runs, turned_up=point.turned_up, finished=finished,
            won=timeline.end["won"] if finished else None,
        ),
        over=over,
        result=result,
    )
