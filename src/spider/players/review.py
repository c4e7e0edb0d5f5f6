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

Master's choice comes from :class:`~spider.players.Player` at master's strength on a review's budget
(:data:`REVIEW_LEVEL`: fewer guesses and smaller searches). Every search, master's and the chances', is bounded by
its node budget alone, never by a clock: the same game gets the same review on a quiet machine and on a busy one,
and the chances are the win-chance meter's own (:func:`~spider.players.chances.win_chance`, seeded by the position).

>>> from spider.game import Game
>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> found = review(game.code, None, ["1>8", "u", "r", "d"])
>>> [step.action for step in found.steps], 0 <= found.accuracy <= 100
(['1>8', 'd'], True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from spider.codes import GameCode
from spider.describe import move_words
from spider.game import Game, Moved
from spider.notation import Position, write_position
from spider.players.chances import win_chance
from spider.players.determinize import imagined, sample
from spider.players.player import Player
from spider.players.strengths import LEVELS, Level
from spider.practice import Exercise, from_review
from spider.rules import TableRules
from spider.text import Phrase, message

REVIEW_LEVEL = replace(
    LEVELS["master"], samples=8, sample_nodes=3000, solve_nodes=12_000, judge_nodes=1000, seconds=math.inf, pace=0.0
)
"""Master on a review's budget: 8 guesses rather than 20, smaller searches, and no limit of time (``math.inf``): the
node budgets alone end its searches, so that its choice is the same however busy the machine (bench/NOTES.md,
"Reviews")."""
COSTLIEST = 3

Progress = Callable[[int, int], None]
"""Told (actions reviewed, actions to review) as a review goes."""


@dataclass(frozen=True, slots=True)
class Moving:
    """The cards a move takes: ``count`` of them from column ``column`` onto column ``target`` (1-10)."""

    column: int
    count: int
    target: int


@dataclass(frozen=True, slots=True)
class Said:
    """A move in words, from what the player saw before it (:func:`~spider.describe.move_words`, a replay's
    sentences), and the cards it takes; the words are written in the language spoken when asked for."""

    words: Phrase
    moving: Moving


@dataclass(frozen=True, slots=True)
class Step:
    """One of the player's actions reviewed. ``at`` is how many of the game's actions came before it (the
    position it was made from is the one after ``at`` actions); chances are 0..1, ``loss`` in points of
    win chance (0..100); ``master`` is what master would have played (None: it would have given up).
    ``said`` and ``master_said`` are the two in words where they are moves (a deal or a card turned over has
    the page's own words)."""

    at: int
    action: str
    master: str | None
    agrees: bool
    before: float
    after: float
    loss: float
    accuracy: float
    costly: bool = False
    said: Said | None = None
    master_said: Said | None = None

    def to_json(self) -> dict[str, Any]:
        """The step as the API answers it, its words in the language spoken now."""
        master = self.master_said
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
            "words": None if self.said is None else message(self.said.words.message_id, **self.said.words.params),
            "master_words": None if master is None else message(master.words.message_id, **master.words.params),
            "master_move": None if master is None else asdict(master.moving),
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

    def __init__(self) -> None:
        self.known: dict[str, float] = {}

    def of(self, position: Position) -> float:
        if position.won:
            return 1.0
        key = write_position(position)
        if key not in self.known:
            self.known[key] = win_chance(position).chance
        return self.known[key]


class _Master(Player):
    """Master on a review's budget: :data:`REVIEW_LEVEL`."""

    def __init__(self, seed: int) -> None:
        super().__init__("master", seed)

    @property
    def level(self) -> Level:
        return REVIEW_LEVEL


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
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """The review of a game of the deal ``code`` under ``rules`` (by default the code's) that made
    ``actions`` (in the notation of :meth:`~spider.game.Game.apply_text`). ``progress`` is told after each
    reviewed action."""
    places = reviewed(actions)
    steps = review_steps(code, rules, actions, places, seed=seed, progress=progress)
    return summarize(steps)


def review_steps(
    code: str | GameCode,
    rules: TableRules | None,
    actions: Sequence[str],
    places: Sequence[int],
    *,
    seed: int = 0,
    progress: Progress | None = None,
) -> list[Step]:
    """The steps of the actions at ``places`` (ascending)."""
    game = Game.from_code(code, rules)
    chances = _Chances()
    steps: list[Step] = []
    played = 0
    for count, at in enumerate(places):
        while played < at:
            game.apply_text(actions[played])
            played += 1
        steps.append(_step(game, at, actions[at], chances, seed))
        game.apply_text(actions[at])
        played += 1
        if progress is not None:
            progress(count + 1, len(places))
    return steps


def _step(game: Game, at: int, action: str, chances: _Chances, seed: int) -> Step:
    before = game.public_position()
    chance_before = chances.of(before)
    master = _Master(seed + at).next_action(before)
    agrees = _same(game, action, master)
    after_game = game.copy()
    after_game.apply_text(action)
    chance_after = chances.of(_as_seen_before(before, after_game.public_position()))
    loss = 0.0 if agrees else max(0.0, 100 * (chance_before - chance_after))
    return Step(
        at, action, master, agrees, chance_before, chance_after, loss, move_accuracy(loss),
        said=in_words(game, action), master_said=in_words(game, master),
    )


def in_words(game: Game, action: str | None) -> Said | None:
    """An action of the game's position in words, naming the cards a player saw move and what they went onto;
    None for a deal, a card turned over, or no action (the page says those in its own words).

    >>> said = in_words(Game.from_code("SP1-S1C-AAAAAAD"), "1>8")
    >>> message(said.words.message_id, "en", **said.words.params), said.moving
    ('the 2 of spades from column 1 onto the 3 of spades in column 8', Moving(column=1, count=1, target=8))
    """
    if action is None:
        return None
    moved = next((event for event in game.copy().apply_text(action) if isinstance(event, Moved)), None)
    if moved is None:
        return None
    seen = game.public_position()
    message_id, params = move_words(
        seen.columns, moved.source, moved.count, moved.target, family="replay", face_down=seen.face_down
    )
    return Said(Phrase(message_id, params), Moving(moved.source, moved.count, moved.target))


def review_chunk(code: str, rules: dict[str, Any], actions: list[str], places: list[int], seed: int) -> list[Step]:
    """The steps of the actions at ``places``: a part of a review, of plain values, as a worker process is given
    it (``spider.server.reviews.service``)."""
    return review_steps(code, TableRules.from_json(rules), actions, places, seed=seed)


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
