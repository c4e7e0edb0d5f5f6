"""What the replay viewer draws of a game record: each game's public position before its first action and
after each (``spider.notation``: face-down cards only counted, never named), and each move in words, naming
the cards a player saw move and the card they went onto (``spider.describe.move_words``).

:func:`record_positions` is the costly part of ``POST /api/records/positions`` as one function of plain values
(a record's text, or a code, its table rules and its actions; a plain dictionary back), over the engine alone:
a process that imports it loads no web stack, so that the work can be handed to another process. It reads at
most ``MAX_GAMES`` games and ``MAX_ACTIONS`` actions in all, and refuses more before playing any.

>>> shown = record_positions(code="SP1-S1C-AAAAAAD", actions=["d", "u"])
>>> (game,) = shown["games"]
>>> len(game["positions"]), game["positions"][0] == game["positions"][2]
(3, True)
>>> record_positions(code="SP1-S1C-AAAAAAD", actions=["1>8", "d"])["games"][0]["words"]
['the 2 of spades from column 1 onto the 3 of spades in column 8', None]
>>> record_positions(code="SP1-S1C-AAAAAAD", actions=["d"] * 3, max_actions=2)
Traceback (most recent call last):
...
spider.record.InvalidRecordError: Too many actions to show (3): a record shown here holds at most 2 in all.
"""

from __future__ import annotations

from typing import Any

from spider.describe import move_words
from spider.game import Event, Game, Moved
from spider.notation import Position, write_position
from spider.record import Record, check_length, read_records, record_of, write_records
from spider.rules import TableRules
from spider.text import message

MAX_ACTIONS = 1_000
"""Actions one request may ask to be shown, all its games together: a won four-suit game is a few hundred
actions with its undos (a computer player's take 60 to 170), a winning line fewer. Each costs the server
about 25 µs and its answer about 100 to 200 bytes (``bench/record_positions.py``)."""
MAX_GAMES = 2
"""Games one record's text may hold here: one, or a duel's two."""


def record_positions(
    record: str | None = None,
    *,
    code: str | None = None,
    rules: dict[str, Any] | None = None,
    actions: list[str] | None = None,
    max_actions: int = MAX_ACTIONS,
    lang: str | None = None,
) -> dict[str, Any]:
    """The record (its text, else ``code``, ``rules`` and ``actions``) with every public position of its
    games: ``{"record": text, "games": [...]}``, each game as ``Record.to_json`` gives it with its
    ``positions``, one more than its actions, and its moves in ``lang`` (``words``; see :func:`games_positions`).

    Raises the engine's refusals (each a ``ValueError``, which pickles): :class:`spider.record.InvalidRecordError`
    naming a line that is wrong or the bound passed, ``InvalidCodeError``, ``InvalidRulesError``, and
    ``IllegalMoveError`` for an action the rules refuse.
    """
    if record is not None:
        records = read_records(record, max_records=MAX_GAMES, max_actions=max_actions)
    else:
        if code is None or actions is None:
            raise TypeError("record_positions takes a record's text, or a code and its actions")
        check_length(len(actions), max_actions)
        records = [record_of(code, None if rules is None else TableRules.from_json(rules), actions)]
    return games_positions(records, lang)


def games_positions(records: list[Record], lang: str | None = None) -> dict[str, Any]:
    """The records (played already, or not: an action refused raises) with every public position of their games,
    and ``words``: each action in ``lang`` (the spoken language unless named) where it is a move, ``None`` where
    it is not (a deal, a flip, an undo, a redo: the page has its own words for those)."""
    games: list[dict[str, Any]] = []
    for record in records:
        game = Game.from_code(record.code, record.table_rules)
        before = game.public_position()
        positions = [write_position(before)]
        words: list[str | None] = []
        for action in record.actions:
            events = game.apply_text(action)
            words.append(_move_in_words(before, events, lang))
            before = game.public_position()
            positions.append(write_position(before))
        games.append({**record.to_json(), "positions": positions, "words": words})
    return {"record": write_records(records), "games": games}


def _move_in_words(before: Position, events: list[Event], lang: str | None) -> str | None:
    """A move's cards in words, from what a player saw before it: the cards moved and the one they went onto."""
    moved = next((event for event in events if isinstance(event, Moved)), None)
    if moved is None:
        return None
    message_id, params = move_words(
        before.columns, moved.source, moved.count, moved.target, family="replay", face_down=before.face_down
    )
    return message(message_id, lang, **params)
