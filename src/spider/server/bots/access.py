"""A bot's requests: ``Authorization: Bearer TOKEN`` in place of the cookie (``bots``).

:class:`BotBearer` reads the token of every request that carries one, before the app: a live token makes
the request the bot's (``request.state.player`` is the bot's id, ``request.state.bot`` is True); any
other token is refused with 401, and a client address that keeps sending wrong tokens gets 429 instead
(a guesser learns nothing more, and slowly). A bot may use the duel routes, its invitations, its own
player info and its event stream (:func:`bot_may`), nothing else: not the solo games, friends, renaming
or making bots, so that a program never passes for a person. Each token has its own budget of requests
(``bot_requests_per_minute``, ``bot_burst``): 429 with ``Retry-After`` past it.

A request with a cookie and no bearer token is a person's, whatever the cookie says: a bot's token put in
the cookie is only a stranger's secret (a bot's id is never a cookie's hash).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette import status
from starlette.types import ASGIApp, Receive, Scope, Send

from spider.server.bots.service import Bots
from spider.server.http.errors import RequestError, error_response
from spider.server.http.identity import bearer_token, client_address
from spider.server.http.limits import TokenBuckets
from spider.server.http.parts import parts_of
from spider.server.refusals import Refusal

INVALID_TOKEN = {"www-authenticate": 'Bearer error="invalid_token"'}
BOT_READS = ("/api/me", "/api/invitations", "/api/bots/stream", "/api/presets", "/api/openapi.json", "/healthz")
"""Paths a bot may read (GET) beyond the duels' own (``/api/duels...``) and players' info."""


def bot_may(method: str, path: str) -> bool:
    """Whether a bot may make this request: the duel routes, and a few reads.

    >>> bot_may("POST", "/api/duels/abc/actions"), bot_may("GET", "/api/me"), bot_may("PUT", "/api/me")
    (True, True, False)
    >>> bot_may("POST", "/api/games"), bot_may("POST", "/api/bots"), bot_may("GET", "/api/players/Ada")
    (False, False, True)
    """
    if path == "/api/duels" or path.startswith("/api/duels/"):
        return True
    return method in ("GET", "HEAD") and (path in BOT_READS or path.startswith("/api/players/"))


@dataclass(frozen=True, slots=True)
class BotLimits:
    """How often a bot may ask (requests a minute, per bot), and how often an address may guess a token."""

    requests: TokenBuckets
    guesses: TokenBuckets


class BotBearer:
    """Makes a request with a bearer token the bot's, or refuses it (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = bearer_token(scope) if scope["type"] == "http" else None
        if token is None:
            await self.app(scope, receive, send)
            return
        parts = parts_of(scope["app"])
        bots, limits = parts[Bots], parts[BotLimits]
        try:
            player = bots.authenticate(token)
            if player is None:
                limits.guesses.take(client_address(scope))
                raise RequestError(status.HTTP_401_UNAUTHORIZED, "bots.bad_token", headers=INVALID_TOKEN)
            if not bot_may(scope["method"], scope["path"]):
                raise RequestError(status.HTTP_403_FORBIDDEN, "bots.person_route")
            limits.requests.take(player)
        except (RequestError, Refusal) as error:  # a refusal of its own, or a limiter's 429
            await error_response(error)(scope, receive, send)
            return
        scope.setdefault("state", {}).update(player=player, bot=True)
        await self.app(scope, receive, send)
