"""The win-chance meter's route: ``GET /api/games/{id}/chance``, the chance of winning from the table as the player
sees it (``spider.players.chances``), worked out in a search worker within the estimator's node budgets: never a
clock, so that a busy server gives the same figure as a quiet one, and the review the same as the meter.

Never in a duel or an arena (their games are reached through the duel only: 404 here, as for any solo route),
nor in a daily deal (409, :func:`refused`): there it would help one player against the others. The answer
names the game's version it is for, so that the page keeps only the one for the table it shows. Answers are
remembered by position (the estimate depends on the public position only), so that asking again after an undo
costs nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from http import HTTPStatus
from typing import Annotated

from pydantic import with_config
from starlette.requests import Request
from starlette.responses import Response
from typing_extensions import TypedDict

from spider.server.games.kinds import DAILY_DEALS
from spider.server.games.service import Games, LiveGame
from spider.server.http.answers import FORBID
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.refusals import Conflict
from spider.view import Schema, Whole

KNOWN_CHANCES = 4096  # answers remembered, by public position

Probability = Annotated[float, Schema(minimum=0, maximum=1)]


@with_config(FORBID)
class ChanceAnswer(TypedDict):
    """The chance of winning from here, from what the player sees."""

    chance: Probability
    """0 to 1: the estimated chance of winning from the table as the player sees it."""
    guesses: Whole
    """How many imaginings of the unseen cards it came from (0: the game is over, and the chance is its result)."""
    version: Whole
    """The game's version (as in its view) the chance is for."""


_known: OrderedDict[str, tuple[float, int]] = OrderedDict()
_known_lock = threading.Lock()


def refused(games: Games, live: LiveGame) -> bool:
    """Whether the meter is refused in this game: a daily deal's."""
    return live.record.kind in DAILY_DEALS


async def chance(request: Request) -> Response:
    games = part(request, Games)
    player, game_id = player_of(request), request.path_params["game_id"]
    await games.load(game_id, player)
    with games.holding(game_id, player) as live:
        if refused(games, live):
            raise Conflict("server.no_meter")
        version = live.seq
        if live.over or live.game.won:
            return answer(ChanceAnswer(chance=1.0 if live.game.won else 0.0, guesses=0, version=version))
        position = live.game.position(public=True)
    with _known_lock:
        known = _known.get(position)
        if known is not None:
            _known.move_to_end(position)
    if known is None:
        known = await games.searches.chance(position, player=player)
        with _known_lock:
            _known[position] = known
            while len(_known) > KNOWN_CHANCES:
                _known.popitem(last=False)
    return answer(ChanceAnswer(chance=known[0], guesses=known[1], version=version))


CHANCE_API = (
    Endpoint(
        "GET",
        "/api/games/{game_id}/chance",
        chance,
        "The chance of winning from here, from what the player sees",
        ChanceAnswer,
        refusals=(HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT, HTTPStatus.TOO_MANY_REQUESTS),
        about="For the win-chance meter: worked out within node budgets (the same figure on a busy server) from the "
        "face-up cards and the number of cards unseen, never the face-down cards themselves. 404 for a duel's or an "
        "arena's game, as for another player's; 409 (server.no_meter) in a daily deal; 429 while the player's last "
        "one is still being worked out (server.chance_in_flight). A game that is over answers its result: 1 won, 0 "
        "not.",
    ),
)
