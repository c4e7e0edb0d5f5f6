"""Practice (SPEC 3.9): prepared positions, each with a goal that teaches one idea of Spider play."""

from spider.practice.exercises import REVIEW, Exercise, after, exercise, exercises, from_review, read_exercises
from spider.practice.goals import Goal

__all__ = ["REVIEW", "Exercise", "Goal", "after", "exercise", "exercises", "from_review", "read_exercises"]
