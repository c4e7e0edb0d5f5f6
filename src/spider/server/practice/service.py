"""Practice in the API (SPEC 3.9): the exercises with a player's progress, and what a practice game's
view says about its exercise. Whether a goal is reached is the engine's answer (``spider.practice``)."""

from __future__ import annotations

from pydantic import with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider import view
from spider.game import Game
from spider.practice import Exercise, after, exercises
from spider.server.http.answers import FORBID


@with_config(FORBID)
class Practice(TypedDict):
    """The practice exercises, easiest first, each with the player's progress."""

    exercises: list[view.Exercise]


def _about(exercise: Exercise, progress: dict[str, int]) -> view.AboutExercise:
    return {
        "id": exercise.id,
        "title": exercise.title(),
        "idea": exercise.idea(),
        "goal": exercise.goal.text(),
        "suits": exercise.start().suits,
        "solved": exercise.id in progress,
        "best_moves": progress.get(exercise.id),
    }


def listing(progress: dict[str, int]) -> Practice:
    """Every exercise in order, each with whether the player has solved it and in how few moves."""
    found = enumerate(exercises(), start=1)
    return {"exercises": [{**_about(exercise, progress), "number": number} for number, exercise in found]}


def summary(exercise: Exercise, progress: dict[str, int], game: Game) -> view.Practising:
    """The part of a practice game's view about its exercise: the goal, the moves it still allows, and
    whether the game has reached it, or has failed it (its moves used without reaching it: the engine then
    refuses every further move or deal, ``Exercise.allow``, until one is undone or the exercise restarted)."""
    if exercise.from_review:  # a moment of the player's own game: no number, no next exercise, no progress
        return {**_about(exercise, {}), **_playing(exercise, game), "number": None, "count": None, "next": None}
    number = next(number for number, found in enumerate(exercises(), start=1) if found.id == exercise.id)
    following = after(exercise.id)
    return {
        **_about(exercise, progress),
        **_playing(exercise, game),
        "number": number,
        "count": len(exercises()),
        "next": None if following is None else following.id,
    }


def _playing(exercise: Exercise, game: Game) -> view.Playing:
    return {
        "limit": exercise.goal.limit,
        "moves_left": exercise.moves_left(game),
        "reached": exercise.reached(game),
        "failed": exercise.failed(game),
    }
