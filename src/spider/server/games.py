"""Games in play: made, loaded, played and ended, each action stored before it is answered.

A game is rebuilt by replaying its code and stored actions; the live ``Game`` objects of recent games
stay in a bounded cache. The cache never holds a state the database does not: an action is applied
to the live game and stored before anyone else may touch that game, and if storing fails the live
game is dropped, so the next request rebuilds it from what was stored.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from starlette import status

from spider import Game, TableRules, parse_action
from spider.errors import SpiderError
from spider.game import Event, Moved
from spider.practice import Exercise, exercise
from spider.server import practice, solving
from spider.server.bodies import NewGame
from spider.server.errors import NoSuchGame, RequestError
from spider.server.settings import Settings
from spider.server.storage import ActionConflict, Finish, GameRecord, Store, StoredAction, now
from spider.server.view import LastMove, iso_time, table

IDLE_CAP = 300.0
"""Playing time counts at most this many seconds between two actions: a game left open overnight
is not a game played overnight."""

_GAME_ID_LENGTH = 16


def new_game_id() -> str:
    return secrets.token_urlsafe(12)  # 16 characters, 96 random bits


@dataclass(slots=True)
class LiveGame:
    """A game in memory with what the view needs that the engine does not keep."""

    record: GameRecord
    game: Game
    seq: int = 0  # actions stored
    last_at: float = 0.0  # time of the last action (or of the start)
    played: float = 0.0  # playing time up to last_at
    trail: list[LastMove | None] = field(default_factory=list)  # what each action on the undo stack did
    undone: list[LastMove | None] = field(default_factory=list)  # and each on the redo stack
    exercise: Exercise | None = None  # the practice exercise the game plays
    lock: threading.Lock = field(default_factory=threading.Lock)

    def apply(self, text: str) -> tuple[str, list[Event]]:
        """Plays one action in notation; returns it in canonical form with its events."""
        written = text.strip().lower()
        if written == "u":
            events = self.game.apply_text("u")
            self.undone.append(self.trail.pop() if self.trail else None)
            return "u", events
        if written == "r":
            events = self.game.apply_text("r")
            self.trail.append(self.undone.pop() if self.undone else None)
            return "r", events
        action = parse_action(written)
        events = self.game.play(action)
        moved = next((event for event in events if isinstance(event, Moved)), None)
        self.trail.append(None if moved is None else LastMove(moved.source, moved.target, moved.count))
        self.undone.clear()
        return str(action), events

    def tick(self, at: float) -> None:
        self.played += min(max(at - self.last_at, 0.0), IDLE_CAP)
        self.last_at = at

    def seconds(self, at: float) -> float:
        if self.record.seconds is not None:
            return self.record.seconds
        return self.played + min(max(at - self.last_at, 0.0), IDLE_CAP)

    def ending(self, at: float) -> Finish | None:
        """How the last action ended the game, if it did: a practice goal reached, or a win."""
        if self.exercise is not None and self.exercise.reached(self.game):
            return self.finish("solved", at)
        return self.finish("won", at) if self.game.won else None

    def finish(self, result: str, at: float) -> Finish:
        return Finish(self.record.id, result, at, self.game.score, self.game.moves, round(self.seconds(at), 3))

    def ended(self, finish: Finish) -> None:
        self.record.result = finish.result
        self.record.finished_at = finish.finished_at
        self.record.score, self.record.moves, self.record.seconds = finish.score, finish.moves, finish.seconds

    @property
    def over(self) -> bool:
        return self.record.over


def rules_for(request: NewGame, code_rules: TableRules | None) -> TableRules:
    """The table rules a new game asks for: a preset (or the code's rules), with single rules changed."""
    if request.preset is not None:
        base = TableRules.preset(request.preset)
    elif code_rules is not None:
        base = code_rules
    else:
        base = TableRules()
    if not request.rules:
        return base
    return TableRules.from_json({**base.to_json(), **request.rules})


class Games:
    """Every game of every player; the one way into the games for the routes."""

    def __init__(self, settings: Settings, store: Store, pool: solving.DealPool, searches: solving.Searches) -> None:
        self.settings = settings
        self.store = store
        self.pool = pool
        self.searches = searches
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_lock = threading.Lock()

    # Finding games.

    def _load(self, game_id: str) -> LiveGame | None:
        record = self.store.game(game_id)
        if record is None:
            return None
        return replay(record, self.store.actions(game_id))

    def live(self, game_id: str, player: str) -> LiveGame:
        """The player's game by id; :class:`NoSuchGame` for an unknown id and for another's game alike.

        Both are answered the same way and at the same cost (one look-up by key), before the game is
        loaded: another player's game is never read, nor put in the cache.
        """
        if len(game_id) != _GAME_ID_LENGTH:
            raise NoSuchGame()
        with self._cache_lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None or not secrets.compare_digest(live.record.player, player):
            owner = self.store.owner(game_id)
            if owner is None or not secrets.compare_digest(owner, player):
                raise NoSuchGame()
        if live is not None and self.settings.shared_database and self._stale(live):
            self.forget(game_id)
            live = None
        if live is None:
            live = self._load(game_id)
            if live is None:
                raise NoSuchGame()
            with self._cache_lock:
                live = self._live.setdefault(game_id, live)
                self._live.move_to_end(game_id)
                while len(self._live) > self.settings.cache_size:
                    self._live.popitem(last=False)
        return live

    def _stale(self, live: LiveGame) -> bool:
        """Whether another server process has played in (or ended) this game since it was loaded here."""
        stored = self.store.progress(live.record.id)
        return stored is not None and stored != (live.seq, live.record.result)

    def forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._live.pop(game_id, None)

    @contextmanager
    def holding(self, game_id: str, player: str) -> Iterator[LiveGame]:
        """The live game, locked against other requests on it."""
        live = self.live(game_id, player)
        with live.lock:
            yield live

    def current(self, player: str) -> LiveGame:
        game_id = self.store.current_game_id(player)
        if game_id is None:
            raise RequestError(status.HTTP_404_NOT_FOUND, "server.no_current_game")
        return self.live(game_id, player)

    # Making games.

    def opening(self, request: NewGame) -> Game:
        """The game a request asks for: the deal of its code, or a random shuffle, under its table rules."""
        if request.code is not None:
            opening = Game.from_code(request.code)
            if request.suits is not None and request.suits != opening.suits:
                raise RequestError(
                    status.HTTP_422_UNPROCESSABLE_CONTENT,
                    "server.bad_field",
                    field="suits",
                    expected=f"{opening.suits}, the suit count of the code",
                )
            return Game.from_code(request.code, rules_for(request, opening.rules))
        return Game.new(request.suits or 1, rules_for(request, None))

    async def create(self, player: str, request: NewGame) -> LiveGame:
        """A new game as the request asks: a given code, a shared deal, a verified deal, or a random shuffle."""
        if request.share is not None:
            shared = self.store.shared(request.share)
            if shared is None:
                raise RequestError(status.HTTP_404_NOT_FOUND, "server.no_such_share")
            code, rules, verified, line = shared
            return self.start(player, Game.from_code(code, TableRules.from_json(rules)), verified, line)
        game = self.opening(request)
        if request.code is None and request.deal == "verified":
            deal = await self.verified_deal(player, game.suits, game.rules)
            if deal is not None:
                return self.start(player, Game.from_code(deal.code, game.rules), True, deal.line)
        return self.start(player, game, False, None, replay=request.replay, typed=request.code is not None)

    async def verified_deal(self, player: str, suits: int, rules: TableRules) -> solving.VerifiedDeal | None:
        """A deal with a known win that the player has not played: from the pool, else solved now."""
        deal = self.pool.take(suits, rules, exclude=self.store.codes_played(player, suits))
        if deal is not None or self.settings.verify_seconds <= 0:
            return deal
        solved = await self.searches.solve_new_deal(suits, rules, self.settings.verify_seconds, player=player)
        if solved is None:
            return None
        return solved[0]  # dealt now, so not for the pool: each verified deal is given once

    def restart(self, player: str, game_id: str) -> LiveGame:
        """The same deal with the same table rules, from the start, as a new game."""
        old = self.live(game_id, player)
        if old.exercise is not None:
            return self.practise(player, old.exercise.id)
        assert old.game.code is not None
        game = Game.from_code(old.game.code, old.game.rules)
        return self.start(player, game, old.record.verified, old.record.line, typed=old.record.typed)

    def practise(self, player: str, exercise_id: str) -> LiveGame:
        """A new game at a practice exercise's position; 404 for an unknown exercise."""
        found = exercise(exercise_id)
        if found is None:
            raise RequestError(status.HTTP_404_NOT_FOUND, "server.no_such_exercise", exercise=exercise_id)
        return self.start(player, found.start(), False, None, exercise=found)

    def practice_progress(self, player: str) -> dict[str, int]:
        """The exercises the player has solved, with the fewest moves each took."""
        return self.store.practice_progress(player)

    def start(
        self,
        player: str,
        game: Game,
        verified: bool,
        line: list[str] | None,
        *,
        replay: bool = False,
        typed: bool = False,
        exercise: Exercise | None = None,
    ) -> LiveGame:
        at = now()
        assert game.code is not None or exercise is not None
        record = GameRecord(
            id=new_game_id(),
            player=player,
            code=game.code or "",
            suits=game.suits,
            rules=game.rules.to_json(),
            verified=verified,
            line=line,
            replay=replay,
            typed=typed or replay,
            line_shown=game.code is not None and self.store.line_shown(player, game.code),
            created_at=at,
            exercise=None if exercise is None else exercise.id,
        )
        abandoned = []
        # a replay of a winning line is watched beside the player's games: it leaves none of them
        for game_id in [] if replay else self.store.unfinished_game_ids(player):
            with self.holding(game_id, player) as old:
                if not old.over:
                    abandoned.append((old, old.finish("abandoned", at)))
        self.store.add_game(record, abandon=[finish for _, finish in abandoned])
        for old, finish in abandoned:
            old.ended(finish)
        live = LiveGame(record, game, last_at=at, exercise=exercise)
        with self._cache_lock:
            self._live[record.id] = live
        return live

    # Playing.

    def play(self, player: str, game_id: str, text: str, version: int | None = None) -> tuple[LiveGame, list[Event]]:
        """Applies one action and stores it; raises the engine's error when it is refused.

        ``version`` is the view's ``version`` the player acted on: when the game has moved on since
        (in another window, or through another server), the action is refused, never applied to a
        table the player has not seen.
        """
        with self.holding(game_id, player) as live:
            if live.over:
                raise RequestError(status.HTTP_409_CONFLICT, "server.game_over")
            if version is not None and version != live.seq:
                raise RequestError(status.HTTP_409_CONFLICT, "server.game_changed")
            canonical, events = live.apply(text)  # the engine's refusal leaves the game as it was
            at = now()
            live.tick(at)
            finish = live.ending(at)
            try:
                self.store.add_action(game_id, live.seq + 1, canonical, at, finish=finish)
            except ActionConflict:
                # Another server process played in (or ended) this game: the player must see it first.
                self.forget(game_id)
                raise RequestError(status.HTTP_409_CONFLICT, "server.game_changed") from None
            except Exception:
                self.forget(game_id)
                raise
            live.seq += 1
            if finish is not None:
                live.ended(finish)
            return live, events

    def resign(self, player: str, game_id: str) -> LiveGame:
        with self.holding(game_id, player) as live:
            if not live.over:
                finish = live.finish("resigned", now())
                self.store.finish(finish)
                live.ended(finish)
            return live

    def share(self, player: str, game_id: str) -> str:
        """A token that opens this game's deal, under its table rules, for whoever has it: the code
        stays on the server while the game is on."""
        live = self.live(game_id, player)
        if live.exercise is not None:
            raise RequestError(status.HTTP_409_CONFLICT, "server.practice_share")
        return self.store.share(live.record, secrets.token_urlsafe(12), now())

    def winning_line(self, player: str, game_id: str) -> tuple[str, list[str]]:
        """The code and winning line of a verified deal, for a game that is over and counted (or one
        that could not count anyway). From then on no game of that deal by that player counts."""
        with self.holding(game_id, player) as live:
            record = live.record
            if not live.over:
                raise RequestError(status.HTTP_409_CONFLICT, "server.line_not_over")
            if not record.verified or not record.line:
                raise RequestError(status.HTTP_404_NOT_FOUND, "server.line_not_verified")
            if not (record.counted or record.line_shown or record.replay):
                raise RequestError(status.HTTP_409_CONFLICT, "server.line_not_counted")
            self.store.show_line(player, record.code, now())
            return record.code, list(record.line)

    def public_position(self, player: str, game_id: str) -> str:
        """What the player sees of a game, as a position text: all a hint may know."""
        with self.holding(game_id, player) as live:
            return live.game.position(public=True)

    # Showing.

    def view(self, live: LiveGame) -> tuple[dict[str, Any], str | None]:
        """The public view of a game, and the position to search for "no more moves" if it needs one.

        ``stuck`` is false in the view until the caller fills it in from the search.
        """
        game = live.game
        view: dict[str, Any] = {"id": live.record.id}
        view.update(table(game))
        view.update(
            {
                # the code tells every card: shown once the game is over, or when the player gave it
                "code": game.code if live.over or live.record.typed else None,
                "version": live.seq,
                "stuck": False,
                "stuck_pending": False,
                "last_move": live.trail[-1].to_json() if live.trail and live.trail[-1] else None,
                "verified": live.record.verified,
                "started_at": iso_time(live.record.created_at),
                "seconds": int(live.seconds(now())),
                "over": live.over,
                "result": live.record.result,
                "practice": None if live.exercise is None else practice.summary(
                    live.exercise, self.store.practice_progress(live.record.player), live.game
                ),
            }
        )
        needs_search = not live.over and not game.won and not game.deal_possible and not _turns_a_card(view)
        return view, game.position(public=True) if needs_search else None


def _turns_a_card(view: dict[str, Any]) -> bool:
    """Whether a listed move takes all the face-up cards off face-down ones: a card will turn up, so
    there are moves left, and the solver need not be asked."""
    columns = view["columns"]
    return any(
        group["targets"] and columns[group["column"] - 1]["down"]
        and group["count"] == len(columns[group["column"] - 1]["up"])
        for group in view["groups"]
    )


def replay(record: GameRecord, stored: list[StoredAction]) -> LiveGame:
    """A stored game rebuilt: its opening, then every stored action in order, undo history included."""
    practised = None if record.exercise is None else exercise(record.exercise)
    if practised is not None:
        game = practised.start()
    elif record.exercise is not None:  # pragma: no cover - only if an exercise left the file under a game
        raise RuntimeError(f"game {record.id} plays exercise {record.exercise}, which is no longer there")
    else:
        game = Game.from_code(record.code, TableRules.from_json(record.rules))
    live = LiveGame(record, game, last_at=record.created_at, exercise=practised)
    for action in stored:
        try:
            live.apply(action.text)
        except SpiderError as error:  # pragma: no cover - only if the engine's rules changed under a game
            raise RuntimeError(f"stored action {action.seq} ({action.text}) of game {record.id}: {error}") from error
        live.tick(action.at)
        live.seq = action.seq
    return live
