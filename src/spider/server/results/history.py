"""The player's history (SPEC 3.6): their last games that are over, and a finished game's actions to play
it again.

A history lists only what the player may know: a game's code once it is over, and then only when no game
of its deal, by anyone, could still count (``Games.reveals``, the one rule); the same for the actions, which
with the code tell every card. Each game says whether it was of a code the player typed in and whether it counts
in their results (``kinds.counts``, as their statistics count it): the counts themselves are the statistics'.
"""

from __future__ import annotations

from starlette.requests import Request

from spider.cards import SUIT_COUNTS
from spider.server.games.records import GameRecord
from spider.server.games.service import Games
from spider.server.http.bodies import one_of
from spider.server.refusals import Conflict, Invalid, NoSuchGame
from spider.server.results.answers import GameActions, History, PastGame
from spider.text import Phrase
from spider.view import whole_seconds

LIMIT, MAX_LIMIT = 50, 200
"""Games a history lists unless asked for fewer or more, and the most it lists."""


def history_query(request: Request) -> tuple[int, int]:
    """``?suits=N&limit=M``: the suit count (1 by default) and how many games (``LIMIT`` by default)."""
    suits = _whole(request, "suits", 1, allowed=SUIT_COUNTS)
    limit = _whole(request, "limit", LIMIT, allowed=range(1, MAX_LIMIT + 1))
    return suits, limit


def _whole(request: Request, name: str, default: int, *, allowed: range | tuple[int, ...]) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if text.isascii() and text.isdigit() and int(text) in allowed:
        return int(text)
    expected = (
        Phrase("expected.history_limit", {"limit": MAX_LIMIT}) if isinstance(allowed, range) else one_of(*allowed)
    )
    raise Invalid("server.bad_query", name=name, expected=expected)


def history(games: Games, player: str, suits: int, limit: int) -> History:
    """The player's last ``limit`` games over at ``suits``, the latest ended first."""
    records = games.store.history(player, suits, limit)
    known = games.store.known(record.code for record in records if not record.typed)
    return {"suits": suits, "games": [_past(games, record, record.code in known) for record in records]}


def _past(games: Games, record: GameRecord, known: bool) -> PastGame:
    """A game as the history lists it; ``known``: its deal is known already, so its code may be shown."""
    assert record.result is not None and record.finished_at is not None
    shown = record.typed or known or games.store.reveal(record.code, games.now())
    return {
        "id": record.id,
        "suits": record.suits,
        "started_at": record.created_at,
        "ended_at": record.finished_at,
        "result": record.result,
        "score": record.score or 0,
        "moves": record.moves or 0,
        "seconds": whole_seconds(record.seconds or 0.0),
        "code": record.code if shown else None,
        "typed": record.typed,
        "verified": record.verified,
        "counted": record.counted,
    }


def game_actions(games: Games, player: str, game_id: str) -> GameActions:
    """A game of the player's that is over: its code and actions, to play it again on a replay's table.

    404 for an unknown game, another player's, and a practice game alike; 409 while it goes on, or while
    its deal may not be known yet (another game of it could still count; a daily deal on its day).
    """
    with games.holding(game_id, player) as live:
        record = live.record
        if record.exercise is not None:
            raise NoSuchGame()
        if not live.over:
            raise Conflict("server.actions_not_over")
        if not games.reveals(live):
            raise games.kept_back(live, replay=True)
        code, suits, rules = record.code, record.suits, record.rules
    return {
        "id": game_id,
        "code": code,
        "suits": suits,
        "rules": rules,
        "actions": [action.text for action in games.store.actions(game_id)],
    }
