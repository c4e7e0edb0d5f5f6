"""Every call the server makes to the solver, in one place.

The solver (``spider.solver``) gives hints, says when there are no more moves, verifies deals and keeps
the pool of verified deals. When a piece of it is missing this module answers modestly instead: a hint
from the best targets on the table, never "no more moves", and no verified deals.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from spider import Game, Move, TableRules, parse_action

try:  # the solver lands separately; the server works without it
    from spider import solver as _solver
except ImportError:  # pragma: no cover - depends on what is installed
    _solver = None  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move from what the player can see, or none (``action is None``)."""

    action: str | None
    column: int | None
    count: int | None
    target: int | None
    text: str
    deal_possible: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "column": self.column,
            "count": self.count,
            "target": self.target,
            "text": self.text,
            "deal_possible": self.deal_possible,
        }


@dataclass(frozen=True, slots=True)
class VerifiedDeal:
    code: str
    line: list[str]


def _solver_function(name: str) -> Any:
    return getattr(_solver, name, None) if _solver is not None else None


def hint(game: Game, seconds: float) -> Hint:
    """The solver's hint for the position the player sees (it never looks at face-down cards)."""
    solver_hint = _solver_function("hint")
    if solver_hint is not None:
        result = solver_hint(game, seconds=seconds)
        return _hint_from_solver(game, result)
    return _simple_hint(game)


def _hint_from_solver(game: Game, result: Any) -> Hint:
    action = getattr(result, "action", None)
    text = str(getattr(result, "text", "") or "")
    if action is None:
        return Hint(None, None, None, None, text or _no_move_text(game), game.deal_possible)
    move = parse_action(str(action)) if not isinstance(action, Move) else action
    if not isinstance(move, Move):
        return Hint(None, None, None, None, text or _no_move_text(game), game.deal_possible)
    count = move.count if move.count is not None else _count_for(game, move)
    return Hint(str(move), move.source, count, move.target, text or _move_text(move, count), game.deal_possible)


def _count_for(game: Game, move: Move) -> int:
    for count in range(game.movable(move.source), 0, -1):
        if move.target in game.targets(move.source, count):
            return count
    return 1


def _simple_hint(game: Game) -> Hint:
    """Without the solver: the group that fits best onto a card, preferring its own suit."""
    best: tuple[int, int, Move] | None = None
    for column in range(1, 11):
        for count in range(game.movable(column), 0, -1):
            target = game.best_target(column, count)
            if target is None or not game.face_up(target):
                continue
            top = game.face_up(target)[-1]
            group_top = game.face_up(column)[-count]
            uncovers = count == len(game.face_up(column))
            key = (0 if top.suit == group_top.suit else 1, 0 if uncovers else 1, Move(column, target, count))
            if best is None or key[:2] < best[:2]:
                best = key
    if best is None:
        return Hint(None, None, None, None, _no_move_text(game), game.deal_possible)
    move = best[2]
    assert move.count is not None
    return Hint(str(move), move.source, move.count, move.target, _move_text(move, move.count), game.deal_possible)


def _move_text(move: Move, count: int) -> str:
    cards = "the card" if count == 1 else f"the {count} cards"
    return f"Move {cards} at the end of column {move.source} onto column {move.target}."


def _no_move_text(game: Game) -> str:
    if game.deal_possible:
        return "No move on the table is worth making; dealing from the stock is your choice."
    return "No move on the table is worth making, and no deal is possible now."


def no_more_moves(game: Game, seconds: float) -> bool:
    """True only when the solver proves that no progress is possible (SPEC 2.3)."""
    check = _solver_function("no_more_moves")
    if check is None or game.won:
        return False
    return bool(check(game, seconds=seconds))


def verify(code: str, rules: TableRules, seconds: float) -> list[str] | None:
    """A winning line for a deal found within ``seconds``, checked by replay; ``None`` if none was found."""
    solve = _solver_function("solve")
    if solve is None:
        return None
    game = Game.from_code(code, rules)
    result = solve(game, seconds=seconds)
    line = getattr(result, "line", None)
    if getattr(result, "verdict", None) != "win" or not line:
        return None
    moves = [str(action) for action in line]
    return moves if replays_to_win(code, rules, moves) else None


def replays_to_win(code: str, rules: TableRules, line: list[str]) -> bool:
    """Whether a line, played through the rules engine, wins the deal."""
    game = Game.from_code(code, rules)
    try:
        for action in line:
            game.play(action)
    except ValueError:
        return False
    return game.won


class DealPool:
    """The verified deals ready to be dealt, per suit count (the solver's pool, when it has one)."""

    def __init__(self, database: str) -> None:
        pool_class = _solver_function("Pool")
        self._pool = pool_class(database) if pool_class is not None else None
        self._lock = threading.Lock()

    @property
    def available(self) -> bool:
        return self._pool is not None

    def take(self, suits: int) -> VerifiedDeal | None:
        if self._pool is None:
            return None
        with self._lock:
            taken = self._pool.take(suits)
        if taken is None:
            return None
        return VerifiedDeal(str(taken.code), [str(action) for action in taken.line])

    def count(self, suits: int) -> int:
        if self._pool is None:
            return 0
        with self._lock:
            return int(self._pool.count(suits))

    def add(self, deal: VerifiedDeal) -> None:
        if self._pool is None:
            return
        with self._lock:
            self._pool.add(deal.code, deal.line)

    def close(self) -> None:
        close = getattr(self._pool, "close", None)
        if close is not None:
            close()
