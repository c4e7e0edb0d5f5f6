"""Computer players from beginner to master that play a deal from what they can see (SPEC 2.5).

Each player is asked for its next action with the public position only (no face-down identities, no
stock order); like a person, it remembers what it saw earlier in the same game. The strongest guess at
the unseen cards, consistently with everything seen, and search their guesses
(:mod:`spider.players.determinize`); :mod:`spider.players.strengths` says how each strength plays.

A duel's computer opponent (SPEC 4) is one :class:`Player` per game, asked after each of its actions::

    player = Player("expert", seed=duel_seed)
    action = player.next_action(game.public_position(), seconds_left=clock_left)
    # None means "finish"; otherwise play it after waiting player.pace seconds.

Under duel scoring it plays for points (:mod:`spider.players.duel`) and finishes when nothing more is
worth points. The same seed and the same public positions give the same actions, unless the clock runs
short.

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> result = play_game(game, Player("casual"))
>>> result.actions > 0
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from spider.game import Game
from spider.notation import Position
from spider.players.player import Player
from spider.players.strengths import LEVELS, PACE, STRENGTHS, Level, Strength

MAX_ACTIONS = 1500


@dataclass(frozen=True, slots=True)
class PlayResult:
    """How a game played by a computer player ended, with every action it made (``line``), the seconds
    it spent thinking (by ``clock``) and the longest it thought over one action."""

    won: bool
    actions: int
    runs: int
    score: int = 0
    line: tuple[str, ...] = field(default=())
    seconds: float = 0.0
    slowest: float = 0.0


class Plays(Protocol):
    """What :func:`play_game` asks of a player: its next action from the public position (a :class:`Player`,
    or a player the bench tries, such as :class:`spider.players.ismcts.TreePlayer`)."""

    def next_action(self, position: Position, seconds_left: float | None = None) -> str | None: ...


def play_game(
    game: Game,
    player: Plays,
    max_actions: int = MAX_ACTIONS,
    clock: Callable[[], float] = time.process_time,
    time_limit: float | None = None,
    pace: float = 0.0,
) -> PlayResult:
    """Lets the player play the game to its end (a win, or it gives up), without undo.

    With a ``time_limit`` in seconds (a duel's clock) the game also ends when the time is up. Each action
    takes from it the ``pace`` the player waits before it (a computer opponent's, :data:`PACE`: the server
    waits it on the duel's clock) and its thinking, read from ``clock``; the player is told how much is left
    as it begins to think, and an action thought past the time is not played (a duel refuses it).
    """
    line: list[str] = []
    thinking = slowest = used = 0.0
    while not game.won and len(line) < max_actions:
        seconds_left = None if time_limit is None else time_limit - used - pace
        if seconds_left is not None and seconds_left <= 0:
            break
        position = game.public_position()
        began = clock()
        action = player.next_action(position, seconds_left)
        spent = clock() - began
        thinking += spent
        used += pace + spent
        slowest = max(slowest, spent)
        if action is None or (time_limit is not None and used > time_limit):
            break
        game.play(action)
        line.append(action)
    return PlayResult(game.won, len(line), len(game.runs), game.score, tuple(line), thinking, slowest)


__all__ = [
    "LEVELS",
    "MAX_ACTIONS",
    "PACE",
    "STRENGTHS",
    "Level",
    "PlayResult",
    "Player",
    "Plays",
    "Strength",
    "play_game",
]
