"""What a player has seen of a deal, and fills of the cards they have not: the real one and sampled ones.

A *fill* puts cards into every place a player cannot see now: each column's face-down cards (bottom first)
and the stock (next deal first). The real fill is the deal's own; a sampled fill lays out exactly the cards
the player has never seen, in a random order, and puts a card the player has seen where they saw it.

A card seen once stays known: a move that turned a card up, or a deal, then undone, puts the cards face down
or back in the stock, but the player has looked at them. A face-down place never changes its card (only
face-up cards move), so a column's places from the lowest face-down count it has had up are known, and the
stock's cards up to the most ever dealt.

Given what a player has seen, every way of laying the unseen cards is as likely as the real one (the deck was
shuffled uniformly): the real fill and the sampled fills are draws from one law, which is what makes the
measure's score honest (:mod:`spider.fairplay.choices`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from spider.cards import Card
from spider.game import Game
from spider.notation import Position
from spider.players.determinize import unseen_cards


@dataclass(frozen=True, slots=True)
class Fill:
    """Cards for the places a player cannot see: each column's face-down cards (bottom first), and the stock."""

    hidden: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


class Sight:
    """What the player of one game has seen so far, kept up to date action by action (:meth:`saw`)."""

    def __init__(self, game: Game) -> None:
        self.lowest_down = list(game.face_down)
        self.stock_at_start = len(game.stock)
        self.most_dealt = 0

    def saw(self, game: Game) -> None:
        """Takes in the table after an action (an undo too: what it hid again stays known)."""
        self.lowest_down = [min(low, down) for low, down in zip(self.lowest_down, game.face_down, strict=True)]
        self.most_dealt = max(self.most_dealt, self.stock_at_start - len(game.stock))

    def known(self, game: Game) -> Fill:
        """The cards out of sight now that the player has seen before, each at its place; the rest of each
        column's places and of the stock are left out (a column's known cards are its upper face-down ones,
        the stock's its first ones)."""
        real = real_fill(game)
        hidden = tuple(
            cards[low:] if low < len(cards) else ()
            for cards, low in zip(real.hidden, self.lowest_down, strict=True)
        )
        dealt = self.stock_at_start - len(game.stock)
        return Fill(hidden, real.stock[: max(0, self.most_dealt - dealt)])

    def sampled(self, game: Game, position: Position, generator: random.Random) -> Fill:
        """A fill drawn at random from what the player could not know: the cards never seen, shuffled into
        the places not seen, the known cards where they were seen."""
        known = self.known(game)
        unseen = Counter(unseen_cards(position))
        for cards in (*known.hidden, known.stock):
            unseen.subtract(cards)
        pool = list(unseen.elements())  # in the deck's fixed order, so the generator alone decides
        generator.shuffle(pool)
        drawn = iter(pool)
        hidden = tuple(
            tuple(next(drawn) for _ in range(down - len(seen))) + seen
            for down, seen in zip(position.face_down, known.hidden, strict=True)
        )
        stock = known.stock + tuple(drawn)
        return Fill(hidden, stock)


def real_fill(game: Game) -> Fill:
    """The deal's own cards in the places out of sight."""
    whole = game.to_position()
    assert whole.hidden is not None and whole.stock is not None
    return Fill(whole.hidden, whole.stock)
