"""Computer players of three strengths that play a deal from what they can see (SPEC 2.5).

Each player is asked for its next action with the public position only (no face-down identities, no
stock order); like a person, it remembers the positions it has already seen in this game so that it
does not go round in circles. They differ in how far they look:

- ``beginner`` picks at random among the moves that look useful at once;
- ``casual`` looks a few moves ahead (the hint's search, kept short);
- ``expert`` plays the hint's move, from a search of several hundred positions.

When no move is worth making, each deals (filling empty columns first when the rules ask for it), and
gives up when it can neither move usefully nor deal.

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> result = play_game(game, Player("casual"))
>>> result.actions > 0
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from spider.game import Game
from spider.notation import Position, parse_position
from spider.solver.convert import table_for
from spider.solver.core import DEAL, State
from spider.solver.hint import deal_possible, hint

Strength = Literal["beginner", "casual", "expert"]
STRENGTHS: tuple[Strength, ...] = ("beginner", "casual", "expert")
# Seconds a player waits before each action in a duel, so that it plays at a person's pace.
PACE: dict[Strength, float] = {"beginner": 4.0, "casual": 3.0, "expert": 2.0}
MAX_ACTIONS = 1500
# How many positions the casual and expert players search before each move (the hint's best-first search).
SEARCH_NODES: dict[Strength, int] = {"beginner": 0, "casual": 60, "expert": 800}
# A beginner gives up wandering (moves that change nothing useful) after this many in a row.
WANDER = 15


@dataclass
class Option:
    action: str
    value: int
    key: int
    into_empty: bool


def _options(position: Position) -> tuple[int, int, list[Option]]:
    """The score and key of the visible table, and every move with the score and key of where it leads."""
    table, start = table_for(
        position.columns, position.face_down, None, position.rules.group, position.rules.deal, suits=position.suits
    )
    root = table.score(start)
    options = []
    for action, score, child in table.children(start, root, exact=True):
        if action == DEAL:
            continue
        opened = sum(
            1
            for index in range(len(start[0]))
            if child[1][index] < start[1][index] or (not child[0][index] and child[1][index])
        )
        source, target, count = action & 15, (action >> 4) & 15, action >> 8
        into_empty = not start[0][target]
        text = f"{source + 1}>{target + 1}:{count}" if into_empty else f"{source + 1}>{target + 1}"
        options.append(Option(text, score + opened * table.weights.unknown_card, _public_key(child), into_empty))
    return root, _public_key(start), options


def _public_key(state: State) -> int:
    return hash(state[:2])


@dataclass
class Player:
    """A computer player; ``seed`` makes a beginner's choices repeatable."""

    strength: Strength
    seed: int = 0
    seen: set[int] = field(default_factory=set)
    wander: int = 0

    def __post_init__(self) -> None:
        if self.strength not in STRENGTHS:
            raise ValueError(f"unknown player strength {self.strength!r}; choose one of {', '.join(STRENGTHS)}")
        self._random = random.Random(self.seed)

    @property
    def pace(self) -> float:
        return PACE[self.strength]

    def next_action(self, position: Position) -> str | None:
        """The action this player makes next (a move, ``d`` or ``fN``), or None when it gives up."""
        manual = position.rules.flip == "manual"
        flips = [i for i in range(10) if manual and not position.columns[i] and position.face_down[i]]
        if flips:
            return f"f{flips[0] + 1}"
        root, key, options = _options(position)
        self.seen.add(key)
        fresh = [option for option in options if option.key not in self.seen]
        choice = self._choose(position, root, fresh)
        if choice is not None:
            return choice
        if deal_possible(position):
            self.wander = 0
            return "d"
        if position.stock_count and position.rules.deal == "filled":
            # Fill an empty column, as cheaply as possible, so that a deal becomes possible.
            fills = [option for option in fresh if option.into_empty]
            if fills:
                return min(fills, key=lambda option: option.value).action
        return None

    def _choose(self, position: Position, root: int, options: list[Option]) -> str | None:
        useful = [option for option in options if option.value < root]
        if self.strength == "beginner":
            if useful:
                return self._random.choice(useful).action
            neutral = [option for option in options if option.value == root and not option.into_empty]
            if neutral and self.wander < WANDER:
                self.wander += 1
                return self._random.choice(neutral).action
            return None
        found = hint(position, max_nodes=SEARCH_NODES[self.strength])
        if found.action is None:
            return None
        chosen = next((option for option in options if option.action == found.action), None)
        # The hint does not remember this game's positions; never walk back into one.
        return found.action if chosen is not None else None


@dataclass(frozen=True, slots=True)
class PlayResult:
    won: bool
    actions: int
    runs: int


def play_game(game: Game, player: Player, max_actions: int = MAX_ACTIONS) -> PlayResult:
    """Lets the player play the game to its end (a win, or it gives up), without undo."""
    actions = 0
    while not game.won and actions < max_actions:
        action = player.next_action(parse_position(game.position(public=True)))
        if action is None:
            break
        game.play(action)
        actions += 1
    return PlayResult(game.won, actions, len(game.runs))
