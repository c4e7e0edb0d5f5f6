"""The HTTP API: thin handlers that parse, call the games, serialize. All JSON; a player is the
``spider_player`` cookie; errors are ``{"error": sentence, "message_id": id}`` (see ``errors``).

- ``POST /api/games`` ``{"suits", "deal": "random"|"verified", "preset", "rules", "code", "replay"}``, or
  ``{"share": token}`` -> 201 view
- ``GET /api/games/current`` -> the player's latest game in progress, or 404
- ``GET /api/games/{id}`` -> view; 404 "No such game" for unknown and other players' games alike
- ``POST /api/games/{id}/actions`` ``{"action": "3>7" | "3>7:2" | "d" | "f3" | "u" | "r", "version": N}``
  -> ``{"view", "events"}``, the action stored before the answer; 409 with the rule when refused, and
  409 ``server.game_changed`` when ``version`` (optional: the view's ``version`` the action was made
  on) is no longer the game's: reload the game
- ``POST /api/games/{id}/restart`` -> 201 view of a new game of the same deal and rules
- ``POST /api/games/{id}/resign`` -> view, the game over
- ``POST /api/games/{id}/share`` -> 201 ``{"share", "path"}``: a token that opens the game's deal under
  its table rules (``POST /api/games {"share": token}``, or the page at ``path``) without naming it
- ``GET /api/games/{id}/hint`` -> ``{"action", "column", "count", "target", "text", "message_id", "deal_possible"}``
- ``GET /api/games/{id}/line`` -> ``{"code", "line"}`` of a verified deal, once the game is over and
  counted; from then on no game of that deal by that player counts in results
- ``GET /api/practice`` -> ``{"exercises": [{"id", "number", "title", "idea", "goal", "suits", "solved",
  "best_moves"}]}``: every practice exercise in order, with the player's progress
- ``POST /api/practice/{exercise_id}`` -> 201 view of a new practice game at the exercise's position; its
  ``practice`` says the goal, ``moves_left`` under a move limit, and ``reached``: the action that reaches
  the goal ends the game (result ``solved``) and keeps the exercise solved, with its fewest moves. A
  practice game never counts in results; the view of any other game has ``practice: null``
- ``GET /api/stats`` -> the player's results by suit count, best scores, and everyone's win rates
- ``GET /api/presets`` -> the presets' table rules, and the helps (hints, "no more moves") each turns on
- ``GET /`` and ``GET /static/<path>``: the page (``spider/web``)

A view is public: no game code while a game the server dealt is in progress (the code tells every
card), face-up cards, how many cards lie face down, how many are in the stock; with every
movable group and the columns that accept it (``view``). Query parameter ``no_more_moves=0`` (or
``=1``) on any request answered with a view turns the solver's "no more moves" check off (or on) for
that answer; the default is ``SPIDER_NO_MORE_MOVES``. When the check is still running the view says
``stuck_pending: true``: ask for the view again a moment later.

Fair shares (``limits``): a player past ``SPIDER_NEW_GAMES_PER_MINUTE`` new games (restarts count),
asking for a hint while the last is still being worked out, or for a verified game while one is being
solved, gets 429 with ``Retry-After`` (seconds); so does a hint when the solver's queue is full.
"""

from __future__ import annotations

from typing import Any

from starlette import status
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from spider import PRESETS
from spider.rules import HELPS
from spider.server.bodies import Action, NewGame, flag, json_object, no_fields
from spider.server.games import Games, LiveGame
from spider.server.limits import NewGames
from spider.server.practice import listing
from spider.server.static import StaticFiles
from spider.server.stats import player_stats, site_stats

NO_STORE = {"cache-control": "no-store"}


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def _player(request: Request) -> str:
    player: str = request.state.player
    return player


def _count_new_game(request: Request) -> None:
    """Counts a new game against the player's and the address's limits: 429 past either."""
    by_player: NewGames = request.app.state.new_games
    by_address: NewGames = request.app.state.new_games_by_address
    by_player.take(_player(request))
    if request.client is not None:
        by_address.take(request.client.host)


async def _view(request: Request, live: LiveGame) -> dict[str, Any]:
    games = _games(request)
    check_stuck = flag(request, "no_more_moves", games.settings.no_more_moves)
    view, position = games.view(live)
    if check_stuck and position is not None:
        view["stuck"], view["stuck_pending"] = await games.searches.stuck(
            position, player=_player(request)
        )
    return view


def _answer(content: Any, status_code: int = status.HTTP_200_OK) -> JSONResponse:
    return JSONResponse(content, status_code=status_code, headers=NO_STORE)


async def new_game(request: Request) -> Response:
    body = NewGame.from_json(await json_object(request))
    _count_new_game(request)
    live = await _games(request).create(_player(request), body)
    return _answer(await _view(request, live), status.HTTP_201_CREATED)


async def current_game(request: Request) -> Response:
    return _answer(await _view(request, _games(request).current(_player(request))))


async def get_game(request: Request) -> Response:
    live = _games(request).live(request.path_params["game_id"], _player(request))
    return _answer(await _view(request, live))


async def play(request: Request) -> Response:
    body = Action.from_json(await json_object(request))
    live, events = _games(request).play(_player(request), request.path_params["game_id"], body.action, body.version)
    return _answer({"view": await _view(request, live), "events": [event.to_json() for event in events]})


async def restart(request: Request) -> Response:
    no_fields(await json_object(request, required=False))
    _count_new_game(request)
    live = _games(request).restart(_player(request), request.path_params["game_id"])
    return _answer(await _view(request, live), status.HTTP_201_CREATED)


async def resign(request: Request) -> Response:
    no_fields(await json_object(request, required=False))
    live = _games(request).resign(_player(request), request.path_params["game_id"])
    return _answer(await _view(request, live))


async def share(request: Request) -> Response:
    no_fields(await json_object(request, required=False))
    token = _games(request).share(_player(request), request.path_params["game_id"])
    return _answer({"share": token, "path": f"/?share={token}"}, status.HTTP_201_CREATED)


async def hint(request: Request) -> Response:
    games = _games(request)
    position = games.public_position(_player(request), request.path_params["game_id"])
    return _answer(await games.searches.hint(position, player=_player(request)))


async def line(request: Request) -> Response:
    code, found = _games(request).winning_line(_player(request), request.path_params["game_id"])
    return _answer({"code": code, "line": found})


async def stats(request: Request) -> Response:
    games = _games(request)
    found = player_stats(*games.store.tallies(_player(request)))
    found["site"] = site_stats(games.store)
    return _answer(found)


async def practice(request: Request) -> Response:
    return _answer(listing(_games(request).practice_progress(_player(request))))


async def practise(request: Request) -> Response:
    no_fields(await json_object(request, required=False))
    _count_new_game(request)
    live = _games(request).practise(_player(request), request.path_params["exercise_id"])
    return _answer(await _view(request, live), status.HTTP_201_CREATED)


async def presets(request: Request) -> Response:
    return _answer(
        {
            "presets": {name: rules.to_json() for name, rules in PRESETS.items()},
            "helps": {name: helps.to_json() for name, helps in HELPS.items()},
            "default": "classic",
        }
    )


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
        Route("/api/games/{game_id}/share", share, methods=["POST"]),
        Route("/api/games/{game_id}/hint", hint, methods=["GET"]),
        Route("/api/games/{game_id}/line", line, methods=["GET"]),
        Route("/api/stats", stats, methods=["GET"]),
        Route("/api/practice", practice, methods=["GET"]),
        Route("/api/practice/{exercise_id}", practise, methods=["POST"]),
        Route("/api/presets", presets, methods=["GET"]),
        Route("/static/{path:path}", static_file, methods=["GET", "HEAD"]),
    ]
