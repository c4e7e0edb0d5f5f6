"""The errors the engine raises: each a ``ValueError`` whose text names what is wrong.

Every error carries a message id and its parameters, so that a caller can show the same refusal in
another language (:func:`spider.text.message`); ``str(error)`` is the English text.
"""

from __future__ import annotations

from typing import Any

from spider.text import message


class SpiderError(ValueError):
    """Something the engine refused, with the reason in words a player understands."""

    def __init__(self, message_id: str, **params: Any) -> None:
        self.message_id = message_id
        self.params = params
        super().__init__(message_id)

    def __str__(self) -> str:
        # Written out only when read: searches make and drop many refusals without showing them.
        return message(self.message_id, **self.params)


class InvalidMoveError(SpiderError):
    """An action written in notation the engine cannot read."""


class IllegalMoveError(SpiderError):
    """An action the table rules do not allow now."""


class InvalidCodeError(SpiderError):
    """A game code that does not name a deal."""


class InvalidPositionError(SpiderError):
    """A position text that cannot be read."""


class InvalidRulesError(SpiderError):
    """Table rules with an unknown name or value."""


class InvalidExerciseError(SpiderError):
    """A practice exercise (its goal, its position or its place in the list) that cannot be used."""
