"""Games in play: made, loaded, played and ended, each action stored before it is answered.

A game is rebuilt by replaying its code and stored actions; the live ``Game`` objects of recent games
stay in a bounded cache. The cache never holds a state the database does not: an action is applied
to the live game and stored before anyone else may touch that game, and if storing fails the live
game is dropped, so the next request rebuilds it from what was stored.
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Protocol

from anyio import to_thread

from spider import Game, TableRules, parse_action
from spider.errors import SpiderError
from spider.game import Event
from spider.practice import Exercise, exercise
from spider.practice.hints import exercise_hint
from spider.rules import HELPS
from spider.server.games.answers import Analysis, Health
from spider.server.games.asks import NewGameAsked
from spider.server.games.clock import Clock, took
from spider.server.games.events import Also
from spider.server.games.kinds import BESIDE, NEVER_COUNTED, Kind, counts, restarted, share_refusal
from spider.server.games.store import ActionConflict, Finish, GameRecord, Store, StoredAction, now
from spider.server.http.ids import new_token, token_shaped
from spider.server.http.metrics import Metrics
from spider.server.practice import service as practice
from spider.server.practice.store import PracticeStore
from spider.server.refusals import Conflict, Invalid, NoSuchGame, NotFound, Refusal
from spider.server.settings import Settings
from spider.server.solving import searches as solving
from spider.server.solving import workers as search_workers
from spider.server.solving.answers import Hint
from spider.text import Phrase, spoken
from spider.view import Table, View, iso_time, public_view, table, whole_seconds


class _Behind(Exception):
    """Another server process has stored an action in the game since this process's copy of it."""


def new_game_id() -> str:
    return new_token()  # 16 characters, 96 random bits


@dataclass(slots=True)
class LiveGame:
    """A game in memory with what the view needs that the engine does not keep."""

    record: GameRecord
    game: Game
    clock: Clock
    seq: int = 0  # actions stored
    exercise: Exercise | None = None  # the practice exercise the game plays
    lock: threading.Lock = field(default_factory=threading.Lock)
    drawn: tuple[tuple[int, int, str], Table] | None = None  # the table's part of the view, as last built
    acted_at: float | None = None  # when its last action was stored (None: none yet, the deal's time)
    revealed: bool = False  # its deal is known (``Games.reveals``): for good, so asked of the database once
    held: float | None = None  # until when its deal is held secret (``Store.hold``), once asked (``held_asked``)
    held_asked: bool = False
    counted: int = 0  # its memory as counted in the cache's total (``footprint``), in bytes

    def table(self) -> Table:
        """The part of the view that depends only on the table, built once per action and language: a
        duel sends the same table to its player, the opponent watching, and every state of the duel."""
        key = (self.seq, id(self.game), spoken())
        if self.drawn is None or self.drawn[0] != key:
            self.drawn = (key, table(self.game))
        return self.drawn[1]

    def apply(self, text: str, *, stored: bool = False) -> tuple[str, list[Event]]:
        """Plays one action in notation; returns it in canonical form with its events. An exercise refuses a
        move past its move limit, but not one already ``stored`` (a game rebuilt or caught up: a game played
        before the server kept the limit may have moves past it)."""
        written = text.strip().lower()
        if written in ("u", "r"):
            return written, self.game.apply_text(written)
        action = parse_action(written)
        if self.exercise is not None and not stored:
            self.exercise.allow(self.game, action)
        return str(action), self.game.play(action)

    def seconds(self, at: float) -> float:
        """The playing time: the final time of a game that is over, else the clock's."""
        if self.record.seconds is not None:
            return self.record.seconds
        return self.clock.seconds(at)

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

    @property
    def line_may_be_shown(self) -> bool:
        """Whether the game lets its player see its deal's winning line or analysis: it is over, and it
        counted in their results or could never count (a replay, a deal already known). A game given up
        before its first move never counts, so seeing its line would let the next game of the deal count
        a win from it. Whether the deal may be known at all is ``Games.reveals``'s to say."""
        record = self.record
        return self.over and (record.counted or record.line_shown or record.kind in NEVER_COUNTED)


class RulesRequest(Protocol):
    """A request that names table rules: a preset, and single rules that change it."""

    @property
    def preset(self) -> str | None: ...

    @property
    def rules(self) -> dict[str, Any] | None: ...


def rules_for(request: RulesRequest, code_rules: TableRules | None) -> TableRules:
    """The table rules a new game asks for: a preset (or the code's rules), with single rules changed. A
    preset keeps a code's group rule, which the code's group letter names."""
    if request.preset is not None and code_rules is not None:
        base = TableRules.preset_for(request.preset, code_rules)
    elif request.preset is not None:
        base = TableRules.preset(request.preset)
    elif code_rules is not None:
        base = code_rules
    else:
        base = TableRules()
    if not request.rules:
        return base
    return TableRules.from_json({**base.to_json(), **request.rules})


class Games:
    """Every game of every player; the one way into the games for the routes.

    ``clock`` tells the time (seconds since the epoch) whenever a game needs it: when it is dealt, played,
    seen on screen or ended. The server's is the real time; a test's moves when the test says.
    """

    def __init__(
        self,
        settings: Settings,
        store: Store,
        pool: solving.DealPool,
        searches: solving.Searches,
        metrics: Metrics | None = None,
        clock: Callable[[], float] = now,
    ) -> None:
        self.settings = settings
        self.now = clock
        self.metrics = metrics or Metrics()
        # Other server processes may play in the same games: on a database server always (any process
        # serves any request), on a SQLite file when its servers share it.
        self.shared = settings.shared_database or not store.is_sqlite
        self.store = store
        self.events = store.events  # what the packages above the games hear of them
        self.practice = PracticeStore(store.engine)  # the exercises each player has solved
        self.events.on_end(self.practice.ended)
        self.pool = pool
        self.searches = searches
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._cached_bytes = 0  # the cached games' footprints, as last counted
        self._analyses: OrderedDict[str, Analysis] = OrderedDict()  # by game id, the latest few

    # Finding games.

    def _load(self, game_id: str) -> LiveGame | None:
        record = self.store.game(game_id)
        if record is None:
            return None
        return replay(record, self.store.actions(game_id))

    def live(self, game_id: str, player: str, *, duel: bool = False, catch_up: bool = True) -> LiveGame:
        """The player's game by id; :class:`NoSuchGame` for an unknown id and for another's game alike.

        Both are answered the same way and at the same cost (one look-up by key), before the game is
        loaded: another player's game is never read, nor put in the cache. A duel's game is reached only
        through the duel (``duel``), whose clock and hidden code the solo routes know nothing of; a solo
        game never through a duel. Without ``catch_up``, a game in this process's memory is taken as it is,
        though another process may have played in it since.
        """
        if not token_shaped(game_id):
            raise NoSuchGame()
        with self._cache_lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None or not secrets.compare_digest(live.record.player, player):
            owner = self.store.owner(game_id)
            if owner is None or not secrets.compare_digest(owner, player):
                raise NoSuchGame()
        if live is not None and self.shared and catch_up and not self._caught_up(live):
            self.forget(game_id)
            live = None
        if live is None:
            live = self._load(game_id)
            if live is None:
                raise NoSuchGame()
            live = self._keep(live)
        if (live.record.kind == Kind.DUEL) != duel:
            raise NoSuchGame()
        return live

    async def load(self, game_id: str, player: str, *, duel: bool = False) -> None:
        """Puts the game in memory, when it is not, in a thread: replaying a long game's actions takes a
        while (about half a second at 20,000), and the event loop answers other requests meanwhile. The
        methods that take the game then find it there; an unknown or another's game is left to them."""
        with self._cache_lock:
            if game_id in self._live:
                return
        with contextlib.suppress(Refusal):
            await to_thread.run_sync(functools.partial(self.live, game_id, player, duel=duel))

    def _caught_up(self, live: LiveGame) -> bool:
        """Brings a cached game up to date with what other server processes stored since it was loaded
        here: their actions are played on it, and their clock and ending taken. False when it cannot be
        (the game must be loaded afresh)."""
        progress = self.store.since(live.record.id, live.seq)
        if progress is None:
            return True  # gone from the database: the cached game is all there is
        later = progress.later
        if not later and progress.result == live.record.result:
            return True  # nobody else has played in it
        with live.lock:
            if [action.seq for action in later] != list(range(live.seq + 1, live.seq + 1 + len(later))):
                return False  # played here meanwhile, or not the game this one was
            try:
                for action in later:
                    live.apply(action.text, stored=True)
                    if progress.clock is None:
                        live.clock.seen(action.at)
                    live.seq, live.acted_at = action.seq, action.at
            except SpiderError:  # pragma: no cover - only if stored actions do not replay
                return False
            live.record.take(progress)
            if progress.clock is not None:
                live.clock = Clock(progress.clock.played, progress.clock.since)
        return True

    def _keep(self, live: LiveGame) -> LiveGame:
        """Puts a game in the cache (the one already there, if another request put it first, wins) and
        drops the least recently used games beyond the cache's bounds, in games and in memory."""
        with self._cache_lock:
            kept = self._live.setdefault(live.record.id, live)
            self._live.move_to_end(live.record.id)
            if kept is live:
                self._count(live)
            self._trim()
        return kept

    def _count(self, live: LiveGame) -> None:
        """With the cache lock held: counts a cached game's memory afresh in the cache's total."""
        size = footprint(live.game)
        self._cached_bytes += size - live.counted
        live.counted = size

    def _trim(self) -> None:
        """With the cache lock held: drops the least recently used games while there are more than
        ``cache_size`` or they take more than ``cache_megabytes`` (the game used last always stays)."""
        budget = self.settings.cache_megabytes * 1024 * 1024
        while len(self._live) > 1 and (len(self._live) > self.settings.cache_size or self._cached_bytes > budget):
            _, dropped = self._live.popitem(last=False)
            self._cached_bytes -= dropped.counted

    @property
    def cached(self) -> tuple[int, int]:
        """The games in the cache, and the memory they take (estimated, in bytes)."""
        with self._cache_lock:
            return len(self._live), self._cached_bytes

    def forget(self, game_id: str) -> None:
        with self._cache_lock:
            dropped = self._live.pop(game_id, None)
            if dropped is not None:
                self._cached_bytes -= dropped.counted

    @contextmanager
    def holding(self, game_id: str, player: str, *, duel: bool = False) -> Iterator[LiveGame]:
        """The live game, locked against other requests on it."""
        live = self.live(game_id, player, duel=duel)
        with live.lock:
            yield live

    def current(self, player: str) -> LiveGame:
        game_id = self.store.current_game_id(player)
        if game_id is None:
            raise NotFound("server.no_current_game")
        return self.live(game_id, player)

    # Making games.

    def opening(self, request: NewGameAsked) -> Game:
        """The game a request asks for: the deal of its code, or a random shuffle, under its table rules."""
        if request.code is not None:
            opening = Game.from_code(request.code)
            if request.suits is not None and request.suits != opening.suits:
                raise Invalid(
                    "server.bad_field",
                    field="suits",
                    expected=Phrase("expected.suits_of_code", {"n": opening.suits}),
                )
            return Game.from_code(request.code, rules_for(request, opening.rules))
        return Game.new(request.suits or 1, rules_for(request, None))

    async def create(self, player: str, request: NewGameAsked) -> LiveGame:
        """A new game as the request asks: a given code, a shared deal, a verified deal, or a random shuffle."""
        if request.share is not None:
            shared = self.store.shared(request.share) if token_shaped(request.share) else None
            if shared is None:
                raise NotFound("server.no_such_share")
            # a code its sharer typed in is known: it counts as typed for whoever opens the link too
            game = Game.from_code(shared.code, TableRules.from_json(shared.rules))
            return self.start(
                player, game, shared.verified, shared.line, kind=shared.kind, preset=shared.preset, shared=True
            )
        game = self.opening(request)
        if request.code is None and request.deal == "verified":
            deal = await self.verified_deal(player, game.suits, game.rules)
            if deal is not None:
                verified = Game.from_code(deal.code, game.rules)
                return self.start(player, verified, True, deal.line, kind=Kind.SOLO, preset=request.preset)
        kind = Kind.REPLAY if request.replay else Kind.TYPED if request.code is not None else Kind.SOLO
        return self.start(player, game, False, None, kind=kind, preset=request.preset)

    async def verified_deal(self, player: str, suits: int, rules: TableRules) -> search_workers.VerifiedDeal | None:
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
        if old.exercise is not None:  # a review's moment too: its position is the exercise's
            return self.begin_exercise(player, old.exercise)
        assert old.game.code is not None
        game = Game.from_code(old.game.code, old.game.rules)
        record = old.record
        # the same kind of game again (a daily deal's entry is played again off the board), and one whose deal
        # was known is played again as one that cannot count
        return self.start(
            player, game, record.verified, record.line, kind=restarted(record.kind), preset=record.preset,
            known=record.line_shown, also=lambda connection, new: self.events.restarted(connection, record, new),
        )

    def practise(self, player: str, exercise_id: str) -> LiveGame:
        """A new game at a practice exercise's position; 404 for an unknown exercise."""
        found = exercise(exercise_id)
        if found is None:
            raise NotFound("server.no_such_exercise", exercise=exercise_id)
        return self.begin_exercise(player, found)

    def begin_exercise(self, player: str, found: Exercise) -> LiveGame:
        """A new practice game at an exercise's position: one of the file's, or a moment of a finished game
        tried again from its review (``spider.practice.from_review``), whose position is kept with the game."""
        kind = Kind.TRY_AGAIN if found.from_review else Kind.PRACTICE
        return self.start(player, found.start(), False, None, kind=kind, exercise=found)

    def practice_progress(self, player: str) -> dict[str, int]:
        """The exercises the player has solved, with the fewest moves each took."""
        return self.practice.progress(player)

    def start(
        self,
        player: str,
        game: Game,
        verified: bool,
        line: list[str] | None,
        *,
        kind: Kind,
        exercise: Exercise | None = None,
        duel: str | None = None,
        preset: str | None = None,
        known: bool = False,
        shared: bool = False,
        also: Also | None = None,
    ) -> LiveGame:
        """Stores a new game of a ``kind`` and makes it the player's current one, leaving their other solo games
        (``abandoned``); a replay's table and a duel's game (``duel``) are beside the solo games and leave none
        of them. A game whose deal is ``known`` counts in no results; one ``shared`` was begun from a link.
        ``also`` writes what the game's kind keeps beside it (a race, a daily deal's board) in the same
        transaction, and may name the kind it turned out to be (``Also``)."""
        at = self.now()
        assert game.code is not None or exercise is not None
        record = GameRecord(
            id=new_game_id(),
            player=player,
            code=game.code or "",
            suits=game.suits,
            rules=game.rules.to_json(),
            verified=verified,
            line=line,
            line_shown=known or (game.code is not None and self.store.deal_known(game.code)),
            kind=kind,
            shared=shared,
            created_at=at,
            clock=Clock(0.0, at),  # a new game is dealt on the player's screen
            exercise=None if exercise is None else exercise.id,
            duel=duel,
            preset=preset,
            position=exercise.position if exercise is not None and exercise.from_review else None,
        )
        abandoned = []
        # a replay of a winning line is watched beside the player's games: it leaves none of them
        for game_id in [] if kind in BESIDE else self.store.unfinished_game_ids(player):
            with self.holding(game_id, player) as old:
                if not old.over:
                    abandoned.append((old, old.finish("abandoned", at)))
        self.store.add_game(record, abandon=[finish for _, finish in abandoned], also=also)
        self.metrics.games_begun.inc()
        for old, finish in abandoned:
            self._ended(old, finish)
        return self._keep(LiveGame(record, game, Clock(0.0, at), exercise=exercise))

    # Playing.

    def play(
        self, player: str, game_id: str, text: str, version: int | None = None, *, duel: bool = False
    ) -> tuple[LiveGame, list[Event]]:
        """Applies one action and stores it; raises the engine's error when it is refused.

        ``version`` is the view's ``version`` the player acted on: when the game has moved on since
        (in another window, or through another server), the action is refused, never applied to a
        table the player has not seen.

        Where other processes play in the same games, this process's copy of a game may be behind. When
        the player acted on the version this copy is at, the action is played and stored at once: the
        database refuses it if another process stored an action in between, and only then does this
        process catch up and play it again. In the usual case that is one round trip instead of two.
        """
        if self.shared and version is not None:
            live = self.live(game_id, player, duel=duel, catch_up=False)
            with live.lock:
                if version == live.seq and not live.over:
                    try:
                        return live, self._play(live, text, version, maybe_behind=True)
                    except _Behind:
                        pass
        with self.holding(game_id, player, duel=duel) as live:
            return live, self._play(live, text, version, maybe_behind=False)

    def _play(self, live: LiveGame, text: str, version: int | None, *, maybe_behind: bool) -> list[Event]:
        """Plays and stores an action on a locked game. With ``maybe_behind``, a game that another process
        has played on is left as it was and :class:`_Behind` raised, for the caller to catch up."""
        if live.over:
            raise Conflict("server.game_over")
        if version is not None and version != live.seq:
            raise Conflict("server.game_changed")
        limit = self.settings.max_game_actions
        if limit and live.seq >= limit:
            raise Conflict("server.game_too_long", n=limit)
        kept = (live.game.copy(), replace(live.clock)) if maybe_behind else None
        canonical, events = live.apply(text)  # the engine's refusal leaves the game as it was
        at = self.now()
        # an action is made on screen, whatever the page said: made "off screen", it counts the time
        # since the previous action (the last sign of life the server is sure of), up to the gap
        live.clock.acted(at, live.record.created_at if live.acted_at is None else live.acted_at)
        finish = live.ending(at)
        if finish is not None and finish.result == "won":
            # a won game took at least what its actions show, whatever the page said of the screen
            shown = took(live.record.created_at, [action.at for action in self.store.actions(live.record.id)] + [at])
            finish = replace(finish, seconds=round(max(finish.seconds, shown), 3))
        try:
            self.store.add_action(live.record.id, live.seq + 1, canonical, at, live.clock, finish=finish)
        except ActionConflict:
            if kept is not None:
                live.game, live.clock = kept
                raise _Behind() from None
            # Another server process played in (or ended) this game: the player must see it first.
            self.forget(live.record.id)
            raise Conflict("server.game_changed") from None
        except Exception:
            self.forget(live.record.id)
            raise
        live.seq, live.acted_at = live.seq + 1, at
        with self._cache_lock:  # its undo history has grown: the cache may be over its memory now
            if self._live.get(live.record.id) is live:
                self._count(live)
                self._trim()
        if finish is not None:
            self._ended(live, finish)
        return events

    def clock(self, player: str, game_id: str, on_screen: bool) -> tuple[int, bool]:
        """The page shows the game (a sign of life, also sent every ``HEARTBEAT`` seconds) or has
        stopped showing it (hidden, closed): the clock counts only the time in between. Returns the
        playing time in whole seconds and whether the clock runs."""
        with self.holding(game_id, player) as live:
            at = self.now()
            if not live.over:
                if on_screen:
                    live.clock.seen(at)
                else:
                    live.clock.off_screen(at)
                self.store.set_clock(game_id, live.clock)
            return whole_seconds(live.seconds(at)), live.clock.on_screen and not live.over

    def resign(self, player: str, game_id: str) -> LiveGame:
        return self.end(player, game_id, "resigned")

    def end(self, player: str, game_id: str, result: str, *, duel: bool = False) -> LiveGame:
        """Ends a game that is not over yet with ``result`` (``resigned``; a duel's ``finished`` or ``time``)."""
        with self.holding(game_id, player, duel=duel) as live:
            if not live.over:
                finish = live.finish(result, self.now())
                self.store.finish(finish)
                self._ended(live, finish)
            return live

    def health(self) -> Health:
        """Whether what the server needs is reachable: the database, writable (and, where one is set, Redis)."""
        problem = self.store.reachable(self.settings.health_min_free_mb * 1024 * 1024)
        return Health(ok=problem is None, database=problem or "ok", redis=None)

    def _ended(self, live: LiveGame, finish: Finish) -> None:
        live.ended(finish)
        self.metrics.games_ended.labels(finish.result).inc()

    def share(self, player: str, game_id: str) -> str:
        """A token that opens this game's deal, under its table rules, for whoever has it: the code
        stays on the server while the game is on."""
        live = self.live(game_id, player)
        refusal = share_refusal(live.record.kind, over=live.over)
        if refusal is not None:
            raise Conflict(refusal)
        return self.store.share(live.record, new_token(), self.now())

    def winning_line(self, player: str, game_id: str) -> tuple[str, list[str]]:
        """The code and winning line of a verified deal, for a game that is over and counted (or one
        that could not count anyway). From then on no game of that deal by that player counts."""
        with self.holding(game_id, player) as live:
            record = live.record
            if not live.over:
                raise Conflict("server.line_not_over")
            if not record.verified or not record.line:
                raise NotFound("server.line_not_verified")
            if not live.line_may_be_shown:
                raise Conflict("server.line_not_counted")
            if not self.reveals(live, line=True):
                raise self.kept_back(live)
            self.store.show_line(player, record.code, self.now())
            return record.code, list(record.line)

    async def analysis(self, player: str, game_id: str) -> Analysis:
        """A lost game searched with the whole deal known (SPEC 2.6): whether its opening was winnable,
        the last position from which a win was found (after ``last_winnable`` of its ``actions``, with
        ``moves`` on the counter), and the line that wins from there. Like a winning line, it is given
        only for a game that is over and counted, and from then on no game of that deal by that player
        counts."""
        with self.holding(game_id, player) as live:
            record = live.record
            if not live.over:
                raise Conflict("server.line_not_over")
            if live.game.won:
                raise Conflict("server.analysis_won")
            if not live.line_may_be_shown:
                raise Conflict("server.line_not_counted")
            if not self.reveals(live, line=True):
                raise self.kept_back(live)
            known = self._analyses.get(game_id)
        if known is None:
            texts = [action.text for action in self.store.actions(game_id)]
            rules = TableRules.from_json(record.rules)
            found = await self.searches.analysis(record.code, rules, texts, player=player)
            at = found["last_winnable"]
            moves = None
            if at is not None:  # up to SPIDER_MAX_GAME_ACTIONS actions played again: off the event loop
                moves = (await to_thread.run_sync(Game.replay, record.code, rules, texts[:at])).moves
            known = Analysis(
                code=record.code,
                opening=found["opening"],
                last_winnable=at,
                actions=len(texts),
                moves=moves,
                line=found["line"],
                positions_searched=found["positions_searched"],
            )
            with self._cache_lock:
                self._analyses[game_id] = known
                while len(self._analyses) > self.settings.cache_size:
                    self._analyses.popitem(last=False)
        self.store.show_line(player, record.code, self.now())
        return known

    def resume(self, player: str, game_id: str, at: int, *, replay: bool = False) -> LiveGame:
        """A new game of a finished game's deal and table rules, its first ``at`` actions played again
        (undo history included): a lost game taken up again from its analysis. The player has seen the
        deal's line by then, so the game counts in no results. With ``replay``, it is a replay's table
        (never the current game), for showing the line from there."""
        old = self.live(game_id, player)
        if not old.over or not self.store.line_shown(player, old.record.code):
            raise Conflict("server.resume_needs_analysis")
        texts = [action.text for action in self.store.actions(game_id)]
        if at > len(texts):
            raise Conflict("server.resume_past_end", n=len(texts), at=at)
        game = Game.from_code(old.record.code, old.game.rules)
        record = old.record
        kind = Kind.REPLAY if replay else Kind.RESUMED
        live = self.start(player, game, record.verified, record.line, kind=kind, preset=record.preset)
        with live.lock:
            for text in texts[:at]:
                live.apply(text)
                live.acted_at = self.now()
                self.store.add_action(live.record.id, live.seq + 1, text, live.acted_at, live.clock)
                live.seq += 1
        return live

    # Showing.

    def reveals(self, live: LiveGame, *, line: bool = False) -> bool:
        """Whether the player may see this game's code, or with ``line`` its winning line or analysis:
        the one rule of what a player may learn of a deal.

        A code the player typed is theirs to see (its line is not: that makes the deal known). A code
        the server dealt is shown once the game is over, and only when no game of that deal, by anyone
        (a shared deal is played by several), is in progress and could still count (``Store.reveal``);
        once shown, the deal is known, and no game of it counts for anyone from then on. A duel's game
        shows it once the whole duel is over, which only the duel knows. A deal held secret until a time (a
        daily deal on its day: ``secret_until``) is shown to nobody before then, whether their game is over or
        not; a typed code excepted, whose player gave it.
        """
        if (live.record.typed and not line) or live.revealed:
            return True
        if self.secret_until(live) is not None:
            return False
        if not live.over or live.record.kind == Kind.DUEL or live.game.code is None:
            return False
        live.revealed = self.store.reveal(live.game.code, self.now())
        return live.revealed

    def secret_until(self, live: LiveGame) -> float | None:
        """Until when the game's deal is held secret from everyone, its own player included (``Store.hold``: a
        daily deal on its day), if it still is: asked of the database once per game, as a hold is written before
        the first game of its deal."""
        if not live.held_asked and live.game.code:
            live.held = self.store.held_until(live.game.code, 0.0)
            live.held_asked = True
        return live.held if live.held is not None and live.held > self.now() else None

    def kept_back(self, live: LiveGame, *, replay: bool = False) -> Conflict:
        """Why a finished game's winning line or analysis (or with ``replay``, its actions to play again) is not
        shown now (``reveals`` said no): its deal held secret until a time, with that time; or another game of it
        that could still count, in progress."""
        until = self.secret_until(live)
        if until is not None:
            return Conflict("server.actions_deal_secret" if replay else "server.deal_secret", time=utc_time(until))
        return Conflict("server.actions_deal_in_play" if replay else "server.deal_in_play")

    @staticmethod
    def would_count(live: LiveGame) -> bool:
        """Whether the game, ended now after a move, would count in its player's results (``counts``): the
        page says "counts as a loss" only then. A deal made known since the last view is caught at the end."""
        return counts(live.record.kind, "abandoned", 1, deal_known=live.record.line_shown or live.revealed)

    @staticmethod
    def _on_a_board(live: LiveGame) -> bool:
        """Whether a game in progress is its player's entry on a daily deal's board: it counts in no results,
        but left after a move it goes on the board as lost, so the page asks first as for a game that counts."""
        return live.record.kind == Kind.DAILY and not live.over

    async def view(self, live: LiveGame, *, no_more_moves: bool | None = None) -> View:
        """The public view of a game, with "no more moves" (SPEC 2.3) from the solver when it is asked
        for (``no_more_moves``, by default the server's setting), the game's preset offers it, and the
        table leaves a doubt."""
        game = live.game
        daily = self._on_a_board(live)
        held = self.secret_until(live)
        view = public_view(
            game,
            drawn=live.table(),
            id=live.record.id,
            code=game.code if self.reveals(live) else None,  # the code tells every card
            secret_until=None if held is None else iso_time(held),
            version=live.seq,
            verified=live.record.verified,
            typed=live.record.typed,
            shared=live.record.shared,
            counts=self.would_count(live) or daily,
            daily=daily,
            shareable=share_refusal(live.record.kind, over=live.over) is None,
            started_at=live.record.created_at,
            seconds=live.seconds(self.now()),
            over=live.over,
            result=live.record.result,
            practice=None if live.exercise is None else practice.summary(
                live.exercise, self.practice.progress(live.record.player), live.game
            ),
        )
        if no_more_moves is None:
            no_more_moves = self.settings.no_more_moves
        if live.record.preset is not None and not HELPS[live.record.preset].no_more_moves:
            no_more_moves = False  # the preset's product says nothing of a stuck game (classic, duel)
        # a deal, or a card that can be turned, is progress: only a table with neither needs the search
        if no_more_moves and not live.over and not game.won and not game.deal_possible and not game.can_uncover:
            position = game.position(public=True)
            view["stuck"], view["stuck_pending"] = await self.searches.stuck(position, player=live.record.player)
        return view

    async def hint(self, player: str, game_id: str, *, index: int = 0) -> Hint:
        """The solver's suggestion from what the player sees of a game: all a hint may know. A game
        begun under a preset whose product offers no hints (classic, tabletop, duel) gets none."""
        with self.holding(game_id, player) as live:
            preset = live.record.preset
            if preset is not None and not HELPS[preset].hints:
                raise Conflict("server.no_hints", preset=preset)
            position = live.game.position(public=True)
            # towards the exercise's goal; small tables, searched here (a review's moment is a whole table, to win)
            if live.exercise is not None and not live.exercise.from_review:
                found: Hint = exercise_hint(live.exercise, live.game, index=index).to_json()
                return found
            self.events.hinted(live.record)  # a daily deal's board marks a hint in an entry
        return await self.searches.hint(position, player=player, index=index)


# A cached game's memory, measured by bench/live_games.py: the game with its record, clock and drawn
# table, and a snapshot of the columns an action touched for each action it can undo.
GAME_BYTES = 34 * 1024
SNAPSHOT_BYTES = 1100


def utc_time(at: float) -> str:
    """A time of day in UTC, as a refusal names it.

    >>> utc_time(86400.0)
    '00:00'
    """
    return datetime.fromtimestamp(at, UTC).strftime("%H:%M")


def footprint(game: Game) -> int:
    """About how much memory a live game takes, in bytes; its undo history is most of a long game's."""
    return GAME_BYTES + SNAPSHOT_BYTES * game.undo_depth


def replay(record: GameRecord, stored: list[StoredAction]) -> LiveGame:
    """A stored game rebuilt: its opening, then every stored action in order, undo history included."""
    practised = None if record.exercise is None else exercise(record.exercise, record.position)
    if practised is not None:
        game = practised.start()
    elif record.exercise is not None:  # pragma: no cover - only if an exercise left the file under a game
        raise RuntimeError(f"game {record.id} plays exercise {record.exercise}, which is no longer there")
    else:
        game = Game.from_code(record.code, TableRules.from_json(record.rules))
    # a game from before the server kept a clock: its time runs from action to action
    clock = Clock(0.0, record.created_at) if record.clock is None else Clock(record.clock.played, record.clock.since)
    live = LiveGame(record, game, clock, exercise=practised)
    for action in stored:
        try:
            live.apply(action.text, stored=True)
        except SpiderError as error:  # pragma: no cover - only if the engine's rules changed under a game
            raise RuntimeError(f"stored action {action.seq} ({action.text}) of game {record.id}: {error}") from error
        if record.clock is None:
            clock.seen(action.at)
        live.seq, live.acted_at = action.seq, action.at
    return live
