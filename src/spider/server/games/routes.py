"""The HTTP API: thin handlers that parse, call the games, serialize. All JSON; a player is the
``spider_player`` cookie; errors are ``{"error": sentence, "message_id": id}`` (see ``errors``).

The table ``API`` at the end lists every route with its body, its answer and the statuses it gives;
``GET /api/openapi.json`` serves it as an OpenAPI 3.1 document (``openapi``).

A view is public: no game code while a game the server dealt is in progress (the code tells every
card), face-up cards, how many cards lie face down, how many are in the stock; with every movable group
and the columns that accept it, and the rule that keeps any other group put (``view``). Query parameter
``no_more_moves=0`` (or ``=1``) on any request answered with a view turns the solver's "no more moves"
check off (or on) for that answer; the default is ``SPIDER_NO_MORE_MOVES``. When the check is still
running the view says ``stuck_pending: true``: ask for the view again a moment later.

Fair shares (``limits``): a player past ``SPIDER_NEW_GAMES_PER_MINUTE`` new games (restarts count),
asking for a hint while the last is still being worked out, or for a verified game while one is being
solved, gets 429 with ``Retry-After`` (seconds); so does a hint when the solver's queue is full.
"""

from __future__ import annotations

import functools
from http import HTTPStatus
from importlib.metadata import version
from typing import Any

from starlette import status
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from spider import PRESETS
from spider.actions import COLUMNS
from spider.cards import RUNS_TO_WIN, SUIT_COUNTS
from spider.players.strengths import RATINGS, STRENGTHS
from spider.rules import CHOICES, HELPS
from spider.server.arenas.routes import ARENA_API
from spider.server.bots.routes import BOT_API, with_bearer
from spider.server.daily.routes import DAILY_API
from spider.server.daily.service import Daily
from spider.server.duels.routes import DUEL_API
from spider.server.games.chances import CHANCE_API
from spider.server.games.clock import HEARTBEAT
from spider.server.games.history import game_actions, history, history_query
from spider.server.games.service import Games, LiveGame
from spider.server.ghosts.service import GHOST_API
from spider.server.http.answers import (
    Analysis,
    ClockAnswer,
    Constants,
    GameActions,
    Health,
    Hint,
    History,
    Line,
    OfflineAnswer,
    Played,
    Practice,
    Presets,
    Shared,
    Stats,
    View,
)
from spider.server.http.bodies import (
    DUEL_MINUTES,
    Action,
    ClockSign,
    NewGame,
    Nothing,
    OfflineResult,
    Resume,
    flag,
    hint_index,
    json_object,
)
from spider.server.http.limits import count_action, count_new_game
from spider.server.http.metrics import Metrics
from spider.server.http.openapi import NOT_MODIFIED, VIEW_OF_NEW_GAME, VIEW_QUERY, Endpoint, Handler, describe
from spider.server.http.replies import NO_STORE, answer, player_of
from spider.server.http.service_worker import engine_file, script
from spider.server.http.static import StaticFiles, send
from spider.server.leaderboards.service import LEADERBOARD_API
from spider.server.people.service import MAX_NAME
from spider.server.practice.service import listing
from spider.server.realtime.broker import Broker
from spider.server.realtime.sockets import socket
from spider.server.records.routes import RECORD_API
from spider.server.reviews.service import REVIEW_API


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


async def _game_id(request: Request) -> str:
    """The path's game id, its game loaded into memory first, off the event loop (``Games.load``)."""
    game_id: str = request.path_params["game_id"]
    await _games(request).load(game_id, player_of(request))
    return game_id


async def _view(request: Request, live: LiveGame) -> View:
    return await _games(request).view(live, no_more_moves=flag(request, "no_more_moves"))


async def new_game(request: Request) -> Response:
    body = NewGame.from_json(await json_object(request))
    count_new_game(request)
    if body.daily is not None:
        daily: Daily = request.app.state.daily
        live = await daily.start(player_of(request), body.daily, body.suits, body.preset)
    else:
        live = await _games(request).create(player_of(request), body)
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def current_game(request: Request) -> Response:
    return answer(await _view(request, _games(request).current(player_of(request))))


async def get_game(request: Request) -> Response:
    live = _games(request).live(await _game_id(request), player_of(request))
    return answer(await _view(request, live))


async def play(request: Request) -> Response:
    body = Action.from_json(await json_object(request))
    count_action(request)
    game_id = await _game_id(request)
    live, events = _games(request).play(player_of(request), game_id, body.action, body.version)
    return answer({"view": await _view(request, live), "events": [event.to_json() for event in events]})


async def clock(request: Request) -> Response:
    body = ClockSign.from_json(await json_object(request))
    seconds, on_screen = _games(request).clock(player_of(request), await _game_id(request), body.on_screen)
    return answer(ClockAnswer(seconds=seconds, on_screen=on_screen))


async def restart(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    count_new_game(request)
    live = _games(request).restart(player_of(request), await _game_id(request))
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def resign(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    live = _games(request).resign(player_of(request), await _game_id(request))
    return answer(await _view(request, live))


async def share(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    token = _games(request).share(player_of(request), await _game_id(request))
    return answer({"share": token, "path": f"/?share={token}"}, status.HTTP_201_CREATED)


async def hint(request: Request) -> Response:
    index = hint_index(request)
    return answer(await _games(request).hint(player_of(request), await _game_id(request), index=index))


async def line(request: Request) -> Response:
    code, found = _games(request).winning_line(player_of(request), await _game_id(request))
    return answer({"code": code, "line": found})


async def analysis(request: Request) -> Response:
    return answer(await _games(request).analysis(player_of(request), await _game_id(request)))


async def resume(request: Request) -> Response:
    body = Resume.from_json(await json_object(request))
    count_new_game(request)
    game_id = await _game_id(request)
    # up to SPIDER_MAX_GAME_ACTIONS actions played and stored again: off the event loop
    resumed = functools.partial(_games(request).resume, player_of(request), game_id, body.at, replay=body.replay)
    live = await run_in_threadpool(resumed)
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def stats(request: Request) -> Response:
    return answer(_games(request).stats(player_of(request)))


async def past_games(request: Request) -> Response:
    suits, limit = history_query(request)
    return answer(history(_games(request), player_of(request), suits, limit))


async def played_actions(request: Request) -> Response:
    return answer(game_actions(_games(request), player_of(request), await _game_id(request)))


async def offline_result(request: Request) -> Response:
    body = OfflineResult.from_json(await json_object(request))
    found, new = _games(request).offline_result(player_of(request), body)
    return answer(found, status.HTTP_201_CREATED if new else status.HTTP_200_OK)


async def practice(request: Request) -> Response:
    return answer(listing(_games(request).practice_progress(player_of(request))))


async def practise(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    count_new_game(request)
    live = _games(request).practise(player_of(request), request.path_params["exercise_id"])
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def presets(request: Request) -> Response:
    constants: Constants = {
        "suit_counts": list(SUIT_COUNTS),
        "columns": COLUMNS,
        "runs_to_win": RUNS_TO_WIN,
        "duel_minutes": list(DUEL_MINUTES),
        "strengths": list(STRENGTHS),
        "strength_ratings": {strength: RATINGS[strength] for strength in STRENGTHS},
        "name_length": MAX_NAME,
        "heartbeat_ms": round(HEARTBEAT * 1000),
    }
    return answer(
        {
            "presets": {name: rules.to_json() for name, rules in PRESETS.items()},
            "helps": {name: helps.to_json() for name, helps in HELPS.items()},
            "default": "classic",
            "choices": {name: list(choices) for name, choices in CHOICES.items()},
            "constants": constants,
        }
    )


def _static(request: Request) -> StaticFiles:
    files: StaticFiles = request.app.state.static
    return files


async def index(request: Request) -> Response:
    return _static(request).response(request, "index.html")


async def static_file(request: Request) -> Response:
    return _static(request).response(request, request.path_params["path"])


async def service_worker(request: Request) -> Response:
    # the first call builds the engine's zip (a fraction of a second): off the event loop
    text = await run_in_threadpool(script, _static(request))
    return Response(text, media_type="text/javascript", headers={"cache-control": "no-cache"})


async def offline_engine(request: Request) -> Response:
    return send(request, await run_in_threadpool(engine_file))


async def health(request: Request) -> Response:
    found = _games(request).health()
    broker: Broker = request.app.state.broker
    redis = await broker.health()
    if redis is not None:
        found["redis"], found["ok"] = redis, found["ok"] and redis == "ok"
    return answer(found, status.HTTP_200_OK if found["ok"] else status.HTTP_503_SERVICE_UNAVAILABLE)


async def metrics(request: Request) -> Response:
    watched: Metrics = request.app.state.metrics
    return Response(watched.text(), media_type=watched.content_type, headers=NO_STORE)


async def openapi(request: Request) -> Response:
    return answer(description())


GAME = "/api/games/{game_id}"
CREATED, CONFLICT = HTTPStatus.CREATED, HTTPStatus.CONFLICT
NOT_FOUND, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.TOO_MANY_REQUESTS
API = (
    Endpoint("GET", "/", index, "The page", media_type="text/html", refusals=(NOT_MODIFIED,)),
    Endpoint("HEAD", "/", index, "The page's headers", refusals=(NOT_MODIFIED,)),
    Endpoint(
        "POST", "/api/games", new_game, "A new game: a code's deal, a shared deal, a verified deal, a daily deal "
        "or a random one",
        View, CREATED, body=NewGame, refusals=(NOT_FOUND, TOO_MANY), query=VIEW_QUERY, links=VIEW_OF_NEW_GAME,
    ),
    Endpoint("GET", "/api/games/current", current_game, "The player's latest game in progress", View,
             refusals=(NOT_FOUND,), query=VIEW_QUERY),
    Endpoint("GET", GAME, get_game, "One of the player's games", View, refusals=(NOT_FOUND,), query=VIEW_QUERY,
             about="404 No such game, for an unknown game and another player's alike."),
    Endpoint("POST", f"{GAME}/actions", play, "Plays an action, stored before the answer", Played, body=Action,
             refusals=(NOT_FOUND, CONFLICT, TOO_MANY), query=VIEW_QUERY,
             about="An action in notation: 3>7, 3>7:2, d, f3, u or r. 409 names the rule that refuses it, or "
             "(server.game_changed) says that the game has moved on from the view's version the action was "
             "made on: reload the game; or (server.game_too_long) that the game holds as many actions as a game "
             "may (SPIDER_MAX_GAME_ACTIONS). 429: more actions a second than SPIDER_ACTIONS_PER_SECOND."),
    Endpoint("POST", f"{GAME}/restart", restart, "A new game of the same deal and table rules", View, CREATED,
             body=Nothing, body_required=False, refusals=(NOT_FOUND, TOO_MANY), query=VIEW_QUERY,
             links=VIEW_OF_NEW_GAME),
    Endpoint("POST", f"{GAME}/resign", resign, "Gives the game up", View, body=Nothing, body_required=False,
             refusals=(NOT_FOUND,), query=VIEW_QUERY),
    Endpoint("POST", f"{GAME}/share", share, "A link that deals the game's cards to whoever opens it, code unseen",
             Shared, CREATED, body=Nothing, body_required=False, refusals=(NOT_FOUND,)),
    Endpoint("GET", f"{GAME}/hint", hint, "A move suggested from what the player sees", Hint,
             refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             query=(("index", "Which of the position's worthwhile moves, best first, from 0; it wraps, so asking "
                     "with the answer's index + 1 cycles through them (the answer's total says how many)",
                     {"type": "integer", "minimum": 0, "default": 0}),),
             about="Refused (server.no_hints) in a game begun under a preset that offers no hints: classic, "
             "tabletop, duel."),
    Endpoint("GET", f"{GAME}/line", line, "A verified deal's winning line, once the game is over and counted", Line,
             refusals=(NOT_FOUND, CONFLICT),
             about="Refused (server.deal_in_play) while another game of the deal could still count. From then on "
             "no game of that deal counts in results, for anyone."),
    Endpoint("POST", f"{GAME}/clock", clock, "The page shows the game, or no longer does: the clock counts only "
             "the time on screen", ClockAnswer, body=ClockSign, refusals=(NOT_FOUND,),
             about="Sent with on_screen true when the game comes on screen and every 15 s while it stays there, "
             "and with false when it leaves (a hidden tab, a closed page). At most 35 s count between two signs "
             "of life; every action is one too."),
    Endpoint("GET", f"{GAME}/analysis", analysis, "A lost game searched with every card known", Analysis,
             refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             about="For a game that is over, lost and counted (up to 30 s): whether the deal could be won, and "
             "the last position a win was found from. From then on no game of that deal by that player counts."),
    Endpoint("POST", f"{GAME}/resume", resume, "A new game of a lost game's deal, its first actions played again",
             View, CREATED, body=Resume, refusals=(NOT_FOUND, CONFLICT, TOO_MANY), query=VIEW_QUERY,
             about="After the game's analysis only; with replay true it is a replay's table, never the current "
             "game. It counts in no results."),
    *REVIEW_API,
    Endpoint("GET", "/api/practice", practice, "The practice exercises, easiest first, with the player's progress",
             Practice),
    Endpoint("POST", "/api/practice/{exercise_id}", practise, "A new practice game at an exercise's position", View,
             CREATED, body=Nothing, body_required=False, refusals=(NOT_FOUND, TOO_MANY), query=VIEW_QUERY,
             links=VIEW_OF_NEW_GAME,
             about="Its view's practice says the goal, the moves left under a limit, and whether it is reached: "
             "the action that reaches the goal ends the game (result solved) and keeps the exercise solved. "
             "Once the limit's moves are used without reaching it, practice.failed is true and a further move "
             "or deal is refused (409, refuse.practice_limit); undo takes a move back. A practice game never "
             "counts in results."),
    *DUEL_API,
    *DAILY_API,
    *BOT_API,
    *LEADERBOARD_API,
    *GHOST_API,
    *ARENA_API,
    *RECORD_API,
    *CHANCE_API,
    Endpoint("GET", "/api/stats", stats, "The player's results, best scores, everyone's win rates, and the "
             "player's offline games apart", Stats),
    Endpoint("GET", "/api/history", past_games, "The player's last games that are over at one suit count, the "
             "latest ended first, with the counted games in all (those of typed-in codes apart)", History,
             query=(("suits", "The suit count: 1 (the default), 2 or 4", {"enum": ["1", "2", "4"]}),
                    ("limit", "How many games, 1 to 200 (50 by default)", {"type": "string", "pattern": "^[0-9]+$"})),
             about="No practice, duel or replay game, and no game left before its first move. A game's code is "
             "given as in its view: once it is over, and only when no game of its deal could still count."),
    Endpoint("GET", f"{GAME}/played", played_actions, "A game that is over, to be played again: its code and every "
             "action made in it", GameActions, refusals=(NOT_FOUND, CONFLICT),
             about="409 (server.actions_not_over) while the game goes on; (server.actions_deal_in_play) while "
             "another game of its deal could still count. 404 for a practice game, as for another player's."),
    Endpoint("POST", "/api/offline-results", offline_result, "A game played offline, checked and counted apart",
             OfflineAnswer, CREATED, body=OfflineResult, refusals=(CONFLICT,),
             about="The engine plays the actions again from the code's opening: 409 names a rule that refuses one, "
             "or (server.offline_not_won) says that a game sent as won is not. The same deal sent again (under any "
             "table rules) answers "
             "200 with the result kept the first time. Offline results never count in the online ones or the "
             "site's win rates; a game left before its first move is not kept (counted false)."),
    Endpoint("GET", "/api/presets", presets, "The presets, the helps each turns on, each rule's choices, and the "
             "game's constants the page uses", Presets),
    Endpoint("GET", "/healthz", health, "Whether the server can reach its database (and Redis, when set)", Health,
             refusals=(HTTPStatus.SERVICE_UNAVAILABLE,), about="503 with the same body when it cannot."),
    Endpoint("GET", "/metrics", metrics, "Requests, latency, games and the solver's work, for Prometheus",
             media_type="text/plain"),
    Endpoint("GET", "/api/openapi.json", openapi, "This description of the API", dict[str, Any]),
    Endpoint("GET", "/sw.js", service_worker, "The service worker: keeps the page's files, and the offline engine "
             "once offline play is on", media_type="text/javascript"),
    Endpoint("GET", "/static/offline/engine.zip", offline_engine, "The offline engine's Python: the spider engine "
             "and Babel with our languages' CLDR data, for Pyodide", media_type="application/zip",
             refusals=(NOT_MODIFIED,)),
    Endpoint("GET", "/static/{path:path}", static_file, "The page's files", media_type="*/*",
             refusals=(NOT_FOUND, NOT_MODIFIED)),
    Endpoint("HEAD", "/static/{path:path}", static_file, "A page file's headers", refusals=(NOT_FOUND, NOT_MODIFIED)),
)


@functools.cache
def description() -> dict[str, Any]:
    """The API's OpenAPI document."""
    return with_bearer(describe(API, title="Spider", version=version("spider-solitaire"), about=ABOUT))


ABOUT = (
    "The JSON API of Spider, the patience game. A player is the spider_player cookie, set on the first answer. "
    "Every refusal is {\"error\": sentence, \"message_id\": id}. A view never holds a face-down card, the "
    "stock's order, or the code of a game the server dealt while it is in progress. Duels also speak through the "
    "WebSocket /api/socket (lobby, invitations, progress, watching), described in the README. A bot (POST /api/bots) "
    "sends Authorization: Bearer TOKEN instead of the cookie, and reads its events from GET /api/bots/stream."
)


def routes() -> list[BaseRoute]:
    """The routes, in the order of the table (``/api/games/current`` before ``/api/games/{game_id}``),
    and the duels' WebSocket.

    One route for each handler, with its methods: Starlette tries a path's routes in turn for the request's
    method, and each route keeps its handler's name (``/metrics`` counts requests by it).
    """
    methods: dict[tuple[str, Handler], list[str]] = {}
    for endpoint in API:
        methods.setdefault((endpoint.path, endpoint.handler), []).append(endpoint.method)
    http: list[BaseRoute] = [Route(path, handler, methods=names) for (path, handler), names in methods.items()]
    return [*http, WebSocketRoute("/api/socket", socket)]
