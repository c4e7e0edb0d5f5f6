"""Whether a player made a real attempt at a duel's deal: the rule against sandbagging, where one side resigns at once
or plays nothing so that the other collects the rating or the arena points.

A game is a real attempt when it made at least ``MIN_MOVES`` moves (deals count, flips do not, undone moves are
taken back) and scored at least what the weakest computer player (``beginner``, rated 857 on the ladder, which
picks at random among the moves that look useful) typically scores on the same deal under the same clock: the
median of ``TRIES`` of its games, each with its own seed (``weakest_score``). A duel in which a person's game was no
real attempt rates nobody and gives no arena points (``rated``).

Ten moves: the weakest computer player makes about 74 actions in a five-minute duel (it waits four seconds before
each), and on the deals of ``bench/farming.py`` never fewer than 10 moves; a person who tries makes far more in the
first minute. A feeder who plays nine moves and stops is caught by the count alone, which needs no work; one who
plays on is caught by the score, unless they really play.

The weakest player's score costs a few milliseconds of CPU a game (``bench/farming.py --weakest`` prints it), so
it is worked out in the work queue (``weakest_score`` is the job's function; this module imports the engine and
the players only) as the duel starts, and kept with the duel.
"""

from __future__ import annotations

import statistics
from typing import Any

from spider import Game, TableRules
from spider.players import PACE, STRENGTHS, Player, Strength, play_game

MIN_MOVES = 10
"""Moves (and deals) a game needs to be a real attempt (``SPIDER_DUEL_MIN_MOVES`` changes it)."""
TRIES = 5
"""Games of the weakest computer player whose median score is the bar."""
WEAKEST: Strength = STRENGTHS[0]
"""The weakest computer player's strength."""


def weakest_score(code: str, rules: dict[str, Any], minutes: int) -> int:
    """The median score of ``TRIES`` games of the weakest computer player on the deal under the table rules, each
    played to its end or to the duel's clock at its pace (the work queue's job).

    >>> import dataclasses
    >>> rules = dataclasses.replace(TableRules.preset("duel"), scoring="duel").to_json()
    >>> weakest_score("SP1-S1C-AAAAAAD", rules, 5) > 0
    True
    """
    table = TableRules.from_json(rules)
    scores = [
        play_game(Game.from_code(code, table), Player(WEAKEST, seed=seed), time_limit=minutes * 60.0,
                  pace=PACE[WEAKEST]).score
        for seed in range(TRIES)
    ]
    return int(statistics.median_low(scores))


def real_attempt(moves: int, score: int, weakest: int, min_moves: int = MIN_MOVES) -> bool:
    """Whether a game of ``moves`` moves that scored ``score`` was a real attempt at a deal the weakest computer
    player scores ``weakest`` on (``min_moves``: the server's ``SPIDER_DUEL_MIN_MOVES``).

    >>> real_attempt(2, 40, 12), real_attempt(30, 5, 12), real_attempt(30, 12, 12)
    (False, False, True)
    """
    return moves >= min_moves and score >= weakest

