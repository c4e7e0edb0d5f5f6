"""The ghost races' routes (``ghosts.service`` picks, starts and tells a race; ``ghosts.supply`` tells whether
there is one to run): ``GET /api/ghosts``, ``POST /api/ghosts`` and ``GET /api/ghosts/{id}``, their body and their
entries in the API's table."""

from __future__ import annotations

import functools
from http import HTTPStatus
from typing import ClassVar

from anyio import to_thread
from starlette import status
from starlette.requests import Request
from starlette.responses import Response

from spider.cards import SUIT_COUNTS
from spider.server.games.service import Games
from spider.server.ghosts.service import GhostRace, start, state
from spider.server.ghosts.supply import GhostOffers, GhostSupply
from spider.server.http.bodies import YES_OR_NO, Body, SuitCount, json_object, one_of
from spider.server.http.limits import count_new_game
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.text import Phrase


class NewGhostRace(Body):
    """``POST /api/ghosts``: the suit count, and whether to race your own best game."""

    suits: SuitCount
    mine: bool = False

    EXPECTED: ClassVar[dict[str, Phrase]] = {"suits": one_of(*SUIT_COUNTS), "mine": YES_OR_NO}


def _games(request: Request) -> Games:
    found = part(request, Games)
    return found


async def offers(request: Request) -> Response:
    supply = part(request, GhostSupply)
    return answer(await to_thread.run_sync(supply.offers, player_of(request)))


async def new_race(request: Request) -> Response:
    body = NewGhostRace.from_json(await json_object(request))
    count_new_game(request)
    games_, player = _games(request), player_of(request)
    race = await to_thread.run_sync(functools.partial(start, games_, player, body.suits, mine=body.mine))
    return answer(await to_thread.run_sync(state, games_, player, race), status.HTTP_201_CREATED)


async def get_race(request: Request) -> Response:
    games_ = _games(request)
    return answer(await to_thread.run_sync(state, games_, player_of(request), request.path_params["race_id"]))


NOT_FOUND, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.TOO_MANY_REQUESTS
GHOST_API = (
    Endpoint("GET", "/api/ghosts", offers, "Which ghost races would start: at each suit count, another player's "
             "game of a deal new to you (others) and a game of your own (mine)", GhostOffers,
             about="The lobby offers a race only where one would start. Cheap whoever asks: the deals that may be "
             "raced are read once for the server and kept a while; a request looks only at your own games (your "
             "last 500 finished ones for mine)."),
    Endpoint("POST", "/api/ghosts", new_race, "A ghost race: a new game of the deal of an earlier, counted game, "
             "raced against that game at its own pace", GhostRace, HTTPStatus.CREATED, body=NewGhostRace,
             refusals=(NOT_FOUND, TOO_MANY),
             about="Another player's game of a deal you never played, or with mine true your own best game. Your "
             "game (game) is played by the games' routes, its code hidden until it is over; it counts in no "
             "results and the race is unrated. 404 (ghost.none_yet) when there is no such game."),
    Endpoint("GET", "/api/ghosts/{race_id}", get_race, "A ghost race: the ghost's progress as it stood at the "
             "time elapsed (never later), and once your game is over who finished ahead", GhostRace,
             refusals=(NOT_FOUND,),
             about="The ghost's game is named (result.replay) only once your game is over."),
)
