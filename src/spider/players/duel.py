"""Duel play (SPEC 4): under duel scoring a player plays for points, not only for the win.

Duel scoring (SPEC 1.5) pays for each card turned up, each card placed on its suit one rank higher, each
run and the win, and charges a point for every move and deal. So a line found in a guess at the unseen
cards is worth playing only as far as its last gain: the moves after it cost points and earn none. When
no guess finds a gain and the stock is empty, the player finishes its game (SPEC 4: "Finish").
"""

from __future__ import annotations

from spider.errors import SpiderError
from spider.notation import Position
from spider.players.determinize import Line, Sample, imagined, laid_out


def plays_for_points(position: Position) -> bool:
    """Whether the table's scoring pays for progress move by move (the duel scoring)."""
    return position.rules.scoring == "duel"


def up_to_last_gain(position: Position, guess: Sample, line: Line) -> Line:
    """The line cut after the action that brings the duel score to its highest, replayed through the
    rules engine on the guessed cards laid where the line turns them up (turning cards up as the line goes,
    since the line has no flips)."""
    game = imagined(position, laid_out(position, guess, line.actions), position.rules.with_(flip="auto"))
    best, keep = game.score, 0
    for index, action in enumerate(line.actions):
        try:
            game.play(action)
        except SpiderError:
            break
        if game.score > best:
            best, keep = game.score, index + 1
    return Line(line.actions[:keep], line.won and keep == len(line.actions), line.score)
