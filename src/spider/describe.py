"""The table in words (SPEC 1.8), for screen readers and the text game.

>>> from spider.game import Game
>>> print(Game.from_code("SP1-S1C-AAAAAAD").describe().splitlines()[0])
Stock: 50 cards, 5 deals left; no run removed.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from spider.cards import Card
from spider.text import message, spoken

if TYPE_CHECKING:
    from spider.game import Game


def card_name(card: Card, lang: str | None = None) -> str:
    """A card in words: "10 of spades", "queen of hearts" (in the spoken language unless named)."""
    return _card_name(card, lang or spoken())


@cache
def _card_name(card: Card, lang: str) -> str:
    return message("describe.card", lang, rank=card.rank, suit=card.suit)


def describe(game: Game, lang: str | None = None) -> str:
    """The stock, the removed runs, then each column: face-down count, then its face-up cards in order."""
    stock = len(game.stock)
    if stock:
        stock_text = message("describe.stock", lang, n=stock, deals=game.deals_left)
    else:
        stock_text = message("describe.stock_empty", lang)
    if game.runs:
        suits = message("describe.list_separator", lang).join(message(f"suit_plural.{s}", lang) for s in game.runs)
        runs_text = message("describe.runs", lang, n=len(game.runs), suits=suits)
    else:
        runs_text = message("describe.no_runs", lang)
    lines = [message("describe.header", lang, stock=stock_text, runs=runs_text)]
    for number, (cards, down) in enumerate(zip(game.columns, game.face_down, strict=True), start=1):
        face_up = message("describe.list_separator", lang).join(card_name(card, lang) for card in cards[down:])
        hidden = message("describe.face_down", lang, n=down)
        if not cards:
            key = "describe.column_empty"
        elif not down:
            key = "describe.column_up"
        elif not face_up:
            key = "describe.column_down"
        else:
            key = "describe.column"
        lines.append(message(key, lang, column=number, down=hidden, up=face_up))
    if game.won:
        lines.append(message("describe.won", lang))
    return "\n".join(lines)
