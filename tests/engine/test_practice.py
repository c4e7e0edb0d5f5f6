"""Practice exercises as the engine reads them: checked on loading, goals that read back, and reached
only by playing."""

from __future__ import annotations

import pytest

from spider import Game
from spider.errors import InvalidExerciseError
from spider.practice import Exercise, Goal, after, exercise, exercises, read_exercises

ONE_RUN_TO_GO = "1C |KsQsJsTs9s8s7s6s5s4s3s2s/Qs|As/Ks|Js/|Ts9s/8s|7s/|6s5s/|4s/3s|2s/|As/| - ssssss 500 0"


def entry(position: str = ONE_RUN_TO_GO, goal: str = "run in 1", exercise_id: str = "complete-a-run") -> str:
    return f'[[exercise]]\nid = "{exercise_id}"\nposition = "{position}"\ngoal = "{goal}"\n'


def test_there_are_at_least_thirty_exercises_each_with_its_own_id() -> None:
    ids = [found.id for found in exercises()]
    assert len(ids) >= 30
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("found", exercises(), ids=lambda found: found.id)
def test_no_goal_is_met_before_the_first_move(found: Exercise) -> None:
    start = found.start()
    assert not found.reached(start)
    assert start.moves == 0
    assert found.title() and found.idea() and found.goal.text()


@pytest.mark.parametrize(
    "text", ["empty", "empty 2", "run in 3", "run 2 in 9", "turn 3", "reveal 4 in 6", "win", "win in 5"]
)
def test_goals_read_back_as_written(text: str) -> None:
    assert str(Goal.parse(text)) == text


@pytest.mark.parametrize("text", ["", "fly", "win 2", "turn", "turn 11", "run 9", "run in 0", "empty 0", "run in x"])
def test_a_malformed_goal_is_refused_with_its_text(text: str) -> None:
    with pytest.raises(InvalidExerciseError) as refused:
        Goal.parse(text)
    assert repr(text)[1:-1] in str(refused.value)


def test_a_goal_in_words() -> None:
    assert Goal.parse("empty 2 in 4").text() == "Empty 2 columns at once. Use at most 4 moves."
    assert Goal.parse("turn 3").text() == "Turn up a card in column 3."


def test_the_goal_is_reached_by_the_move_that_completes_the_run() -> None:
    found = read_exercises(entry())[0]
    game = found.start()
    game.play("3>10")  # the jack into the empty column: a move, no run
    assert not found.reached(game)
    game.undo()
    game.play("2>1")
    assert game.runs == ("s",) * 7
    assert found.reached(game)


def test_a_goal_reached_past_its_move_limit_is_not_reached() -> None:
    found = read_exercises(entry(goal="run in 1"))[0]
    game = found.start()
    game.play("9>1")  # the other ace completes the run too
    assert found.reached(game)
    slow = found.start()
    slow.play("3>10")
    slow.play("9>1")
    assert found.goal.met(found.start(), slow) and not found.reached(slow)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (entry(goal="empty"), "met before the first move"),
        (entry(position=ONE_RUN_TO_GO.replace("|As/|", "|Ah/|")), "104 cards"),
        (entry(position=ONE_RUN_TO_GO.replace(" 0", " 3")), "moves counter at 0"),
        (entry(goal="turn 1"), "no face-down card"),
        (entry(exercise_id="Bad Id"), "not an exercise id"),
        (entry(exercise_id="not-in-the-catalog"), "practice.not-in-the-catalog.title"),
        (entry() + entry(), "two exercises"),
        (entry().replace('goal = "run in 1"\n', ""), "exactly an id, a position and a goal"),
    ],
)
def test_a_bad_exercise_is_refused_naming_what_is_wrong(text: str, names: str) -> None:
    with pytest.raises(InvalidExerciseError) as refused:
        read_exercises(text)
    assert names in str(refused.value)


def test_exercises_by_id_and_in_order() -> None:
    first, second = exercises()[:2]
    assert exercise(first.id) == first
    assert exercise("no-such-exercise") is None
    assert after(first.id) == second
    assert after(exercises()[-1].id) is None


def test_face_down_cards_of_an_exercise_are_hidden_in_its_public_position() -> None:
    start = exercise("one-rank-higher")
    assert start is not None
    public = start.start().position(public=True)
    assert "Ks|" not in public and Game.from_position(start.position).face_down[0] == 1
