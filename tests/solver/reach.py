"""The shortest line to a goal: a breadth-first search over the engine's own moves, knowing every card.

For the short goals of practice exercises ("complete a run in 4 moves"), where the full-information
solver's beam search looks for a whole win and not for the fewest moves: test_practice.py shows with it that
every exercise can be done. Nothing in the package needs it, so it lives here. Positions are told apart by
the table alone (columns, face-down counts, stock, runs), so each is searched once, at its smallest
number of moves. Once the stock is empty, empty columns are all alike: a group goes only into the first
of them, since the same lines follow from any other (a goal never names an empty column).

>>> from spider import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> line = shortest_line(game, lambda g: g.moves == 2 and g.deals_left == 3, max_moves=2)
>>> line
['d', 'd']
"""

from __future__ import annotations

from collections.abc import Callable

from spider.actions import Action, Flip, Move
from spider.game import Game
from spider.solver.search import solve

DEFAULT_MAX_POSITIONS = 400_000


def shortest_line(
    game: Game,
    reached: Callable[[Game], bool],
    *,
    max_moves: int,
    max_positions: int = DEFAULT_MAX_POSITIONS,
) -> list[str] | None:
    """The fewest actions (moves, deals and manual flips) after which ``reached`` holds, played from the
    game's position with at most ``max_moves`` on the moves counter; ``None`` when there is no such
    line, or when more than ``max_positions`` positions would have to be searched to know."""
    start = game.copy()
    if reached(start):
        return []
    seen = {_key(start)}
    level: list[tuple[Game, list[str]]] = [(start, [])]
    while level:
        following: list[tuple[Game, list[str]]] = []
        for position, line in level:
            for action in _distinct_actions(position):
                child = position.copy()
                child.play(action)
                if child.moves - game.moves > max_moves and not isinstance(action, Flip):
                    continue
                key = _key(child)
                if key in seen:
                    continue
                seen.add(key)
                if reached(child):
                    return [*line, str(action)]
                if len(seen) > max_positions:
                    return None
                following.append((child, [*line, str(action)]))
        level = following
    return None


def _distinct_actions(game: Game) -> list[Action]:
    """The legal actions, leaving out moves into an empty column other than the first when no deal is left."""
    actions = game.legal_actions()
    if game.stock:
        return actions
    columns = game.columns
    first_empty = next((number for number, cards in enumerate(columns, start=1) if not cards), None)
    return [
        action
        for action in actions
        if not (isinstance(action, Move) and not columns[action.target - 1] and action.target != first_empty)
    ]


def _key(game: Game) -> tuple[object, ...]:
    return game.columns, game.face_down, len(game.stock), game.runs


def line_to(
    game: Game,
    reached: Callable[[Game], bool],
    *,
    max_moves: int | None = None,
    seconds: float = 30.0,
) -> list[str] | None:
    """A line of actions after which ``reached`` holds, with at most ``max_moves`` on the moves counter.

    First along the solver's winning line (:func:`spider.solver.solve`), where it passes the goal soon
    enough; else, under a move limit, by :func:`shortest_line`. ``None`` when neither finds one.
    """
    result = solve(game, seconds=seconds)
    copy = game.copy()
    for number, action in enumerate(result.line, start=1):
        copy.play(action)
        if max_moves is not None and copy.moves - game.moves > max_moves:
            break
        if reached(copy):
            return result.line[:number]
    return None if max_moves is None else shortest_line(game, reached, max_moves=max_moves)
