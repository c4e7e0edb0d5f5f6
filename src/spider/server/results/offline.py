"""Results of games played offline (``spider.offline``), checked by playing them again, and counted apart.

The page sends a finished offline game once the connection is back: its code, table rules, every action
and how it ended. The engine plays the actions again from the code's opening, so a refused action or a
"won" that is no win is refused here. What no server saw stays the page's word: the playing time. Such
results never mix with the online ones (``results``) or the site's win rates: the statistics answer has
them in a part of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spider.cards import SUIT_COUNTS
from spider.game import Game
from spider.rules import TableRules
from spider.server.games.kinds import Kind, counts
from spider.server.refusals import Conflict
from spider.server.results.answers import OfflineAnswer, OfflineStats, OfflineTally
from spider.server.results.counting import win_rate
from spider.view import OfflineEnding, whole_seconds


@dataclass(frozen=True, slots=True)
class OfflineGame:
    """A game played offline, as the page kept it: its code, table rules, every action (spaces between),
    how it ended, and the playing time the page counted (the route reads it from ``bodies.OfflineResult``)."""

    code: str
    rules: dict[str, Any]
    actions: str
    result: OfflineEnding
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class OfflineRecord:
    """An offline game's result as the server checked it."""

    code: str
    suits: int
    rules: dict[str, Any]
    result: str
    score: int
    moves: int
    seconds: float | None
    actions: str
    received_at: float


def checked(sent: OfflineGame, at: float) -> OfflineRecord:
    """The result as the engine finds it, playing the actions again; raises the engine's refusal for an
    action the rules refuse, and a 409 for a claimed win that the actions do not make."""
    actions = sent.actions.split()
    game = Game.replay(sent.code, TableRules.from_json(sent.rules), actions)
    if sent.result == "won" and not game.won:
        raise Conflict("server.offline_not_won")
    result = "won" if game.won else sent.result
    assert game.code is not None
    return OfflineRecord(
        game.code, game.suits, game.rules.to_json(), result, game.score, game.moves, sent.seconds, " ".join(actions), at
    )


def counted(record: OfflineRecord) -> bool:
    """Whether an offline game counts: as an online one would (left before its first move, it does not)."""
    return counts(Kind.SOLO, record.result, record.moves)  # as any game: left before a move, it costs nothing


def answer(record: OfflineRecord) -> OfflineAnswer:
    result: OfflineEnding = (
        "won" if record.result == "won" else "resigned" if record.result == "resigned" else "abandoned"
    )
    return {
        "code": record.code,
        "result": result,
        "score": record.score,
        "moves": record.moves,
        "seconds": None if record.seconds is None else whole_seconds(record.seconds),
        "counted": counted(record),
    }


def offline_stats(rows: list[tuple[int, int, int, float | None, int | None]]) -> OfflineStats:
    """Per suit count: offline games, wins, win rate, best time and fewest moves of a win."""
    found = {suits: (games, wins, best, fewest) for suits, games, wins, best, fewest in rows}
    by_suits: dict[str, OfflineTally] = {}
    for suits in SUIT_COUNTS:
        games, wins, best, fewest = found.get(suits, (0, 0, None, None))
        by_suits[str(suits)] = {
            "games": games,
            "wins": wins,
            "win_rate": win_rate(wins, games),
            "best_seconds": None if best is None else int(best),
            "fewest_moves": fewest,
        }
    return {"by_suits": by_suits}
