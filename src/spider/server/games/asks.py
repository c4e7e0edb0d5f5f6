"""What a player asks of the games' service, as plain values: a new game.

The routes read these from the request bodies (``games.bodies``); the service takes them and knows nothing of
a request, so a test or another package asks it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class NewGameAsked:
    """A new game: a code's deal, a shared deal, a verified deal or a random shuffle, under table rules (a
    preset, and single rules that change it)."""

    suits: int | None = None
    deal: Literal["random", "verified"] = "random"
    rules: dict[str, Any] | None = None
    preset: str | None = None
    code: str | None = None
    replay: bool = False
    """The game replays a winning line for the player to watch: it is kept out of every result."""
    share: str | None = None
    """A shared deal's token: its deal and table rules."""
