"""Every practice exercise can be done: the solver finds a line that reaches its goal within its move limit."""

from __future__ import annotations

import pytest

from spider.practice import Exercise, exercises
from tests.solver.reach import line_to


@pytest.mark.parametrize("exercise", exercises(), ids=lambda exercise: exercise.id)
def test_the_goal_can_be_reached(exercise: Exercise) -> None:
    start = exercise.start()
    line = line_to(start, exercise.reached, max_moves=exercise.goal.limit)
    assert line is not None, f"{exercise.id}: no line reaches {exercise.goal}"
    game = exercise.start()
    for action in line:
        game.play(action)
    assert exercise.reached(game)
    if exercise.goal.limit is not None:
        assert game.moves <= exercise.goal.limit
