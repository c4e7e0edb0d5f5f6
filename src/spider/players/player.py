"""A computer player: asked for its next action with the public position only.

Like a person, a player remembers what it saw earlier in the same game (the positions it has been
through, and the plan it made) but it is never shown a face-down card or the stock order.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from spider.notation import Position
from spider.players.determinize import Line, Sample, judge, judge_deal, sample, search_sample, solve_sample
from spider.players.duel import plays_for_points, up_to_last_gain
from spider.players.strengths import LEVELS, STRENGTHS, Level, Strength
from spider.solver.convert import action_text
from spider.solver.core import DEAL, Move, State, turned_up
from spider.solver.hint import deal_possible, never_dealt, public_table

# A beginner gives up wandering (moves that change nothing useful) after this many in a row.
WANDER = 5
BEST_SEEN = 0.5
# The part of an action's thinking the solver may take on the guesses; the rest is kept for the search
# for the best position before a deal, which decides whether to deal.
SOLVE_SHARE = 0.5
# The part of the guesses the solver must win for its lines to lead. On 4 suits it wins one or two guesses
# of twenty for most of a game, and a line from the few guesses that happened to be easy follows their
# luck: then every guess's search proposes a line, and the solver's few lines are judged beside them.
SOLVED_SHARE = 0.5


@dataclass
class Option:
    """A move from the visible table, with the score and key of the visible table it leads to."""

    action: str
    value: int
    key: int
    into_empty: bool


def _options(position: Position) -> tuple[int, int, list[Option]]:
    """The score and key of the visible table, and every move with the score and key of where it leads."""
    table, start = public_table(position)
    root = table.score(start)
    options = []
    for action, score, child in table.children(start, root, exact=True):
        if action == DEAL or never_dealt(position, child):
            continue
        value = score + turned_up(start, child) * table.weights.unknown_card
        into_empty = not start[0][Move.of(action).target]
        options.append(Option(action_text(start, action), value, _public_key(child), into_empty))
    return root, _public_key(start), options


def _public_key(state: State) -> int:
    return hash(state[:2])


def _seen_so_far(position: Position) -> tuple[object, ...]:
    """What changes when a card is seen: face-down counts, the stock, runs; and the moves counter."""
    return position.face_down, position.stock_count, len(position.runs), position.moves


def _most_make_a_move(lines: list[Line]) -> bool:
    """Whether at least half the lines make a move before their next deal (else the player deals)."""
    return 2 * sum(not line.actions for line in lines) <= len(lines)


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
    _guesses: list[Sample] = field(default_factory=list, repr=False)
    _played: int = 0
    _plan_at: tuple[object, ...] | None = field(default=None, repr=False)
    _seconds_left: float | None = field(default=None, repr=False)
    # Whether the plan is the solver's winning lines.
    _solved: bool = field(default=False, repr=False)
    # The CPU time by which this action's thinking ends.
    _deadline: float = field(default=0.0, repr=False)

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
        public positions give the same actions, as long as the searches for an action end within their
        node budgets rather than at the strength's ``seconds`` (of this process's CPU time).
        """
        self._seconds_left = seconds_left
        self._deadline = time.process_time() + self.level.seconds
        if not position.public:
            raise ValueError("a player is shown the public position only")
        flips = position.flippable
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
            choice = self._choose(root, fresh)
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

    def _choose(self, root: int, options: list[Option]) -> str | None:
        """A beginner's move: a useful one (half the time the one that tidies the table most), else now
        and then one that changes nothing, to wander a little."""
        useful = [option for option in options if option.value < root]
        if useful:
            if self._random.random() < BEST_SEEN:
                best = min(option.value for option in useful)
                useful = [option for option in useful if option.value == best]
            return self._random.choice(useful).action
        neutral = [option for option in options if option.value == root and not option.into_empty]
        if neutral and self.wander < WANDER:
            self.wander += 1
            return self._random.choice(neutral).action
        return None

    def _seconds(self, searches: int, until: float | None = None) -> float:
        """The seconds the next of ``searches`` more searches may take: an even part of what is left of
        this action's thinking, or of the time ``until`` a CPU time (time a search leaves unspent goes to
        the next), and in a duel its part of the clock (about a hundred actions may be left to make)."""
        seconds = ((until or self._deadline) - time.process_time()) / searches
        if self._seconds_left is not None:
            seconds = min(seconds, self._seconds_left / (100 * self.level.samples))
        return max(0.01, seconds)

    def _search_guess(self, position: Position, guess: Sample, seconds: float) -> Line:
        # The line stops before the guess's next deal: the player deals when most guesses see no move
        # worth making before one.
        line = search_sample(position, guess, self.level.sample_nodes, seconds)
        return up_to_last_gain(position, guess, line) if plays_for_points(position) else line

    def _replan(self, position: Position, fresh: set[str], solve: bool) -> None:
        """New guesses and their lines: with ``solve`` (and a strength that solves on this suit count), the
        solver's winning lines, if it won at least :data:`SOLVED_SHARE` of the guesses; else the lines
        towards each guess's best position before a deal, and beside them those of the solver's few lines
        that make a move (one that deals at once knows the stock, so it is no vote for the deal). A strength
        that judges then keeps only the line the judge prefers, when most lines make a move and they do not
        all agree (:func:`~spider.players.determinize.judge`).

        The solver gets at most :data:`SOLVE_SHARE` of the time left, so that the search for the best
        position before a deal, which decides whether to deal, is never starved of time."""
        level = self.level
        count = level.samples
        guesses = self._guesses = [sample(position, self._random) for _ in range(count)]
        solved: list[Line] = []
        self._solved = (
            solve and bool(level.solve_nodes) and position.suits in level.solve_suits and not plays_for_points(position)
        )
        needed = SOLVED_SHARE * count
        if self._solved:
            share_end = time.process_time() + SOLVE_SHARE * (self._deadline - time.process_time())
            for index, guess in enumerate(guesses):
                if len(solved) + count - index < needed:
                    break  # too few guesses are left to be won for the solver's lines to lead
                found = solve_sample(position, guess, level.solve_nodes, self._seconds(count - index, share_end))
                if found is not None:
                    solved.append(found)
            self._solved = len(solved) >= needed
        # The judge, if any, counts as one more search for its share of the time.
        judging = 1 if level.judge_nodes and not plays_for_points(position) else 0
        lines = solved
        if not self._solved:
            lines = [
                self._search_guess(position, guess, self._seconds(count - index + judging))
                for index, guess in enumerate(guesses)
            ] + [line for line in solved if line.actions]
        self._plan = [
            line if not line.actions or line.actions[0] in fresh else Line((), line.won, line.score)
            for line in lines
        ]
        self._played = 0
        proposed = [line.actions for line in self._plan if line.actions]
        if judging and _most_make_a_move(self._plan) and len(set(proposed)) > 1:
            chosen = judge(position, guesses, proposed, level.judge_nodes, self._seconds(1))
            self._plan = [Line(chosen, False, 0)]

    def _vote(self, fresh: set[str]) -> str:
        """The action the most lines make before their next card is seen, among the next actions of the
        lines that are moves to a table not seen before (``fresh``); or "" when most lines end here (nothing
        better than the table as it is, before a deal).

        Counting the lines that make a move anywhere before their next card is seen, rather than first,
        lets lines that make the same moves in another order agree. Ties go to the move most lines make
        first, then to the lines of the best mean score (for the solver's lines: the shortest wins).
        """
        lines = self._plan
        if not _most_make_a_move(lines):
            return ""
        firsts = Counter(line.actions[0] for line in lines if line.actions and line.actions[0] in fresh)
        if not firsts:
            return ""
        support = {action: sum(action in line.actions for line in lines) for action in firsts}
        scores = {action: sum(line.score for line in lines if action in line.actions) for action in firsts}
        return max(firsts, key=lambda action: (support[action], firsts[action], -scores[action] / support[action]))

    def _second_opinion(self, position: Position) -> str:
        """Before a deal most guesses would make now, where the strength judges the deal on this suit
        count: the first move of the line the other guesses propose, if the judge finds it better than
        dealing now, summed over all the guesses (:func:`~spider.players.determinize.judge_deal`), and then
        that line is the plan; else "".
        """
        level = self.level
        proposed = [line.actions for line in self._plan if line.actions]
        judges = level.judge_nodes and position.suits in level.deal_judge_suits and not plays_for_points(position)
        if not (proposed and judges):
            return ""
        chosen = judge_deal(position, self._guesses, proposed, level.judge_nodes, self._seconds(1))
        if not chosen:
            return ""
        self._plan = [Line(chosen, False, 0)]
        return chosen[0]

    def _plan_choice(self, position: Position, fresh: set[str]) -> str | None:
        """The action most guesses agree on; a new set of guesses whenever a card has been seen.

        None when the guesses see no progress (the caller then deals or gives up). ``fresh`` are the
        moves that lead to a table not seen before in this game: the lines are cut before any other, so
        that looking again never walks in circles.
        """
        if self._plan_at != _seen_so_far(position) or not self._plan:
            self._replan(position, fresh, solve=True)
        chosen = self._vote(fresh)
        if chosen == "" and self._played:
            # The agreeing lines have been played to their end: look again from here.
            self._replan(position, fresh, solve=True)
            chosen = self._vote(fresh)
        if chosen == "" and self._solved:
            # The winning lines would deal now, but they know what the deal brings: a deal is made only
            # once no guess sees a move worth making before one.
            self._replan(position, fresh, solve=False)
            chosen = self._vote(fresh)
        if chosen == "":
            chosen = self._second_opinion(position)
        if chosen == "":
            self._plan = []
            return None
        # The lines that make the move go on without it; the others are dropped.
        self._plan = [
            Line(line.actions[:at] + line.actions[at + 1 :], line.won, line.score)
            for line in self._plan
            if chosen in line.actions
            for at in (line.actions.index(chosen),)
        ]
        self._played += 1
        self._plan_at = (position.face_down, position.stock_count, len(position.runs), position.moves + 1)
        return chosen


def thought(player: Player, position: Position, seconds_left: float | None) -> tuple[str | None, Player]:
    """A player's next action worked out in another process (a job of the server's work queue): the player goes
    with it and comes back, its plans and guesses carried on from one action to the next."""
    return player.next_action(position, seconds_left), player
