"""The results' HTTP handlers and their entries in the API's table (``api.API`` takes ``RESULT_API``)."""

from __future__ import annotations

from http import HTTPStatus

from starlette import status
from starlette.requests import Request
from starlette.responses import Response

from spider.server.games.routes import GAME, game_id_of, games_of
from spider.server.http.bodies import json_object
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.results.answers import GameActions, History, OfflineAnswer, Stats
from spider.server.results.bodies import OfflineResult
from spider.server.results.history import game_actions, history, history_query
from spider.server.results.service import Results

CREATED, CONFLICT, NOT_FOUND = HTTPStatus.CREATED, HTTPStatus.CONFLICT, HTTPStatus.NOT_FOUND


def _results(request: Request) -> Results:
    results = part(request, Results)
    return results


async def stats(request: Request) -> Response:
    return answer(_results(request).stats(player_of(request)))


async def past_games(request: Request) -> Response:
    suits, limit = history_query(request)
    return answer(history(games_of(request), player_of(request), suits, limit))


async def played_actions(request: Request) -> Response:
    return answer(game_actions(games_of(request), player_of(request), await game_id_of(request)))


async def offline_result(request: Request) -> Response:
    body = OfflineResult.from_json(await json_object(request))
    found, new = _results(request).offline_result(player_of(request), body.asked())
    return answer(found, status.HTTP_201_CREATED if new else status.HTTP_200_OK)


RESULT_API = (
    Endpoint("GET", "/api/stats", stats, "The player's results, best scores, everyone's win rates, and the "
             "player's offline games apart", Stats),
    Endpoint("GET", "/api/history", past_games, "The player's last games that are over at one suit count, the "
             "latest ended first, each saying whether it counts and whether its code was typed in", History,
             query=(("suits", "The suit count: 1 (the default), 2 or 4", {"enum": ["1", "2", "4"]}),
                    ("limit", "How many games, 1 to 200 (50 by default)", {"type": "string", "pattern": "^[0-9]+$"})),
             about="No practice, duel or replay game, and no game left before its first move. A game's code is "
             "given as in its view: once it is over, and only when no game of its deal could still count."),
    Endpoint("GET", f"{GAME}/played", played_actions, "A game that is over, to be played again: its code and every "
             "action made in it", GameActions, refusals=(NOT_FOUND, CONFLICT),
             about="409 (server.actions_not_over) while the game goes on; (server.actions_deal_in_play) while "
             "another game of its deal could still count; (server.actions_deal_secret, naming the time) while "
             "its deal is today's daily deal. 404 for a practice game, as for another player's."),
    Endpoint("POST", "/api/offline-results", offline_result, "A game played offline, checked and counted apart",
             OfflineAnswer, CREATED, body=OfflineResult, refusals=(CONFLICT,),
             about="The engine plays the actions again from the code's opening: 409 names a rule that refuses one, "
             "or (server.offline_not_won) says that a game sent as won is not. The same deal sent again (under any "
             "table rules) answers "
             "200 with the result kept the first time. Offline results never count in the online ones or the "
             "site's win rates; a game left before its first move is not kept (counted false)."),
)
