"""The evidence a moderator reads: the decisions that fit the hidden cards best, and in card words why.

Of the weighed decisions where the sighted player would have chosen another action, the heaviest few
(:data:`MOST`) are told, in the game's order: the action played, the one a player seeing only the face-up
cards would have chosen, and what the hidden cards did: the card the action turned up (and whether it moved
on at once), the cards a deal brought (and those of them that moved on at once), or the next card the game
turned up after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spider.cards import Card
from spider.describe import card_name
from spider.fairplay.choices import Weighed
from spider.game import Dealt, Event, Flipped, Moved
from spider.text import message, spoken

MOST = 5
"""The most decisions the evidence tells."""
AT_ONCE = 3
"""How many actions after a card came up it may move and still have "moved on at once"."""


@dataclass(frozen=True, slots=True)
class Evidence:
    """One decision told: its place among the game's actions (from 0), the action played, the sighted
    player's choice, its weight, and what the hidden cards did: ``turned`` cards the action turned up,
    ``dealt`` cards it dealt, ``moved_on`` those of them that moved on at once, and ``later``, when it showed
    none, the next card turned up and how many actions later."""

    at: int
    played: str
    sighted: str
    weight: float
    turned: tuple[Card, ...] = ()
    dealt: tuple[Card, ...] = ()
    moved_on: tuple[Card, ...] = ()
    later: tuple[Card, int] | None = None

    def text(self, lang: str | None = None) -> str:
        """The decision in words, in the spoken language unless one is named."""
        lang = lang or spoken()
        return message(
            "fairplay.evidence", lang, number=self.at + 1, played=self.played, sighted=self.sighted,
            why=self._why(lang),
        )

    def _why(self, lang: str) -> str:
        def named(cards: Sequence[Card]) -> str:
            return message("describe.list_separator", lang).join(card_name(card, lang) for card in cards)

        if self.dealt:
            if self.moved_on:
                return message("fairplay.dealt_moved", lang, cards=named(self.dealt), moved=named(self.moved_on))
            return message("fairplay.dealt", lang, cards=named(self.dealt))
        if self.turned:
            key = "fairplay.turned_moved" if self.moved_on else "fairplay.turned"
            return message(key, lang, cards=named(self.turned))
        if self.later is not None:
            card, after = self.later
            return message("fairplay.later", lang, card=named([card]), n=after)
        return message("fairplay.hidden", lang)

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "played": self.played,
            "sighted": self.sighted,
            "weight": round(self.weight, 3),
            "turned": [str(card) for card in self.turned],
            "dealt": [str(card) for card in self.dealt],
            "moved_on": [str(card) for card in self.moved_on],
            "later": None if self.later is None else [str(self.later[0]), self.later[1]],
            "text": self.text(),
        }

    @classmethod
    def from_json(cls, found: dict[str, Any]) -> Evidence | None:
        """The decision as :meth:`to_json` wrote it, to be told again in another language; None for one written
        without all its facts (before ``later`` was kept), whose ``text`` is all there is."""
        if "later" not in found:
            return None
        def cards(key: str) -> tuple[Card, ...]:
            return tuple(Card.parse(str(text)) for text in found.get(key) or ())

        later = found["later"]
        return cls(
            int(found["at"]), str(found["played"]), str(found["sighted"]), float(found.get("weight", 0)),
            cards("turned"), cards("dealt"), cards("moved_on"),
            None if later is None else (Card.parse(str(later[0])), int(later[1])),
        )


def gather(
    weighed: Sequence[tuple[int, Weighed]], actions: Sequence[str], happened: Sequence[list[Event]]
) -> tuple[Evidence, ...]:
    """The evidence from the weighed decisions (each with its place among the actions), the game's actions and
    each action's events."""
    told: list[Evidence] = []
    for at, found in sorted(weighed, key=lambda item: (-item[1].weight, item[0])):
        if found.weight <= 0 or len(told) == MOST:
            break
        sighted = found.sighted_choice
        if sighted and sighted != found.text(found.played):
            told.append(_told(at, sighted, found, actions, happened))
    return tuple(sorted(told, key=lambda item: item.at))


def _told(
    at: int, sighted: str, found: Weighed, actions: Sequence[str], happened: Sequence[list[Event]]
) -> Evidence:
    events = list(happened[at])
    after = at + 1
    while after < len(actions) and actions[after].strip().lower().startswith("f"):
        events += happened[after]  # under manual flip, the card the action laid open is turned next
        after += 1
    turned = tuple(event.card for event in events if isinstance(event, Flipped))
    dealt = next((event.cards for event in events if isinstance(event, Dealt)), ())
    soon = [event for later in happened[after : after + AT_ONCE] for event in later if isinstance(event, Moved)]
    moved_on = tuple(card for card in dealt or turned if any(card in event.cards for event in soon))
    later = None
    if not turned and not dealt:
        later = next(
            (
                (event.card, index - at)
                for index in range(after, len(happened))
                for event in happened[index]
                if isinstance(event, Flipped)
            ),
            None,
        )
    return Evidence(at, actions[at], sighted, found.weight, turned, dealt, moved_on, later)
