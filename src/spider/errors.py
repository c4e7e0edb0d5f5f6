"""The errors the engine raises: each a ``ValueError`` whose text names what is wrong.

Every error carries a message id and its parameters, so that a caller can show the same refusal in
another language (:func:`spider.text.message`); ``str(error)`` is the English text.
"""

from __future__ import annotations

from typing import Any

from spider.text import message


def error_body(message_id: str, text: str) -> dict[str, str]:
    """A refusal as every caller reads it: the API's answer, the duel socket's error frame and the offline
    engine's answer all carry this body.

    >>> error_body("refuse.on_ace", "Nothing goes on an ace.")
    {'error': 'Nothing goes on an ace.', 'message_id': 'refuse.on_ace'}
    """
    return {"error": text, "message_id": message_id}


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
    """An action the table rules do not allow now.

    A game that refuses an action names it and the position in ``action`` and ``position``, shown in the
    ``repr`` (for a log), never in the player's sentence:

    >>> refusal = IllegalMoveError("refuse.same_column", column=1, action="1>1", position="1C 5|2s/5|6s ...")
    >>> print(refusal)
    The cards are already in column 1.
    >>> refusal
    IllegalMoveError('refuse.same_column', column=1, action='1>1', position='1C 5|2s/5|6s ...')
    """

    def __init__(
        self, message_id: str, *, action: str | None = None, position: str | None = None, **params: Any
    ) -> None:
        super().__init__(message_id, **params)
        self.action = action
        """The action refused, in notation (``u`` for undo, ``r`` for redo); ``None`` until a game refuses it."""
        self.position = position
        """The position it was refused in, as the player sees it (face-down cards only counted)."""

    def __repr__(self) -> str:
        params = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"{type(self).__name__}({self.message_id!r}{params}, action={self.action!r}, position={self.position!r})"


class InvalidCodeError(SpiderError):
    """A game code that does not name a deal."""


class InvalidPositionError(SpiderError):
    """A position text that cannot be read."""


class InvalidRulesError(SpiderError):
    """Table rules with an unknown name or value."""


class InvalidExerciseError(SpiderError):
    """A practice exercise (its goal, its position or its place in the list) that cannot be used."""
