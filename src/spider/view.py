"""The public view of a game: what the player may see, and what the page needs to offer moves.

Built only from public facts: the face-up cards, how many cards lie face down, how many are in the
stock. Never a face-down card's identity, never the stock's order. Which columns accept which group,
and the rule that refuses a group or a deal, come from the engine, so the page holds no rules.

The server answers with it, and so does the browser's offline engine (``spider.offline``): it imports
nothing beyond the engine.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from spider.actions import COLUMNS

if TYPE_CHECKING:  # the answers' shapes, for mypy only: the browser's offline engine has no Pydantic
    from spider.game import Game
    from spider.server.answers import Group, LastMove, Pile, Table, Unmovable


def iso_time(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def columns(game: Game) -> list[Pile]:
    down = game.face_down
    return [
        {"down": down[column - 1], "up": [str(card) for card in game.face_up(column)]}
        for column in range(1, COLUMNS + 1)
    ]


def groups(game: Game) -> list[Group]:
    """Every group that can be picked up, with the columns that accept it and the best of them.

    A group that fits nowhere comes with the rule that keeps it there, for the page to show.
    """
    accepted = game.group_targets()
    found: list[Group] = []
    for column in range(1, COLUMNS + 1):
        for count in range(1, game.movable(column) + 1):
            fits = sorted(accepted.get((column, count), ()))
            # the best target is one of the targets: ask the engine only when there is a choice
            best = game.best_target(column, count) if len(fits) > 1 else fits[0] if fits else None
            refusal = None if fits else str(game.nowhere_refusal(column, count))
            found.append({"column": column, "count": count, "targets": fits, "best": best, "refusal": refusal})
    return found


def unmovable(game: Game) -> list[Unmovable]:
    """Every group of face-up cards that cannot be picked up, with the rule that keeps it together with
    the column, for the page to name when a player tries."""
    return [
        {"column": column, "count": count, "refusal": str(game.nowhere_refusal(column, count))}
        for column in range(1, COLUMNS + 1)
        for count in range(game.movable(column) + 1, len(game.face_up(column)) + 1)
    ]


def flips(game: Game) -> list[int]:
    """The columns whose top card may be turned over now (manual flip), as the engine lists them."""
    return [index + 1 for index in game.flippable]


def last_move(game: Game) -> LastMove | None:
    """The move that left the table as it is, for the page to mark."""
    moved = game.last_move
    return None if moved is None else {"source": moved.source, "target": moved.target, "count": moved.count}


def table(game: Game) -> Table:
    """The part of the view that depends only on the table."""
    refusal = game.deal_refusal
    return {
        "suits": game.suits,
        "rules": game.rules.to_json(),
        "columns": columns(game),
        "stock": {"cards": len(game.stock), "deals_left": game.deals_left},
        "runs": list(game.runs),
        "score": game.score,
        "moves": game.moves,
        "won": game.won,
        "deal_possible": game.deal_possible,
        "deal_refusal": None if refusal is None else str(refusal),
        "deal_never_possible": game.deal_never_possible,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "last_move": last_move(game),
        "groups": groups(game),
        "unmovable": unmovable(game),
        "flips": flips(game),
        "text": game.describe(),
    }
