"""The message an arena publishes, in the duels' way (``duels.messages``): on ``arena:<id>``, the
standings whenever they change (a duel counted, a pairing, a join or a leave), and the podium at the
end. Names and points only: a player's id never leaves the server.
"""

from __future__ import annotations

from typing import Any, Literal

from spider.server.duels.messages import Note

ArenaEvent = Literal["arena"]
"""The kind of message an arena publishes."""
ARENA: ArenaEvent = "arena"


def arena_topic(arena_id: str) -> str:
    return f"arena:{arena_id}"


def standings(arena_id: str, state: str, entries: list[Any], podium: list[Any] | None) -> Note:
    message = {"type": ARENA, "arena": arena_id, "state": state, "standings": entries, "podium": podium}
    return arena_topic(arena_id), message
