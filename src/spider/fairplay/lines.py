"""The real deal's winning line from the start, as the solver finds it, and whether a game has followed it.

A player who learned a deal's code elsewhere (a second account, a friend, a scouting game) and asked the solver
for its line plays that line: the solver's line from a position does not depend on its budget once the budget
finds it (the search stops at its first win), so the measure finds the very same line. While a game follows
that line action for action, the clairvoyant player's choice in the real fill is the line's next commitment;
a line looked for afresh from a later position often runs otherwise (the search starts from another root), and
would miss it.
"""

from __future__ import annotations

from spider.game import Dealt, Event, Game, Moved
from spider.solver import solve
from spider.solver.core import DEAL, move_action


def played_code(events: list[Event]) -> int:
    """The search's code of the move or deal whose events these are."""
    first = events[0]
    if isinstance(first, Dealt):
        return DEAL
    assert isinstance(first, Moved)
    return move_action(first.source - 1, first.target - 1, first.count)


class StartLine:
    """The solver's line from a game's start in the real deal (found within ``nodes`` positions, else none), as
    the search's codes of its moves and deals, and each code's place in the line."""

    def __init__(self, game: Game, nodes: int) -> None:
        self.codes: list[int] = []
        self.shows: list[bool] = []
        if nodes <= 0:
            return
        found = solve(game.copy(), max_nodes=nodes)
        if found.verdict != "win":
            return
        replay = game.copy()
        for text in found.line:
            down = sum(replay.face_down)
            events = replay.apply_text(text)
            if text.startswith("f"):  # a card turned up by hand: the move before it showed it
                if self.shows:
                    self.shows[-1] = True
                continue
            self.codes.append(played_code(events))
            self.shows.append(isinstance(events[0], Dealt) or sum(replay.face_down) < down)

    def next_commitment(self, path: list[int]) -> int | None:
        """The line's next commitment (a move that turns a card up, or a deal) after the moves and deals of
        ``path``, if the game has followed the line so far; None otherwise."""
        if path != self.codes[: len(path)]:
            return None
        for code, shows in zip(self.codes[len(path) :], self.shows[len(path) :], strict=True):
            if shows:
                return code
        return None
