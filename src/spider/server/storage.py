"""Where games live: players, games and every action, in SQLite (or any SQLAlchemy database).

A game is stored as its code, its table rules and the list of actions the player made (undo and redo
included), so replaying them rebuilds the game with its whole undo history. Each action is committed
before the server answers it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    case,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),  # a hash of the player's cookie token
    Column("created_at", Float, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player", String(64), ForeignKey("players.id"), nullable=False),
    Column("code", String(80), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("rules", JSON, nullable=False),
    Column("verified", Boolean, nullable=False),
    Column("line", JSON, nullable=True),  # the winning line of a verified deal
    Column("replay", Boolean, nullable=False, default=False),  # shows a winning line: not in any results
    Column("created_at", Float, nullable=False),  # seconds since the epoch, UTC
    Column("finished_at", Float, nullable=True),
    Column("result", String(16), nullable=True),  # "won", "resigned" or "abandoned"
    Column("score", Integer, nullable=True),  # final score, moves and playing time
    Column("moves", Integer, nullable=True),
    Column("seconds", Float, nullable=True),
    Index("games_by_player", "player", "finished_at", "created_at"),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, 3 ... in the order they were played
    Column("text", String(16), nullable=False),  # notation: "3>7", "3>7:2", "d", "f3", "u", "r"
    Column("at", Float, nullable=False),
)

_INSERT_ACTION = insert(actions)  # built once: the one statement every action runs

RESULTS = ("won", "resigned", "abandoned")
CHECKPOINT_SECONDS = 2.0
AUTOCHECKPOINT_PAGES = 20_000
SYNCHRONOUS_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")


@dataclass(slots=True)
class GameRecord:
    """One stored game: everything about it but its actions."""

    id: str
    player: str
    code: str
    suits: int
    rules: dict[str, Any]
    verified: bool
    created_at: float
    line: list[str] | None = None
    finished_at: float | None = None
    result: str | None = None
    score: int | None = None
    moves: int | None = None
    seconds: float | None = None
    replay: bool = False

    @property
    def over(self) -> bool:
        return self.result is not None


@dataclass(frozen=True, slots=True)
class StoredAction:
    seq: int
    text: str
    at: float


@dataclass(frozen=True, slots=True)
class Finish:
    """How a game ended, as stored."""

    game_id: str
    result: str
    finished_at: float
    score: int
    moves: int
    seconds: float


class ActionConflict(Exception):
    """Another writer stored an action at the same place in this game first."""


class Store:
    """The database behind the server. Safe to use from several threads."""

    def __init__(self, url: str, *, synchronous: str = "NORMAL") -> None:
        synchronous = synchronous.upper()
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(f"SQLite synchronous mode must be one of {', '.join(SYNCHRONOUS_MODES)}")
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        connect_args: dict[str, Any] = {}
        if self.is_sqlite:
            connect_args["check_same_thread"] = False
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, connect_args=connect_args)
        if self.is_sqlite:
            _sqlite_pragmas(self.engine, synchronous)
        metadata.create_all(self.engine)
        self._stop = threading.Event()
        self._checkpoints: threading.Thread | None = None

    def start_checkpoints(self, every: float = CHECKPOINT_SECONDS) -> None:
        """Moves SQLite's WAL checkpoints (which wait for the disk) off the requests, into a thread."""
        if not self.is_sqlite or self._checkpoints is not None:
            return

        def run() -> None:
            while not self._stop.wait(every):
                with contextlib.suppress(Exception), self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

        self._checkpoints = threading.Thread(target=run, name="spider-checkpoints", daemon=True)
        self._checkpoints.start()

    def close(self) -> None:
        self._stop.set()
        if self._checkpoints is not None:
            self._checkpoints.join(5)
        if self.is_sqlite:
            with contextlib.suppress(Exception), self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self.engine.dispose()

    def journal_mode(self) -> str:
        """SQLite's journal mode ("wal" when the database is set up as intended)."""
        with self.engine.connect() as connection:
            return str(connection.exec_driver_sql("PRAGMA journal_mode").scalar())

    def add_game(self, record: GameRecord, *, abandon: Iterable[Finish] = ()) -> None:
        """Stores a new game (and its player, if new), closing the player's abandoned games with it."""
        with self.engine.begin() as connection:
            known = connection.execute(select(players.c.id).where(players.c.id == record.player)).first()
            if known is None:
                connection.execute(insert(players).values(id=record.player, created_at=record.created_at))
            for finish in abandon:
                connection.execute(_finish_statement(finish))
            connection.execute(
                insert(games).values(
                    id=record.id,
                    player=record.player,
                    code=record.code,
                    suits=record.suits,
                    rules=record.rules,
                    verified=record.verified,
                    line=record.line,
                    replay=record.replay,
                    created_at=record.created_at,
                )
            )

    def game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(games).where(games.c.id == game_id)).first()
        return None if row is None else _record(row._mapping)

    def actions(self, game_id: str) -> list[StoredAction]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(actions.c.seq, actions.c.text, actions.c.at)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.seq)
            ).all()
        return [StoredAction(row.seq, row.text, row.at) for row in rows]

    def progress(self, game_id: str) -> tuple[int, str | None] | None:
        """How far a stored game is: (actions stored, result), or None if there is no such game."""
        last = select(func.max(actions.c.seq)).where(actions.c.game_id == game_id).scalar_subquery()
        with self.engine.connect() as connection:
            row = connection.execute(select(last, games.c.result).where(games.c.id == game_id)).first()
        return None if row is None else (int(row[0] or 0), row[1])

    def add_action(self, game_id: str, seq: int, text: str, at: float, *, finish: Finish | None = None) -> None:
        """Commits one action (and the game's end, when it ended the game).

        Raises :class:`ActionConflict` when an action with that number is already stored.
        """
        try:
            with self.engine.begin() as connection:
                connection.execute(_INSERT_ACTION, {"game_id": game_id, "seq": seq, "text": text, "at": at})
                if finish is not None:
                    connection.execute(_finish_statement(finish))
        except IntegrityError as error:
            raise ActionConflict(f"action {seq} of game {game_id} is already stored") from error

    def finish(self, finish: Finish) -> None:
        with self.engine.begin() as connection:
            connection.execute(_finish_statement(finish))

    def current_game_id(self, player: str) -> str | None:
        """The player's most recent game that is not over."""
        with self.engine.connect() as connection:
            return connection.execute(
                select(games.c.id)
                .where(games.c.player == player, games.c.finished_at.is_(None))
                .order_by(games.c.created_at.desc())
                .limit(1)
            ).scalar()

    def unfinished_game_ids(self, player: str) -> list[str]:
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(games.c.id).where(games.c.player == player, games.c.finished_at.is_(None))
                ).scalars()
            )

    def codes_played(self, player: str, suits: int) -> set[str]:
        """The deals a player has been given, of one suit count (whatever their rules suffix)."""
        with self.engine.connect() as connection:
            codes = connection.execute(
                select(games.c.code).where(games.c.player == player, games.c.suits == suits)
            ).scalars()
            return {code_seed(code) for code in codes}

    def codes_dealt(self, suits: int) -> set[str]:
        """Every deal of one suit count that any player has been given."""
        with self.engine.connect() as connection:
            codes = connection.execute(select(games.c.code).where(games.c.suits == suits).distinct()).scalars()
            return {code_seed(code) for code in codes}

    def finished_games(self, player: str) -> list[GameRecord]:
        """The player's games that are over, oldest end first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games)
                .where(games.c.player == player, games.c.finished_at.is_not(None))
                .order_by(games.c.finished_at, games.c.created_at)
            ).all()
        return [_record(row._mapping) for row in rows]


    def site_results(self, since: float) -> list[tuple[int, int, int]]:
        """Across all players, per suit count: (suits, games counted, games won) ended since a time.

        A game counts when it was won or resigned, or abandoned after at least one move, and was not
        the replay of a winning line.
        """
        counted = ((games.c.result != "abandoned") | (games.c.moves > 0)) & games.c.replay.is_(False)
        won = func.sum(case((games.c.result == "won", 1), else_=0))
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games.c.suits, func.count(), won)
                .where(games.c.finished_at >= since, counted)
                .group_by(games.c.suits)
            ).all()
        return [(int(suits), int(total), int(wins or 0)) for suits, total, wins in rows]


def _finish_statement(finish: Finish) -> Any:
    if finish.result not in RESULTS:
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


def _record(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"],
        player=row["player"],
        code=row["code"],
        suits=row["suits"],
        rules=dict(row["rules"]),
        verified=bool(row["verified"]),
        line=None if row["line"] is None else list(row["line"]),
        created_at=row["created_at"],
        finished_at=row["finished_at"],
        result=row["result"],
        score=row["score"],
        moves=row["moves"],
        seconds=row["seconds"],
        replay=bool(row["replay"]),
    )


def _sqlite_pragmas(engine: Engine, synchronous: str) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        # Checkpoints run in a thread of their own (Store.start_checkpoints); the WAL still gets
        # checkpointed by SQLite itself past this many pages if that thread is not running.
        cursor.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
        cursor.close()


def code_seed(code: str) -> str:
    """A game code without its table rules suffix: ``SP1-S2C-ABCDEFG``, the form the pool stores."""
    return "-".join(code.split("-")[:3])


def now() -> float:
    """The time stored with games and actions: seconds since the epoch."""
    return time.time()
