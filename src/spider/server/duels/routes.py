"""The duels' HTTP handlers and their entries in the API's table (``api.API`` takes ``DUEL_API``).

The same calls are open to scripts and tests: a player (the cookie) names themselves, creates or joins
a table, plays by actions in notation, finishes, and reads the duel's state; the WebSocket
(``/api/socket``, ``sockets``) brings the same changes live.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any

from starlette import status
from starlette.requests import Request
from starlette.responses import Response

from spider.server.duels.answers import DuelPlayed, DuelState, Friends, Invitations, Lobby, PlayerInfo
from spider.server.duels.bodies import NewDuel
from spider.server.duels.duels import Duels
from spider.server.duels.model import Duel
from spider.server.games.bodies import Action
from spider.server.http.bodies import Nothing, json_object
from spider.server.http.limits import count_action, count_new_game
from spider.server.http.openapi import Endpoint, Handler
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.people.bodies import Name
from spider.server.people.service import FRIEND, IGNORE


def _duels(request: Request) -> Duels:
    duels = part(request, Duels)
    return duels


def _on_a_duel(name: str, change: Callable[[Duels, str, str], Awaitable[Duel]]) -> Handler:
    """A handler for ``POST /api/duels/{duel_id}/...`` without a body: the change, then the duel's state."""

    async def handler(request: Request) -> Response:
        Nothing.from_json(await json_object(request, required=False))
        duels, player = _duels(request), player_of(request)
        duel = await change(duels, player, request.path_params["duel_id"])
        return answer(await duels.state(duel, player))

    handler.__name__ = name  # the operation's id in the API's description
    return handler


async def new_duel(request: Request) -> Response:
    body = NewDuel.from_json(await json_object(request))
    count_new_game(request)
    duels = _duels(request)
    duel = await duels.create(player_of(request), body.asked())
    return answer(await duels.state(duel, player_of(request)), status.HTTP_201_CREATED)


async def open_duels(request: Request) -> Response:
    return answer(Lobby(tables=_duels(request).open_tables(player_of(request))))


async def get_duel(request: Request) -> Response:
    return answer(await _duels(request).get(request.path_params["duel_id"], player_of(request)))


async def duel_action(request: Request) -> Response:
    body = Action.from_json(await json_object(request))
    count_action(request)
    duels = _duels(request)
    live, duel, events = await duels.play(
        player_of(request), request.path_params["duel_id"], body.action, body.version
    )
    state = await duels.state(duel, player_of(request))
    view, state["you"] = state["you"], None  # given once, as "view"
    return answer({"view": view, "duel": state, "events": [event.to_json() for event in events]})


async def invite(request: Request) -> Response:
    body = Name.from_json(await json_object(request))
    duels = _duels(request)
    duel = await duels.invite(player_of(request), request.path_params["duel_id"], body.name)
    return answer(await duels.state(duel, player_of(request)))


join_duel = _on_a_duel("join_duel", lambda duels, player, duel_id: duels.join(player, duel_id))
finish_duel = _on_a_duel("finish_duel", lambda duels, player, duel_id: duels.finish(player, duel_id))
leave_duel = _on_a_duel("leave_duel", lambda duels, player, duel_id: duels.leave(player, duel_id))
accept_invitation = _on_a_duel(
    "accept_invitation", lambda duels, player, duel_id: duels.answer(player, duel_id, accept=True)
)
decline_invitation = _on_a_duel(
    "decline_invitation", lambda duels, player, duel_id: duels.answer(player, duel_id, accept=False)
)


async def rematch(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    count_new_game(request)
    duels, player = _duels(request), player_of(request)
    duel = await duels.rematch(player, request.path_params["duel_id"])
    return answer(await duels.state(duel, player), status.HTTP_201_CREATED)


async def invitations(request: Request) -> Response:
    return answer(Invitations(invitations=_duels(request).invitations(player_of(request))))


async def me(request: Request) -> Response:
    duels = _duels(request)
    return answer(duels.player_info(duels.people.get(player_of(request), duels.clock())))


async def rename(request: Request) -> Response:
    body = Name.from_json(await json_object(request))
    duels = _duels(request)
    return answer(duels.player_info(duels.people.rename(player_of(request), body.name, duels.clock())))


async def player_info(request: Request) -> Response:
    duels = _duels(request)
    return answer(duels.player_info(duels.people.named(request.path_params["name"])))


async def friends(request: Request) -> Response:
    return answer(_duels(request).friends(player_of(request)))


def _relating(kind: str | None, was: str | None = None) -> Any:
    async def handler(request: Request) -> Response:
        Nothing.from_json(await json_object(request, required=False))
        duels = _duels(request)
        player = player_of(request)
        duels.people.get(player, duels.clock())
        other = duels.people.named(request.path_params["name"])
        await duels.relate(player, other, kind, was=was)
        return answer(duels.friends(player))

    return handler


add_friend, remove_friend = _relating(FRIEND), _relating(None, FRIEND)
ignore_player, unignore_player = _relating(IGNORE), _relating(None, IGNORE)
add_friend.__name__, remove_friend.__name__ = "add_friend", "remove_friend"
ignore_player.__name__, unignore_player.__name__ = "ignore_player", "unignore_player"


DUEL = "/api/duels/{duel_id}"
OK, CREATED, CONFLICT = HTTPStatus.OK, HTTPStatus.CREATED, HTTPStatus.CONFLICT
NOT_FOUND, FORBIDDEN, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.FORBIDDEN, HTTPStatus.TOO_MANY_REQUESTS
DUEL_API = (
    Endpoint("POST", "/api/duels", new_duel, "A new duel table: open for a person, or begun at once against a "
             "computer player", DuelState, CREATED, body=NewDuel, refusals=(TOO_MANY,),
             about="The duel preset's table rules unless preset or rules say otherwise. A person opponent may be "
             "limited to a rating range (min_rating, max_rating); anyone within it may join."),
    Endpoint("GET", "/api/duels", open_duels, "The open tables (the lobby), newest first", Lobby,
             about="Tables of players you ignore, or who ignore you, are left out."),
    Endpoint("GET", DUEL, get_duel, "A duel: its players' progress, the time left, your view, and once your game "
             "has ended the opponent's (watch); the result and the deal's code once the duel is over", DuelState,
             refusals=(NOT_FOUND,)),
    Endpoint("POST", f"{DUEL}/join", join_duel, "Takes an open table's second seat: the duel starts", DuelState,
             body=Nothing, body_required=False, refusals=(NOT_FOUND, CONFLICT, FORBIDDEN),
             about="409 for a table that is full or over, or your own; 403 outside its rating range or between "
             "players who ignore each other."),
    Endpoint("POST", f"{DUEL}/actions", duel_action, "Plays an action in your game of the duel, stored before the "
             "answer: your view, and the duel's state (whose you is null: the view is given once)", DuelPlayed,
             body=Action, refusals=(NOT_FOUND, CONFLICT, FORBIDDEN, TOO_MANY),
             about="403 in someone else's duel; 409 once your game has ended (time up, finished, won) or for a move "
             "the rules refuse, or when the game has moved on from the view's version the action was made on "
             "(server.game_changed: a retried action is never played twice); 429 past SPIDER_ACTIONS_PER_SECOND."),
    Endpoint("POST", f"{DUEL}/finish", finish_duel, "Ends your own game of the duel", DuelState, body=Nothing,
             body_required=False, refusals=(NOT_FOUND, CONFLICT, FORBIDDEN)),
    Endpoint("POST", f"{DUEL}/leave", leave_duel, "Takes your open table away; a duel in play is not touched",
             DuelState, body=Nothing, body_required=False, refusals=(NOT_FOUND, FORBIDDEN),
             about="403 for a table that is not yours (you neither made it nor sit at it): only its creator "
             "withdraws it, and everyone's lobby hears of it at once."),
    Endpoint("POST", f"{DUEL}/invite", invite, "Invites a player by name to your open table", DuelState, body=Name,
             refusals=(NOT_FOUND, CONFLICT, FORBIDDEN)),
    Endpoint("POST", f"{DUEL}/accept", accept_invitation, "Accepts an invitation: you join the table, whatever "
             "its rating range", DuelState, body=Nothing, body_required=False,
             refusals=(NOT_FOUND, CONFLICT, FORBIDDEN)),
    Endpoint("POST", f"{DUEL}/decline", decline_invitation, "Declines an invitation", DuelState, body=Nothing,
             body_required=False, refusals=(NOT_FOUND,)),
    Endpoint("POST", f"{DUEL}/rematch", rematch, "After a duel: a new table of the same kind with the opponent "
             "invited, or the one they offered", DuelState, CREATED, body=Nothing, body_required=False,
             refusals=(NOT_FOUND, CONFLICT, FORBIDDEN, TOO_MANY)),
    Endpoint("GET", "/api/invitations", invitations, "Your pending invitations", Invitations),
    Endpoint("GET", "/api/me", me, "You as other players see you (a name is made up the first time)", PlayerInfo),
    Endpoint("PUT", "/api/me", rename, "Changes your name", PlayerInfo, body=Name, refusals=(CONFLICT,),
             about="1 to 24 characters, no control characters, unique whatever the case, never a computer "
             "player's name."),
    Endpoint("GET", "/api/players/{name}", player_info, "A player's name, rating, duels and last duels",
             PlayerInfo, refusals=(NOT_FOUND,)),
    Endpoint("GET", "/api/friends", friends, "Your friends (who is online) and the players you ignore", Friends),
    Endpoint("PUT", "/api/friends/{name}", add_friend, "Makes a player your friend", Friends, body=Nothing,
             body_required=False, refusals=(NOT_FOUND, CONFLICT)),
    Endpoint("DELETE", "/api/friends/{name}", remove_friend, "A friend no more", Friends, body=Nothing,
             body_required=False, refusals=(NOT_FOUND, CONFLICT)),
    Endpoint("PUT", "/api/ignored/{name}", ignore_player, "Ignores a player: they cannot join your tables or "
             "invite you, and you do not see each other's tables", Friends, body=Nothing, body_required=False,
             refusals=(NOT_FOUND, CONFLICT)),
    Endpoint("DELETE", "/api/ignored/{name}", unignore_player, "Ignores a player no more", Friends, body=Nothing,
             body_required=False, refusals=(NOT_FOUND, CONFLICT)),
)
