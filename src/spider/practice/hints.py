"""Hints in a practice exercise: the move that leads to the exercise's goal within its move limit.

The search sees what the player sees: the visible table, face-down cards counted, the stock unknown
(:func:`spider.solver.hint.public_table`). A card turned up stays unknown, so no move goes onto the column
it lies in; moves elsewhere go on, so that a goal of several cards turned up can still be reached. Goals the
visible table cannot show the way to fall back: to dealing where no move reaches the goal and a deal is
allowed, and to the ordinary hint for a win.
"""

from __future__ import annotations

from spider.describe import move_words
from spider.game import Game
from spider.practice.exercises import Exercise
from spider.practice.goals import Goal
from spider.solver.convert import action_text
from spider.solver.core import DEAL, Move, State
from spider.solver.hint import Hint, deal_possible, empty_columns, hint, progress_line, public_table

MAX_NODES = 20_000
UNLIMITED_DEPTH = 6  # moves looked ahead for a goal with no move limit


def exercise_hint(exercise: Exercise, game: Game, *, index: int = 0) -> Hint:
    """The ``index``-th (wrapping) of the first moves of the shortest lines that reach the exercise's goal
    from the visible table within the moves left; the ordinary hint where there is none. Once the moves
    are used and the goal is missed, no action: the sentence says the way on (undo, or start again)."""
    if exercise.failed(game):
        return Hint(None, None, 0, None, False, "refuse.practice_limit", {"n": exercise.goal.limit})
    position = game.public_position()
    start = exercise.start()
    goal = exercise.goal
    left = UNLIMITED_DEPTH if goal.limit is None else goal.limit - (game.moves - start.moves)
    firsts = [] if goal.kind == "win" or position.flippable or left <= 0 else _first_moves(goal, start, game, left)
    table, state = public_table(position)
    lead_id: str | None = None
    if not firsts and goal.kind != "win" and not position.flippable and left > 0 and position.stock_count:
        # no move reaches the goal: what it needs must come from the stock, once the columns are filled
        if deal_possible(position):
            ordinary = hint(position, index=index)
            # with moves to spare, the table is readied for the deal first
            if left > 1 and ordinary.action is not None:
                return ordinary
            return Hint(None, None, 0, None, True, "hint.none_deal")
        line, filled = progress_line(table, state, True, MAX_NODES, lambda _: False)
        if filled and len(line) < left:
            firsts, lead_id = line[:1], "hint.fill_deal"
    if not firsts:
        return hint(position, index=index)
    at = index % len(firsts)
    move = Move.of(firsts[at])
    message_id, words = move_words(position.columns, move.source + 1, move.count, move.target + 1)
    return Hint(
        action_text(state, firsts[at]), move.source + 1, move.count, move.target + 1, deal_possible(position),
        message_id, words, lead_id, {"n": empty_columns(state)}, at, len(firsts),
    )


def _reached(goal: Goal, start: Game, runs_before: int, cards: int, state: State) -> bool:
    """Whether a state of the public search shows what the goal asks, counted from the exercise's start."""
    columns, down = state[0], state[1]
    if goal.kind == "empty":
        return sum(not cards and not count for cards, count in zip(columns, down, strict=True)) >= goal.amount
    if goal.kind == "run":
        return runs_before + (cards - sum(map(len, columns))) // 13 >= goal.amount
    if goal.kind == "turn":
        return down[goal.amount - 1] < start.face_down[goal.amount - 1]
    return sum(start.face_down) - sum(down) >= goal.amount


def _first_moves(goal: Goal, start: Game, game: Game, depth: int) -> list[int]:
    """The distinct first moves of the shortest lines, of at most ``depth`` moves, that reach the goal."""
    table, root = public_table(game.public_position())
    runs_before = len(game.runs) - len(start.runs)
    cards = sum(map(len, root[0]))
    frontier: list[tuple[int, State]] = [(-1, root)]
    seen = {root}
    nodes = 0
    for _ in range(depth):
        found: list[int] = []
        following: list[tuple[int, State]] = []
        for first, state in frontier:
            for action, _, child in table.children(state, 0, exact=True):
                if action == DEAL or child in seen:
                    continue
                target = Move.of(action).target
                if not state[0][target] and state[1][target]:
                    continue  # onto a card just turned up, which the player has not seen yet
                seen.add(child)
                nodes += 1
                line_first = action if first < 0 else first
                if _reached(goal, start, runs_before, cards, child):
                    if line_first not in found:
                        found.append(line_first)
                else:
                    following.append((line_first, child))
        if found or nodes > MAX_NODES:
            return found
        frontier = following
    return []
