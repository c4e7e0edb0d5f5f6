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
from typing import Protocol

from starlette import status
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from spider.server.games.answers import Analysis, ClockAnswer, Health, Line, Played, Shared, View
from spider.server.games.bodies import Action, ClockSign, NewGame, Resume, hint_index
from spider.server.games.service import Games, LiveGame
from spider.server.http.bodies import Nothing, flag, json_object
from spider.server.http.limits import count_action, count_new_game
from spider.server.http.openapi import VIEW_OF_NEW_GAME, VIEW_QUERY, Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.practice.service import Practice, listing
from spider.server.realtime.broker import Broker
from spider.server.solving.answers import Hint


class DailyStarts(Protocol):
    """Where a new game asked with ``daily`` starts: the daily deal's service (``daily``), which the app sets."""

    async def start(self, player: str, day_text: str, suits: int | None, preset: str | None) -> LiveGame: ...


def games_of(request: Request) -> Games:
    games = part(request, Games)
    return games


async def game_id_of(request: Request) -> str:
    """The path's game id, its game loaded into memory first, off the event loop (``Games.load``)."""
    game_id: str = request.path_params["game_id"]
    await games_of(request).load(game_id, player_of(request))
    return game_id


async def _view(request: Request, live: LiveGame) -> View:
    return await games_of(request).view(live, no_more_moves=flag(request, "no_more_moves"))


async def new_game(request: Request) -> Response:
    body = NewGame.from_json(await json_object(request))
    count_new_game(request)
    if body.daily is not None:
        daily = part(request, DailyStarts)
        live = await daily.start(player_of(request), body.daily, body.suits, body.preset)
    else:
        live = await games_of(request).create(player_of(request), body.asked())
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def current_game(request: Request) -> Response:
    return answer(await _view(request, games_of(request).current(player_of(request))))


async def get_game(request: Request) -> Response:
    live = games_of(request).live(await game_id_of(request), player_of(request))
    return answer(await _view(request, live))


async def play(request: Request) -> Response:
    body = Action.from_json(await json_object(request))
    count_action(request)
    game_id = await game_id_of(request)
    live, events = games_of(request).play(player_of(request), game_id, body.action, body.version)
    return answer({"view": await _view(request, live), "events": [event.to_json() for event in events]})


async def clock(request: Request) -> Response:
    body = ClockSign.from_json(await json_object(request))
    seconds, on_screen = games_of(request).clock(player_of(request), await game_id_of(request), body.on_screen)
    return answer(ClockAnswer(seconds=seconds, on_screen=on_screen))


async def restart(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    count_new_game(request)
    live = games_of(request).restart(player_of(request), await game_id_of(request))
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def resign(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    live = games_of(request).resign(player_of(request), await game_id_of(request))
    return answer(await _view(request, live))


async def share(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    token = games_of(request).share(player_of(request), await game_id_of(request))
    return answer({"share": token, "path": f"/?share={token}"}, status.HTTP_201_CREATED)


async def hint(request: Request) -> Response:
    index = hint_index(request)
    return answer(await games_of(request).hint(player_of(request), await game_id_of(request), index=index))


async def line(request: Request) -> Response:
    code, found = games_of(request).winning_line(player_of(request), await game_id_of(request))
    return answer({"code": code, "line": found})


async def analysis(request: Request) -> Response:
    return answer(await games_of(request).analysis(player_of(request), await game_id_of(request)))


async def resume(request: Request) -> Response:
    body = Resume.from_json(await json_object(request))
    count_new_game(request)
    game_id = await game_id_of(request)
    # up to SPIDER_MAX_GAME_ACTIONS actions played and stored again: off the event loop
    resumed = functools.partial(games_of(request).resume, player_of(request), game_id, body.at, replay=body.replay)
    live = await run_in_threadpool(resumed)
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def practice(request: Request) -> Response:
    return answer(listing(games_of(request).practice_progress(player_of(request))))


async def practise(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    count_new_game(request)
    live = games_of(request).practise(player_of(request), request.path_params["exercise_id"])
    return answer(await _view(request, live), status.HTTP_201_CREATED)


async def health(request: Request) -> Response:
    found = games_of(request).health()
    broker = part(request, Broker)
    redis = await broker.health()
    if redis is not None:
        found["redis"], found["ok"] = redis, found["ok"] and redis == "ok"
    return answer(found, status.HTTP_200_OK if found["ok"] else status.HTTP_503_SERVICE_UNAVAILABLE)


GAME = "/api/games/{game_id}"
CREATED, CONFLICT = HTTPStatus.CREATED, HTTPStatus.CONFLICT
NOT_FOUND, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.TOO_MANY_REQUESTS


GAME_API = (
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
             about="Refused (server.deal_in_play) while another game of the deal could still count, and "
             "(server.deal_secret, naming the time) to everyone while the deal is today's daily deal. From then on "
             "no game of that deal counts in results, for anyone."),
    Endpoint("POST", f"{GAME}/clock", clock, "The page shows the game, or no longer does: the clock counts only "
             "the time on screen", ClockAnswer, body=ClockSign, refusals=(NOT_FOUND,),
             about="Sent with on_screen true when the game comes on screen and every 15 s while it stays there, "
             "and with false when it leaves (a hidden tab, a closed page). At most 35 s count between two signs "
             "of life; every action is one too."),
    Endpoint("GET", f"{GAME}/analysis", analysis, "A lost game searched with every card known", Analysis,
             refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             about="For a game that is over, lost and counted (up to 30 s): whether the deal could be won, and "
             "the last position a win was found from. From then on no game of that deal by that player counts. "
             "Refused as the winning line is (server.deal_in_play, server.deal_secret)."),
    Endpoint("POST", f"{GAME}/resume", resume, "A new game of a lost game's deal, its first actions played again",
             View, CREATED, body=Resume, refusals=(NOT_FOUND, CONFLICT, TOO_MANY), query=VIEW_QUERY,
             about="After the game's analysis only; with replay true it is a replay's table, never the current "
             "game. It counts in no results."),
)
"""The games' own routes, from a new game to one resumed after its analysis."""

PRACTICE_API = (
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
)


HEALTH_API = (
    Endpoint("GET", "/healthz", health, "Whether the server can reach its database (and Redis, when set)", Health,
             refusals=(HTTPStatus.SERVICE_UNAVAILABLE,), about="503 with the same body when it cannot."),
)
