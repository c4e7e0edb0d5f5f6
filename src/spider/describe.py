"""The table in words (SPEC 1.8), for screen readers and the text game.

It reads only what a player sees of a position (:class:`~spider.notation.Position`), so the public
form is enough.

>>> from spider.notation import parse_position
>>> position = parse_position("1C 5|2s/5|6s/5|Qs/5|9s/4|9s/4|As/4|4s/4|3s/4|8s/4|5s 50 - 500 0")
>>> for line in describe(position).splitlines()[:2]:
...     print(line)
Stock: 50 cards, 5 deals left; no run removed.
Column 1: 5 face-down cards, then 2 of spades.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from spider.cards import Card
from spider.notation import Position
from spider.text import message, spoken


def card_name(card: Card, lang: str | None = None) -> str:
    """A card in words: "10 of spades", "queen of hearts" (in the spoken language unless named)."""
    return _card_name(card, lang or spoken())


@cache
def _card_name(card: Card, lang: str) -> str:
    return message("describe.card", lang, rank=card.rank, suit=card.suit)


def move_words(
    columns: Sequence[Sequence[Card]],
    source: int,
    count: int,
    target: int,
    *,
    family: str = "hint",
    face_down: Sequence[int] | None = None,
) -> tuple[str, dict[str, int | str]]:
    """A move in words, as a message id and its fields: which cards go from which column onto what.

    ``columns`` are the face-up cards of each column (all a player sees), ``source`` and ``target``
    are numbered from 1. The message names the moved cards (one; two or more of one suit; or a
    group of mixed suits) and the card they go onto, or the empty column. ``family`` is the set of
    sentences: a hint's (``hint``, "Move the ...") or a replay's (``replay``, "the ... from column 3
    onto ..."). Given the columns' ``face_down`` counts, a column that shows only face-down
    cards (table rule flip: manual) is said to be one, not an empty column: a replay's sentences have
    words for it (``_down``).

    >>> from spider.text import message
    >>> table = [[Card.parse(c) for c in cards] for cards in (["Td", "9d"], ["Jd"])]
    >>> message_id, words = move_words(table, 1, 2, 2)
    >>> message(message_id, **words)
    'Move the 10 and 9 of diamonds from column 1 onto the jack of diamonds in column 2.'
    >>> message_id, words = move_words(table, 1, 1, 2, family="replay")
    >>> message(message_id, **words)
    'the 9 of diamonds from column 1 onto the jack of diamonds in column 2'
    """
    moved = columns[source - 1][-count:]
    first, last = moved[0], moved[-1]
    params: dict[str, int | str] = {
        "n": count, "column": source, "target": target,
        "rank": first.rank, "suit": first.suit, "low": last.rank, "low_suit": last.suit,
    }
    mixed = any(card.suit != first.suit for card in moved)
    shape = "mixed" if mixed else {1: "card", 2: "two"}.get(count, "run")
    onto = columns[target - 1]
    if not onto:
        hidden = face_down is not None and face_down[target - 1] > 0
        return f"{family}.move.{shape}_{'down' if hidden else 'empty'}", params
    return f"{family}.move.{shape}_onto", {**params, "onto": onto[-1].rank, "onto_suit": onto[-1].suit}


@lru_cache(maxsize=8192)
def _column_line(number: int, down: int, face_up: tuple[Card, ...], lang: str) -> str:
    """One column in words; an action changes one or two columns, so the others are said as before."""
    up_text = message("describe.list_separator", lang).join(card_name(card, lang) for card in face_up)
    hidden = message("describe.face_down", lang, n=down)
    if not down and not face_up:
        key = "describe.column_empty"
    elif not down:
        key = "describe.column_up"
    elif not face_up:
        key = "describe.column_down"
    else:
        key = "describe.column"
    return message(key, lang, column=number, down=hidden, up=up_text)


def describe(position: Position, lang: str | None = None) -> str:
    """The stock, the removed runs, then each column: face-down count, then its face-up cards in order."""
    stock = position.stock_count
    if stock:
        stock_text = message("describe.stock", lang, n=stock, deals=position.deals_left)
    else:
        stock_text = message("describe.stock_empty", lang)
    runs = position.runs
    if runs:
        suits = message("describe.list_separator", lang).join(message(f"suit_plural.{s}", lang) for s in runs)
        runs_text = message("describe.runs", lang, n=len(runs), suits=suits)
    else:
        runs_text = message("describe.no_runs", lang)
    lines = [message("describe.header", lang, stock=stock_text, runs=runs_text)]
    for number, (face_up, down) in enumerate(zip(position.columns, position.face_down, strict=True), start=1):
        lines.append(_column_line(number, down, face_up, lang or spoken()))
    if position.won:
        lines.append(message("describe.won", lang))
    return "\n".join(lines)
