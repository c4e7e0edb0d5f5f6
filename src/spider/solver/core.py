"""The search core: a compact table and a beam search over it, knowing nothing of :class:`spider.Game`.

The engine's objects are made for clarity; the search needs millions of positions per minute, so it works
on its own encoding, converted once at the start:

- a card is one small int, ``suit * 16 + rank`` (rank 1..13, suit 0..3), so that "one rank higher, same
  suit" is exactly ``upper - lower == 1`` and the rank is ``card & 15``;
- a column's face-up cards are a ``bytes`` (bottom card first): slicing is cheap and, unlike a tuple, a
  ``bytes`` caches its hash, so hashing a whole table costs ten look-ups;
- a state is ``(columns, face_down, dealt)``: a tuple of ten ``bytes``, a tuple of ten face-down counts and
  the number of deals made. The identities of face-down cards and the stock are fixed per search and live
  in :class:`Table` (or only the order the face-down cards come up in, for a player's guess).

Actions are ints: ``source | target << 4 | count << 8`` for a move (columns 0-9) and :data:`DEAL` for a
deal; :func:`move_action` makes one and :meth:`Move.of` reads one, the only places that know the layout.
Flips are automatic here; the caller writes them into the line under manual flip.

The same functions run in C where the package was built with its extension (``_core.c``): a
:class:`Table` hands :meth:`Table.children` and :func:`beam_search` to it, and this file stays the
reference that tests/solver/test_native.py holds the C core to. ``SPIDER_PURE_PYTHON=1`` in the
environment keeps the search in Python.
"""

from __future__ import annotations

import heapq
import os
import time
import warnings
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING

from spider.actions import COLUMNS
from spider.cards import RUN_LENGTH as RUN

if TYPE_CHECKING:
    import spider.solver._core as _core  # by its full name: the C core, not the package that imports this file

DEAL = 0xFFFF

State = tuple[tuple[bytes, ...], tuple[int, ...], int]
Child = tuple[int, int, State]  # (action, score, state)

# The completed run of each suit, king first, as it lies at the end of a column.
RUNS = tuple(bytes(range(suit * 16 + RUN, suit * 16, -1)) for suit in range(4))


def _load_native() -> ModuleType | None:
    """The C core, or None: asked for the Python core, or the extension was not built (said once)."""
    if os.environ.get("SPIDER_PURE_PYTHON") == "1":
        return None
    try:
        import spider.solver._core as native
    except ImportError:
        warnings.warn(
            "the C search core of spider.solver is not built, so the solver runs in Python (many times slower)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    return native


NATIVE = _load_native()


def move_action(source: int, target: int, count: int) -> int:
    """The search's int for moving ``count`` cards from column ``source`` onto column ``target`` (0-9)."""
    return source | target << 4 | count << 8


@dataclass(frozen=True, slots=True)
class Move:
    """A move action read back: ``count`` cards from column ``source`` onto column ``target`` (0-9)."""

    source: int
    target: int
    count: int

    @classmethod
    def of(cls, action: int) -> Move:
        """The move an action int stands for (any action but :data:`DEAL`)."""
        return cls(action & 15, (action >> 4) & 15, action >> 8)


def turned_up(parent: State, child: State) -> int:
    """How many face-down cards an action turned up or laid open (an emptied column over face-down
    cards, as the public search leaves one whose next card is unknown)."""
    if child[1] is parent[1]:
        # The search shares the face-down counts between positions where none changed.
        return 0
    count = 0
    for index in range(COLUMNS):
        if child[1][index] < parent[1][index] or (not child[0][index] and child[1][index]):
            count += 1
    return count


def encode(rank: int, suit: int) -> int:
    """The search's int for a card."""
    return suit * 16 + rank


@dataclass(frozen=True, slots=True)
class Weights:
    """Weights of the score (lower is better).

    A card on the same suit one rank higher costs nothing; a card on another suit one rank higher can
    still be sorted with an empty column, so it costs less than a card that breaks the order. Face-down
    cards cost about two breaks: each will be a card to sort and, while down, it locks the cards above it.
    Stock cards cost about a break, so that a deal (ten cards from the stock onto the table, most of them
    breaking the order) is made when nothing better is left. With 1 suit an empty column is worth about a
    break, while with 2 and 4 suits (where only empty columns let mixed-suit groups be sorted) it is worth
    about a face-down card, and an off-suit link costs nearly a break, since only an empty column mends it.
    The values were tuned with bench/solver.py (the runs: bench/NOTES.md).
    """

    break_: int = 10
    off_suit: int = 6
    segment: int = 2
    face_down: int = 25
    stock: int = 11
    empty: int = -14

    @property
    def won(self) -> int:
        """Only the empty table, with nothing left in the stock, scores this low."""
        return COLUMNS * self.empty

    @property
    def unknown_card(self) -> int:
        """The cost of a card just turned up and not yet known, over an empty column: one unsorted card."""
        return self.segment + self.break_ - self.empty


ONE_SUIT = Weights()
MANY_SUITS = Weights(break_=12, off_suit=10, segment=0, face_down=25, stock=11, empty=-25)


# The computer players' own weights for their search towards the best position before a deal. A player
# who cannot see what comes next does better keeping its sequences whole: a break costs it more than it
# costs the solver. With more suits an off-suit link costs the player as much as a break, and a face-down card
# less: the player builds in suit, and turns a card up at the cost of its order less readily. Tuned with the
# expert strength (bench/players.py; the runs: bench/NOTES.md).
ONE_SUIT_PLAY = replace(ONE_SUIT, break_=14)
MANY_SUITS_PLAY = replace(MANY_SUITS, break_=16, off_suit=16, face_down=20)


def weights_for(suits: int, playing: bool = False) -> Weights:
    """The solver's weights for a suit count, or with ``playing`` the computer players' own."""
    if suits == 1:
        return ONE_SUIT_PLAY if playing else ONE_SUIT
    return MANY_SUITS_PLAY if playing else MANY_SUITS


def column_score(column: bytes, weights: Weights) -> int:
    """The disorder of one column's face-up cards."""
    if not column:
        return weights.empty
    score = weights.segment
    off_suit, break_ = weights.off_suit, weights.break_
    upper = column[0]
    for lower in column[1:]:
        if upper - lower == 1:
            pass
        elif (upper & 15) - (lower & 15) == 1:
            score += off_suit
        else:
            score += break_
        upper = lower
    return score


def movable_count(column: bytes, relaxed: bool) -> int:
    """How many cards at the end of a column move together under the group rule."""
    n = len(column)
    if not n:
        return 0
    count = 1
    lower = column[-1]
    while count < n:
        upper = column[-1 - count]
        if relaxed:
            if (upper & 15) - (lower & 15) != 1:
                break
        elif upper - lower != 1:
            break
        count += 1
        lower = upper
    return count


@dataclass
class Table:
    """The fixed part of a search: face-down identities, the stock by deal, and the rules that matter.

    ``hidden[i]`` lists column i's face-down cards from the bottom; under full information they are known,
    under public information they are unknown and ``hidden`` is None (turning one up ends a line).

    A computer player's guess at the unseen cards is searched with ``order``: its face-down cards come up
    in that order, whichever column each is turned up in (``hidden`` then only says that they are known).
    The unseen cards are alike wherever they lie, so a guess that put a good card under one column would
    lead the search to dig that column for no reason the player can see; in order, what comes up next is
    the same wherever the player digs. ``order`` holds the start's face-down cards, the first to come up
    first.
    """

    hidden: tuple[bytes, ...] | None
    deals: tuple[bytes, ...]
    relaxed: bool = False
    deal_any: bool = False
    weights: Weights = ONE_SUIT
    native: bool = True
    order: bytes | None = None
    _movable: dict[bytes, int] = field(default_factory=dict, repr=False)
    _score: dict[bytes, int] = field(default_factory=dict, repr=False)
    _native: _core.Table | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        # ``native=False`` keeps this table in Python, the reference the C core is tested against.
        if self.native and NATIVE is not None:
            w = self.weights
            weights = (w.break_, w.off_suit, w.segment, w.face_down, w.stock, w.empty)
            self._native = NATIVE.Table(self.hidden, self.deals, self.relaxed, self.deal_any, weights, self.order)

    def turned_card(self, column: int, place: int, left: int) -> bytes:
        """The card a column's face-down place shows when turned up, ``left`` face-down cards staying on
        the table after it (under ``order``, that count says how many came up before it)."""
        if self.order is not None:
            if left >= len(self.order):
                raise ValueError("more face-down cards than the order holds")
            at = len(self.order) - 1 - left
            return self.order[at : at + 1]
        return self.hidden[column][place : place + 1]  # type: ignore[index]

    def movable(self, column: bytes) -> int:
        count = self._movable.get(column)
        if count is None:
            count = self._movable[column] = movable_count(column, self.relaxed)
        return count

    def column_score(self, column: bytes) -> int:
        score = self._score.get(column)
        if score is None:
            score = self._score[column] = column_score(column, self.weights)
        return score

    def score(self, state: State) -> int:
        """Lower is closer to a win."""
        columns, down, dealt = state
        stock = sum(len(cards) for cards in self.deals[dealt:])
        weights = self.weights
        return sum(map(self.column_score, columns)) + weights.face_down * sum(down) + weights.stock * stock

    def won(self, state: State) -> bool:
        columns, down, dealt = state
        return dealt == len(self.deals) and not any(columns) and not any(down)

    def dead(self, state: State) -> bool:
        """Whether no deal can ever be made again while the stock still holds cards: under the filled
        deal rule, fewer cards on the table than columns (a run completed too early leaves them)."""
        columns, down, dealt = state
        return not self.deal_any and dealt < len(self.deals) and sum(map(len, columns)) + sum(down) < COLUMNS

    # Applying actions.

    def _settle(self, columns: list[bytes], down: list[int], index: int) -> int:
        """Removes a completed run at the end of a column and turns up the card beneath; returns the score
        change from face-down cards (a turned-up card no longer costs its weight)."""
        column = columns[index]
        if len(column) >= RUN and column[-1] & 15 == 1 and column[-RUN:] == RUNS[column[-1] >> 4]:
            column = columns[index] = column[:-RUN]
        if not column and down[index] and self.hidden is not None:
            left = down[index] - 1
            down[index] = left
            columns[index] = self.turned_card(index, left, sum(down))
            return -self.weights.face_down
        return 0

    def apply(self, state: State, action: int) -> State:
        """The state after an action (assumed legal)."""
        columns, down, dealt = state
        cols, downs = list(columns), list(down)
        if action == DEAL:
            for index, card in enumerate(self.deals[dealt]):
                cols[index] = cols[index] + bytes((card,))
                self._settle(cols, downs, index)
            return tuple(cols), tuple(downs), dealt + 1
        move = Move.of(action)
        source, target, count = move.source, move.target, move.count
        group = cols[source][-count:]
        cols[source] = cols[source][:-count]
        cols[target] = cols[target] + group
        # The source's card is turned up first, as in :meth:`children` (under ``order`` it comes first).
        self._settle(cols, downs, source)
        self._settle(cols, downs, target)
        return tuple(cols), tuple(downs), dealt

    def children(self, state: State, score: int, exact: bool = False) -> list[Child]:
        """The useful actions from a state with the states they lead to and their scores.

        With ``exact``, every legal action whose result differs (columns that are empty with no stock left
        are interchangeable, so only the first is tried). Without it, moves that trade a same-suit link for
        a weaker one, and splits into a second empty column, are left out: they rarely help and they crowd
        the beam.
        """
        if self._native is not None:
            return self._native.children(state, score, exact)
        columns, down, dealt = state
        hidden = self.hidden
        face_down, empty = self.weights.face_down, self.weights.empty
        scores = self._score
        column_score = self.column_score
        movable = self.movable
        out: list[Child] = []
        append = out.append
        empties = [i for i in range(COLUMNS) if not columns[i]]
        stock_left = dealt < len(self.deals)
        if empties and not (exact and stock_left):
            empties = empties[:1]
        # Columns by the rank of their last card: a group fits on exactly one rank.
        by_rank: list[list[int]] = [[] for _ in range(15)]
        for j, column in enumerate(columns):
            if column:
                by_rank[column[-1] & 15].append(j)
        for source in range(COLUMNS):
            src = columns[source]
            if not src:
                continue
            size = len(src)
            can_move = movable(src)
            last_rank = src[-1] & 15
            base = score - (scores[src] if src in scores else column_score(src))
            reveal = bool(down[source]) and hidden is not None
            for count in range(1, min(can_move, 13 - last_rank) + 1):
                targets = by_rank[last_rank + count]
                if not targets:
                    continue
                cut = size - count
                first = src[cut]
                # Trading a same-suit link for another gains only if it builds a longer same-suit run
                # (completing a run at the end); for a weaker link it loses.
                linked = not exact and cut and src[cut - 1] - first == 1
                new_src = src[:cut]
                group = src[cut:]
                if not new_src and down[source]:
                    source_down = list(down)
                    if reveal:
                        left = down[source] - 1
                        new_src = self.turned_card(source, left, sum(down) - 1)
                        source_down[source] = left
                    else:
                        # Turning up an unknown card: the column stays empty but counts one card fewer.
                        source_down[source] -= 1
                    downs_after: tuple[int, ...] = tuple(source_down)
                    turned = -face_down
                else:
                    downs_after = down
                    turned = 0
                src_part = base + turned + (scores[new_src] if new_src in scores else column_score(new_src))
                for target in targets:
                    dst = columns[target]
                    if linked and (dst[-1] - first != 1 or movable(dst) <= can_move - count):
                        continue
                    new_dst = dst + group
                    cols = list(columns)
                    cols[source] = new_src
                    cols[target] = new_dst
                    new_score = src_part - (scores[dst] if dst in scores else column_score(dst))
                    downs = downs_after
                    if group[-1] & 15 == 1 and len(new_dst) >= RUN:
                        downs_list = list(downs)
                        new_score += self._settle(cols, downs_list, target)
                        new_dst = cols[target]
                        if downs_list[target] != downs[target]:
                            downs = tuple(downs_list)
                    new_score += scores[new_dst] if new_dst in scores else column_score(new_dst)
                    append((move_action(source, target, count), new_score, (tuple(cols), downs, dealt)))
            if empties:
                whole = size if down[source] or (exact and stock_left) else size - 1
                for target in empties:
                    if target == source:
                        continue
                    for count in range(1, min(can_move, whole) + 1):
                        new_src = src[: size - count]
                        cols = list(columns)
                        cols[source] = new_src
                        group = cols[target] = src[size - count :]
                        downs = down
                        new_score = base - empty
                        if not new_src and down[source]:
                            downs_list = list(down)
                            if hidden is None:
                                downs_list[source] -= 1
                            else:
                                left = down[source] - 1
                                new_src = cols[source] = self.turned_card(source, left, sum(down) - 1)
                                downs_list[source] = left
                            downs = tuple(downs_list)
                            new_score -= face_down
                        new_score += (scores[new_src] if new_src in scores else column_score(new_src)) + (
                            scores[group] if group in scores else column_score(group)
                        )
                        append((move_action(source, target, count), new_score, (tuple(cols), downs, dealt)))
        if stock_left and (self.deal_any or not empties):
            child = self.apply(state, DEAL)
            append((DEAL, self.score(child), child))
        return out

    def stuck(self, start: State, need_filled: bool, max_nodes: int, seconds: float, key_bits: int = 64) -> bool:
        """Whether no sequence of moves (deals aside) from ``start`` makes progress: turns a card up or lays
        a column over face-down cards open, removes a run, or, with ``need_filled``, fills every column.

        Depth first over exact moves. The positions seen are kept whole and compared, never told apart by
        hash alone, so two positions with one hash can never hide a way out. False (not known to be stuck)
        once more than ``max_nodes`` positions would be kept or ``seconds`` are spent. ``key_bits`` narrows
        the C core's hashes, so that a test can force collisions and see that the answer stays the same; a
        Python set compares its members whole in any case.
        """
        if self._native is not None:
            return self._native.stuck(start, need_filled, max_nodes, seconds, key_bits)
        seen = {start}
        stack = [start]
        nodes = 0
        deadline = time.monotonic() + seconds
        while stack:
            state = stack.pop()
            nodes += 1
            if not nodes & 255 and time.monotonic() > deadline:
                return False
            cards = sum(map(len, state[0]))
            for action, _, child in self.children(state, 0, exact=True):
                if action == DEAL:
                    continue
                if turned_up(state, child) or sum(map(len, child[0])) < cards:
                    return False
                if need_filled and all(child[0]):
                    return False
                if child not in seen:
                    seen.add(child)
                    if len(seen) > max_nodes:
                        return False
                    stack.append(child)
        return True


@dataclass
class SearchResult:
    """What a search found: the actions of a winning line (None if none found), and whether the search
    covered every reachable state (so that no line means no win)."""

    line: list[int] | None
    complete: bool
    nodes: int
    truncated: bool = True
    # With ``before_deal``: the score of the best position kept before any deal, and the line to it.
    before_deal: tuple[int, list[int]] | None = None


class Budget:
    """Nodes and seconds a search may spend; ``spent()`` is checked every few hundred nodes.

    Seconds are read from ``clock``: wall time by default; ``time.process_time`` counts only this
    process's own time on its core, which benchmarks on a shared machine need.
    """

    def __init__(
        self, max_nodes: int | None, seconds: float | None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_nodes = max_nodes
        self.clock = clock
        self.deadline = None if seconds is None else clock() + seconds
        self.nodes = 0

    def spent(self) -> bool:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            return True
        return self.deadline is not None and self.clock() >= self.deadline


def _line(parents: Sequence[array[int]], actions: Sequence[array[int]], index: int) -> list[int]:
    line: list[int] = []
    for depth in range(len(actions) - 1, -1, -1):
        line.append(actions[depth][index])
        index = parents[depth][index]
    line.reverse()
    return line


Candidate = tuple[int, tuple[int, int, int, State]]  # (key, (score, parent, action, state))


def _keep_best(candidates: dict[int, tuple[int, int, int, State]], width: int, per_deal: bool) -> list[Candidate]:
    """The ``width`` best candidates (best first), or all of them in the order found if they are no more.

    With ``per_deal``, the ``width`` best of each number of deals made, fewest deals first: a beam of its
    own for each, since a position after a deal has ten more cards to sort and on score alone would lose
    to the positions before it.
    """
    groups: dict[int, list[Candidate]] = {}
    for item in candidates.items():
        groups.setdefault(item[1][3][2] if per_deal else 0, []).append(item)
    kept: list[Candidate] = []
    for dealt in sorted(groups):
        group = groups[dealt]
        if len(group) > width:
            group = heapq.nsmallest(width, group, key=lambda item: item[1][0])
        kept.extend(group)
    return kept


def beam_search(
    table: Table,
    start: State,
    width: int | None,
    budget: Budget,
    exact: bool = False,
    patience: int = 60,
    per_deal: bool = False,
    before_deal: bool = False,
) -> SearchResult:
    """One pass of beam search: from each depth keep the ``width`` best new states (None: keep all).

    States already kept at an earlier depth are not kept again. A pass that never had to drop a state
    (and used ``exact`` moves) has seen every reachable state, so finding no win proves there is none. A
    pass that drops states stops when its best score has not improved for ``patience`` depths.

    With ``before_deal``, the result also holds the best position the pass kept with no deal made from
    the start (and a deal still possible later, see :meth:`Table.dead`): the first of the lowest score
    found, with the line to it. The players look there for the moves to make before their next deal.
    """
    won_score = table.weights.won
    if table.won(start):
        return SearchResult([], True, 0)
    if table._native is not None:
        line, complete, truncated, before = table._native.beam_search(
            start, width, budget, exact, patience, per_deal, before_deal
        )
        return SearchResult(line, complete, budget.nodes, truncated, before)
    seen = {hash(start)}
    layer: list[tuple[int, State]] = [(table.score(start), start)]
    parents: list[array[int]] = []
    actions: list[array[int]] = []
    truncated = False
    best = layer[0][0]
    stale = 0
    children = table.children
    undealt = start[2]
    kept_before: tuple[int, int, int] | None = None  # (score, depth, index) of the best before a deal

    def found(line: list[int] | None, complete: bool = False, truncated: bool = True) -> SearchResult:
        before = None
        if kept_before is not None:
            score, depth, index = kept_before
            before = (score, _line(parents[: depth + 1], actions[: depth + 1], index))
        return SearchResult(line, complete, budget.nodes, truncated, before)

    while layer:
        candidates: dict[int, tuple[int, int, int, State]] = {}
        for parent, (score, state) in enumerate(layer):
            budget.nodes += 1
            if not budget.nodes & 255 and budget.spent():
                return found(None)
            for action, child_score, child in children(state, score, exact):
                key = hash(child)
                if key in seen or key in candidates:
                    continue
                if child_score == won_score and table.won(child):
                    return found(_line(parents, actions, parent) + [action])
                candidates[key] = (child_score, parent, action, child)
        if width is None:
            kept = list(candidates.items())
        else:
            kept = _keep_best(candidates, width, per_deal)
            truncated = truncated or len(kept) < len(candidates)
        parents.append(array("l", (entry[1] for _, entry in kept)))
        actions.append(array("l", (entry[2] for _, entry in kept)))
        seen.update(key for key, _ in kept)
        layer = [(entry[0], entry[3]) for _, entry in kept]
        if before_deal:
            for index, (score, state) in enumerate(layer):
                if state[2] == undealt and (kept_before is None or score < kept_before[0]) and not table.dead(state):
                    kept_before = (score, len(actions) - 1, index)
        if layer:
            top = min(score for score, _ in layer)
            if top < best:
                best, stale = top, 0
            else:
                stale += 1
                if truncated and stale > patience:
                    return found(None)
    return found(None, not truncated and exact, truncated)


def widening_search(
    table: Table,
    start: State,
    budget: Budget,
    widths: Iterator[int] | None = None,
    on_pass: Callable[[int, SearchResult], None] | None = None,
) -> SearchResult:
    """Beam passes of growing width until a win, a complete pass, or the budget is spent.

    While deals are left, each width is tried twice: one beam for all positions, then one beam for each
    number of deals made. Neither is better on every deal (on 4-suit deals each is the faster one about
    half the time), and the second pass follows other lines, so the pair makes the slow deals rarer.
    """
    nodes = 0
    styles = (False, True) if start[2] < len(table.deals) else (False,)
    for width in widths or beam_widths():
        for per_deal in styles:
            result = beam_search(table, start, width, budget, per_deal=per_deal)
            nodes = budget.nodes
            if on_pass is not None:
                on_pass(width, result)
            if result.line is not None:
                return result
            if budget.spent():
                return SearchResult(None, False, nodes)
            if not result.truncated:
                break
        if not result.truncated:
            break
    # Every state was within reach of the last beam: confirm with an exhaustive pass over exact moves.
    result = beam_search(table, start, None, budget, exact=True)
    return result


def beam_widths(first: int = 50) -> Iterator[int]:
    """The widths of widening beam passes: from ``first``, doubling (the solver's and the players' searches)."""
    # Doubling rather than faster growth: a pass that fails at one width costs half the next, and a
    # beam of another width follows other lines, so more passes give more chances.
    width = first
    while width < 10_000_000:
        yield width
        width *= 2
