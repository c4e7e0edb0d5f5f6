"""Builds positions for tests: the columns a test cares about, the rest of the 104 cards out of the way."""

from __future__ import annotations

from collections import Counter

from spider.cards import Card, deck

RANK_LETTERS = "A23456789TJQK"


def cards_of(text: str) -> list[Card]:
    return [Card.parse(text[i : i + 2]) for i in range(0, len(text), 2)]


def position(
    columns: list[str],
    *,
    rules: str = "1C",
    stock: int | str = 0,
    runs: str = "",
    filler: int = 10,
    score: int = 500,
    moves: int = 0,
) -> str:
    """A full position text.

    ``columns`` holds ten texts ``"<n>|<face-up cards>"``: n face-down cards, taken from the cards no
    column shows. The stock takes the next ``stock`` of those (or is the cards ``stock`` writes), and
    every card left over lies face down at the bottom of column ``filler``.
    """
    named_stock = cards_of(stock) if isinstance(stock, str) else []
    suits = int(rules[0])
    used = Counter(card for text in columns for card in cards_of(text.partition("|")[2]))
    used.update(named_stock)
    for suit in runs:
        used.update(Card.parse(rank + suit) for rank in RANK_LETTERS)
    spare = Counter(deck(suits)) - used
    assert not (used - Counter(deck(suits))), f"too many cards: {used - Counter(deck(suits))}"
    left = list(spare.elements())
    down_parts = []
    for text in columns:
        count = int(text.partition("|")[0] or 0)
        down_parts.append(left[:count])
        left = left[count:]
    if isinstance(stock, str):
        stock_cards = named_stock
    else:
        stock_cards, left = left[:stock], left[stock:]
    down_parts[filler - 1] = left + down_parts[filler - 1]
    written = [
        "".join(map(str, down)) + "|" + text.partition("|")[2]
        for down, text in zip(down_parts, columns, strict=True)
    ]
    return " ".join(
        [rules, "/".join(written), "".join(map(str, stock_cards)) or "-", runs or "-", str(score), str(moves)]
    )
