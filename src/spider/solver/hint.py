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
    """A hint as JSON: the API's answer (``spider.server.http.answers.Hint``) and ``spider hint --json``."""

    action: str | None
    column: int | None
    count: int | None
    target: int | None
    text: str
    message_id: str
    lead_id: str | None
    deal_possible: bool
    index: int
    total: int


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, or none (``action is None``) with whether a deal is possible now.

    ``column`` is the source column (1-10), ``count`` the cards moved (0 for a flip), ``target`` the
    target column (None for a flip or no action). ``message_id`` names the text to show and ``words``
    fills it: the move in words, with the cards it moves and the card they go onto. ``lead_id`` names a
    sentence said before the move, why it is suggested when no move is worth making for itself (fill the
    empty columns, then deal). ``index`` is this hint's place (from 0) among the ``total`` worthwhile
    actions of the position, best first: asking again with the next index gives the next one.
    """

    action: str | None
    column: int | None
    count: int
    target: int | None
    deal_possible: bool
    message_id: str
    words: dict[str, Any] = field(default_factory=dict, compare=False)
    lead_id: str | None = None
    lead_words: dict[str, Any] = field(default_factory=dict, compare=False)
    index: int = 0
    total: int = 0

    @property
    def message(self) -> str:
        """The text of the hint in the spoken language: the move in words, or why there is none."""
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """The text of the hint in a language (the spoken one unless named)."""
        text = message(self.message_id, lang, **self.words)
        return text if self.lead_id is None else f"{message(self.lead_id, lang, **self.lead_words)} {text}"

    def to_json(self) -> HintJson:
        """The hint as JSON, its sentence in the spoken language; no count without an action."""
        return {
            "action": self.action,
            "column": self.column,
            "count": self.count if self.action is not None else None,
            "target": self.target,
            "text": self.message,
            "message_id": self.message_id,
            "lead_id": self.lead_id,
            "deal_possible": self.deal_possible,
            "index": self.index,
            "total": self.total,
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


def hint(position: Position, *, max_nodes: int = HINT_NODES, index: int = 0) -> Hint:
    """The ``index``-th (from 0, wrapping) of the moves judged worthwhile from the visible table, best
    first, found by a best-first search of up to ``max_nodes`` positions; never a deal. Asking again with
    the next index cycles through them, as Windows' Spider does. Where :func:`no_more_moves` finds the game
    stuck, no move either (``"hint.stuck"``: only undo or a new game are left), so that the two never
    disagree. Where no move is worth making for itself but no deal is allowed yet, the first move of the
    shortest line that fills the empty columns (then a deal follows) or turns a card up.

    >>> from spider import Game
    >>> game = Game.from_code("SP1-S1C-AAAAAAD")
    >>> found = hint(game.public_position())
    >>> found.action is not None, found.index, found.total > 1
    (True, 0, True)
    >>> hint(game.public_position(), index=1).action != found.action
    True
    """
    can_deal = deal_possible(position)
    flips = position.flippable
    if flips:
        at = index % len(flips)
        column = flips[at] + 1
        said = {"column": column}
        return Hint(f"f{column}", column, 0, None, can_deal, "hint.flip", said, index=at, total=len(flips))
    if not can_deal and no_more_moves(position):
        return Hint(None, None, 0, None, False, "hint.stuck")
    table, start = public_table(position)
    def lost(state: State) -> bool:
        return never_dealt(position, state)

    held_back = not can_deal and position.stock_count > 0 and empty_columns(start) > 0
    lines = ranked_lines(table, start, max_nodes, lost, held_back)
    lead_id: str | None = None
    lead_words: dict[str, Any] = {}
    if not lines and not can_deal:
        line, filled = progress_line(table, start, position.stock_count > 0, max_nodes, lost)
        if line:
            lines = [line]
            lead_id = "hint.fill_deal" if filled else "hint.turn_up"
            lead_words = {"n": empty_columns(start)}
    if not lines:
        return Hint(None, None, 0, None, can_deal, "hint.none_deal" if can_deal else "hint.none_fill")
    at = index % len(lines)
    first = lines[at][0]
    move = Move.of(first)
    message_id, words = move_words(position.columns, move.source + 1, move.count, move.target + 1)
    return Hint(
        action_text(start, first), move.source + 1, move.count, move.target + 1, can_deal, message_id, words,
        lead_id, lead_words, at, len(lines),
    )


def ranked_lines(
    table: Table, start: State, max_nodes: int, lost: Callable[[State], bool], held_back: bool = False
) -> list[list[int]]:
    """For each first action that leads to a position better than the start, the line to the best position
    seen through it; best first (of equal values, the one found first). With ``held_back`` (empty columns
    keep a deal from being allowed), a line through a position with more empty columns than the start is
    not offered unless it ends with fewer empty columns or completes a run: the columns would have to be
    filled again before the deal, and the hints would swing between emptying a column and filling it."""
    best, parents, actions = _search(table, start, max_nodes, lost, held_back)
    ranked = sorted(best.items(), key=lambda item: item[1])
    return [_line_to(node, parents, actions) for _, (_, node) in ranked]


def progress_line(
    table: Table, start: State, need_filled: bool, max_nodes: int, lost: Callable[[State], bool]
) -> tuple[list[int], bool]:
    """With ``need_filled`` (the stock holds cards), a line of moves that fills every column, so that a
    deal is allowed; else, or if none is found within ``max_nodes`` positions, the shortest found that
    turns a card up or completes a run. The line, and whether it fills every column; ``([], False)`` when
    none is found. Positions where ``lost`` holds are passed by.

    Best first by the empty columns left, then by the moves made, over every legal move
    (:meth:`Table.children` exact), from the visible table; of fills found together, one that also turns
    a card up, else one that takes no card off the card it follows in suit. A card turned up ends a line,
    as its identity is not known."""
    parents, actions = [-1], [-1]
    heap: list[tuple[int, int, int, State]] = [(empty_columns(start), 0, 0, start)]
    seen = {start}
    fallback = (-1, -1)  # (depth, node) of the shortest line that turns a card up or completes a run
    while heap and len(parents) <= max_nodes:
        _, depth, node, state = heapq.heappop(heap)
        cards = sum(map(len, state[0]))
        filled_at: list[tuple[bool, bool, int]] = []  # (turns a card up too, keeps sequences whole, node)
        for action, _, child in table.children(state, 0, exact=True):
            if action == DEAL or child in seen or lost(child):
                continue
            seen.add(child)
            parents.append(node)
            actions.append(action)
            at = len(parents) - 1
            opened = bool(turned_up(state, child))
            empty = empty_columns(child)
            if need_filled and not empty:
                move = Move.of(action)
                source = state[0][move.source]
                # a group taken off the card it follows in suit leaves a sequence shorter: the last choice
                linked = len(source) > move.count and source[-move.count - 1] - source[-move.count] == 1
                filled_at.append((opened, not linked, at))
            elif opened or sum(map(len, child[0])) < cards:
                if fallback[1] < 0 or depth + 1 < fallback[0]:
                    fallback = (depth + 1, at)
            else:
                heapq.heappush(heap, (empty if need_filled else 0, depth + 1, at, child))
        if filled_at:
            return _line_to(max(filled_at, key=lambda found: found[:2])[2], parents, actions), True
    return _line_to(fallback[1], parents, actions), False


def _line_to(node: int, parents: list[int], actions: list[int]) -> list[int]:
    """The actions from the start (node 0) to a node of a search; none for node -1."""
    line: list[int] = []
    while node > 0:
        line.append(actions[node])
        node = parents[node]
    line.reverse()
    return line


def empty_columns(state: State) -> int:
    """Columns with no card at all, face-down ones included."""
    return sum(not cards and not down for cards, down in zip(*state[:2], strict=True))


def _search(
    table: Table, start: State, max_nodes: int, lost: Callable[[State], bool], held_back: bool
) -> tuple[dict[int, tuple[int, int]], list[int], list[int]]:
    """Best-first search over moves (never a deal) from the visible table. For each first action through
    which a position better than the start was seen: the best value and its node; with each node's parent
    node and the action from there (node 0 is the start). Positions where ``lost`` holds are passed by."""
    root = table.score(start)
    # A card turned up is valued as one more unsorted card: its identity is not known.
    unknown_card = table.weights.unknown_card
    best: dict[int, tuple[int, int]] = {}
    # Each node found: its parent node, the action from there, the first action of its line, and whether
    # its line went through a position with more empty columns than the start.
    parents, actions, firsts, emptier = [-1], [-1], [-1], [False]
    heap: list[tuple[int, int, int, State, int]] = [(root, 0, 0, start, root)]
    seen = {hash(start)}
    empties, cards = empty_columns(start), sum(map(len, start[0]))
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
            first = action if node == 0 else firsts[node]
            parents.append(node)
            actions.append(action)
            firsts.append(first)
            wider = held_back and (emptier[node] or empty_columns(child) > empties)
            emptier.append(wider)
            if (
                value < root
                and not (wider and empty_columns(child) >= empties and sum(map(len, child[0])) == cards)
                and (first not in best or value < best[first][0])
            ):
                best[first] = (value, child_node)
            if not opened:
                heapq.heappush(heap, (value, child_node, depth + 1, child, child_score))
    return best, parents, actions


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
