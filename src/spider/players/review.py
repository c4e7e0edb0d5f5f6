"""The review of a finished game: for each of the player's moves and deals, what master would have played
from the same information, and the estimated chance of winning before and after it.

Everything here starts from public positions (:meth:`~spider.game.Game.public_position`): face-down cards
and the stock are only counted, never read. The chance *after* an action is estimated from what the player
could see when choosing it: a card the action turns up is put face down again for the estimate (under
manual turning, where a column may show only face-down cards), so that luck in what comes up is neither
blamed nor praised. A deal's ten cards cannot be put back in the stock, so the chance after a deal is that
of the table it dealt, and a deal master would also have made loses nothing.

A move's *loss* is how many points of win chance it gave away (before less after, never below 0; 0 when
master would have made the same action). Its *accuracy* is lichess's curve over that loss,
``103.1668 * exp(-0.04354 * loss) - 3.1669`` clamped to 0..100 (a loss of 0 points is 100, of 10 points
about 64, of 30 points about 25), and the game's accuracy is the mean of its moves' accuracies. The three
moves with the largest losses are the costliest, of those that lost something a player sees: a move whose
chances before and after round to the same whole percent is never one of them.

Master's choice comes from :class:`~spider.players.Player` at master's strength but on a budget that fits
a whole review into :data:`REVIEW_SECONDS`: fewer guesses (:data:`REVIEW_LEVEL`) and the time an action
may take shared out over the game's actions (see docs/reviews.md).

>>> from spider.game import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> found = review(game.code, None, ["1>8", "u", "r", "d"], seconds=1.0)
>>> [step.action for step in found.steps], 0 <= found.accuracy <= 100
(['1>8', 'd'], True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from spider.codes import GameCode
from spider.game import Game
from spider.notation import Position, write_position
from spider.players.chances import win_chance
from spider.players.determinize import imagined, sample
from spider.players.player import Player
from spider.players.strengths import LEVELS, Level
from spider.practice import Exercise, from_review
from spider.rules import TableRules

REVIEW_SECONDS = 50.0
"""The CPU seconds a whole review may take (on one core), whatever the game's length: 60 s with room."""
REVIEW_LEVEL = replace(LEVELS["master"], samples=8, pace=0.0)
"""Master on a review's budget: 8 guesses rather than 20; its ``seconds`` are set per action."""
MASTER_SHARE = 0.4
"""The part of each action's time given to master's choice; the rest goes to the chances before and after."""
MOST_SECONDS = 1.6
"""The most any one action's review may take (master's own limit for an action)."""
COSTLIEST = 3

Progress = Callable[[int, int], None]
"""Told (actions reviewed, actions to review) as a review goes."""


@dataclass(frozen=True, slots=True)
class Step:
    """One of the player's actions reviewed. ``at`` is how many of the game's actions came before it (the
    position it was made from is the one after ``at`` actions); chances are 0..1, ``loss`` in points of
    win chance (0..100); ``master`` is what master would have played (None: it would have given up)."""

    at: int
    action: str
    master: str | None
    agrees: bool
    before: float
    after: float
    loss: float
    accuracy: float
    costly: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "action": self.action,
            "master": self.master,
            "agrees": self.agrees,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "loss": round(self.loss, 2),
            "accuracy": round(self.accuracy, 1),
            "costly": self.costly,
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review: its reviewed actions, its accuracy (0..100; 100 for a game with none) and the
    places in ``steps`` of the costliest actions, costliest first."""

    steps: tuple[Step, ...]
    accuracy: float
    costliest: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "steps": [step.to_json() for step in self.steps],
            "accuracy": round(self.accuracy, 1),
            "costliest": list(self.costliest),
        }


def move_accuracy(loss: float) -> float:
    """A move's accuracy (0..100) from the points of win chance it lost, by lichess's curve.

    >>> move_accuracy(0.0), round(move_accuracy(10.0)), round(move_accuracy(30.0)), move_accuracy(100.0)
    (100.0, 64, 25, 0.0)
    """
    found = 103.1668100711649 * math.exp(-0.04354415386753951 * loss) - 3.166924740191411
    return 100.0 if loss <= 0 else max(0.0, min(100.0, found))


def reviewed(actions: Sequence[str]) -> list[int]:
    """The places of the actions a review looks at: moves and deals (turning a card over is never a choice
    that matters, and undo and redo are no play).

    >>> reviewed(["1>2", "f3", "u", "r", "d", "4>5:2"])
    [0, 4, 5]
    """
    return [index for index, text in enumerate(actions) if text not in ("u", "r") and not text.startswith("f")]


def _as_seen_before(before: Position, after: Position) -> Position:
    """The position after an action as the player could foresee it: any card the action turned up put
    face down again (under manual turning, so that a column may show only face-down cards)."""
    if after.stock_count != before.stock_count:
        return after  # a deal: its cards cannot go back into the stock
    columns, down, earned = list(after.columns), list(after.face_down), list(after.earned)
    changed = False
    for index, (was, now) in enumerate(zip(before.face_down, after.face_down, strict=True)):
        if now < was:
            turned = was - now
            columns[index], earned[index] = columns[index][turned:], earned[index][turned:]
            down[index] = was
            changed = True
    if not changed:
        return after
    return replace(
        after,
        rules=after.rules.with_(flip="manual"),
        columns=tuple(columns),
        face_down=tuple(down),
        earned=tuple(earned),
    )


class _Chances:
    """Win chances of public positions, each estimated once (a position seen again is not estimated again)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.known: dict[str, float] = {}

    def of(self, position: Position, seconds: float) -> float:
        if position.won:
            return 1.0
        key = write_position(position)
        if key not in self.known:
            self.known[key] = win_chance(position, seconds=max(0.01, seconds), seed=self.seed).chance
        return self.known[key]


class _Master(Player):
    """Master on a review's budget: :data:`REVIEW_LEVEL` with the seconds given."""

    def __init__(self, seed: int, seconds: float) -> None:
        super().__init__("master", seed)
        self._level = replace(REVIEW_LEVEL, seconds=seconds)

    @property
    def level(self) -> Level:
        return self._level


def _same(game: Game, one: str, other: str | None) -> bool:
    """Whether two actions lead to the same table from the game's position."""
    if other is None:
        return False
    if one == other:
        return True
    try:
        first, second = game.copy(), game.copy()
        first.apply_text(one)
        second.apply_text(other)
    except ValueError:
        return False
    return first.position() == second.position()


def review(
    code: str | GameCode,
    rules: TableRules | None,
    actions: Sequence[str],
    *,
    seconds: float = REVIEW_SECONDS,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """The review of a game of the deal ``code`` under ``rules`` (by default the code's) that made
    ``actions`` (in the notation of :meth:`~spider.game.Game.apply_text`), within about ``seconds`` of CPU
    time. ``progress`` is told after each reviewed action."""
    places = reviewed(actions)
    steps = review_steps(code, rules, actions, places, seconds=seconds, seed=seed, progress=progress)
    return summarize(steps)


def review_steps(
    code: str | GameCode,
    rules: TableRules | None,
    actions: Sequence[str],
    places: Sequence[int],
    *,
    seconds: float,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[Step]:
    """The steps of the actions at ``places`` (ascending), within about ``seconds``: each action's share
    is what is left of them over the actions left, so that a quick one leaves more to the next."""
    game = Game.from_code(code, rules)
    chances = _Chances(seed)
    ends = time.process_time() + seconds
    steps: list[Step] = []
    played = 0
    for count, at in enumerate(places):
        while played < at:
            game.apply_text(actions[played])
            played += 1
        share = min(MOST_SECONDS, max(0.02, (ends - time.process_time()) / (len(places) - count)))
        steps.append(_step(game, at, actions[at], chances, share, seed))
        game.apply_text(actions[at])
        played += 1
        if progress is not None:
            progress(count + 1, len(places))
    return steps


def _step(game: Game, at: int, action: str, chances: _Chances, seconds: float, seed: int) -> Step:
    before = game.public_position()
    chance_seconds = seconds * (1 - MASTER_SHARE) / 2
    chance_before = chances.of(before, chance_seconds)
    master = _Master(seed + at, seconds * MASTER_SHARE).next_action(before)
    agrees = _same(game, action, master)
    after_game = game.copy()
    after_game.apply_text(action)
    chance_after = chances.of(_as_seen_before(before, after_game.public_position()), chance_seconds)
    loss = 0.0 if agrees else max(0.0, 100 * (chance_before - chance_after))
    return Step(at, action, master, agrees, chance_before, chance_after, loss, move_accuracy(loss))


def review_chunk(
    code: str, rules: dict[str, Any], actions: list[str], places: list[int], seconds: float, seed: int
) -> tuple[list[Step], float]:
    """The steps of the actions at ``places`` within about ``seconds``, with the CPU seconds they took: a
    part of a review, of plain values, as a worker process is given it (``spider.server.reviews.service``)."""
    began = time.process_time()
    steps = review_steps(code, TableRules.from_json(rules), actions, places, seconds=seconds, seed=seed)
    return steps, time.process_time() - began


def shown_percent(chance: float) -> int:
    """A chance as the page shows it: whole percent, halves rounded up (as ``Intl.NumberFormat`` does).

    >>> shown_percent(0.034), shown_percent(0.035), shown_percent(0.97)
    (3, 4, 97)
    """
    return math.floor(100 * chance + 0.5)


def summarize(steps: Sequence[Step]) -> Review:
    """The review of the steps: the game's accuracy, and the costliest steps marked.

    A step is among the costliest only if it lost something that shows: its chances before and after, as the
    page rounds them, differ ("3% -> 3%" would read as a contradiction beside "costliest").
    """
    order = sorted(range(len(steps)), key=lambda index: (-steps[index].loss, index))
    costly = [index for index in order if steps[index].loss > 0 and _visible(steps[index])]
    costliest = tuple(costly[:COSTLIEST])
    marked = tuple(replace(step, costly=index in costliest) for index, step in enumerate(steps))
    accuracy = sum(step.accuracy for step in steps) / len(steps) if steps else 100.0
    return Review(marked, accuracy, costliest)


def _visible(step: Step) -> bool:
    return shown_percent(step.before) != shown_percent(step.after)


def practice_position(
    code: str | GameCode, rules: TableRules | None, actions: Sequence[str], at: int, *, seed: int = 0
) -> str:
    """"Try again from here": the position after the first ``at`` actions, in full notation, with the
    cards the player had seen where they were and every card still unseen re-imagined (a random guess
    from ``seed``, never the real ones).

    >>> text = practice_position("SP1-S1C-AAAAAAD", None, ["1>8"], 1)
    >>> Game.from_position(text).public_position() == Game.replay("SP1-S1C-AAAAAAD", None, ["1>8"]).public_position()
    True
    """
    return _tried_again(code, rules, actions, at, seed).position()


def practice_exercise(
    code: str | GameCode, rules: TableRules | None, actions: Sequence[str], at: int, *, seed: int = 0
) -> Exercise:
    """"Try again from here" as a practice game to win (:func:`spider.practice.from_review`): the position of
    :func:`practice_position`, its moves counter at 0 as every exercise's, so that the game counts its own.

    >>> found = practice_exercise("SP1-S1C-AAAAAAD", None, ["1>8", "9>4"], 1)
    >>> start, real = found.start().public_position(), Game.replay("SP1-S1C-AAAAAAD", None, ["1>8"]).public_position()
    >>> start.moves, start.columns == real.columns, start.face_down == real.face_down, str(found.goal)
    (0, True, True, 'win')
    """
    position = _tried_again(code, rules, actions, at, seed).to_position()
    return from_review(write_position(replace(position, moves=0)))


def _tried_again(code: str | GameCode, rules: TableRules | None, actions: Sequence[str], at: int, seed: int) -> Game:
    """The game after the first ``at`` actions, every card the player had not seen then re-imagined."""
    position = Game.replay(code, rules, actions[:at]).public_position()
    return imagined(position, sample(position, random.Random(seed)))
