"""Fair play: how strongly a finished game's actions depend on cards its player could not see (issue 53).

A player who sees only the face-up cards cannot know the cards still face down or the order of the stock. At
each of a game's decisions the measure asks how much likelier a player who sees every card would have made the
action played than a player who sees only what was face up (:mod:`spider.fairplay.choices`); a game whose
choices keep fitting the hidden cards is flagged for a moderator, with the decisions that show it in card words
(:mod:`spider.fairplay.evidence`). :func:`measure` takes and gives plain values, for a worker process.

This package imports nothing of the server.
"""

from spider.fairplay.choices import Care
from spider.fairplay.verdicts import CARE, THRESHOLD, Verdict, fairplay, measure

__all__ = ["CARE", "THRESHOLD", "Care", "Verdict", "fairplay", "measure"]
