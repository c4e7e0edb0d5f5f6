"""The fixed shuffle behind every game code (SPEC 1.7).

A game code must give the same deal forever, so the shuffle does not use Python's ``random``, whose
algorithms are no stable contract. It is written down here in full:

1. The generator is SplitMix64: a 64-bit state starting at the shuffle number; each step adds
   ``0x9E3779B97F4A7C15`` to the state (mod 2**64) and returns the state mixed by
   ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB; z ^ z >> 31``,
   all mod 2**64.
2. A number below ``n`` is drawn by rejection: outputs at or above ``2**64 - 2**64 % n`` are thrown
   away, then the output is taken modulo ``n``.
3. The deck (:func:`spider.cards.deck`, in its fixed order) is shuffled by Fisher and Yates from the
   back: for ``i`` from 103 down to 1, swap card ``i`` with card ``below(i + 1)``.
4. The shuffled deck is laid out row by row, left to right (:func:`spider.game.Game`), then the rest
   is the stock, dealt in order.

>>> hex(SplitMix64(0).next())
'0xe220a8397b1dcdaf'
"""

from __future__ import annotations

from spider.cards import Card, deck

MASK = (1 << 64) - 1


class SplitMix64:
    """A small, fast, well-mixed 64-bit generator with a one-number state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform number in ``range(n)``."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_deck(suits: int, shuffle: int) -> list[Card]:
    """The 104 cards of shuffle number ``shuffle`` in the order they are laid out."""
    cards = deck(suits)
    generator = SplitMix64(shuffle)
    for i in range(len(cards) - 1, 0, -1):
        j = generator.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
