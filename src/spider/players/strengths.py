"""The strengths of computer players, from beginner to master, and how each one plays.

The four differ in how they choose a move, so that each feels different across the table in a duel:

- ``beginner`` picks at random among the moves that look useful at once, and wanders a little;
- ``casual`` imagines the unseen cards once and plays towards the tidiest table a short look ahead finds
  in that guess;
- ``expert`` imagines the unseen cards four times and looks in each guess for the tidiest table before a
  deal; the line that does best in all four guesses is played, as far as the next card it turns up;
- ``master`` imagines them twenty times. On 1 and 4 suits it gives each guess to the full-information
  solver: the winning lines, each as far as the next card it would see, are judged in all twenty guesses.
  Where the solver wins fewer than half the guesses (on 4 suits, most of a game), every guess is also
  searched as expert's are, and those lines are judged with the solver's that make a move. On 2 suits it
  searches every guess as expert does, twenty of them, each over a larger budget. A deal is made once
  most guesses see no move worth making before one (a solver's line deals early where it knows the stock)
  and the judge finds none of the other guesses' lines better than dealing at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from spider.cards import SUIT_COUNTS

Strength = Literal["beginner", "casual", "expert", "master"]
STRENGTHS: tuple[Strength, ...] = ("beginner", "casual", "expert", "master")


@dataclass(frozen=True, slots=True)
class Level:
    """How a strength plays.

    ``samples`` guesses at the unseen cards are each searched over up to ``sample_nodes`` positions (0
    samples: no guessing, pick among the moves that look useful at once). ``pace`` is the seconds the player
    waits before each action in a duel, so that it plays at a person's pace. With ``solve_nodes``, on the
    suit counts in ``solve_suits``, each guess is first given to the full-information solver over up to that
    many positions, and its winning lines are the proposals. With ``judge_nodes``, the lines the guesses
    propose are judged in every guess, each by a beam over up to that many positions
    (:func:`~spider.players.determinize.judge`); without, they vote on the move. On the suit counts in
    ``deal_judge_suits``, a deal that most guesses would make is judged too, against the lines the others
    propose (:func:`~spider.players.determinize.judge_deal`). ``seconds`` is the most CPU time the searches
    for one action may take together (issue 10: at most 2 s a move on one core), shared evenly among the
    guesses; the solver may take half of it, and the rest is kept for the search for the best position
    before a deal, which decides whether to deal, and the judge. Most actions stay within the node budgets,
    and only an action that reaches the limit depends on the machine's speed.
    """

    samples: int = 0
    sample_nodes: int = 0
    solve_nodes: int = 0
    solve_suits: tuple[int, ...] = SUIT_COUNTS
    judge_nodes: int = 0
    deal_judge_suits: tuple[int, ...] = (2,)
    seconds: float = 1.6
    pace: float = 2.0


# The search of a guess runs in the C core's beam, so its node budgets cost little time. Judged lines win
# more than voted ones, even from fewer guesses. Casual searches its one guess over 256 positions, the least a
# budget can hold (searches look at their budget every 256 positions), and still wins more than the hint's
# search over the visible table, which cannot see past a face-down card. On 2 suits master does without the
# solver: its lines know the guessed stock, and once they win half the guesses they lead where the searches'
# lines, towards each guess's best position before a deal, play better; on 1 and 4 suits the solver helps.
# The deal is judged against the lines of the few guesses that would not deal yet on 2 suits only. The
# judge's beam looks 2,000 positions ahead of each line: more took an action over its time limit. Each value
# was chosen with bench/players.py (the runs: bench/NOTES.md).
LEVELS: dict[Strength, Level] = {
    "beginner": Level(pace=4.0),
    "casual": Level(samples=1, sample_nodes=256, pace=3.0),
    "expert": Level(samples=4, sample_nodes=5000, judge_nodes=2000, pace=2.0),
    "master": Level(
        samples=20, sample_nodes=10_000, solve_nodes=120_000, solve_suits=(1, 4), judge_nodes=2000, pace=1.5
    ),
}
PACE: dict[Strength, float] = {strength: level.pace for strength, level in LEVELS.items()}

# Each strength's rating from the ladder (issue 40): a round robin under duel rules on fresh deals, each
# strength playing each deal once on a 5-minute duel clock, pace counted, every two compared on every deal,
# and the ratings fitted to all those duels at once on the Glicko scale from the server's start of 1500 +- 350
# (spider.players.ladder; bench/NOTES.md has the run). The lobby shows it beside each computer opponent, and
# each computer player's duel rating starts from it. Measure again with a new seed whenever a level or a
# pace changes:
#     nice -n 10 .venv/bin/python bench/ladder.py --seed 58213 --count 90
# The deviations are large because a round robin says how far apart the strengths stand, not where people
# stand: their gaps are surer (casual - beginner 706 +- 214, expert - casual 163 +- 67, master - expert
# 129 +- 65, 95%). Master stands less than the 150 points above expert that issue 40 asks (master won 63,
# drew 1, lost 26 of their 90 duels).
RATINGS: dict[Strength, int] = {"beginner": 857, "casual": 1563, "expert": 1726, "master": 1854}
RATING_DEVIATIONS: dict[Strength, int] = {"beginner": 193, "casual": 178, "expert": 178, "master": 179}
"""The deviation of each rating in ``RATINGS``: a computer player's duel rating starts from both on the server."""
