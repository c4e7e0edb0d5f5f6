"""The chance of winning from a position, from what the player sees (issue 39: the meter and the review).

The players' determinized search (:mod:`spider.players.determinize`) imagines the unseen cards, consistently
with everything seen, and gives each imagining to the full-information solver under a node budget. The share
of imaginings the solver wins is the *raw* figure. It is overconfident where the solver wins easily (it sees
its imagined cards, and a player does not) and timid where the budget runs out before a win is found; the
chance shown is made from that share, the suit count and how far the game has come, by a logistic model fitted
on tuning shuffles (:data:`WEIGHTS`, measured with ``bench/review.py``). The real face-down cards and stock are
never read: everything here starts from a public :class:`~spider.notation.Position`.

Every search is bounded by its node budget alone, never by a clock: the same public position gives the same
figure on a quiet machine and on a busy one, in the meter and in the review alike.

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> estimate = win_chance(game.public_position(), seed=1)
>>> 0.0 <= estimate.chance <= 1.0, estimate.guesses == GUESSES
(True, True)
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from spider.actions import COLUMNS
from spider.cards import DECK_SIZE, RUNS_TO_WIN
from spider.notation import Position
from spider.players.determinize import sample, sample_table, unseen_cards
from spider.solver.core import Budget, SearchResult, widening_search

# The budget of an estimate, chosen on recorded searches (`bench/review.py --load tuning.jsonl --budgets`: each
# budget's held-out Brier score, with a model fitted for it; bench/NOTES.md, "The estimator's budget"): ten
# imaginings of the unseen cards, and the solver's positions for one imagining by suit count. Larger searches
# scored no better, and cost a review of a 4-suit game five times the CPU.
GUESSES = 10
NODES = {1: 40_000, 2: 15_000, 4: 15_000}


@dataclass(frozen=True, slots=True)
class Chance:
    """An estimate of the chance of winning from a position."""

    chance: float
    """0..1, the estimated chance of winning from here, from what the player sees."""
    guesses: int
    """How many imaginings of the unseen cards went into it (0: the game is already won)."""


# What the chance shown is made from, in the order of :data:`WEIGHTS` (see :func:`features`): a constant for each
# suit count, the raw share's log-odds (held within CLIP of 0 and 1), and how far the game has come.
FEATURES = ("1 suit", "2 suits", "4 suits", "raw log-odds", "stock", "face down", "runs removed", "empty columns")
# The chance shown is 1 / (1 + exp(-sum(weight * feature))), a logistic model fitted with `bench/review.py --fit`
# at the budget above (Newton's method; a ridge pulls the weights towards the raw share itself, log-odds 1 and the
# rest 0, its strength the one that best predicted held-out games) on 300 positions, 10 from each of master's
# games of tuning shuffles 400..429, 1, 2 and 4 suits in turn. Outcomes are master's play: the chance of a strong
# player. The raw share counts for less than its face value (0.65 of its log-odds): a search this size often
# misses a win early in a game, and the solver sees its imagined cards late; runs removed, empty columns and the
# stock count for the player.
WEIGHTS = (1.331, 1.021, 0.468, 0.649, 0.665, -0.493, 1.722, 1.097)
CLIP = 1 / 40


def win_chance(position: Position, *, seed: int | None = None) -> Chance:
    """The chance of winning from a public ``position``, within the node budgets (:data:`GUESSES`, :data:`NODES`).

    The same public position and ``seed`` give the same estimate, however busy the machine; without a seed the
    unseen cards seed the guesses (:func:`guesses_seed`), so that the meter and the review give a table the same
    figure. Raises ValueError for a position that shows its face-down cards.
    """
    raw = solver_share(position, seed=seed)
    if not raw.guesses or certain(position):
        return raw
    return Chance(calibrated(raw.chance, position), raw.guesses)


def certain(position: Position) -> bool:
    """Whether nothing is left unseen: the one imagining is the table itself, and the solver's answer is no guess."""
    return not position.stock_count and not any(position.face_down)


def solver_share(
    position: Position,
    *,
    seed: int | None = None,
    guesses: int | None = None,
    nodes: int | None = None,
    searched: Callable[[SearchResult], None] | None = None,
) -> Chance:
    """The raw figure: the share of ``guesses`` (by default :data:`GUESSES`) imaginings of the unseen cards in
    which the solver finds a win within ``nodes`` positions (by default :data:`NODES` for the suit count). An
    imagining whose search runs out of budget counts as lost. ``searched`` is told each imagining's search result
    (the bench records how many positions each took, so that smaller budgets can be judged from the same
    searches)."""
    if not position.public:
        raise ValueError("the chance of winning is estimated from the public position only")
    if position.won:
        return Chance(1.0, 0)
    generator = random.Random(guesses_seed(position) if seed is None else seed)
    budget_nodes = nodes or NODES.get(position.suits, max(NODES.values()))
    count = 1 if certain(position) else guesses or GUESSES
    won = 0
    for _ in range(count):
        table, start = sample_table(position, sample(position, generator))
        result = widening_search(table, start, Budget(budget_nodes, None))
        won += result.line is not None
        if searched is not None:
            searched(result)
    return Chance(won / count, count)


def guesses_seed(position: Position) -> int:
    """The seed of a position's imaginings: the cards it hides and where (face-down counts, the stock), nothing else.

    Two tables that hide the same cards the same way, such as the tables before and after a move that turns nothing
    up, or a table seen again with another score, are judged on the same imaginings: the difference between their
    chances is the move's, not the luck of the draw, and a table keeps its figure.
    """
    unseen = "".join(str(card) for card in unseen_cards(position))
    return zlib.crc32(f"{position.suits} {position.face_down} {position.stock_count} {unseen}".encode())


def calibrated(raw: float, position: Position) -> float:
    """The chance shown for a raw share of imaginings won from ``position`` (:data:`WEIGHTS`)."""
    return 1 / (1 + math.exp(-sum(w * x for w, x in zip(WEIGHTS, features(raw, position), strict=True))))


def features(raw: float, position: Position) -> tuple[float, ...]:
    """The public figures the chance shown is made from (:data:`FEATURES`): the suit count, the raw share's
    log-odds, and how far the game has come, each as a share (the stock's and the face-down cards' of the deck,
    the runs removed of those that win, the empty columns of all). Nothing here reads an unseen card."""
    held = min(1 - CLIP, max(CLIP, raw))
    empty = sum(not cards and not down for cards, down in zip(position.columns, position.face_down, strict=True))
    return (
        float(position.suits == 1),
        float(position.suits == 2),
        float(position.suits not in (1, 2)),
        math.log(held / (1 - held)),
        position.stock_count / DECK_SIZE,
        sum(position.face_down) / DECK_SIZE,
        len(position.runs) / RUNS_TO_WIN,
        empty / COLUMNS,
    )
