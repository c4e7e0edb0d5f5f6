"""A computer player that plans across the unseen cards: information-set Monte Carlo tree search.

Master guesses the unseen cards twenty times and searches each guess as if its cards were known; a line
found so knows which card its next move turns up ("strategy fusion"). This player searches one tree whose
nodes are what it sees, the visible table (single-observer ISMCTS: Cowling, Powley & Whitehouse 2012).
Each of its iterations draws a fresh guess at the unseen cards (:func:`~spider.players.determinize.sample`)
and walks down the tree with the moves the visible table allows (the same in every guess); a move that turns
a card up, and a deal, lead to a chance outcome keyed by the cards seen, so that a move is valued over all
the cards it may show, never for the one a guess put there. Moves are chosen by UCB1 over their
availability, the tree grows by one table per iteration, and that table is valued in the iteration's guess by
short beams of the C core: the tidiest table within reach before the second deal from the search's start,
less a little for each action it takes to get there (a win found is the tidiest table of all; a table that can
never be dealt to again is worth 0). Values lie in 0..1, centred on what the first guess makes of the table
as it is. The move played is the one the root tried most; a deal is played when the tree tries it most.

Measured against master on the same 47 fresh 2-suit deals it won 10 where master won 32 (bench/NOTES.md): it
deals too early, since the beam that values a table after a deal knows the cards its guess dealt.

A player of this kind plays for the win (not for a duel's points). It is not one of the public strengths:
``bench/ismcts.py`` compares it with master on the same deals (the figures: bench/NOTES.md).

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> TreePlayer(seed=1, iterations=50).next_action(game.public_position()) in {str(a) for a in game.legal_actions()}
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace

from spider.notation import Position
from spider.players.determinize import best_before_deal, sample, sample_table, unseen_cards
from spider.solver.convert import action_text
from spider.solver.core import DEAL, State, Table, turned_up, weights_for
from spider.solver.hint import deal_possible, never_dealt, public_table

# UCB1's exploration constant, for values in 0..1.
EXPLORATION = 0.7
# The score change (lower is tidier) that moves a table's value from 0.5 to about 0.73: three breaks.
VALUE_SCALE = 50.0
# What a card in the stock costs in the tree's scores (the players' weights otherwise): more than the
# players' beams charge, since a table valued at the same horizon after a deal would otherwise look better
# than one made tidy first (30 rather than 20 or 11: fewer early deals on tuning shuffle 200).
STOCK = 30
# What each action costs in the tree's scores, in the tree and in the beam after it: of two ways to the same
# table the shorter is worth more, so that the player goes there rather than wander among moves that all
# keep it within reach.
MOVE_COST = 2
# Actions in a row that turn no card up, remove no run, deal nothing and leave the table no tidier than
# the tidiest it was since the last of those: past this many the player deals, or gives up.
PATIENCE = 30


@dataclass
class _Edge:
    """An action's statistics at a node: how often it was tried, the sum of its values, and how often it
    was available (legal in the iteration's guess when the node was passed)."""

    visits: int = 0
    value: float = 0.0
    available: int = 0


@dataclass
class _Node:
    """A visible table: its actions' statistics and the tables they led to, keyed by action and the
    visible table that followed (a card turned up or dealt makes a chance outcome of its own)."""

    edges: dict[int, _Edge] = field(default_factory=dict)
    children: dict[tuple[int, State], _Node] = field(default_factory=dict)


@dataclass
class TreePlayer:
    """A player that searches one tree over what it sees (see the module's docstring).

    Each action takes ``iterations`` iterations (each a guess, a walk down the tree and one table valued by
    a beam over up to ``leaf_nodes`` positions), or ``seconds`` of this process's CPU time if that comes
    first; within the iterations the same ``seed`` and public positions give the same actions.
    """

    seed: int = 0
    iterations: int = 400
    leaf_nodes: int = 500
    seconds: float = 1.0
    exploration: float = EXPLORATION
    stock_weight: int = STOCK
    seen: set[int] = field(default_factory=set)
    # The tidiest public score since the last progress, and the actions made since.
    _best: int | None = field(default=None, repr=False)
    _idle: int = field(default=0, repr=False)
    _last: tuple[object, ...] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def next_action(self, position: Position, seconds_left: float | None = None) -> str | None:
        """The action this player makes next (a move, ``d`` or ``fN``), or None when it gives up.

        ``seconds_left`` (a duel's clock) is accepted for the players' common interface and not used: this
        player is for the bench.
        """
        if not position.public:
            raise ValueError("a player is shown the public position only")
        flips = position.flippable
        if flips:
            return f"f{flips[0] + 1}"
        state = self._note_progress(position)
        self.seen.add(hash(state[:2]))
        if self._idle > PATIENCE:
            return "d" if deal_possible(position) else None
        action = self._search(position)
        if action is None:
            return "d" if deal_possible(position) else None
        return action_text(state, action)

    def _note_progress(self, position: Position) -> State:
        """Counts the actions since the last progress (a card seen, a run removed, a deal or a tidier
        table); the visible table's state."""
        seen_so_far = (position.face_down, position.stock_count, len(position.runs))
        public, state = public_table(position)
        score = public.score(state)
        if seen_so_far != self._last or self._best is None or score < self._best:
            self._last, self._best, self._idle = seen_so_far, score, 0
        else:
            self._idle += 1
        return state

    def _search(self, position: Position) -> int | None:
        """The action the root tried most, or None if it has none (no move to a table not seen before)."""
        root = _Node()
        weights = replace(weights_for(position.suits, playing=True), stock=self.stock_weight)
        deadline = time.process_time() + self.seconds
        base: int | None = None
        unseen = unseen_cards(position)
        for _ in range(self.iterations):
            table, start = sample_table(position, sample(position, self._random, unseen), weights)
            if base is None:
                # Values are centred on what the first guess makes of the table as it is, where they tell
                # moves apart best.
                score, length = _outlook(table, start, self.leaf_nodes)
                base = score + MOVE_COST * length
            self._iterate(position, root, table, start, base)
            if time.process_time() >= deadline:
                break
        if not root.edges:
            return None
        return max(root.edges, key=lambda action: (root.edges[action].visits, root.edges[action].value))

    def _actions(self, position: Position, table: Table, state: State, at_root: bool) -> list[tuple[int, State]]:
        """The actions from a table in this guess with the tables they lead to; at the root, only those to a
        table not seen before in this game and that leave enough cards to deal."""
        found = []
        for action, _, child in table.children(state, 0):
            if at_root:
                if action != DEAL and not turned_up(state, child) and hash(child[:2]) in self.seen:
                    continue
                if never_dealt(position, child) and action != DEAL:
                    continue
            found.append((action, child))
        return found

    def _iterate(self, position: Position, root: _Node, table: Table, start: State, base: int) -> None:
        """One iteration: down the tree by UCB1 over the actions legal in this guess, one table added and
        valued, the value carried back up."""
        path: list[_Edge] = []
        node, state = root, start
        on_path = {start}
        value: float | None = None
        while True:
            actions = [
                (action, child)
                for action, child in self._actions(position, table, state, node is root)
                if child not in on_path
            ]
            if not actions:
                value = _value(base, table.weights.won + MOVE_COST * len(path)) if table.won(state) else 0.0
                break
            for action, _ in actions:
                node.edges.setdefault(action, _Edge()).available += 1
            untried = [(action, child) for action, child in actions if not node.edges[action].visits]
            if untried:
                action, child = untried[self._random.randrange(len(untried))]
            else:
                action, child = max(actions, key=lambda item: self._ucb(node.edges[item[0]]))
            path.append(node.edges[action])
            on_path.add(child)
            if table.dead(child):
                value = 0.0
                break
            key = (action, child)
            next_node = node.children.get(key)
            if next_node is None:
                node.children[key] = _Node()
                state = child
                break
            node, state = next_node, child
        if value is None:
            score, length = _outlook(table, state, self.leaf_nodes)
            value = _value(base, score + MOVE_COST * (length + len(path)))
        for edge in path:
            edge.visits += 1
            edge.value += value

    def _ucb(self, edge: _Edge) -> float:
        return edge.value / edge.visits + self.exploration * math.sqrt(math.log(edge.available) / edge.visits)


def _outlook(table: Table, state: State, nodes: int) -> tuple[int, int]:
    """The tidiest table a beam finds from ``state`` before the second deal from the search's start (the
    first, if it has been made), the deal made from the tidiest table before it, or a win: its score and the
    actions it takes to get there.

    Every table is so judged at the same horizon: one judged before the deal only would lose to dealing at
    once, whose cards open new moves."""
    actions = 0
    while True:
        score, line = best_before_deal(table, state, nodes)
        actions += len(line)
        if score == table.weights.won or state[2] or state[2] == len(table.deals):
            return score, actions
        for action in line:
            state = table.apply(state, action)
        if not (table.deal_any or all(state[0])):
            return score, actions
        state = table.apply(state, DEAL)
        actions += 1


def _value(base: int, score: int) -> float:
    """A table's value in 0..1 from its score after the beam, against the score where the search began."""
    return 1.0 / (1.0 + math.exp((score - base) / VALUE_SCALE))
