"""Converting between the engine's objects and the search's compact encoding, and back to notation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spider.actions import COLUMNS
from spider.cards import SUITS, Card
from spider.solver.core import DEAL, Move, State, Table, Weights, encode, move_action, weights_for

SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def card_code(card: Card) -> int:
    return encode(card.rank, SUIT_INDEX[card.suit])


def cards_code(cards: Iterable[Card]) -> bytes:
    return bytes(card_code(card) for card in cards)


def table_for(
    columns: Sequence[Sequence[Card]],
    face_down: Sequence[int],
    stock: Sequence[Card] | None,
    group: str,
    deal: str,
    hidden: Sequence[Sequence[Card]] | None = None,
    suits: int = 1,
    weights: Weights | None = None,
    order: Sequence[Card] | None = None,
) -> tuple[Table, State]:
    """A search table and start state.

    ``columns`` are the face-up cards; ``hidden`` the face-down ones (bottom first) when known. ``stock``
    is None when its order is unknown: then no deal is searched. ``weights`` score the table (by default the
    solver's for the suit count). With ``order`` the face-down cards come up in that order, whichever column
    each is turned up in (:class:`~spider.solver.core.Table`).
    """
    deals: tuple[bytes, ...] = ()
    if stock is not None:
        deals = tuple(cards_code(stock[start : start + COLUMNS]) for start in range(0, len(stock), COLUMNS))
    table = Table(
        hidden=None if hidden is None else tuple(cards_code(cards) for cards in hidden),
        deals=deals,
        relaxed=group == "relaxed",
        deal_any=deal == "any",
        weights=weights or weights_for(suits),
        order=None if order is None else cards_code(order),
    )
    state: State = (tuple(cards_code(cards) for cards in columns), tuple(face_down), 0)
    return table, state


def action_text(state: State, action: int) -> str:
    """One action in move notation, from the state it is made in: ``d`` to deal, ``3>7`` onto a card,
    ``3>7:2`` into an empty column (where the count must be said)."""
    if action == DEAL:
        return "d"
    move = Move.of(action)
    if state[0][move.target]:
        return f"{move.source + 1}>{move.target + 1}"
    return f"{move.source + 1}>{move.target + 1}:{move.count}"


def action_code(state: State, text: str) -> int:
    """The search's int for an action in move notation (:func:`action_text`), from the state it is made in."""
    if text == "d":
        return DEAL
    source, _, rest = text.partition(">")
    target, _, count = rest.partition(":")
    columns, start, end = state[0], int(source) - 1, int(target) - 1
    moved = int(count) if count else (columns[end][-1] & 15) - (columns[start][-1] & 15)
    return move_action(start, end, moved)


def notation(table: Table, start: State, line: Sequence[int], manual_flip: bool) -> list[str]:
    """The line in move notation (:func:`action_text`), and under manual flip an ``fN`` after each action
    that leaves a column with only face-down cards."""
    texts: list[str] = []
    state = start
    for action in line:
        after = table.apply(state, action)
        texts.append(action_text(state, action))
        if manual_flip:
            before_down, after_down = state[1], after[1]
            texts.extend(f"f{index + 1}" for index in range(COLUMNS) if after_down[index] < before_down[index])
        state = after
    return texts
