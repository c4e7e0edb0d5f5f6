"""The practice exercises (SPEC 3.9): prepared positions with a goal, read from ``exercises.toml``.

Each exercise is a position in full form (:mod:`spider.notation`: its first field holds the table
rules) and a goal (:mod:`spider.practice.goals`). Its title and the idea it teaches are catalog texts,
``practice.<id>.title`` and ``practice.<id>.idea``. Loading checks every exercise: a legal position
at move 0, a goal that reads and is not met before the first move, texts in the catalog, no id twice.

>>> first = exercises()[0]
>>> first.id, first.goal.kind, first.start().moves
('one-rank-higher', 'turn', 0)
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from spider.actions import Action, Flip
from spider.errors import IllegalMoveError, InvalidExerciseError, SpiderError
from spider.game import Game
from spider.practice.goals import Goal
from spider.text import DEFAULT_LANGUAGE, catalog, message

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_ID_LENGTH = 32
REVIEW = "from_review"
"""The exercise id of a game tried again from a review (:func:`from_review`): no exercise of the file can
take it, as an exercise id has no underscore."""


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise: where it starts, what it asks."""

    id: str
    position: str
    goal: Goal

    def start(self) -> Game:
        """A fresh game at the exercise's position."""
        return Game.from_position(self.position)

    @property
    def from_review(self) -> bool:
        """Whether it is a moment of a game tried again from its review: its position is kept with its games,
        not in the file, and it has no number, no next exercise and no progress."""
        return self.id == REVIEW

    def reached(self, game: Game) -> bool:
        """Whether a game played from this exercise's position has reached its goal."""
        return self.goal.reached(self.start(), game)

    def moves_left(self, game: Game) -> int | None:
        """The moves and deals the goal still allows a game played from this exercise's position, or
        ``None`` for a goal with no move limit."""
        return self.goal.moves_left(self.start(), game)

    def failed(self, game: Game) -> bool:
        """Whether a game played from this exercise's position can no longer reach its goal: the moves
        the limit allows are used, the goal is not met, and no card waits to be turned over by hand (a
        flip is no move, so it may still turn up what the goal asks). Undo takes a move back, and with it
        the failure.

        >>> found = exercise("one-rank-higher")
        >>> game = found.start()
        >>> found.failed(game), game.play("9>8") and found.failed(game), found.moves_left(game)
        (False, True, 0)
        """
        start = self.start()
        return (
            self.goal.moves_left(start, game) == 0
            and not self.goal.reached(start, game)
            and not any(isinstance(action, Flip) for action in game.legal_actions())
        )

    def allow(self, game: Game, action: Action) -> None:
        """Refuses a move or a deal once the goal's move limit is used (``refuse.practice_limit``, which
        names the limit): beyond it the goal could no longer be reached. Flips, undo and redo are no
        moves, and stay allowed.

        >>> found = exercise("one-rank-higher")
        >>> game = found.start()
        >>> _ = game.play("9>8")  # the ace onto the two: a move that turns up nothing
        >>> from spider.actions import Deal
        >>> try:
        ...     found.allow(game, Deal())
        ... except IllegalMoveError as refusal:
        ...     print(refusal.message_id, refusal.params)
        refuse.practice_limit {'n': 1}
        """
        if isinstance(action, Flip) or self.goal.limit is None or self.moves_left(game):
            return
        raise IllegalMoveError(
            "refuse.practice_limit", n=self.goal.limit, action=str(action), position=game.position(public=True)
        )

    def title(self, lang: str | None = None) -> str:
        return message(f"practice.{self.id}.title", lang)

    def idea(self, lang: str | None = None) -> str:
        """What the exercise teaches, in a sentence or two."""
        return message(f"practice.{self.id}.idea", lang)


def read_exercises(text: str) -> list[Exercise]:
    """Exercises from the text of an exercise file, each checked; the error names the exercise."""
    try:
        entries = tomllib.loads(text).get("exercise", [])
    except tomllib.TOMLDecodeError as error:
        raise InvalidExerciseError("invalid.exercise_file", reason=str(error)) from None
    found: list[Exercise] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        name = str(entry.get("id", number))
        try:
            exercise = _checked(entry, seen)
        except SpiderError as error:
            raise InvalidExerciseError("invalid.exercise", id=name, reason=str(error)) from None
        seen.add(exercise.id)
        found.append(exercise)
    return found


def _checked(entry: dict[str, object], seen: set[str]) -> Exercise:
    if set(entry) != {"id", "position", "goal"}:
        raise InvalidExerciseError("invalid.exercise_fields", fields=", ".join(sorted(entry)))
    exercise_id, position, goal_text = entry["id"], entry["position"], entry["goal"]
    if not isinstance(exercise_id, str) or not _ID.fullmatch(exercise_id) or len(exercise_id) > MAX_ID_LENGTH:
        raise InvalidExerciseError("invalid.exercise_id", text=str(exercise_id))
    if exercise_id in seen:
        raise InvalidExerciseError("invalid.exercise_twice", text=exercise_id)
    if not isinstance(position, str) or not isinstance(goal_text, str):
        raise InvalidExerciseError("invalid.exercise_fields", fields=", ".join(sorted(entry)))
    exercise = Exercise(exercise_id, position, Goal.parse(goal_text))
    start = exercise.start()
    if start.moves != 0:
        raise InvalidExerciseError("invalid.exercise_moves", n=start.moves)
    if exercise.goal.met(start, start):
        raise InvalidExerciseError("invalid.exercise_met")
    if exercise.goal.kind == "turn" and not start.face_down[exercise.goal.amount - 1]:
        raise InvalidExerciseError("invalid.exercise_turn", column=exercise.goal.amount)
    texts = catalog(DEFAULT_LANGUAGE)
    for part in ("title", "idea"):
        if f"practice.{exercise_id}.{part}" not in texts:
            raise InvalidExerciseError("invalid.exercise_text", key=f"practice.{exercise_id}.{part}")
    return exercise


@cache
def exercises() -> tuple[Exercise, ...]:
    """Every exercise, from the easiest to the hardest."""
    text = (resources.files("spider.practice") / "exercises.toml").read_text(encoding="utf-8")
    return tuple(read_exercises(text))


def exercise(exercise_id: str, position: str | None = None) -> Exercise | None:
    """The exercise with this id, or ``None``; a review's (:data:`REVIEW`) is made from the ``position``
    kept with its game."""
    if exercise_id == REVIEW:
        return None if position is None else from_review(position)
    return next((found for found in exercises() if found.id == exercise_id), None)


def from_review(position: str) -> Exercise:
    """"Try again from here" as an exercise: a moment of a finished game (``spider.players.review.practice_exercise``),
    in full form, to win. Its title and idea are the catalog texts ``practice.from_review.*``.

    >>> found = from_review(exercise("finish-the-game").position)
    >>> found.from_review, str(found.goal), exercise(REVIEW, found.position) == found
    (True, 'win', True)
    """
    return Exercise(REVIEW, position, Goal("win"))


def after(exercise_id: str) -> Exercise | None:
    """The exercise that follows this one, or ``None`` after the last."""
    ids = [found.id for found in exercises()]
    index = ids.index(exercise_id) if exercise_id in ids else len(ids)
    return exercises()[index + 1] if index + 1 < len(ids) else None
