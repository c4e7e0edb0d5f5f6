"""A game of Spider: the table, the rules of SPEC 1.3, undo and redo, the score.

>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> game.deals_left, len(game.stock), sum(game.face_down)
(5, 50, 44)
>>> events = game.play("d")
>>> game.moves, game.score, game.deals_left
(1, 499, 4)
>>> str(game.undo()), game.moves
('d', 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from spider.actions import COLUMNS, Action, Deal, Flip, Move, parse_action
from spider.cards import KING, RUN_LENGTH, RUNS_TO_WIN, Card, ends_in_run
from spider.codes import GameCode, parse_code
from spider.describe import describe
from spider.errors import IllegalMoveError, InvalidPositionError
from spider.notation import Position, parse_position, write_position
from spider.rules import LAYOUTS, TableRules, deals_in
from spider.scoring import SCORINGS, Outcome
from spider.shuffle import shuffled_deck


# Events: what an action did, in order, for animations and announcements. None names a face-down card.
@dataclass(frozen=True, slots=True)
class Moved:
    source: int
    target: int
    count: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        cards = [str(c) for c in self.cards]
        return {"type": "moved", "source": self.source, "target": self.target, "count": self.count, "cards": cards}


@dataclass(frozen=True, slots=True)
class Flipped:
    column: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "flipped", "column": self.column, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class RunRemoved:
    column: int
    suit: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "run_removed", "column": self.column, "suit": self.suit}


@dataclass(frozen=True, slots=True)
class Dealt:
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "dealt", "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Won:
    def to_json(self) -> dict[str, Any]:
        return {"type": "won"}


@dataclass(frozen=True, slots=True)
class Undone:
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"type": "undone", "action": str(self.action)}


@dataclass(frozen=True, slots=True)
class Redone:
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"type": "redone", "action": str(self.action)}


Event = Moved | Flipped | RunRemoved | Dealt | Won | Undone | Redone


class Snapshot(NamedTuple):
    """Enough of the state before an action to restore it exactly."""

    action: Action
    score: int
    moves: int
    dealt: int
    runs: int
    columns: tuple[tuple[int, list[Card], int, list[bool]], ...]  # (index, cards, face-down count, earned)
    last_move: Moved | None


class Game:
    """One game: the ten columns, the stock, the removed runs, the score and the moves counter.

    Columns are numbered 1-10 in actions, as players count them, and indexed 0-9 in the tuples.
    """

    def __init__(
        self,
        suits: int,
        rules: TableRules,
        columns: Iterable[Iterable[Card]],
        face_down: Iterable[int],
        stock: Iterable[Card],
        runs: Iterable[str] = (),
        score: int | None = None,
        moves: int = 0,
        code: str | None = None,
        earned: Iterable[Iterable[bool]] | None = None,
    ) -> None:
        self.suits = suits
        self._rules = rules
        self.code = code
        self._columns = [list(column) for column in columns]
        self._down = list(face_down)
        # Per card of each column, whether it has earned its same-suit bonus (duel scoring pays it once).
        self._earned = (
            [[False] * len(column) for column in self._columns]
            if earned is None
            else [list(flags) for flags in earned]
        )
        self._stock = list(stock)
        self._dealt = 0
        self._runs = list(runs)
        self._scoring = SCORINGS[rules.scoring]
        self.score = self._scoring.start if score is None else score
        self.moves = moves
        self._undo: list[Snapshot] = []
        self._redo: list[Action] = []
        self._undo_floor = "refuse.nothing_to_undo"  # why undo stops when the list is used up
        self._last_move: Moved | None = None
        self._one_suit_groups = rules.group == "classic"
        self._movable_cache = [-1] * COLUMNS

    # Making games.

    @classmethod
    def from_code(cls, code: str | GameCode, rules: TableRules | None = None) -> Game:
        """The opening of a deal named by its game code; ``rules`` replace the code's table rules."""
        parsed = parse_code(code) if isinstance(code, str) else code
        if rules is not None:
            parsed = GameCode(parsed.suits, parsed.shuffle, rules)
        cards = shuffled_deck(parsed.suits, parsed.shuffle)
        sizes = LAYOUTS[parsed.rules.layout]
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        taken = 0
        for row in range(max(sizes)):
            for index, size in enumerate(sizes):
                if row < size:
                    columns[index].append(cards[taken])
                    taken += 1
        face_down = [size - 1 for size in sizes]
        return cls(parsed.suits, parsed.rules, columns, face_down, cards[taken:], code=str(parsed))

    @classmethod
    def new(cls, suits: int = 1, rules: TableRules | None = None, shuffle: int | None = None) -> Game:
        """A new game; a random shuffle unless one is named."""
        rules = rules or TableRules()
        code = GameCode.random(suits, rules) if shuffle is None else GameCode(suits, shuffle, rules)
        return cls.from_code(code)

    @classmethod
    def replay(cls, code: str | GameCode, rules: TableRules | None, actions: Iterable[str]) -> Game:
        """The game after its opening and every action played again in order, in the notation of
        :meth:`apply_text` (``u`` undoes and ``r`` redoes), undo history included: how a stored or kept
        game is rebuilt. ``rules`` replace the code's table rules when given.

        Raises the refusal of the first action that cannot be played, as :meth:`play` does.

        >>> game = Game.replay("SP1-S1C-AAAAAAD", None, ["d", "u", "r"])
        >>> game.deals_left, game.can_undo
        (4, True)
        """
        game = cls.from_code(code, rules)
        for text in actions:
            game.apply_text(text)
        return game

    @classmethod
    def from_position(cls, text: str) -> Game:
        """The game at a position written in full form (:mod:`spider.notation`; the public form hides
        what a game needs)."""
        position = parse_position(text)
        if position.hidden is None or position.stock is None:
            raise InvalidPositionError("invalid.position_public")
        columns = [hidden + up for hidden, up in zip(position.hidden, position.columns, strict=True)]
        earned = [(False,) * len(hidden) + up for hidden, up in zip(position.hidden, position.earned, strict=True)]
        return cls(
            position.suits, position.rules, columns, position.face_down, position.stock,
            position.runs, position.score, position.moves, earned=earned,
        )

    def copy(self) -> Game:
        """An independent copy, undo and redo history included."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._columns = [list(column) for column in self._columns]
        other._earned = [list(flags) for flags in self._earned]
        other._down = list(self._down)
        other._runs = list(self._runs)
        other._undo = list(self._undo)
        other._redo = list(self._redo)
        other._movable_cache = list(self._movable_cache)
        return other

    # What the table shows.

    @property
    def rules(self) -> TableRules:
        """The table rules, fixed for the whole game."""
        return self._rules

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """The ten columns, each from its bottom card to its last card."""
        return tuple(tuple(column) for column in self._columns)

    @property
    def face_down(self) -> tuple[int, ...]:
        """How many cards at the bottom of each column lie face down."""
        return tuple(self._down)

    @property
    def earned(self) -> tuple[tuple[bool, ...], ...]:
        """For each card of each column, whether it has earned its same-suit bonus (duel scoring pays it
        once per card, SPEC 1.5); always false under the other scorings."""
        return tuple(tuple(flags) for flags in self._earned)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left in the stock, in the order they will be dealt."""
        return tuple(self._stock[self._dealt :])

    @property
    def runs(self) -> tuple[str, ...]:
        """The suit of each removed run, in the order they were removed."""
        return tuple(self._runs)

    @property
    def deals_left(self) -> int:
        return deals_in(len(self._stock) - self._dealt)

    @property
    def won(self) -> bool:
        return len(self._runs) == RUNS_TO_WIN

    @property
    def deal_possible(self) -> bool:
        """Whether dealing is allowed now."""
        return self._deal_refusal() is None

    @property
    def deal_never_possible(self) -> bool:
        """Under ``deal: filled``, too few cards remain on the table to fill every column, ever."""
        return self._deal_refusal() == "refuse.deal_never"

    @property
    def flippable(self) -> list[int]:
        """The columns (0-9) whose top card may be turned over now (manual flip)."""
        face_up = [len(cards) - down for cards, down in zip(self._columns, self._down, strict=True)]
        return self.rules.flippable(face_up, self._down)

    def face_up(self, column: int) -> tuple[Card, ...]:
        """The face-up cards of a column (1-10)."""
        index = column - 1
        return tuple(self._columns[index][self._down[index] :])

    def movable(self, column: int) -> int:
        """How many cards at the end of a column (1-10) can move together."""
        return self._movable(column - 1)

    def _movable(self, index: int) -> int:
        count = self._movable_cache[index]
        if count < 0:
            count = self._movable_cache[index] = self._sequence(index, self._one_suit_groups)
        return count

    def _changed(self, indexes: Iterable[int]) -> None:
        """Forgets what was worked out about columns whose cards changed."""
        for index in indexes:
            self._movable_cache[index] = -1

    def _sequence(self, index: int, one_suit: bool) -> int:
        """How many face-up cards end a column in ranks descending by one (and of one suit, if asked)."""
        cards = self._columns[index]
        up = len(cards) - self._down[index]
        if up == 0:
            return 0
        count, last = 1, cards[-1]
        while count < up:
            above = cards[-1 - count]
            if above.rank != last.rank + 1 or (one_suit and above.suit != last.suit):
                break
            count, last = count + 1, above
        return count

    # Legal actions.

    def legal_actions(self) -> list[Action]:
        """Every legal action once, in canonical notation.

        Onto a face-up card a move is written without a count; into an open column (empty, or under
        manual flip showing only face-down cards) once for each group size.
        """
        columns, down = self._columns, self._down
        open_columns: list[int] = []
        tops: list[tuple[int, int]] = []
        for index in range(COLUMNS):
            cards = columns[index]
            if len(cards) == down[index]:
                open_columns.append(index)
            else:
                tops.append((cards[-1].rank, index))
        actions: list[Action] = []
        append = actions.append
        cache = self._movable_cache
        for index in range(COLUMNS):
            movable = cache[index]
            if movable < 0:
                movable = self._movable(index)
            if not movable:
                continue
            moves = _MOVES[index]
            low = columns[index][-1].rank
            high = low + movable
            for rank, target in tops:
                if low < rank <= high:
                    append(moves[target][0])
            for target in open_columns:
                if target != index:
                    actions += moves[target][1 : movable + 1]
        if self._deal_refusal() is None:
            actions.append(_DEAL)
        actions.extend(Flip(index + 1) for index in self.flippable)
        return actions

    def group_targets(self) -> dict[tuple[int, int], list[int]]:
        """Every group that can move now, keyed by (column, number of cards), with the columns that accept it."""
        accepted: dict[tuple[int, int], list[int]] = {}
        for action in self.legal_actions():
            if isinstance(action, Move):
                accepted.setdefault((action.source, self.group_size(action)), []).append(action.target)
        return accepted

    def group_size(self, move: Move) -> int:
        """How many cards a legal move takes (its count, or the group that fits the target)."""
        if move.count is not None:
            return move.count
        return self._group_for(move)[0]

    @property
    def can_uncover(self) -> bool:
        """Whether a card can be turned up now, or by the next move: a flip is allowed, or a legal move
        takes every face-up card off a face-down one. Such a game has progress left (SPEC 2.3).
        """
        for action in self.legal_actions():
            if isinstance(action, Flip):
                return True
            if isinstance(action, Move):
                index = action.source - 1
                up = len(self._columns[index]) - self._down[index]
                if self._down[index] and self.group_size(action) == up:
                    return True
        return False

    @property
    def deal_refusal(self) -> IllegalMoveError | None:
        """The rule that refuses a deal now, or ``None`` when dealing is allowed."""
        refusal = self._deal_refusal()
        return None if refusal is None else IllegalMoveError(refusal)

    def nowhere_refusal(self, column: int, count: int) -> IllegalMoveError:
        """The rule that keeps a group from going anywhere, for a group with no target.

        A group moves only onto a card one rank above its first card, or into an empty column.
        """
        index = column - 1
        if count > self._movable(index):
            in_sequence = count <= self._sequence(index, False)
            return IllegalMoveError("refuse.group_suit" if in_sequence else "refuse.group_sequence")
        return _rank_refusal(self._columns[index][-count], self._rules)

    def targets(self, column: int, count: int) -> list[int]:
        """The columns (1-10) that accept the last ``count`` cards of a column."""
        return [target for target in range(1, COLUMNS + 1) if self._move_refusal(Move(column, target, count)) is None]

    def best_target(self, column: int, count: int) -> int | None:
        """Where a double-click sends a group (SPEC 2.4), or ``None`` if it fits nowhere.

        Onto a card of its own suit first, then onto any card one rank higher, then an empty column;
        among equals the one that leaves the longest same-suit run, then the leftmost.
        """
        index = column - 1
        group = self._columns[index][-count:]
        best: tuple[int, int, int] | None = None
        for target in self.targets(column, count):
            cards = self._columns[target - 1]
            if len(cards) == self._down[target - 1]:
                rank, run = 2, count
            else:
                top = cards[-1]
                same = top.suit == group[0].suit
                rank = 0 if same else 1
                run = count + (self._sequence(target - 1, True) if same else 0)
            key = (rank, -run, target)
            if best is None or key < best:
                best = key
        return None if best is None else best[2]

    # Refusals: each names the rule in words a player understands.

    def _deal_refusal(self) -> str | None:
        """The message id of the rule that refuses a deal now, or ``None``."""
        return deal_refusal_id(self.rules, len(self._stock) - self._dealt, [len(cards) for cards in self._columns])

    def _move_refusal(self, move: Move) -> IllegalMoveError | None:
        """Why a move is refused, or ``None`` if it is legal; fills in nothing."""
        return self._group_for(move)[1]

    def _group_for(self, move: Move) -> tuple[int, IllegalMoveError | None]:
        """How many cards a move takes, or the reason it is refused."""
        source, target = move.source - 1, move.target - 1
        cards, down = self._columns[source], self._down[source]
        if source == target:
            return 0, IllegalMoveError("refuse.same_column", column=move.source)
        if not cards:
            return 0, IllegalMoveError("refuse.source_empty", column=move.source)
        up = len(cards) - down
        if up == 0:
            return 0, IllegalMoveError("refuse.source_face_down", column=move.source)
        if move.count is not None and move.count > up:
            return 0, IllegalMoveError("refuse.count_face_up", column=move.source, n=up)
        movable = self._movable(source)
        if move.count is not None and move.count > movable:
            return 0, self.nowhere_refusal(move.source, move.count)
        destination = self._columns[target]
        if len(destination) == self._down[target]:
            count = movable if move.count is None else move.count
        else:
            top = destination[-1]
            if top.rank == 1:
                return 0, IllegalMoveError("refuse.on_ace")
            count = top.rank - cards[-1].rank if move.count is None else move.count
            if count <= 0:
                return 0, _rank_refusal(cards[-1], self._rules)
            if count <= movable and cards[-count].rank + 1 != top.rank:
                return 0, _rank_refusal(cards[-count], self._rules)
        if count > movable:
            if count <= self._sequence(source, False):
                return 0, IllegalMoveError("refuse.group_suit")
            if move.count is not None:
                return 0, IllegalMoveError("refuse.group_sequence")
            return 0, _rank_refusal(cards[-movable], self._rules)
        return count, None

    # Applying actions.

    def play(self, action: Action | str) -> list[Event]:
        """Plays an action for the player: recorded for undo, and the redo list is cleared.

        Raises :class:`IllegalMoveError` naming the rule when the action is not allowed now, and
        :class:`InvalidMoveError` when its notation cannot be read.
        """
        if isinstance(action, str):
            action = parse_action(action)
        try:
            snapshot, events = self._apply(action)
        except IllegalMoveError as refusal:
            self._refused(refusal, str(action))
            raise
        self._redo.clear()
        self._record(snapshot, events)
        return events

    def apply_text(self, text: str) -> list[Event]:
        """Plays an action written in notation; ``u`` undoes and ``r`` redoes."""
        written = text.strip().lower()
        if written == "u":
            return [Undone(self.undo())]
        if written == "r":
            return [Redone(self.redo())]
        return self.play(written)

    def _record(self, snapshot: Snapshot, events: list[Event]) -> None:
        depth = self.rules.undo
        crosses_barrier = self.rules.undo_past == "no-reveal" and any(
            isinstance(event, Dealt | Flipped) for event in events
        )
        if crosses_barrier:
            self._undo.clear()
            self._undo_floor = "refuse.undo_barrier"
            return
        if depth == 0:
            self._undo_floor = "refuse.undo_off"
            return
        self._undo.append(snapshot)
        if depth is not None and len(self._undo) > depth:
            del self._undo[0]
            self._undo_floor = "refuse.undo_depth"

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def undo_depth(self) -> int:
        """How many actions can be undone now: each keeps a snapshot, the bulk of a long game's memory."""
        return len(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_move(self) -> Moved | None:
        """The move that left the table as it is: the last action played or redone, if it was a move.

        ``None`` at the start and after a deal or a flip; undo brings back the one before.
        """
        return self._last_move

    def undo(self) -> Action:
        """Takes back the last action and returns it; raises :class:`IllegalMoveError` when nothing can be undone."""
        if not self._undo:
            if self.rules.undo == 0:
                raise self._refused(IllegalMoveError("refuse.undo_off"), "u")
            raise self._refused(IllegalMoveError(self._undo_floor, n=self.rules.undo or 0), "u")
        snapshot = self._undo.pop()
        self._restore(snapshot)
        self._redo.append(snapshot.action)
        return snapshot.action

    def redo(self) -> Action:
        """Plays again the last undone action and returns it; raises :class:`IllegalMoveError` when there is none."""
        if not self._redo:
            raise self._refused(IllegalMoveError("refuse.nothing_to_redo"), "r")
        action = self._redo.pop()
        snapshot, events = self._apply(action)
        self._record(snapshot, events)
        return action

    def _refused(self, refusal: IllegalMoveError, action: str) -> IllegalMoveError:
        """``refusal``, naming the action it refuses and the position (as the player sees it) for its ``repr``."""
        refusal.action, refusal.position = action, self.position(public=True)
        return refusal

    def _restore(self, snapshot: Snapshot) -> None:
        for index, cards, down, earned in snapshot.columns:
            self._columns[index] = list(cards)  # the snapshot may be restored again from a copy
            self._down[index] = down
            self._earned[index] = list(earned)
            self._movable_cache[index] = -1
        self.score, self.moves, self._dealt = snapshot.score, snapshot.moves, snapshot.dealt
        del self._runs[snapshot.runs :]
        self._last_move = snapshot.last_move

    def _apply(self, action: Action) -> tuple[Snapshot, list[Event]]:
        if isinstance(action, Move):
            snapshot, events = self._move(action)
        elif isinstance(action, Deal):
            snapshot, events = self._deal(action)
        else:
            snapshot, events = self._flip(action)
        self._last_move = events[0] if isinstance(events[0], Moved) else None
        return snapshot, events

    def _snapshot(self, action: Action, indexes: Iterable[int]) -> Snapshot:
        columns = tuple((i, list(self._columns[i]), self._down[i], list(self._earned[i])) for i in indexes)
        return Snapshot(action, self.score, self.moves, self._dealt, len(self._runs), columns, self._last_move)

    def _move(self, move: Move) -> tuple[Snapshot, list[Event]]:
        count, refusal = self._group_for(move)
        if refusal is not None:
            raise refusal
        source, target = move.source - 1, move.target - 1
        cards, destination = self._columns[source], self._columns[target]
        snapshot = self._snapshot(move, (source, target))
        group = cards[-count:]
        earned = self._earned[source][-count:]
        same_suit = 0
        if len(destination) > self._down[target] and self._scoring.per_same_suit_card:
            same_suit = _earn_same_suit(destination[-1], group, earned)
        del cards[-count:], self._earned[source][-count:]
        destination.extend(group)
        self._earned[target].extend(earned)
        events: list[Event] = [Moved(move.source, move.target, count, tuple(group))]
        revealed = self._turn_up(source, events)
        runs = self._remove_run(target, events)
        if runs:
            revealed += self._turn_up(target, events)
        self._movable_cache[source] = self._movable_cache[target] = -1
        self._score(Outcome(True, revealed, runs, same_suit, len(self._runs) == RUNS_TO_WIN), events)
        return snapshot, events

    def _deal(self, deal: Deal) -> tuple[Snapshot, list[Event]]:
        refusal = self._deal_refusal()
        if refusal is not None:
            raise IllegalMoveError(refusal)
        cards = self._stock[self._dealt : self._dealt + COLUMNS]
        snapshot = self._snapshot(deal, range(len(cards)))
        for index, card in enumerate(cards):
            self._columns[index].append(card)
            self._earned[index].append(False)
        self._dealt += len(cards)
        events: list[Event] = [Dealt(tuple(cards))]
        runs = revealed = 0
        for index in range(len(cards)):
            removed = self._remove_run(index, events)
            if removed:
                runs += removed
                revealed += self._turn_up(index, events)
        self._changed(range(len(cards)))
        self._score(Outcome(True, revealed, runs, 0, self.won), events)
        return snapshot, events

    def _flip(self, flip: Flip) -> tuple[Snapshot, list[Event]]:
        index = flip.column - 1
        if self.rules.flip != "manual":
            raise IllegalMoveError("refuse.flip_auto")
        if len(self._columns[index]) > self._down[index]:
            raise IllegalMoveError("refuse.flip_covered", column=flip.column)
        if not self._down[index]:
            raise IllegalMoveError("refuse.flip_nothing", column=flip.column)
        snapshot = self._snapshot(flip, (index,))
        self._down[index] -= 1
        self._changed((index,))
        events: list[Event] = [Flipped(flip.column, self._columns[index][-1])]
        self._score(Outcome(False, 1), events)
        return snapshot, events

    def _turn_up(self, index: int, events: list[Event]) -> int:
        """Under automatic flipping, turns up the card a column now ends in, if it lies face down."""
        cards = self._columns[index]
        if self.rules.flip == "auto" and cards and len(cards) == self._down[index]:
            self._down[index] -= 1
            events.append(Flipped(index + 1, cards[-1]))
            return 1
        return 0

    def _remove_run(self, index: int, events: list[Event]) -> int:
        """Removes a completed run from the end of a column; returns how many were removed (0 or 1)."""
        cards = self._columns[index]
        if len(cards) - self._down[index] < RUN_LENGTH or not ends_in_run(cards):
            return 0
        suit = cards[-1].suit
        del cards[-RUN_LENGTH:], self._earned[index][-RUN_LENGTH:]
        self._runs.append(suit)
        events.append(RunRemoved(index + 1, suit))
        return 1

    def _score(self, outcome: Outcome, events: list[Event]) -> None:
        self.score = self._scoring.score(self.score, outcome)
        self.moves += outcome.is_move
        if outcome.won:
            events.append(Won())

    # Texts.

    def to_position(self) -> Position:
        """The whole state as a :class:`~spider.notation.Position`, the value notation writes and
        :func:`~spider.describe.describe` reads: every card, the stock in its order."""
        hidden, face_up, earned = [], [], []
        for cards, down, flags in zip(self._columns, self._down, self._earned, strict=True):
            hidden.append(tuple(cards[:down]))
            face_up.append(tuple(cards[down:]))
            earned.append(tuple(flags[down:]))
        stock = self.stock
        return Position(
            self.suits, self.rules, tuple(face_up), tuple(self._down), tuple(hidden), len(stock), stock,
            self.runs, self.score, self.moves, tuple(earned),
        )

    def position(self, public: bool = False) -> str:
        """The whole state as one line (:mod:`spider.notation`); ``public`` hides face-down cards and the stock."""
        position = self.to_position()
        return write_position(position.to_public() if public else position)

    def public_position(self) -> Position:
        """What a player may see, as a :class:`~spider.notation.Position`: face-down cards and the stock
        only counted. The hint, "no more moves" and the computer players start from it."""
        return self.to_position().to_public()

    def describe(self, lang: str | None = None) -> str:
        """The table in words (SPEC 1.8)."""
        return describe(self.to_position(), lang)

    def __repr__(self) -> str:
        return f"Game.from_position({self.position()!r})"


def open_game(code: str, preset: str | None = None, actions: Iterable[str] = ()) -> Game:
    """A game code's opening, under a preset's table rules when one is named (they replace the code's,
    but for the group rule its letter names), with ``actions`` played again: what the commands'
    ``--preset`` and ``--moves`` ask for."""
    rules = TableRules.preset_for(preset, parse_code(code).rules) if preset else None
    return Game.replay(code, rules, actions)


def deal_refusal_id(rules: TableRules, stock: int, column_sizes: Sequence[int]) -> str | None:
    """The rule that refuses a deal (its message id), from the stock's size and each column's card count.

    Under ``deal: filled`` no column may be empty; with fewer cards on the table than columns, none ever
    will be filled again.
    """
    if not stock:
        return "refuse.stock_empty"
    if rules.deal == "filled" and not all(column_sizes):
        return "refuse.deal_never" if never_dealt_again(rules, stock, sum(column_sizes)) else "refuse.deal_empty_column"
    return None


def never_dealt_again(rules: TableRules, stock: int, on_table: int) -> bool:
    """Whether the stock can never be dealt again: under ``deal: filled`` with cards left in the stock,
    fewer than ten cards lie on the table (``on_table``, face down or up), too few to fill every column.
    The game is lost then; a run completed too early leaves one so. (The C core keeps its own copy.)

    >>> filled, any_deal = TableRules(), TableRules(deal="any")
    >>> never_dealt_again(filled, 10, 9), never_dealt_again(filled, 10, 10), never_dealt_again(any_deal, 10, 9)
    (True, False, False)
    """
    return stock > 0 and rules.deal == "filled" and on_table < COLUMNS


# Every move a canonical legal list can hold, made once: _MOVES[source][target][count or 0].
_MOVES = [
    [[Move(s + 1, t + 1, k or None) for k in range(RUN_LENGTH + 1)] for t in range(COLUMNS)] for s in range(COLUMNS)
]
_DEAL = Deal()


def _earn_same_suit(top: Card, group: list[Card], earned: list[bool]) -> int:
    """How many cards of a group placed on ``top`` earn their same-suit bonus now, marking them earned.

    Only the cards in one unbroken line of ``top``'s suit from ``top`` down earn it (under the relaxed
    group rule a group may change suit part-way), and each card earns it once per game.

    >>> from spider.cards import card
    >>> flags = [False, False, True]
    >>> _earn_same_suit(card(8, "h"), [card(7, "h"), card(6, "h"), card(5, "h")], flags), flags
    (2, [True, True, True])
    >>> _earn_same_suit(card(8, "h"), [card(7, "h"), card(6, "s"), card(5, "h")], [False] * 3)
    1
    """
    count = 0
    for index, card in enumerate(group):
        if card.suit != top.suit:
            break
        if not earned[index]:
            earned[index] = True
            count += 1
    return count


def _rank_refusal(card: Card, rules: TableRules) -> IllegalMoveError:
    if card.rank == KING:  # under manual flip a pile showing only face-down cards takes a king too
        return IllegalMoveError("refuse.king_manual" if rules.flip == "manual" else "refuse.king")
    return IllegalMoveError("refuse.rank", rank=card.rank, needs=card.rank + 1)


__all__ = ["Game", "open_game", "Event", "Moved", "Flipped", "RunRemoved", "Dealt", "Won", "Undone", "Redone"]
