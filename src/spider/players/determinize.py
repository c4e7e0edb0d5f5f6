"""Determinized search: the unseen cards dealt out at random, then searched as if known.

A player sees the face-up cards and the removed runs, so it knows exactly which cards it has not seen:
the rest of the 104. A *sample* lays those cards, in a random order from the player's own generator,
into the face-down places and the stock; the full-information search then looks for a win in the
sample. Several samples are searched and the action that does best across them is played. The real
face-down cards are never read: everything here starts from a public :class:`~spider.notation.Position`.

In a sample the face-down cards come up in the sample's order, whichever column each is turned up in: the
player cannot tell one column's face-down cards from another's, and a search that could would dig the
column its guess happened to fill well (it wins more often so: bench/NOTES.md).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from spider.actions import COLUMNS
from spider.cards import RUN_LENGTH, Card, card, deck
from spider.game import Game
from spider.notation import Position
from spider.rules import TableRules
from spider.solver.convert import action_code, cards_code, notation, table_for
from spider.solver.core import (
    DEAL,
    Budget,
    State,
    Table,
    Weights,
    beam_search,
    beam_widths,
    turned_up,
    weights_for,
    widening_search,
)


def unseen_cards(position: Position) -> list[Card]:
    """The cards a player has not seen: the deck less the face-up cards and the removed runs, in the
    deck's fixed order (so that a sample depends only on the generator, never on the real deal)."""
    seen: Counter[Card] = Counter()
    for cards in position.columns:
        seen.update(cards)
    for suit in position.runs:
        seen.update(card(rank, suit) for rank in range(1, RUN_LENGTH + 1))
    unseen = []
    for each in deck(position.suits):
        if seen[each]:
            seen[each] -= 1
        else:
            unseen.append(each)
    return unseen


@dataclass(frozen=True, slots=True)
class Sample:
    """One guess at the unseen cards: each column's face-down cards (bottom first) and the stock.

    The search takes the face-down cards in :attr:`order`, whichever column each is turned up in
    (:func:`sample_table`); :func:`laid_out` puts them where one line turns them up.
    """

    hidden: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]

    @property
    def order(self) -> list[Card]:
        """The face-down cards in the order the search turns them up: the guess's shuffle."""
        return [each for cards in self.hidden for each in cards]


def sample(position: Position, generator: random.Random, unseen: Sequence[Card] | None = None) -> Sample:
    """The unseen cards laid out in a random order: face-down places column by column, then the stock.
    ``unseen`` saves working them out again (:func:`unseen_cards` of the same position)."""
    cards = unseen_cards(position) if unseen is None else list(unseen)
    generator.shuffle(cards)
    hidden = []
    taken = 0
    for down in position.face_down:
        hidden.append(tuple(cards[taken : taken + down]))
        taken += down
    return Sample(tuple(hidden), tuple(cards[taken:]))


def sample_table(position: Position, guess: Sample, weights: Weights | None = None) -> tuple[Table, State]:
    """The search's table and start state for a public position with the sample's cards filled in, scored
    with ``weights`` (by default the solver's). The face-down cards come up in the sample's order wherever
    they are turned up: nothing the player can see tells one column's face-down cards from another's, so
    a guess must not either."""
    return table_for(
        position.columns,
        position.face_down,
        guess.stock,
        position.rules.group,
        position.rules.deal,
        guess.hidden,
        suits=position.suits,
        weights=weights,
        order=guess.order,
    )


def laid_out(position: Position, guess: Sample, actions: Sequence[str]) -> Sample:
    """The guess with its face-down cards laid where the line of ``actions`` (move notation, no flips)
    turns them up, the rest in order after them: the rules engine then plays the line as the search saw it.
    """
    table, state = sample_table(position, guess)
    order = guess.order
    codes = cards_code(order)
    places: dict[tuple[int, int], Card] = {}
    for text in actions:
        after = table.apply(state, action_code(state, text))
        # One action may turn up two cards (a move that empties its column and completes a run over face-down
        # cards) or more (a deal): they are the next ones of the order, and each shows where it came up.
        turned = [column for column in range(COLUMNS) if after[1][column] < state[1][column]]
        free = list(range(len(places), len(places) + len(turned)))
        for column in turned:
            at = next(index for index in free if codes[index] == after[0][column][0])
            free.remove(at)
            places[column, after[1][column]] = order[at]
        state = after
    rest = iter(order[len(places) :])
    hidden = tuple(
        tuple(places[column, place] if (column, place) in places else next(rest) for place in range(down))
        for column, down in enumerate(position.face_down)
    )
    return Sample(hidden, guess.stock)


def imagined(position: Position, guess: Sample, rules: TableRules | None = None) -> Game:
    """The game the guess stands for: the position with the guess's cards face down (each column's as
    :attr:`Sample.hidden` lays them) and in the stock, under ``rules`` (by default the position's)."""
    return Game(
        position.suits,
        rules or position.rules,
        [hidden + cards for hidden, cards in zip(guess.hidden, position.columns, strict=True)],
        position.face_down,
        guess.stock,
        position.runs,
        position.score,
        position.moves,
    )


@dataclass(frozen=True, slots=True)
class Line:
    """What a search found in one guess: the moves to play before the next deal (towards its best
    position before a deal, or the start of a win), whether it found a win, and a score (lower is
    better): the score reached, or for the solver's line (:func:`solve_sample`) the length of its win."""

    actions: tuple[str, ...]
    won: bool
    score: int


def search_sample(
    position: Position, guess: Sample, nodes: int, seconds: float | None = None, width: int | None = None
) -> Line:
    """Beam passes over the sample within ``nodes`` positions (and ``seconds``, if given): the moves to
    play before the next deal, and whether the guess can be won. Passes widen from ``width`` (default 50)
    and double, as the solver's do."""
    table, start = sample_table(position, guess, weights_for(position.suits, playing=True))
    budget = Budget(nodes, seconds, time.process_time)
    # The best position is looked for before any deal: a deal's cards are only guessed, and a player makes
    # the useful moves first (the search goes on past deals to find wins).
    best = _Best(table.score(start), [])
    for beam in beam_widths(width or 50):
        result = beam_search(table, start, beam, budget, before_deal=True)
        if result.before_deal is not None and result.before_deal[0] < best.score:
            best.score, best.line = result.before_deal
        if result.line is not None:
            best.win = result.line
        if result.line is not None or budget.spent() or not result.truncated:
            break
    line, score = best.line, best.score
    if best.win is not None:
        # A win in a guess often deals early because it knows what the deal brings. Its moves before the
        # deal are played only if they tidy the table at least as well as the best moves before a deal.
        before_deal = best.win[: best.win.index(DEAL)] if DEAL in best.win else best.win
        state = start
        for action in before_deal:
            state = table.apply(state, action)
        # With one suit every guessed stock brings the same kind of cards, and following the win's own
        # moves wins more often (bench/players.py); with more suits the guessed suits mislead.
        if position.suits == 1 or table.score(state) <= score or table.won(state):
            line, score = before_deal, table.score(state)
    return Line(tuple(notation(table, start, line, False)), best.win is not None, score)


def solve_sample(position: Position, guess: Sample, nodes: int, seconds: float | None = None) -> Line | None:
    """The full-information solver on the sample, within ``nodes`` positions (and ``seconds`` of this
    process's CPU time, if given): its winning line up to the first action that shows a card (a card
    turned up: that move included; a deal: left out), or None if it found no win. The line's score is
    the length of the whole win, so that of lines that agree the shorter wins count for more.

    Only that far: up to there the line's moves are the same whatever the unseen cards are, so the player
    can play them; the rest of the line knows what the sample put under the cards and in the stock, which
    the player does not (a line that digs a column, or deals early, because it "knows" what comes), and is
    searched again once the card is seen. A line that deals at once is empty: a vote for the deal.
    """
    table, start = sample_table(position, guess)
    result = widening_search(table, start, Budget(nodes, seconds, time.process_time))
    if result.line is None:
        return None
    line = result.line[: _until_seen(table, start, result.line)]
    return Line(tuple(notation(table, start, line, False)), True, len(result.line))


def _until_seen(table: Table, start: State, line: Sequence[int | str]) -> int:
    """How many of the line's actions (search ints or move notation) to keep so that it stops at its first
    action that shows a card: a card turned up (that move kept) or a deal (left out)."""
    state = start
    for length, action in enumerate(line):
        code = action_code(state, action) if isinstance(action, str) else action
        if code == DEAL:
            return length
        child = table.apply(state, code)
        if turned_up(state, child):
            return length + 1
        state = child
    return len(line)


def judge(
    position: Position, guesses: Sequence[Sample], lines: Sequence[Sequence[str]], nodes: int, seconds: float
) -> tuple[str, ...]:
    """Of the lines the guesses propose, the one that does best in all of them, up to its first card turned up.

    Each line, cut after the first card it turns up (the moves up to there are the same whatever the unseen
    cards are), is played in every guess and scored by a short beam from where it ends: the lowest score
    within reach before the next deal, or a win. The lowest total wins; a tie goes to the line more guesses
    proposed. A guess's own search knows which card comes up next and finds the line that suits that card;
    judged by all the guesses, a line must suit the cards that may come (it wins more often so than a
    vote: bench/NOTES.md).

    Guesses are judged one at a time, all lines in each, until ``seconds`` of CPU time are spent (at least
    one guess is always judged), so that the lines are always compared over the same guesses.
    """
    proposed = _cut(position, guesses[0], lines)
    if len(proposed) == 1:
        return next(iter(proposed))
    return _judged(position, guesses, proposed, nodes, seconds)[0]


def judge_deal(
    position: Position, guesses: Sequence[Sample], lines: Sequence[Sequence[str]], nodes: int, seconds: float
) -> tuple[str, ...]:
    """A second opinion before a deal that most guesses would make now: of the lines the other guesses
    propose, the one the judge prefers (:func:`judge`), if its outlook summed over the guesses is better
    than the table as it is, summed over the same guesses; else ``()``, deal now.

    A guess whose search sees nothing worth doing before the deal proposes no line, and by the vote the deal
    is made; but a few guesses may see a line that gains much where the others lose little. A line is
    scored as the judge scores it: its end and the best the guess finds after it before the deal.
    """
    proposed = _cut(position, guesses[0], [actions for actions in lines if actions])
    if not proposed:
        return ()
    best, total, now = _judged(position, guesses, proposed, nodes, seconds)
    return best if total < now else ()


def _cut(position: Position, guess: Sample, lines: Sequence[Sequence[str]]) -> Counter[tuple[str, ...]]:
    """Each line cut after the first card it turns up, and how many lines propose each cut line."""
    table, start = sample_table(position, guess)
    return Counter(tuple(actions[: _until_seen(table, start, actions)]) for actions in lines)


def _judged(
    position: Position, guesses: Sequence[Sample], proposed: Counter[tuple[str, ...]], nodes: int, seconds: float
) -> tuple[tuple[str, ...], int, int]:
    """The line of the lowest outlook summed over the guesses (a tie goes to the line more guesses
    proposed), that total, and the total of the table as it is (no move before the deal) over the same
    guesses. Guesses are judged one at a time until ``seconds`` of CPU time are spent."""
    weights = weights_for(position.suits, playing=True)
    deadline = time.process_time() + seconds
    totals = dict.fromkeys(proposed, 0)
    now = 0
    for guess in guesses:
        table, start = sample_table(position, guess, weights)
        now += table.score(start)
        for actions in totals:
            state = start
            for text in actions:
                state = table.apply(state, action_code(state, text))
            totals[actions] += outlook(table, state, nodes)
        if time.process_time() >= deadline:
            break
    best = min(proposed, key=lambda actions: (totals[actions], -proposed[actions]))
    return best, totals[best], now


# The judge's beam: narrow, since it scores many lines in many guesses.
JUDGE_WIDTH = 50


def outlook(table: Table, state: State, nodes: int) -> int:
    """The lowest score a short beam finds within reach of ``state`` before the next deal, or the score of
    the won table if it finds a win."""
    return best_before_deal(table, state, nodes)[0]


def best_before_deal(table: Table, state: State, nodes: int) -> tuple[int, list[int]]:
    """The tidiest table a short beam over up to ``nodes`` positions finds within reach of ``state`` before
    the next deal (``state`` itself if none is tidier), or a win if it finds one (the won table's score,
    past any deal): its score and the line to it."""
    if table.won(state):
        return table.weights.won, []
    result = beam_search(table, state, JUDGE_WIDTH, Budget(nodes, None), before_deal=True)
    if result.line is not None:
        return table.weights.won, result.line
    if result.before_deal is not None and result.before_deal[0] < table.score(state):
        return result.before_deal
    return table.score(state), []


@dataclass
class _Best:
    score: int
    line: list[int]
    win: list[int] | None = None
