"""The HTTP API (docs: /work/notes/web-api.md): thin handlers that parse, call the games, serialize.

Query parameter ``no_more_moves=0`` on any request that answers with a view turns off the solver's
"no more moves" check for that answer (``stuck`` is then false); the page sends it when the player
switched the check off in the settings. The server's default is the setting ``SPIDER_NO_MORE_MOVES``.
"""

from __future__ import annotations

from typing import Any

from starlette import status
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from spider import PRESETS
from spider.server.bodies import Action, NewGame, flag, json_object
from spider.server.errors import RequestError
from spider.server.games import Games, LiveGame
from spider.server.static import StaticFiles
from spider.server.stats import player_stats, site_stats

NO_STORE = {"cache-control": "no-store"}


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def _player(request: Request) -> str:
    player: str = request.state.player
    return player


async def _view(request: Request, live: LiveGame) -> dict[str, Any]:
    games = _games(request)
    check_stuck = flag(request, "no_more_moves", games.settings.no_more_moves)
    view, position = games.view(live)
    if check_stuck and position is not None:
        view["stuck"], view["stuck_pending"] = await games.searches.stuck(position)
    return view


def _answer(content: Any, status_code: int = status.HTTP_200_OK) -> JSONResponse:
    return JSONResponse(content, status_code=status_code, headers=NO_STORE)


async def new_game(request: Request) -> Response:
    body = NewGame.from_json(await json_object(request))
    live = await _games(request).create(_player(request), body)
    return _answer(await _view(request, live), status.HTTP_201_CREATED)


async def current_game(request: Request) -> Response:
    return _answer(await _view(request, _games(request).current(_player(request))))


async def get_game(request: Request) -> Response:
    live = _games(request).live(request.path_params["game_id"], _player(request))
    return _answer(await _view(request, live))


async def play(request: Request) -> Response:
    body = Action.from_json(await json_object(request))
    live, events = _games(request).play(_player(request), request.path_params["game_id"], body.action)
    return _answer({"view": await _view(request, live), "events": [event.to_json() for event in events]})


async def restart(request: Request) -> Response:
    await json_object(request, required=False)
    live = _games(request).restart(_player(request), request.path_params["game_id"])
    return _answer(await _view(request, live), status.HTTP_201_CREATED)


async def resign(request: Request) -> Response:
    await json_object(request, required=False)
    live = _games(request).resign(_player(request), request.path_params["game_id"])
    return _answer(await _view(request, live))


async def hint(request: Request) -> Response:
    games = _games(request)
    position = games.public_position(_player(request), request.path_params["game_id"])
    return _answer(await games.searches.hint(position))


async def line(request: Request) -> Response:
    live = _games(request).live(request.path_params["game_id"], _player(request))
    if not live.over:
        raise RequestError(status.HTTP_409_CONFLICT, "server.line_not_over")
    if not live.record.verified or not live.record.line:
        raise RequestError(status.HTTP_404_NOT_FOUND, "server.line_not_verified")
    return _answer({"code": live.record.code, "line": live.record.line})


async def stats(request: Request) -> Response:
    games = _games(request)
    found = player_stats(games.store.finished_games(_player(request)))
    found["site"] = site_stats(games.store)
    return _answer(found)


async def presets(request: Request) -> Response:
    return _answer({"presets": {name: rules.to_json() for name, rules in PRESETS.items()}, "default": "classic"})


def _static(request: Request) -> StaticFiles:
    files: StaticFiles = request.app.state.static
    return files


async def index(request: Request) -> Response:
    return _static(request).response(request, "index.html")


async def static_file(request: Request) -> Response:
    return _static(request).response(request, request.path_params["path"])


def routes() -> list[BaseRoute]:
    return [
        Route("/", index, methods=["GET", "HEAD"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/current", current_game, methods=["GET"]),
        Route("/api/games/{game_id}", get_game, methods=["GET"]),
        Route("/api/games/{game_id}/actions", play, methods=["POST"]),
        Route("/api/games/{game_id}/restart", restart, methods=["POST"]),
        Route("/api/games/{game_id}/resign", resign, methods=["POST"]),
        Route("/api/games/{game_id}/hint", hint, methods=["GET"]),
        Route("/api/games/{game_id}/line", line, methods=["GET"]),
        Route("/api/stats", stats, methods=["GET"]),
        Route("/api/presets", presets, methods=["GET"]),
        Route("/static/{path:path}", static_file, methods=["GET", "HEAD"]),
    ]
