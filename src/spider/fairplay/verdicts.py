"""The clairvoyance measure of a game: its decisions replayed and weighed, summed, and flagged past a threshold.

Every move and deal the player made is a decision (turning a card over, undo and redo are not); each that
showed a card is weighed from the position it was made in (:func:`spider.fairplay.choices.weigh`) with the real
fill of the cards out of sight and :data:`~spider.fairplay.choices.Care.samples` fills drawn from what the
player had not seen. The score is the sum of the weights; the game is flagged when it reaches
:data:`THRESHOLD`.

The same game always gives the same score: the sampled fills come from a generator seeded by the deal's code
and the decision's place, and every look ahead stops at a node budget.

>>> found = fairplay("SP1-S1C-AAAAAAD", None, ["1>8", "d"])
>>> found.flagged, found.decisions
(False, 2)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spider.codes import GameCode
from spider.fairplay.choices import Care, Weighed, shows, weigh
from spider.fairplay.evidence import Evidence, gather
from spider.fairplay.fills import Sight, real_fill
from spider.fairplay.lines import StartLine, played_code
from spider.game import Event, Game
from spider.notation import Position
from spider.rules import TableRules

CARE = Care()
"""How hard the measure looks by default (chosen on shuffles below 1000 with bench/fairplay.py)."""
THRESHOLD = math.log(100)
"""The score from which a game is flagged: ln 100 (a likelihood ratio of 100 for the clairvoyant player), kept
after the tuning games of bench/fairplay.py (shuffles below 1000) showed no honest game near it."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A game measured: whether it is flagged, its score, the evidence for a moderator (the decisions whose
    cards fit best, where the sighted player would have chosen otherwise), how many decisions were weighed,
    and the CPU seconds the measure took."""

    flagged: bool
    score: float
    evidence: tuple[Evidence, ...]
    decisions: int
    seconds: float
    weighed: tuple[Weighed, ...] = field(default=(), repr=False)
    """The decisions weighed, in the game's order (for the bench, which tries other softness on them)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "flagged": self.flagged,
            "score": round(self.score, 3),
            "threshold": round(THRESHOLD, 3),
            "evidence": [item.to_json() for item in self.evidence],
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
        }


def is_decision(text: str) -> bool:
    """Whether an action is a decision the measure weighs: a move or a deal.

    >>> [is_decision(text) for text in ("3>7", "d", "f3", "u", "r")]
    [True, True, False, False, False]
    """
    return text not in ("u", "r") and not text.startswith("f")


def fairplay(
    code: str | GameCode, rules: TableRules | None, actions: Sequence[str], *, care: Care = CARE
) -> Verdict:
    """The measure of a game of the deal ``code`` under ``rules`` (by default the code's) that made ``actions``
    (in the notation of :meth:`~spider.game.Game.apply_text`). Raises the engine's refusal of the first action
    that cannot be played."""
    began = time.process_time()
    game = Game.from_code(code, rules)
    sight = Sight(game)
    start = StartLine(game, care.line_nodes)
    path: list[int] | None = []  # the moves and deals made, while no undo has come between them
    weighed: list[tuple[int, Weighed]] = []
    happened: list[list[Event]] = []
    for at, text in enumerate(actions):
        written = text.strip().lower()
        position = game.public_position()
        before = game.copy() if is_decision(written) else None
        events = game.apply_text(written)
        happened.append(events)
        if written in ("u", "r"):
            path = None
        if before is not None:
            chosen = played_code(events)
            followed = start.next_commitment(path) if path is not None else None
            found = _weighed(before, position, sight, chosen, at, care, followed)
            if found is not None:
                weighed.append((at, found))
            if path is not None:
                path.append(chosen)
        sight.saw(game)
    score = sum(found.weight for _, found in weighed)
    evidence = gather(weighed, actions, happened)
    return Verdict(
        score >= THRESHOLD, score, evidence, len(weighed), time.process_time() - began,
        tuple(found for _, found in weighed),
    )


def _weighed(
    game: Game, position: Position, sight: Sight, played: int, at: int, care: Care, followed: int | None
) -> Weighed | None:
    """The decision made from ``game`` (the table before it), fills drawn only where it showed a card."""
    real = real_fill(game)
    if not shows(position, real, played):
        return None  # no commitment: nothing it showed to weigh
    generator = random.Random(f"{game.code} {at}")
    sampled = [sight.sampled(game, position, generator) for _ in range(care.samples)]
    return weigh(position, [real, *sampled], played, care, followed=followed)


def measure(code: str, rules: dict[str, Any] | None, actions: list[str]) -> dict[str, Any]:
    """The measure of a game in plain values, as a worker process is given it: the deal's code, its table
    rules as JSON (None: the code's) and its actions; the answer is :meth:`Verdict.to_json`'s."""
    return fairplay(code, None if rules is None else TableRules.from_json(rules), actions).to_json()
