"""Hints and "no more moves", from what the player can see only.

Both search the visible table: face-down cards are counted but never identified, and the stock is
never dealt. A move that turns a card up ends its line there: the card is unknown, so the position is
valued as if an ordinary unsorted card lay there.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from spider.cards import RUNS_TO_WIN
from spider.describe import move_words
from spider.game import deal_refusal_id, never_dealt_again
from spider.notation import Position
from spider.solver.convert import action_text, table_for
from spider.solver.core import DEAL, Move, State, Table, turned_up
from spider.text import message

# The C core makes both searches fast: 10,000 positions take well under a second on one core.
HINT_NODES = 10_000
STUCK_NODES = 200_000
STUCK_SECONDS = 1.0


class HintJson(TypedDict):
    """A hint as JSON: the API's answer (``spider.server.answers.Hint``) and ``spider hint --json``."""

    action: str | None
    column: int | None
    count: int | None
    target: int | None
    text: str
    message_id: str
    deal_possible: bool


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, or none (``action is None``) with whether a deal is possible now.

    ``column`` is the source column (1-10), ``count`` the cards moved (0 for a flip), ``target`` the
    target column (None for a flip or no action). ``message_id`` names the text to show and ``words``
    fills it: the move in words, with the cards it moves and the card they go onto.
    """

    action: str | None
    column: int | None
    count: int
    target: int | None
    deal_possible: bool
    message_id: str
    words: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def message(self) -> str:
        """The text of the hint in the spoken language: the move in words, or why there is none."""
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """The text of the hint in a language (the spoken one unless named)."""
        return message(self.message_id, lang, **self.words)

    def to_json(self) -> HintJson:
        """The hint as JSON, its sentence in the spoken language; no count without an action."""
        return {
            "action": self.action,
            "column": self.column,
            "count": self.count if self.action is not None else None,
            "target": self.target,
            "text": self.message,
            "message_id": self.message_id,
            "deal_possible": self.deal_possible,
        }


def deal_possible(position: Position) -> bool:
    """Whether dealing is allowed in this position now."""
    sizes = [len(cards) + down for cards, down in zip(position.columns, position.face_down, strict=True)]
    return deal_refusal_id(position.rules, position.stock_count, sizes) is None


def never_dealt(position: Position, state: State) -> bool:
    """Whether a state of the position's public table (:func:`table_for` with no stock order) holds too few
    cards to fill the columns for a deal while the stock still holds cards: then the game is lost. A run
    completed too early leaves one so."""
    return never_dealt_again(position.rules, position.stock_count, sum(map(len, state[0])) + sum(state[1]))


def public_table(position: Position) -> tuple[Table, State]:
    """The search table of what a player sees of a position: face-down cards counted, the stock unknown."""
    return table_for(
        position.columns, position.face_down, None, position.rules.group, position.rules.deal, suits=position.suits
    )


def hint(position: Position, *, max_nodes: int = HINT_NODES) -> Hint:
    """The move judged best from the visible table, by a best-first search of up to ``max_nodes``
    positions; never a deal. Where :func:`no_more_moves` finds the game stuck, no move either
    (``"hint.stuck"``: only undo or a new game are left), so that the two never disagree.

    >>> from spider import Game
    >>> game = Game.from_code("SP1-S1C-AAAAAAD")
    >>> hint(game.public_position()).action is not None
    True
    """
    can_deal = deal_possible(position)
    flips = position.flippable
    if flips:
        return Hint(f"f{flips[0] + 1}", flips[0] + 1, 0, None, can_deal, "hint.flip", {"column": flips[0] + 1})
    if not can_deal and no_more_moves(position):
        return Hint(None, None, 0, None, False, "hint.stuck")
    table, start = public_table(position)
    line = _best_line(table, start, max_nodes, lambda state: never_dealt(position, state))
    if not line:
        return Hint(None, None, 0, None, can_deal, "hint.none_deal" if can_deal else "hint.none_fill")
    move = Move.of(line[0])
    message_id, words = move_words(position.columns, move.source + 1, move.count, move.target + 1)
    return Hint(action_text(start, line[0]), move.source + 1, move.count, move.target + 1, can_deal, message_id, words)


def _best_line(table: Table, start: State, max_nodes: int, lost: Callable[[State], bool]) -> list[int]:
    """Best-first search over moves (never a deal) from the visible table; the actions to the best
    position seen, or none if no position beats the start. Positions where ``lost`` holds are passed by."""
    root = table.score(start)
    # A card turned up is valued as one more unsorted card: its identity is not known.
    unknown_card = table.weights.unknown_card
    best_value, best_node = root, -1
    # Each node found: its parent node and the action from there (node 0 is the start).
    parents, actions = [-1], [-1]
    heap: list[tuple[int, int, int, State, int]] = [(root, 0, 0, start, root)]
    seen = {hash(start)}
    nodes = 0
    while heap and nodes < max_nodes:
        _, node, depth, state, score = heapq.heappop(heap)
        nodes += 1
        for action, child_score, child in table.children(state, score):
            if action == DEAL:
                continue
            key = hash(child)
            if key in seen or lost(child):
                continue
            seen.add(key)
            opened = turned_up(state, child)
            # Each move costs a little, so that of two equal outcomes the shorter way is preferred and a
            # move that changes nothing is not suggested.
            value = child_score + opened * unknown_card + depth + 1
            child_node = len(parents)
            parents.append(node)
            actions.append(action)
            if value < best_value:
                best_value, best_node = value, child_node
            if not opened:
                heapq.heappush(heap, (value, child_node, depth + 1, child, child_score))
    line: list[int] = []
    while best_node > 0:
        line.append(actions[best_node])
        best_node = parents[best_node]
    line.reverse()
    return line


def no_more_moves(position: Position, *, max_nodes: int = STUCK_NODES, seconds: float = STUCK_SECONDS) -> bool:
    """True only when no sequence of moves can turn a card up, complete a run or reach a position where a
    deal is allowed, and no deal is allowed now (SPEC 2.3).

    The search over the visible table is exhaustive (splitting runs included) and tells positions apart
    by comparing them whole, never by hash alone (:meth:`Table.stuck`); if it would need to keep more
    than ``max_nodes`` positions or take more than ``seconds`` the answer is False, so that the game never
    wrongly says it is stuck.
    """
    if len(position.runs) == RUNS_TO_WIN or deal_possible(position) or position.flippable:
        return False
    table, start = public_table(position)
    return table.stuck(start, position.stock_count > 0, max_nodes, seconds)
