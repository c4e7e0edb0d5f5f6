"""What a service of the server says no to: a message id and the fields its sentence needs, and no word of HTTP.

A service raises one of these kinds, as the engine raises :class:`spider.errors.IllegalMoveError`; the one
table of ``http.errors`` (``ERRORS``) gives each kind its HTTP status, and its close code on a duel socket.
Each is a :class:`spider.errors.SpiderError`, so its sentence is written out when read, in the language
spoken then:

>>> refusal = Conflict("server.game_too_long", n=20000)
>>> refusal.message_id, refusal.params
('server.game_too_long', {'n': 20000})
>>> TooMany("server.solver_busy", retry_after=0.2).retry_after
1
"""

from __future__ import annotations

import math
from typing import Any

from spider.errors import SpiderError

_EPSILON = 1e-9  # seconds lost to rounding in a clock's arithmetic: 2.000000001 seconds is a wait of 2


class Refusal(SpiderError):
    """Something the server refuses, named by its message id, with the fields its sentence needs."""


class NotFound(Refusal):
    """Nothing by that id, or nothing of the player's: the answer is the same."""


class NoSuchGame(NotFound):
    """An unknown game id, or one that belongs to another player: the answer is the same."""

    def __init__(self) -> None:
        super().__init__("server.no_such_game")


class Conflict(Refusal):
    """An action the state of things does not allow now: a game over, a duel full, a name taken."""


class Invalid(Refusal):
    """A value the service cannot take: a name too long, a day still to come."""


class Forbidden(Refusal):
    """An action this player may not take: another's duel, a table of someone who ignores them."""


class TooMany(Refusal):
    """Too many at once or too soon, with the whole seconds to wait (at least 1) when the service knows them."""

    def __init__(self, message_id: str, *, retry_after: float | None = None, **params: Any) -> None:
        super().__init__(message_id, **params)
        self.retry_after = None if retry_after is None else max(1, math.ceil(retry_after - _EPSILON))
        """Seconds to wait before asking again (the header has no fractions); ``None``: not known."""
