"""A computer player: asked for its next action with the public position only.

Like a person, a player remembers what it saw earlier in the same game (the positions it has been
through, and the plan it made) but it is never shown a face-down card or the stock order.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from spider.notation import Position
from spider.players.determinize import Line, sample, search_sample
from spider.players.duel import plays_for_points, up_to_last_gain
from spider.players.strengths import LEVELS, STRENGTHS, Level, Strength
from spider.solver.convert import action_text, table_for
from spider.solver.core import DEAL, Move, State, turned_up
from spider.solver.hint import deal_possible, hint

# A beginner gives up wandering (moves that change nothing useful) after this many in a row.
WANDER = 5
BEST_SEEN = 0.5


@dataclass
class Option:
    """A move from the visible table, with the score and key of the visible table it leads to."""

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
        value = score + turned_up(start, child) * table.weights.unknown_card
        into_empty = not start[0][Move.of(action).target]
        options.append(Option(action_text(start, action), value, _public_key(child), into_empty))
    return root, _public_key(start), options


def _public_key(state: State) -> int:
    return hash(state[:2])


def _flippable(position: Position) -> list[int]:
    """Columns (0-9) that show only face-down cards; under manual flip one of them can be turned up."""
    if position.rules.flip != "manual":
        return []
    return [i for i in range(len(position.columns)) if not position.columns[i] and position.face_down[i]]


def _seen_so_far(position: Position) -> tuple[object, ...]:
    """What changes when a card is seen: face-down counts, the stock, runs; and the moves counter."""
    return position.face_down, position.stock_count, len(position.runs), position.moves


@dataclass
class Player:
    """A computer player of a strength; ``seed`` seeds its own generator (its random choices and its
    guesses at the unseen cards), so that the same seed and the same public positions give the same
    actions."""

    strength: Strength
    seed: int = 0
    seen: set[int] = field(default_factory=set)
    wander: int = 0
    # The lines searched in the guesses since the last card was seen, and how far they have been played.
    _plan: list[Line] = field(default_factory=list, repr=False)
    _played: int = 0
    _plan_at: tuple[object, ...] | None = field(default=None, repr=False)
    _seconds_left: float | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.strength not in STRENGTHS:
            raise ValueError(f"unknown player strength {self.strength!r}; choose one of {', '.join(STRENGTHS)}")
        self._random = random.Random(self.seed)

    @property
    def level(self) -> Level:
        return LEVELS[self.strength]

    @property
    def pace(self) -> float:
        """Seconds to wait before each action in a duel."""
        return self.level.pace

    def next_action(self, position: Position, seconds_left: float | None = None) -> str | None:
        """The action this player makes next (a move, ``d`` or ``fN``), or None when it gives up (in a
        duel: finishes its game).

        ``seconds_left`` is the time left on a duel's clock: a player short of time thinks for a shorter
        while (so its actions then depend on the clock too). Without it, the same seed and the same
        public positions give the same actions.
        """
        self._seconds_left = seconds_left
        if not position.public:
            raise ValueError("a player is shown the public position only")
        flips = _flippable(position)
        if flips:
            return f"f{flips[0] + 1}"
        root, key, options = _options(position)
        self.seen.add(key)
        fresh = [option for option in options if option.key not in self.seen]
        if self.level.samples:
            choice = self._plan_choice(position, {option.action for option in fresh})
            if choice is not None:
                return choice
        else:
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
        if not self.level.hint_nodes:
            if useful:
                # Half the time a beginner sees the move that tidies the table most; else any useful one.
                if self._random.random() < BEST_SEEN:
                    best = min(option.value for option in useful)
                    useful = [option for option in useful if option.value == best]
                return self._random.choice(useful).action
            neutral = [option for option in options if option.value == root and not option.into_empty]
            if neutral and self.wander < WANDER:
                self.wander += 1
                return self._random.choice(neutral).action
            return None
        found = hint(position, max_nodes=self.level.hint_nodes)
        if found.action is None:
            return None
        chosen = next((option for option in options if option.action == found.action), None)
        # The hint does not remember this game's positions; never walk back into one.
        return found.action if chosen is not None else None

    def _search_guess(self, position: Position) -> Line:
        guess = sample(position, self._random)
        seconds = None
        if self._seconds_left is not None:
            # About a hundred actions may be left to make: share the clock among them.
            seconds = max(0.01, self._seconds_left / (100 * self.level.samples))
        # The line stops before the guess's next deal: the player deals when most guesses see no move
        # worth making before one.
        line = search_sample(position, guess, self.level.sample_nodes, seconds)
        return up_to_last_gain(position, guess, line) if plays_for_points(position) else line

    def _replan(self, position: Position, fresh: set[str]) -> None:
        self._plan = []
        for _ in range(self.level.samples):
            line = self._search_guess(position)
            if line.actions and line.actions[0] not in fresh:
                line = Line((), line.won, line.score)
            self._plan.append(line)
        self._played = 0

    def _vote(self) -> str:
        """The next action of the most lines (wins first), or "" when most lines end here: nothing
        better than the table as it is, before a deal."""
        depth = self._played
        ended = sum(depth >= len(line.actions) for line in self._plan)
        if 2 * ended > len(self._plan):
            return ""
        votes: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        scores: Counter[str] = Counter()
        for line in self._plan:
            if depth < len(line.actions):
                action = line.actions[depth]
                votes[action] += 1
                wins[action] += line.won
                scores[action] += line.score
        return max(votes, key=lambda action: (wins[action], votes[action], -scores[action] / votes[action]))

    def _plan_choice(self, position: Position, fresh: set[str]) -> str | None:
        """The action most guesses agree on; a new set of guesses whenever a card has been seen.

        None when the guesses see no progress (the caller then deals or gives up). ``fresh`` are the
        moves that lead to a table not seen before in this game: the lines are cut before any other, so
        that looking again never walks in circles.
        """
        if self._plan_at != _seen_so_far(position) or not self._plan:
            self._replan(position, fresh)
        chosen = self._vote()
        if chosen == "" and self._played:
            # The agreeing lines have been played to their end: look again from here.
            self._replan(position, fresh)
            chosen = self._vote()
        if chosen == "":
            self._plan = []
            return None
        depth = self._played
        self._plan = [line for line in self._plan if depth < len(line.actions) and line.actions[depth] == chosen]
        self._played = depth + 1
        self._plan_at = (position.face_down, position.stock_count, len(position.runs), position.moves + 1)
        return chosen
