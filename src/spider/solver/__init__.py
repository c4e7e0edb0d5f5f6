"""Search for Spider: the full-information solver, hints and "no more moves" from what a player sees,
and analysis after a game.

>>> from spider import Game
>>> solve(Game.from_code("SP1-S1C-AAAAAAB"), seconds=30).verdict
'win'
"""

from spider.solver.analyse import Analysis, analyse
from spider.solver.hint import Hint, deal_possible, hint, no_more_moves
from spider.solver.search import SolveResult, Verdict, replays_to_win, solve

__all__ = [
    "Analysis",
    "Hint",
    "SolveResult",
    "Verdict",
    "analyse",
    "deal_possible",
    "hint",
    "no_more_moves",
    "replays_to_win",
    "solve",
]
