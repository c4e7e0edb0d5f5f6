"""What a player asks of the duels' service, as plain values: a new table.

The routes read it from the request body (``duels.bodies``); the service takes it and knows nothing of a
request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spider.server.duels.model import PERSON


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table with its suits and time limit, for a person (anyone rated within ``min_rating`` and
    ``max_rating``, both ends included, when given) or a computer player of the strength ``opponent`` names;
    the ``duel`` preset's table rules unless ``preset`` or single ``rules`` say otherwise."""

    suits: int
    minutes: int
    opponent: str = PERSON
    preset: str | None = None
    rules: dict[str, Any] | None = None
    min_rating: float | None = None
    max_rating: float | None = None
