"""The arenas' HTTP handlers and their entries in the API's table (``api.API`` takes ``ARENA_API``).

A player lists the arenas, opens one of their own, reads one with its standings, joins, leaves and goes
berserk; the duels they are paired into are ordinary duels (``/api/duels/{id}``), and the socket brings
the standings live (``{"type": "follow_arena", "arena"}``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http import HTTPStatus

from starlette import status
from starlette.requests import Request
from starlette.responses import Response

from spider.server.arenas.answers import Arenas as ArenaList
from spider.server.arenas.answers import ArenaState, NewArena
from spider.server.arenas.arenas import Arenas
from spider.server.http.bodies import Nothing, json_object
from spider.server.http.identity import client_address
from spider.server.http.limits import SharedCounts, TokenBuckets, count_new_game
from spider.server.http.openapi import Endpoint, Handler
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of

DAY_SECONDS = 24 * 3600.0


def _arenas(request: Request) -> Arenas:
    return part(request, Arenas)


@dataclass(frozen=True, slots=True)
class ArenaLimits:
    """How often a player, and all the players of one client address together, may join, leave or go berserk
    (``Settings.arena_changes_per_minute``, ``arena_changes_per_address_per_minute``), and how many arenas one client
    address may open a day (``Settings.arenas_per_address_per_day``). A flood of changes is refused with 429 before
    it reaches the database."""

    changes: TokenBuckets
    changes_here: TokenBuckets
    opens_here: TokenBuckets

    @classmethod
    def made(
        cls, shared: SharedCounts | None = None, *, opens_a_day: int = 5, changes_a_minute: int = 20,
        changes_here_a_minute: int = 60,
    ) -> ArenaLimits:
        changes = TokenBuckets(
            changes_a_minute, burst=max(1, changes_a_minute // 2), message_id="arena.too_fast", name="arena",
            shared=shared,
        )
        changes_here = TokenBuckets(
            changes_here_a_minute, burst=max(1, changes_here_a_minute // 3), message_id="arena.too_fast_here",
            name="arena-here", shared=shared,
        )
        # a day's arenas, in a burst or spread out: as many tokens a day, refilled over the day
        opens_here = TokenBuckets(
            opens_a_day, message_id="arena.too_many_here", name="arenas-here", window=DAY_SECONDS, shared=shared
        )
        return cls(changes, changes_here, opens_here)

    def change(self, request: Request) -> None:
        """Counts a join, a leave or a berserk against the player's and their address's: 429 past either."""
        self.changes.take(player_of(request))
        self.changes_here.take(client_address(request.scope))


async def list_arenas(request: Request) -> Response:
    return answer(await _arenas(request).listing(player_of(request)))


async def open_arena(request: Request) -> Response:
    body = NewArena.from_json(await json_object(request))
    count_new_game(request)
    arenas, player = _arenas(request), player_of(request)
    address = client_address(request.scope)
    arena_id = await arenas.open(player, body, lambda: part(request, ArenaLimits).opens_here.take(address))
    return answer(await arenas.show(arena_id, player), status.HTTP_201_CREATED)


async def get_arena(request: Request) -> Response:
    return answer(await _arenas(request).show(request.path_params["arena_id"], player_of(request)))


def _on_an_arena(name: str, change: Callable[[Arenas, str, str], Awaitable[None]]) -> Handler:
    """A handler for ``POST /api/arenas/{arena_id}/...`` without a body: the change, then the arena."""

    async def handler(request: Request) -> Response:
        Nothing.from_json(await json_object(request, required=False))
        arenas, player = _arenas(request), player_of(request)
        part(request, ArenaLimits).change(request)
        arena_id = request.path_params["arena_id"]
        await change(arenas, player, arena_id)
        return answer(await arenas.show(arena_id, player))

    handler.__name__ = name  # the operation's id in the API's description
    return handler


join_arena = _on_an_arena("join_arena", lambda arenas, player, arena_id: arenas.join(player, arena_id))
leave_arena = _on_an_arena("leave_arena", lambda arenas, player, arena_id: arenas.leave(player, arena_id))
berserk = _on_an_arena("berserk", lambda arenas, player, arena_id: arenas.berserk(player, arena_id))

ARENA = "/api/arenas/{arena_id}"
OK, CREATED, CONFLICT = HTTPStatus.OK, HTTPStatus.CREATED, HTTPStatus.CONFLICT
NOT_FOUND, TOO_MANY, FORBIDDEN = HTTPStatus.NOT_FOUND, HTTPStatus.TOO_MANY_REQUESTS, HTTPStatus.FORBIDDEN
ARENA_API = (
    Endpoint("GET", "/api/arenas", list_arenas, "The arenas to come and in play, and those over within the hour",
             ArenaList,
             about="The server keeps one arena an hour per suit count (5-minute duels for 50 minutes, computer "
             "players filling in); players open their own."),
    Endpoint("POST", "/api/arenas", open_arena, "Opens an arena of your own", ArenaState, CREATED, body=NewArena,
             refusals=(FORBIDDEN, CONFLICT, TOO_MANY),
             about="It starts starts_in minutes from now and lasts length minutes. Only accounts in good standing "
             "open arenas: 403 (arena.guest_opens_none, arena.young_opens_none) says what yours lacks; 409 "
             "(arena.too_many) when you have two arenas not over already; 429 with Retry-After when your address "
             "opened its arenas of the day (arena.too_many_here) or the site holds as many as it can "
             "(arena.site_full)."),
    Endpoint("GET", ARENA, get_arena, "An arena: its standings (best first), the podium once it is over, and you",
             ArenaState, refusals=(NOT_FOUND,),
             about="Points: 2 a win, 1 a draw, 0 a loss, doubled from the third win in a row on; a berserk win "
             "gives 1 more. you.duel is the duel you are paired into now (an ordinary duel: /api/duels/{id})."),
    Endpoint("POST", f"{ARENA}/join", join_arena, "Joins the arena: you are paired as soon as you are free",
             ArenaState, body=Nothing, body_required=False, refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             about="Paired into a duel on a fresh deal with a player near your points and rating, never the one "
             "you just played; a player who does not move within 30 s of a duel's start is withdrawn (join "
             "again). 409 once the arena has ended; 429 with Retry-After past your joins, leaves and berserks a minute "
             "(arena.too_fast, 20 by default) or past those of every player at your address together "
             "(arena.too_fast_here, 60)."),
    Endpoint("POST", f"{ARENA}/leave", leave_arena, "Leaves the arena: no more pairings (a duel in play goes on "
             "and counts)", ArenaState, body=Nothing, body_required=False, refusals=(NOT_FOUND, TOO_MANY)),
    Endpoint("POST", f"{ARENA}/berserk", berserk, "Goes berserk in your arena duel now: half your clock, one "
             "point more for a win", ArenaState, body=Nothing, body_required=False,
             refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             about="Only before your first move in that duel: 409 (arena.berserk_too_late) after it, "
             "(arena.no_duel) when you are not paired, (arena.berserk_already) the second time."),
)
