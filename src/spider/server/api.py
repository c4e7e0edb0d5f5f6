"""The whole API: every package's routes in one table, in the order Starlette tries them, and its description.

The table's order is the routes' order (``/api/games/current`` before ``/api/games/{game_id}``); ``GET
/api/openapi.json`` serves it as an OpenAPI 3.1 document (``http.openapi``). ``GET /api/presets`` gives the page
the presets and the game's constants, each read from its one home in the engine or in the package that owns it.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from importlib.metadata import version
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from spider import PRESETS
from spider.actions import COLUMNS
from spider.cards import RUNS_TO_WIN, SUIT_COUNTS
from spider.players.strengths import RATINGS, STRENGTHS
from spider.rules import CHOICES, HELPS
from spider.server.accounts.routes import ACCOUNT_API
from spider.server.arenas.routes import ARENA_API
from spider.server.bots.routes import BOT_API, with_bearer
from spider.server.daily.routes import DAILY_API
from spider.server.duels.bodies import DUEL_MINUTES
from spider.server.duels.routes import DUEL_API
from spider.server.fairplay.routes import MODERATION_API
from spider.server.games.answers import Constants, Presets
from spider.server.games.chances import CHANCE_API
from spider.server.games.clock import HEARTBEAT
from spider.server.games.routes import GAME_API, HEALTH_API, PRACTICE_API
from spider.server.ghosts.routes import GHOST_API
from spider.server.http.openapi import Endpoint, Handler, describe
from spider.server.http.replies import answer
from spider.server.http.site import PAGE_API, SITE_API
from spider.server.leaderboards.routes import LEADERBOARD_API
from spider.server.people.service import MAX_NAME
from spider.server.records.routes import RECORD_API
from spider.server.results.routes import RESULT_API
from spider.server.reviews.routes import REVIEW_API


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


async def openapi(request: Request) -> Response:
    return answer(description())


API: tuple[Endpoint, ...] = (
    *PAGE_API,
    *GAME_API,
    *REVIEW_API,
    *PRACTICE_API,
    *DUEL_API,
    *DAILY_API,
    *BOT_API,
    *LEADERBOARD_API,
    *GHOST_API,
    *ARENA_API,
    *RECORD_API,
    *CHANCE_API,
    *RESULT_API,
    *ACCOUNT_API,
    *MODERATION_API,
    Endpoint("GET", "/api/presets", presets, "The presets, the helps each turns on, each rule's choices, and the "
             "game's constants the page uses", Presets),
    *HEALTH_API,
    Endpoint("GET", "/api/openapi.json", openapi, "This description of the API", dict[str, Any]),
    *SITE_API,
)


@functools.cache
def description() -> dict[str, Any]:
    """The API's OpenAPI document."""
    return with_bearer(describe(API, title="Spider", version=version("spider-solitaire"), about=ABOUT))


ABOUT = (
    "The JSON API of Spider, the patience game. A player is the spider_player cookie, set on the first answer. "
    "Every refusal is {\"error\": sentence, \"message_id\": id}. A view never holds a face-down card, the "
    "stock's order, or the code of a game the server dealt while it is in progress. Duels also speak through the "
    "WebSocket /api/socket (lobby, invitations, progress, watching), described in docs/duels.md. A bot "
    "(POST /api/bots) sends Authorization: Bearer TOKEN instead of the cookie, and reads its events from "
    "GET /api/bots/stream."
)


def routes(socket: Callable[[WebSocket], Awaitable[None]]) -> list[BaseRoute]:
    """The routes, in the order of the table (``/api/games/current`` before ``/api/games/{game_id}``),
    and the site's WebSocket, ``socket`` (``realtime.sockets``, with the domains' handlers).

    One route for each handler, with its methods: Starlette tries a path's routes in turn for the request's
    method, and each route keeps its handler's name (``/metrics`` counts requests by it).
    """
    methods: dict[tuple[str, Handler], list[str]] = {}
    for endpoint in API:
        methods.setdefault((endpoint.path, endpoint.handler), []).append(endpoint.method)
    http: list[BaseRoute] = [Route(path, handler, methods=names) for (path, handler), names in methods.items()]
    return [*http, WebSocketRoute("/api/socket", socket)]
