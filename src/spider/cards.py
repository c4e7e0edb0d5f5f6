"""Cards, suits and the three suit compositions of the 104-card game.

>>> Card.parse("Ts")
Card.parse('Ts')
>>> str(Card(1, "h"))
'Ah'
>>> len(deck(2)), deck(2).count(Card(13, "h"))
(104, 4)
>>> ends_in_run([card(1, "s"), *run_of("h")]), ends_in_run(run_of("h")[1:])
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spider.errors import InvalidPositionError

RANKS = "A23456789TJQK"
SUITS = "shdc"
SUIT_SYMBOLS = dict(zip(SUITS, "♠♥♦♣", strict=True))
"""Each suit's symbol, for the terminal's cards (the page keeps its own in ``web/js/cards.js``)."""
SUIT_COUNTS = (1, 2, 4)
KING = 13
RUN_LENGTH = 13
DECK_SIZE = 104
RUNS_TO_WIN = DECK_SIZE // RUN_LENGTH


@dataclass(frozen=True, slots=True)
class Card:
    """A card: rank 1 (ace) to 13 (king) and suit letter ``s h d c``."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Reads a card written as rank then suit, like ``Ts`` or ``Ah``."""
        card = _BY_TEXT.get(text)
        if card is None:
            raise InvalidPositionError("invalid.card", text=text)
        return card

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


# One instance per card, so the engine can compare and hash cheaply.
_BY_TEXT: dict[str, Card] = {RANKS[r - 1] + s: Card(r, s) for s in SUITS for r in range(1, 14)}


def card(rank: int, suit: str) -> Card:
    """The shared instance of a card."""
    return _BY_TEXT[RANKS[rank - 1] + suit]


def suits_in_play(suits: int) -> str:
    """The suit letters of a game with 1, 2 or 4 suits."""
    return SUITS[:suits]


def deck(suits: int) -> list[Card]:
    """The 104 cards of a game in their fixed order before shuffling.

    Copies of a 13-card suit, suit by suit in the order ``s h d c``, ace to king within each.
    """
    letters = suits_in_play(suits)
    copies = 8 // len(letters)
    return [card(rank, suit) for suit in letters for _ in range(copies) for rank in range(1, 14)]


def run_of(suit: str) -> list[Card]:
    """The 13 cards of a complete run of a suit, from the king down to the ace, as a column ends in one."""
    return [card(rank, suit) for rank in range(KING, 0, -1)]


def ends_in_run(cards: Sequence[Card]) -> bool:
    """Whether cards end in a complete run: king down to ace, all of one suit.

    The one statement of a run in Python; the solver's tables (``solver/core.py``, ``_core.c``) keep
    their fast copies, checked against the engine by their differential tests.
    """
    if len(cards) < RUN_LENGTH or cards[-1].rank != 1:
        return False
    suit = cards[-1].suit
    for offset in range(1, RUN_LENGTH):
        above = cards[-1 - offset]
        if above.rank != offset + 1 or above.suit != suit:
            return False
    return True
