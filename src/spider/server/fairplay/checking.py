"""The job a worker runs for a ranked result's check: the clairvoyance measure (``spider.fairplay.measure``) of the
finished game, from its code, table rules and actions. A light module: it imports the engine's measure only,
never the web stack (``work.jobs``).
"""

from __future__ import annotations

from typing import Any


def check(code: str, rules: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """How strongly the game's actions fit the cards its player could not see: ``{"flagged", "score",
    "evidence"}``, as ``spider.fairplay.measure`` answers."""
    from spider.fairplay import measure

    found: dict[str, Any] = measure(code, rules, actions)
    return found
