"""The strengths of computer players, from beginner to master, and how each one plays.

The four differ in how they choose a move, so that each feels different across the table in a duel:

- ``beginner`` picks at random among the moves that look useful at once, and wanders a little;
- ``casual`` looks a few moves ahead over the visible table (the hint's search, kept short);
- ``expert`` imagines the unseen cards a few times and searches each guess briefly;
- ``master`` imagines them more often and searches each guess further.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Strength = Literal["beginner", "casual", "expert", "master"]
STRENGTHS: tuple[Strength, ...] = ("beginner", "casual", "expert", "master")


@dataclass(frozen=True, slots=True)
class Level:
    """How a strength plays.

    ``hint_nodes`` is the hint's search over the visible table (0: none, pick among useful moves at
    random); ``samples`` guesses at the unseen cards are each searched over up to ``sample_nodes``
    positions (0 samples: no guessing). ``pace`` is the seconds the player waits before each action in
    a duel, so that it plays at a person's pace.
    """

    hint_nodes: int = 0
    samples: int = 0
    sample_nodes: int = 0
    pace: float = 2.0


LEVELS: dict[Strength, Level] = {
    "beginner": Level(pace=4.0),
    "casual": Level(hint_nodes=60, pace=3.0),
    "expert": Level(samples=3, sample_nodes=2500, pace=2.0),
    "master": Level(samples=7, sample_nodes=6500, pace=1.5),
}
PACE: dict[Strength, float] = {strength: level.pace for strength, level in LEVELS.items()}
