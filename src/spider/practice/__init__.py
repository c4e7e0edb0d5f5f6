"""Practice (SPEC 3.9): prepared positions, each with a goal that teaches one idea of Spider play."""

from spider.practice.exercises import Exercise, after, exercise, exercises, read_exercises
from spider.practice.goals import Goal

__all__ = ["Exercise", "Goal", "after", "exercise", "exercises", "read_exercises"]
