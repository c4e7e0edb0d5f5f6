"""Where games live: games and every action, in SQLite (or any SQLAlchemy database).

A game is stored as its code, its table rules and the list of actions the player made (undo and redo
included), so replaying them rebuilds the game with its whole undo history. Each action is committed
before the server answers it.

``Store`` is the one door to the games' tables (``tables``): the records it hands out are ``records``' (exported
here too), a game that ends is told to the listeners of ``events`` in the transaction that ends it (the results
count it there), and SQLite's own needs are ``db.sqlite``'s. It opens the database and runs the migrations it
has not had (``db.revisions``). The packages above read the games through the views declared here
(``SEEN_GAMES``, ``SEEN_LINES``, ``counting_games``), never the table itself.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    FromClause,
    Select,
    and_,
    bindparam,
    cast,
    create_engine,
    delete,
    exists,
    func,
    insert,
    not_,
    or_,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, OperationalError

from spider.codes import parse_code
from spider.databases import lock_schema
from spider.server.db import revisions
from spider.server.db.letting_go import LettingGo
from spider.server.db.sqlite import SYNCHRONOUS_MODES, Checkpoints, set_pragmas
from spider.server.db.upserts import insert_into
from spider.server.games.clock import Clock
from spider.server.games.events import Also, GameEvents
from spider.server.games.kinds import BESIDE, EXERCISES, HISTORY, HOLDING, SITE, Kind
from spider.server.games.records import Finish, GameRecord, Progress, StoredAction, from_row
from spider.server.games.tables import actions, deals_held, deals_known, games, lines_shown, shares
from spider.server.people.service import add_player, players_before
from spider.view import ENDINGS

__all__ = [
    "ActionConflict",
    "Finish",
    "GameRecord",
    "Progress",
    "ReadOnlyDatabase",
    "Store",
    "StoredAction",
    "now",
]

# Built once: the one statement every action runs. It stores nothing once the game has ended (in
# another server process, say), and tells so by its row count.
_INSERT_ACTION = (
    insert(actions)
    .from_select(
        ["game_id", "seq", "text", "at"],
        select(*(cast(bindparam(column.name), column.type) for column in actions.columns)).where(
            exists().where(games.c.id == bindparam("game_id"), games.c.finished_at.is_(None))
        ),
    )
    .returning(actions.c.seq)
)  # a row back when it stored one (a row count is not told by every driver)

# The game's clock as an action leaves it, its values bound at each call (a statement built with its
# values costs SQLAlchemy a fresh cache key every time).
_SET_CLOCK = (
    update(games)
    .where(games.c.id == bindparam("game_id"))
    .values(played=bindparam("clock_played"), clock_at=bindparam("clock_since"))
)

# On a database server, the same in one statement with the game's clock, atomic on its own: one round trip
# where a transaction takes four. The clock is set only while the game is on, and the action is stored
# only when it was; two processes storing the same action number: the second fails whole.
_CLOCK_SET = _SET_CLOCK.where(games.c.finished_at.is_(None)).returning(games.c.id).cte("clock_set")
_INSERT_ACTION_AND_CLOCK = (
    insert(actions)
    .from_select(
        ["game_id", "seq", "text", "at"],
        select(
            _CLOCK_SET.c.id,
            *(cast(bindparam(column.name), column.type) for column in (actions.c.seq, actions.c.text, actions.c.at)),
        ),
    )
    .returning(actions.c.seq)
)

# What play changes in a game, with its actions after a given one, in one look-up, built once (built at each
# call, the alias and its columns cost more than the query). The game's other columns never change, and
# its deal's winning line is long: they are not read again.
_PROGRESS = ("finished_at", "result", "score", "moves", "seconds", "played", "clock_at")
_LATER = actions.alias("later")
_SINCE = (
    select(
        *(getattr(games.c, name) for name in _PROGRESS),
        _LATER.c.seq.label("later_seq"),
        _LATER.c.text.label("later_text"),
        _LATER.c.at.label("later_at"),
    )
    .select_from(games.outerjoin(_LATER, (_LATER.c.game_id == games.c.id) & (_LATER.c.seq > bindparam("seq"))))
    .where(games.c.id == bindparam("game_id"))
    .order_by(_LATER.c.seq)
)

class ActionConflict(Exception):
    """Another writer stored an action at the same place in this game first, or ended the game."""


class ReadOnlyDatabase(OSError):
    """The database can be read but not written: a server on it could not keep a single move."""


MB = 1024 * 1024


class Store:
    """The database behind the server. Safe to use from several threads."""

    def __init__(self, url: str, *, synchronous: str = "NORMAL") -> None:
        synchronous = synchronous.upper()
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"SQLite synchronous mode must be one of {', '.join(SYNCHRONOUS_MODES)}")
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        connect_args: dict[str, Any] = {}
        self.file: Path | None = None
        """The SQLite file, when the database is one."""
        if self.is_sqlite:
            connect_args["check_same_thread"] = False
            if parsed.database and parsed.database != ":memory:" and not parsed.query.get("uri"):
                self.file = Path(parsed.database)
                self.file.parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, connect_args=connect_args)
        self._letting_go = LettingGo(self.engine)
        if self.is_sqlite:
            set_pragmas(self.engine, synchronous)
        # A read on a database server goes without BEGIN and ROLLBACK: one round trip instead of three,
        # which the server's event loop waits for. PostgreSQL's READ COMMITTED gives each statement its
        # own snapshot anyway. So does a write that is one statement (an action); other writes go
        # through ``engine.begin()``, in a transaction.
        self.autocommit: Engine = (
            self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        try:
            with self.engine.begin() as connection:
                lock_schema(connection)
                revisions.upgrade(connection)
                # a write that changes nothing: a read-only file or folder fails here, not on a move
                connection.execute(update(games).where(games.c.id == "").values(created_at=0.0))
        except OperationalError as error:
            self.engine.dispose()
            if "readonly" in str(error).replace("-", "").replace(" ", "").lower():
                raise ReadOnlyDatabase(f"the database is read-only ({error.orig})") from None
            raise
        except BaseException:  # a schema newer than this code, say: its connections are let go with it
            self.engine.dispose()
            raise
        self._checkpoints = Checkpoints(self.engine) if self.is_sqlite else None
        self.events = GameEvents()  # the listeners the app subscribes (``events``)

    def reachable(self, min_free: int = 0) -> str | None:
        """None when the database answers a query and can take writes, else what went wrong. A SQLite
        file's disk must have ``min_free`` bytes free: on a full disk the reads go on while every action
        fails, and a health check that only reads would say all is well."""
        try:
            with self.engine.connect() as connection:
                connection.execute(select(1))
                # a standby, or a database set read-only (as PostgreSQL's operators do when its disk fills)
                if not self.is_sqlite and connection.exec_driver_sql("SHOW transaction_read_only").scalar() == "on":
                    return "the database takes no writes: transaction_read_only is on"
            if self.file is not None and min_free:
                free = shutil.disk_usage(self.file.parent).free
                if free < min_free:
                    return f"the disk of {self.file} has {free / MB:,.1f} MB free, less than {min_free / MB:,.0f} MB"
        except Exception as error:  # any failure means the same to a health check: not reachable
            return f"{type(error).__name__}: {error}".splitlines()[0]
        return None

    def start_checkpoints(self) -> None:
        """Moves SQLite's WAL checkpoints (which wait for the disk) off the requests, into a thread."""
        if self._checkpoints is not None:
            self._checkpoints.start()

    def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.stop()
        self._letting_go.close()  # and any connection a thread still at work gives back later

    def schema_revision(self) -> str | None:
        """The migration the database's schema is at (``migrations``): the newest, once the store is open."""
        with self.engine.connect() as connection:
            return revisions.revision(connection)

    def journal_mode(self) -> str:
        """SQLite's journal mode ("wal" when the database is set up as intended)."""
        with self.autocommit.connect() as connection:
            return str(connection.exec_driver_sql("PRAGMA journal_mode").scalar())

    def add_game(self, record: GameRecord, *, abandon: Iterable[Finish] = (), also: Also | None = None) -> None:
        """Stores a new game (and its player, if new), closing the player's abandoned games with it; ``also``
        writes what its kind keeps beside it in the same transaction, and may name its kind (``events.Also``)."""
        with self.engine.begin() as connection:
            add_player(connection, record.player, record.created_at)
            for finish in abandon:
                self._end(connection, finish)
            connection.execute(
                insert(games).values(
                    id=record.id,
                    player=record.player,
                    code=record.code,
                    deal=deal_of(record.code),
                    suits=record.suits,
                    rules=record.rules,
                    verified=record.verified,
                    line=record.line,
                    replay=record.kind == Kind.REPLAY,  # what the kind says, kept as the older columns had it
                    typed=record.typed,
                    shared=record.shared,
                    line_shown=record.line_shown,
                    exercise=record.exercise,
                    created_at=record.created_at,
                    duel=record.duel,
                    preset=record.preset,
                    position=record.position,
                    kind=record.kind,
                    **_clock_values(record.clock),
                )
            )
            kind = None if also is None else also(connection, record)
            if kind is not None and kind != record.kind:
                connection.execute(update(games).where(games.c.id == record.id).values(kind=kind))
                record.kind = kind

    def _end(self, connection: Connection, finish: Finish) -> None:
        """Ends a game that has not ended yet, and tells the listeners of a game's end (``events``: the results
        it counts in, an exercise solved) in the same transaction."""
        if connection.execute(_finish_statement(finish)).rowcount != 1:
            return  # ended already (by another request or server): counted then
        row = connection.execute(select(games).where(games.c.id == finish.game_id)).first()
        if row is None:
            return
        game = from_row(GameRecord, row)
        # a deal made known while the game was on (``Store.reveal``) may have been seen by its player
        game.line_shown = game.line_shown or _known(connection, row.deal)
        self.events.ended(connection, game)

    def owner(self, game_id: str) -> str | None:
        """The player a game belongs to (one look-up by key), None when there is no such game."""
        with self.autocommit.connect() as connection:
            found: str | None = connection.execute(select(games.c.player).where(games.c.id == game_id)).scalar()
            return found

    def game(self, game_id: str) -> GameRecord | None:
        with self.autocommit.connect() as connection:
            row = connection.execute(select(games).where(games.c.id == game_id)).first()
        return None if row is None else from_row(GameRecord, row)

    def actions(self, game_id: str) -> list[StoredAction]:
        with self.autocommit.connect() as connection:
            rows = connection.execute(
                select(actions.c.seq, actions.c.text, actions.c.at)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.seq)
            ).all()
        return [from_row(StoredAction, row) for row in rows]

    def since(self, game_id: str, seq: int) -> Progress | None:
        """What a game's record holds now that play changes, with its actions after the first ``seq``, in
        one look-up (what a server process needs to catch up with another's moves); None if there is no
        such game."""
        with self.autocommit.connect() as connection:
            rows = connection.execute(_SINCE, {"game_id": game_id, "seq": seq}).all()
        if not rows:
            return None
        later = [StoredAction(row.later_seq, row.later_text, row.later_at) for row in rows if row.later_seq is not None]
        return from_row(Progress, rows[0], later=later)

    def add_action(
        self, game_id: str, seq: int, text: str, at: float, clock: Clock, *, finish: Finish | None = None
    ) -> None:
        """Commits one action with the game's clock (and the game's end, when it ended the game).

        Raises :class:`ActionConflict` when an action with that number is already stored.
        """
        values = {"game_id": game_id, "seq": seq, "text": text, "at": at}
        clocked = {"game_id": game_id, "clock_played": clock.played, "clock_since": clock.since}
        try:
            if finish is None and not self.is_sqlite:
                with self.autocommit.connect() as connection:  # the statement is the transaction
                    if connection.execute(_INSERT_ACTION_AND_CLOCK, {**values, **clocked}).first() is None:
                        raise ActionConflict(f"game {game_id} has ended")
                return
            with self.engine.begin() as connection:
                if connection.execute(_INSERT_ACTION, values).first() is None:
                    raise ActionConflict(f"game {game_id} has ended")
                connection.execute(_SET_CLOCK, clocked)
                if finish is not None:
                    self._end(connection, finish)
        except IntegrityError as error:
            raise ActionConflict(f"action {seq} of game {game_id} is already stored") from error

    def finish(self, finish: Finish) -> None:
        with self.engine.begin() as connection:
            self._end(connection, finish)

    def set_clock(self, game_id: str, clock: Clock) -> None:
        """Stores the clock of a game in progress (a game that has ended keeps its final time)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(games).where(games.c.id == game_id, games.c.finished_at.is_(None)).values(**_clock_values(clock))
            )

    # Shared deals.

    def share(self, record: GameRecord, token: str, at: float) -> str:
        """The share token of a game's deal: the one it was given before, else ``token``, now stored."""
        with self.engine.begin() as connection:
            known: str | None = connection.execute(select(shares.c.token).where(shares.c.game_id == record.id)).scalar()
            if known is not None:
                return known
            connection.execute(
                insert(shares).values(
                    token=token,
                    game_id=record.id,
                    code=record.code,
                    rules=record.rules,
                    verified=record.verified,
                    line=record.line,
                    created_at=at,
                    typed=record.typed,
                    preset=record.preset,
                    deal=select(games.c.deal).where(games.c.id == record.id).scalar_subquery(),
                )
            )
        return token

    def shared(self, token: str) -> GameRecord | None:
        """A shared deal by its token, as the game it was shared from (code, table rules, verified, winning
        line, preset; and its kind, typed when the code was known: whoever opens the link plays a code somebody
        knows), None if unknown."""
        with self.autocommit.connect() as connection:
            row = connection.execute(select(shares).where(shares.c.token == token)).first()
        if row is None:
            return None
        kind = Kind.TYPED if row.typed else Kind.SOLO
        return from_row(GameRecord, row, id=row.game_id, player="", suits=parse_code(row.code).suits, kind=kind)

    # Winning lines shown.

    def line_shown(self, player: str, code: str) -> bool:
        """Whether the player has been shown the winning line (or the analysis) of this code's deal."""
        with self.autocommit.connect() as connection:
            return (
                connection.execute(
                    select(exists().where(lines_shown.c.player == player, lines_shown.c.deal == parse_code(code).deal))
                ).scalar()
                is True
            )

    def deal_known(self, code: str) -> bool:
        """Whether anybody has been shown this code's deal: then no game of it counts."""
        with self.autocommit.connect() as connection:
            return _known(connection, deal_of(code))

    def reveal(self, code: str, at: float) -> bool:
        """Whether a finished game's code may be shown, which makes its deal known from then on.

        The rule of what a player may learn of a deal (``results``): a deal's code (or its winning line,
        or its analysis) is shown only when no game of that deal, by anyone, is in progress and could
        still count, and never while the deal is held secret (``hold``: a daily deal on its day); once
        shown, the deal is known, and no game of it ends counted again, for anyone, the games in progress
        included. Games of a typed code do not hold it back: their players gave it.
        """
        deal = deal_of(code)
        with self.engine.begin() as connection:
            if _held(connection, deal, at) is not None:
                return False
            if _known(connection, deal):
                return True
            playing = connection.execute(
                select(
                    exists().where(
                        games.c.deal == deal,
                        games.c.finished_at.is_(None),
                        games.c.kind.in_(HOLDING),
                        games.c.line_shown.is_(False),
                    )
                )
            ).scalar()
            if playing:
                return False
            # made known meanwhile by another request: the same deal, known once
            connection.execute(insert_into(connection, deals_known).values(deal=deal, at=at).on_conflict_do_nothing())
            connection.execute(
                update(games).where(games.c.deal == deal, games.c.finished_at.is_(None)).values(line_shown=True)
            )
        return True

    @staticmethod
    def hold(connection: Connection, code: str, until: float) -> None:
        """Keeps a shared deal secret from everyone until ``until`` (seconds since the epoch), in the caller's
        transaction: no game of it shows its code, line, analysis or record before then (``reveal``). A deal
        held already keeps its time."""
        deal = deal_of(code)
        if deal is not None:
            held = insert_into(connection, deals_held).values(deal=deal, until=until)
            connection.execute(held.on_conflict_do_nothing())

    def held_until(self, code: str, at: float) -> float | None:
        """Until when this code's deal is held secret (``hold``), if it still is at ``at``; else None."""
        with self.autocommit.connect() as connection:
            return _held(connection, deal_of(code), at)

    def show_line(self, player: str, code: str, at: float) -> None:
        """Notes that the player has seen the deal's winning line or analysis (see ``reveal``, which
        made the deal known first)."""
        shown = {"player": player, "deal": parse_code(code).deal, "at": at}
        with self.engine.begin() as connection:  # shown before: the first time is kept
            connection.execute(insert_into(connection, lines_shown).values(**shown).on_conflict_do_nothing())

    # History.

    def history(self, player: str, suits: int, limit: int) -> list[GameRecord]:
        """The player's last solo games that are over at one suit count, the latest ended first: no
        practice, duel or replay game, and no game left for another before its first move."""
        with self.autocommit.connect() as connection:
            rows = connection.execute(
                select(games)
                .where(*_played_solo(player, suits))
                .order_by(games.c.finished_at.desc(), games.c.created_at.desc())
                .limit(limit)
            ).all()
        return [from_row(GameRecord, row) for row in rows]

    def known(self, codes: Iterable[str]) -> set[str]:
        """Which of these codes' deals anybody has been shown (``reveal``), in one look-up: the codes."""
        deals = {code: deal_of(code) for code in codes}
        wanted = {deal for deal in deals.values() if deal is not None}
        if not wanted:
            return set()
        with self.autocommit.connect() as connection:
            found = set(connection.execute(select(deals_known.c.deal).where(deals_known.c.deal.in_(wanted))).scalars())
        return {code for code, deal in deals.items() if deal in found}

    # Housekeeping.

    @staticmethod
    def prune_games(connection: Connection, before: float) -> int:
        """Deletes the games left for another before their first move and ended before ``before``, and the
        replays of winning lines begun before it; how many."""
        left = (games.c.result == "abandoned") & (games.c.moves == 0) & (games.c.finished_at < before)
        watched = (games.c.kind == Kind.REPLAY) & (games.c.created_at < before)
        empty = select(games.c.id).where(left | watched)
        connection.execute(delete(actions).where(actions.c.game_id.in_(empty)))
        return int(connection.execute(delete(games).where(games.c.id.in_(empty))).rowcount)

    @staticmethod
    def idle_players(connection: Connection, before: float) -> list[str]:
        """The players first seen before ``before`` who have begun no game since."""
        playing = select(games.c.player).where(games.c.created_at >= before)
        return players_before(connection, before, playing=playing)

    @staticmethod
    def forget(connection: Connection, gone: list[str]) -> int:
        """Deletes these players' games, with their actions and the lines they were shown; how many games."""
        owned = select(games.c.id).where(games.c.player.in_(gone))
        connection.execute(delete(actions).where(actions.c.game_id.in_(owned)))
        connection.execute(delete(lines_shown).where(lines_shown.c.player.in_(gone)))
        return int(connection.execute(delete(games).where(games.c.player.in_(gone))).rowcount)

    @staticmethod
    def forget_shares(connection: Connection, before: float) -> None:
        """Deletes the share links made before ``before``."""
        connection.execute(delete(shares).where(shares.c.created_at < before))

    @staticmethod
    def moved(connection: Connection, game_ids: list[str]) -> set[str]:
        """Which of these games have had an action."""
        found = select(actions.c.game_id).where(actions.c.game_id.in_(game_ids)).distinct()
        return {str(game_id) for game_id in connection.execute(found).scalars()}

    def current_game_id(self, player: str) -> str | None:
        """The player's most recent game that is not over (a replay of a winning line never is one)."""
        with self.autocommit.connect() as connection:
            return connection.execute(
                select(games.c.id)
                .where(
                    games.c.player == player,
                    games.c.finished_at.is_(None),
                    games.c.kind.not_in(BESIDE),
                )
                .order_by(games.c.created_at.desc())
                .limit(1)
            ).scalar()

    def unfinished_game_ids(self, player: str) -> list[str]:
        with self.autocommit.connect() as connection:
            return list(
                connection.execute(
                    select(games.c.id).where(
                        games.c.player == player,
                        games.c.finished_at.is_(None),
                        games.c.kind.not_in(BESIDE),
                    )
                ).scalars()
            )

    def begun(self, player: str) -> int:
        """How many games the player has begun (replays of a winning line aside)."""
        with self.autocommit.connect() as connection:
            found = select(func.count()).select_from(games).where(games.c.player == player, games.c.kind != Kind.REPLAY)
            return int(connection.execute(found).scalar_one())

    def finished_ids(self, player: str) -> list[str]:
        """The ids of the player's finished games, oldest first (an account's export)."""
        with self.autocommit.connect() as connection:
            found = select(games.c.id).where(games.c.player == player, games.c.finished_at.is_not(None))
            return list(connection.execute(found.order_by(games.c.created_at)).scalars())

    def codes_played(self, player: str, suits: int) -> set[str]:
        """The deals a player has been given, of one suit count (whatever their rules suffix)."""
        with self.autocommit.connect() as connection:
            codes = connection.execute(
                select(games.c.code).where(
                    games.c.player == player, games.c.suits == suits, games.c.kind.not_in(EXERCISES)
                )
            ).scalars()
            return {parse_code(code).deal for code in codes}


def _played_solo(player: str, suits: int) -> tuple[Any, ...]:
    """The player's solo games over at one suit count, not a replay's table, played beyond their opening."""
    return (
        games.c.player == player,
        games.c.finished_at.is_not(None),
        games.c.suits == suits,
        games.c.kind.in_(HISTORY),
        (games.c.result != "abandoned") | (games.c.moves > 0),
    )


def deal_of(code: str) -> str | None:
    """A game code's deal, whatever its table rules; None for a practice game's empty code."""
    return parse_code(code).deal if code else None


def _held(connection: Connection, deal: str | None, at: float) -> float | None:
    if deal is None:
        return None
    until: float | None = connection.execute(
        select(deals_held.c.until).where(deals_held.c.deal == deal, deals_held.c.until > at)
    ).scalar()
    return until


def _known(connection: Connection, deal: str | None) -> bool:
    if deal is None:
        return False
    return connection.execute(select(exists().where(deals_known.c.deal == deal))).scalar() is True


def _finish_statement(finish: Finish) -> Any:
    if finish.result not in ENDINGS:
        raise ValueError(f"unknown game result {finish.result!r}")
    return (
        update(games)
        .where(games.c.id == finish.game_id, games.c.finished_at.is_(None))
        .values(
            finished_at=finish.finished_at,
            result=finish.result,
            score=finish.score,
            moves=finish.moves,
            seconds=finish.seconds,
        )
    )




def _clock_values(clock: Clock | None) -> dict[str, float | None]:
    return {"played": None, "clock_at": None} if clock is None else {"played": clock.played, "clock_at": clock.since}


def now() -> float:
    """The time stored with games and actions: seconds since the epoch."""
    return time.time()


SEEN_GAMES = select(
    *(column for column in games.c if column.name not in ("line", "position", "played", "clock_at"))
).subquery("seen_games")
"""The stored games as the packages above read them (a day's board, a race, the boards of best scores): a
read-only view of the ``games`` table, which only this store writes; all its columns but a verified deal's line,
a tried-again position and the clock of a game in play."""

SEEN_LINES = select(lines_shown.c.player, lines_shown.c.deal, lines_shown.c.at).subquery("seen_lines")
"""Who has been shown which deal's winning line or analysis, and when: a read-only view of ``lines_shown``."""



def played(of: FromClause = games) -> ColumnElement[bool]:
    """The games not left for another before their first move (which cost nothing), as a condition on ``games``
    or on ``SEEN_GAMES`` (or an alias of it)."""
    return or_(of.c.result.is_(None), not_(and_(of.c.result == "abandoned", of.c.moves == 0)))


PLAYED = played(SEEN_GAMES)
"""Of ``SEEN_GAMES``, those not left for another before their first move (which cost nothing)."""


def shared_by_another(of: FromClause = games) -> ColumnElement[bool]:
    """The games of a deal another player had shared a link to (``Store.share``) before they began, as a condition
    on ``games`` or on ``SEEN_GAMES`` (or an alias of it): whoever shared it knows its cards, and may have told them.

    Asked from the shares' side: the deal's shares made by then, by index (``shares_by_deal``: each share keeps its
    game's deal), each one's game by its id. A deal played by many (the day's deal) costs its few shares, not a walk
    through all its games for each of them."""
    sharer = games.alias("sharer")
    return exists().where(
        shares.c.deal == of.c.deal,
        shares.c.created_at <= of.c.created_at,
        sharer.c.id == shares.c.game_id,
        sharer.c.deal == of.c.deal,
        sharer.c.player != of.c.player,
    )


def unplayed_games() -> Select[tuple[str]]:
    """The ids of the games left for another before their first move: they cost nothing (``kinds.counts``)."""
    return select(games.c.id).where(games.c.result == "abandoned", games.c.moves == 0)


def counting_games(of: FromClause = games) -> ColumnElement[bool]:
    """The stored games that counted in their players' results when they ended, as a condition on ``games``
    and count in everyone's figures (``kinds.counts`` and ``kinds.SITE``): no code typed in, no deal known.

    ``of`` is what the condition is asked of: the ``games`` table (this store's own queries), or ``SEEN_GAMES``
    (or an alias of it) for the packages above, which read the games through the view: the one rule for both."""
    known_before = exists().where(deals_known.c.deal == of.c.deal, deals_known.c.at < of.c.finished_at)
    return and_(
        of.c.finished_at.is_not(None),
        of.c.result.in_(("won", "resigned", "abandoned")),
        or_(of.c.result != "abandoned", of.c.moves > 0),
        of.c.kind.in_(SITE),
        of.c.line_shown.is_(False),
        not_(known_before),
    )
