"""Positions as one line of text (SPEC 1.6), in a full form and a public form.

A position is six fields separated by spaces::

    2C-MAND 5s3hKd|Ts9s/...ten columns... <stock> <runs> <score> <moves>

1. The suit count and group letter, then the table rules' flags as in a game code
   (:mod:`spider.codes`): ``1C``, ``2R``, ``4C-MAND``.
2. The ten columns, separated by ``/``. A column is its face-down cards, ``|``, its face-up cards,
   each part written as cards run together (``5s3hKd|Ts9s``). In the public form the face-down part
   is their number instead (``3|Ts9s``). An empty column is ``|`` (public form ``0|``). Under duel
   scoring a face-up card that has earned its same-suit bonus is followed by ``+`` (``Ts9s+``): it
   earns it once per game.
3. The stock in the order it will be dealt (``-`` when empty); in the public form, its number of cards.
4. The suit letter of each removed run, in order, or ``-``.
5. The score. 6. The moves counter.

A :class:`Position` is the value both forms write; ``Game.to_position()`` gives a game's.

>>> text = "1C 5|2s/5|6s/5|Qs/5|9s/4|9s/4|As/4|4s/4|3s/4|8s/4|5s 50 - 500 0"
>>> position = parse_position(text)
>>> write_position(position) == text
True
>>> position.public, position.stock_count, position.deals_left, position.face_down[:2]
(True, 50, 5, (5, 5))
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from spider.actions import COLUMNS
from spider.cards import DECK_SIZE, RANKS, RUNS_TO_WIN, SUITS, Card, deck, ends_in_run, run_of, suits_in_play
from spider.codes import parse_rules, rules_text
from spider.errors import InvalidPositionError, SpiderError
from spider.rules import TableRules, deals_in, last_deal_size
from spider.text import Phrase

EARNED = "+"
_CARD = f"[{re.escape(RANKS)}][{SUITS}]"
_CARDS = re.compile(f"(?:{_CARD})*")
_FACE_UP = re.compile(f"(?:{_CARD}{re.escape(EARNED)}?)*")
_FACE_UP_CARD = re.compile(f"({_CARD})({re.escape(EARNED)}?)")


@dataclass(frozen=True, slots=True)
class Position:
    """A position, as text gives it and ``Game.to_position()`` makes it; ``hidden`` and ``stock`` are ``None``
    in the public form."""

    suits: int
    rules: TableRules
    columns: tuple[tuple[Card, ...], ...]
    """The face-up cards of each column."""
    face_down: tuple[int, ...]
    hidden: tuple[tuple[Card, ...], ...] | None
    stock_count: int
    stock: tuple[Card, ...] | None
    runs: tuple[str, ...]
    score: int
    moves: int
    earned: tuple[tuple[bool, ...], ...]
    """For each face-up card, whether it has earned its same-suit bonus (duel scoring)."""

    @property
    def public(self) -> bool:
        return self.hidden is None

    def to_public(self) -> Position:
        """What a player may see of it: face-down cards and the stock only counted."""
        return replace(self, hidden=None, stock=None)

    @property
    def deals_left(self) -> int:
        return deals_in(self.stock_count)

    @property
    def won(self) -> bool:
        return len(self.runs) == RUNS_TO_WIN

    @property
    def flippable(self) -> list[int]:
        """The columns (0-9) whose top card may be turned over now (manual flip)."""
        return self.rules.flippable([len(cards) for cards in self.columns], self.face_down)


def write_position(position: Position) -> str:
    """A position in its own form: public when it hides the face-down cards and the stock."""
    columns = []
    for index, (face_up, down, earned) in enumerate(
        zip(position.columns, position.face_down, position.earned, strict=True)
    ):
        hidden = str(down) if position.hidden is None else _cards(position.hidden[index])
        marked = "".join(f"{card}{EARNED if mark else ''}" for card, mark in zip(face_up, earned, strict=True))
        columns.append(f"{hidden}|{marked}")
    stock = str(position.stock_count) if position.stock is None else _cards(position.stock) or "-"
    runs = "".join(position.runs) or "-"
    return " ".join(
        (rules_text(position.suits, position.rules), "/".join(columns), stock, runs, str(position.score),
         str(position.moves))
    )


def _cards(cards: tuple[Card, ...]) -> str:
    return "".join(map(str, cards))


def parse_position(text: str) -> Position:
    """Reads a position in either form; the error names the field that is wrong."""
    fields = text.split()
    if len(fields) != 6:
        raise InvalidPositionError("invalid.position_fields", n=len(fields))
    suits, rules = _parse_rules(fields[0])
    column_texts = fields[1].split("/")
    if len(column_texts) != COLUMNS:
        raise InvalidPositionError("invalid.position_columns", n=len(column_texts))
    public = _is_number(fields[2])
    up_columns, downs, hidden, earned = [], [], [], []
    for number, column in enumerate(column_texts, start=1):
        down_text, bar, up_text = column.partition("|")
        where = Phrase("where.column", {"column": number})
        if not bar:
            raise InvalidPositionError("invalid.position_column", column=number, text=column)
        if public:
            if not _is_number(down_text):
                raise InvalidPositionError("invalid.position_column", column=number, text=column)
            downs.append(int(down_text))
        else:
            cards = _parse_cards(down_text, where)
            hidden.append(cards)
            downs.append(len(cards))
        up, marks = _parse_face_up(up_text, where)
        if any(marks) and rules.scoring != "duel":
            raise InvalidPositionError("invalid.position_earned", column=number)
        earned.append(marks)
        if rules.flip == "auto" and downs[-1] and not up:
            raise InvalidPositionError("invalid.position_face_down_only", column=number)
        up_columns.append(up)
    stock = None if public else _parse_cards("" if fields[2] == "-" else fields[2], Phrase("where.stock"))
    stock_count = int(fields[2]) if public else len(stock or ())
    runs_text = "" if fields[3] == "-" else fields[3]
    if any(suit not in suits_in_play(suits) for suit in runs_text) or len(runs_text) > RUNS_TO_WIN:
        raise InvalidPositionError("invalid.position_runs", text=fields[3])
    try:
        score, moves = int(fields[4]), int(fields[5])
    except ValueError:
        raise InvalidPositionError("invalid.position_numbers", text=f"{fields[4]} {fields[5]}") from None
    position = Position(
        suits, rules, tuple(up_columns), tuple(downs), None if public else tuple(hidden),
        stock_count, stock, tuple(runs_text), score, moves, tuple(earned),
    )
    _check_cards(position)
    return position


def _is_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits: ``str.isdigit`` also takes ``²``, which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _parse_rules(text: str) -> tuple[int, TableRules]:
    try:
        return parse_rules(text)
    except SpiderError:
        raise InvalidPositionError("invalid.position_rules", text=text) from None


def _parse_face_up(text: str, where: Phrase) -> tuple[tuple[Card, ...], tuple[bool, ...]]:
    """Face-up cards, each perhaps marked as having earned its same-suit bonus."""
    if not _FACE_UP.fullmatch(text):
        raise InvalidPositionError("invalid.position_cards", text=text, where=where)
    found = _FACE_UP_CARD.findall(text)
    return tuple(Card.parse(card) for card, _ in found), tuple(mark == EARNED for _, mark in found)


def _parse_cards(text: str, where: Phrase) -> tuple[Card, ...]:
    if not _CARDS.fullmatch(text):
        raise InvalidPositionError("invalid.position_cards", text=text, where=where)
    return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))


def _check_cards(position: Position) -> None:
    """Every one of the 104 cards is somewhere, once; a stock deals in whole rows."""
    last_deal = position.stock_count % COLUMNS
    if last_deal and last_deal != last_deal_size(position.rules.layout):
        raise InvalidPositionError("invalid.position_stock", n=position.stock_count)
    expected = Counter(deck(position.suits))
    seen: Counter[Card] = Counter()
    for suit in position.runs:
        seen.update(run_of(suit))
    for cards in position.columns:
        seen.update(cards)
    if position.hidden is not None and position.stock is not None:
        for cards in position.hidden:
            seen.update(cards)
        seen.update(position.stock)
        if seen != expected:
            extra = next(iter((seen - expected) or (expected - seen)))
            raise InvalidPositionError("invalid.position_card_count", card=str(extra))
    else:
        extra_cards = seen - expected
        if extra_cards:
            raise InvalidPositionError("invalid.position_card_count", card=str(next(iter(extra_cards))))
        total = sum(seen.values()) + sum(position.face_down) + position.stock_count
        if total != DECK_SIZE:
            raise InvalidPositionError("invalid.position_total", n=total)
    for number, cards in enumerate(position.columns, start=1):
        if ends_in_run(cards):
            raise InvalidPositionError("invalid.position_complete_run", column=number)
