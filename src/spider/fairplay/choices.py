"""One decision weighed: how much likelier a player who sees every card makes the commitment played than one
who sees only the face-up cards.

The decisions that matter are commitments: an action that shows a card (a move that turns one up, a deal) can
never be taken back for what it showed. At a decision where the player committed, the commitments compared
are every move from the visible table that would turn a card up (each whose result differs), a deal when one
is allowed, and the action played.

The *clairvoyant* player knows every card: in the real fill it makes the next commitment of the solver's line
for the real deal from the start while the game has followed that line (:mod:`spider.fairplay.lines`: the line
a player who learned the code would be given), else the first commitment of the solver's winning line from the
position (found within :data:`Care.nodes` positions); in a sampled fill always the latter; and any other with a
small chance (:data:`Care.slip`) for the moves no model explains; where the solver finds no win, it chooses
evenly. The
*sighted* player cannot tell the real cards from any others the player has not seen: its chance of each
commitment is the clairvoyant's chance averaged over the real fill and :data:`Care.samples` sampled fills
(:mod:`spider.fairplay.fills`), each with its own solver's line. A decision's weight is the log of the ratio of
the two chances for the commitment played: positive where the player committed as only the real cards' winning
line does.

The ratio is taken in part (:data:`Care.trust`), so that a commitment the real line does not make costs little.
The real fill is one of the fills averaged, so a decision's ratio is at most ``samples + 1`` (its weight at most
ln 4.5, about 1.5, with 7 samples and a trust of one half). Given all the player had seen, the real fill and the
sampled ones are draws from one law; were the clairvoyant's choice made the same way in every fill, a decision's
ratio would have mean 1 for a player who has not looked at hidden cards. The line from the start breaks that
symmetry on purpose (the real fill alone is asked along a line chosen before the game), and the decisions of one
game all ask about one deal: where the real deal's winning line happens to run the way a player would go anyway,
it does so at several decisions, so the ratios are not independent and their product is no test martingale
(Ville's bound does not hold). A weight that looked only at the cards the action itself showed would keep that
bound, but it barely tells a solver's line from an honest game (a solver's line turns up no better cards than any
other, only the ones its whole plan needs). So the threshold is measured, not taken from theory: bench/fairplay.py
on tuning shuffles below 1000, and reported on fresh deals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spider.fairplay.fills import Fill
from spider.notation import Position
from spider.solver.convert import action_text, table_for
from spider.solver.core import DEAL, Budget, State, Table, widening_search
from spider.solver.hint import deal_possible, public_table


@dataclass(frozen=True, slots=True)
class Care:
    """How hard the measure looks: ``samples`` sampled fills beside the real one, the solver's budget of
    ``nodes`` positions in each fill (``four_suit_nodes`` on 4 suits), the clairvoyant player's ``slip``, and
    the ``trust`` put in each decision's ratio (its factor is ``1 - trust + trust * ratio``: a person commits
    for many reasons, and one commitment the solver's line does not make should not undo several it does).
    Node budgets, not time, bound the work, so a busy machine gives the same figure.

    Chosen on tuning shuffles 100..105 (bench/fairplay.py): on 4 suits the solver finds too few wins within
    20,000 positions for its lines to say anything (a solver's line scored -7 and -1 there, 17 and 11 at
    100,000), while on 1 and 2 suits a larger budget scored solver's lines lower (it finds other wins than the
    line played). Slip and trust were then chosen over a grid on the 33 honest games and 7 solver's lines of
    shuffles 100..108 (``bench/fairplay.py --tune``): at a slip of 0.01 and a trust of 0.5 the highest honest
    score was 3.5 and 4 of the 7 lines reached 4.6; taking each ratio whole (trust 1), at best 3 did, with an
    honest game at 4.3.
    """

    samples: int = 7
    nodes: int = 20_000
    four_suit_nodes: int = 100_000
    slip: float = 0.01
    trust: float = 0.5
    line_nodes: int = 300_000
    """The solver's budget for the real deal's line from the start (:mod:`spider.fairplay.lines`); 0: none."""

    def nodes_for(self, suits: int) -> int:
        """The solver's budget in each fill on a suit count."""
        return self.four_suit_nodes if suits == 4 else self.nodes


@dataclass(frozen=True, slots=True)
class Weighed:
    """A decision weighed: the position it was made from, the fills it was weighed in (the real one first), the
    commitments compared (the search's codes), the place of the one played, for each fill the place of the
    first commitment of the solver's line (None: no win found, or its commitment is none of those compared), and
    the weight."""

    position: Position
    fills: tuple[Fill, ...]
    actions: tuple[int, ...]
    played: int
    firsts: tuple[int | None, ...]
    weight: float

    def text(self, index: int) -> str:
        """A commitment in move notation."""
        return action_text(public_table(self.position)[1], self.actions[index])

    @property
    def sighted_choice(self) -> str:
        """The commitment a player seeing only the face-up cards likes best: the one the solver's lines in the
        sampled fills make first most often (the first of them, in the table's order); "" where no line in them
        makes any of the commitments compared."""
        counts = [sum(first == index for first in self.firsts[1:]) for index in range(len(self.actions))]
        best = max(range(len(counts)), key=lambda index: (counts[index], -index))
        return self.text(best) if counts[best] else ""


def commitments(position: Position, played: int) -> list[int]:
    """The commitments compared at a decision (the search's codes): the moves from the visible table that turn a
    card up, a deal if one is allowed, and the action ``played`` if it is none of them."""
    table, start = public_table(position)
    actions = [
        action
        for action, _, child in table.children(start, table.score(start), exact=True)
        if action != DEAL and child[1] != start[1]
    ]
    if deal_possible(position):
        actions.append(DEAL)
    if played not in actions:
        actions.append(played)
    return actions


def shows(position: Position, fill: Fill, action: int) -> bool:
    """Whether the action shows a card: a deal, or a move that turns a card up."""
    if action == DEAL:
        return True
    table, start = _filled(position, fill)
    return table.apply(start, action)[1] != start[1]


def first_commitment(position: Position, fill: Fill, nodes: int) -> int | None:
    """The first commitment (a deal, or a move that turns a card up) of the solver's winning line in the fill,
    found within ``nodes`` positions; None if it finds no win or its line shows no card."""
    table, state = _filled(position, fill)
    line = widening_search(table, state, Budget(nodes, None)).line
    for action in line or ():
        after = table.apply(state, action)
        if action == DEAL or after[1] != state[1]:
            return action
        state = after
    return None


def chances(first: int | None, count: int, slip: float) -> list[float]:
    """The clairvoyant player's chance of each of ``count`` commitments, ``first`` the place of its line's.

    >>> [round(each, 3) for each in chances(1, 4, 0.1)]
    [0.025, 0.925, 0.025, 0.025]
    """
    if first is None:
        return [1 / count] * count
    return [(1 - slip) * (index == first) + slip / count for index in range(count)]


def weight(firsts: Sequence[int | None], played: int, count: int, slip: float, trust: float) -> float:
    """A decision's weight from the places of the lines' first commitments in the real fill (first) and the
    sampled ones, among ``count`` commitments: the log of its factor, its ratio taken at ``trust``.

    >>> round(weight([0, 0, 1, 1], 0, 2, 0.0, 1.0), 3), round(weight([0, 0, 1, 1], 0, 2, 0.0, 0.5), 3)
    (0.693, 0.405)
    """
    real = chances(firsts[0], count, slip)[played]
    mean = sum(chances(first, count, slip)[played] for first in firsts) / len(firsts)
    return math.log(1 - trust + trust * real / mean)


def weigh(
    position: Position, fills: Sequence[Fill], played: int, care: Care, *, followed: int | None = None
) -> Weighed | None:
    """The decision at ``position`` where the commitment ``played`` was made, ``fills[0]`` the real fill and the
    rest sampled; None where it weighs nothing (a single commitment, or every fill the same). ``followed``: the
    next commitment of the real deal's line from the start, where the game has followed that line so far (the
    clairvoyant player's choice in the real fill, instead of a line looked for from here)."""
    actions = commitments(position, played)
    if len(actions) < 2 or all(fill == fills[0] for fill in fills):
        return None
    nodes = care.nodes_for(position.suits)
    real = followed if followed is not None else first_commitment(position, fills[0], nodes)
    codes = [real, *(first_commitment(position, fill, nodes) for fill in fills[1:])]
    firsts = tuple(actions.index(code) if code in actions else None for code in codes)
    at = actions.index(played)
    found = weight(firsts, at, len(actions), care.slip, care.trust)
    return Weighed(position, tuple(fills), tuple(actions), at, firsts, found)


def _filled(position: Position, fill: Fill) -> tuple[Table, State]:
    return table_for(
        position.columns,
        position.face_down,
        fill.stock,
        position.rules.group,
        position.rules.deal,
        fill.hidden,
        suits=position.suits,
    )
