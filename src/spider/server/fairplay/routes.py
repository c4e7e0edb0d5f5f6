"""The moderation view's HTTP handlers and their entries in the API's table (``api.API`` takes ``MODERATION_API``).
Each asks the service, which refuses everyone but moderators (403)."""

from __future__ import annotations

from http import HTTPStatus

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import Response

from spider.server.fairplay.answers import CheckedGame, Moderation
from spider.server.fairplay.service import Fairplay
from spider.server.http.bodies import Nothing, json_object
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of


async def moderation(request: Request) -> Response:
    fairplay, player = part(request, Fairplay), player_of(request)
    return answer(await to_thread.run_sync(fairplay.flagged, player))


async def checked_game(request: Request) -> Response:
    fairplay, player = part(request, Fairplay), player_of(request)
    return answer(await to_thread.run_sync(fairplay.game, player, request.path_params["game_id"]))


async def clear(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    fairplay, player = part(request, Fairplay), player_of(request)
    await to_thread.run_sync(fairplay.clear, player, request.path_params["game_id"])
    return answer(await to_thread.run_sync(fairplay.flagged, player))


async def mark(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    fairplay, player = part(request, Fairplay), player_of(request)
    await to_thread.run_sync(fairplay.mark, player, request.path_params["name"])
    return answer(await to_thread.run_sync(fairplay.flagged, player))


FORBIDDEN, NOT_FOUND, CONFLICT = HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT
ONLY = "For moderators only (spider mod grant NAME): 403 (moderation.not_moderator) for everyone else."
MODERATION_API = (
    Endpoint("GET", "/api/moderation", moderation, "The flagged results, with their evidence in words and their "
             "accounts' other checked results, and the latest moderators' decisions", Moderation,
             refusals=(FORBIDDEN,), about=ONLY),
    Endpoint("GET", "/api/moderation/games/{game_id}", checked_game, "A checked game's code, table rules and "
             "actions, for the replay viewer at its flagged actions", CheckedGame, refusals=(FORBIDDEN, NOT_FOUND),
             about=f"{ONLY} A daily deal's entry is shown to moderators while its day lasts, to nobody else."),
    Endpoint("POST", "/api/moderation/games/{game_id}/clear", clear, "Clears a held result: it returns to its "
             "board; the moderation view as it is then", Moderation, body=Nothing, body_required=False,
             refusals=(FORBIDDEN, NOT_FOUND, CONFLICT),
             about=f"{ONLY} 404 for a game never checked, 409 (moderation.not_held) for one not held. Logged."),
    Endpoint("POST", "/api/moderation/accounts/{name}/mark", mark, "Marks an account: its results leave every "
             "board, and its rated duels are taken back for its opponents; the moderation view as it is then",
             Moderation, body=Nothing, body_required=False, refusals=(FORBIDDEN, NOT_FOUND, CONFLICT),
             about=f"{ONLY} 404 for no player of that name, 409 for one marked already or not an account. Logged."),
)
