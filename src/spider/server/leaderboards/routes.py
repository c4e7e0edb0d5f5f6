"""The leaderboards' routes (``leaderboards.service`` makes the boards): their queries read and checked, and
their entries in the API's table."""

from __future__ import annotations

from http import HTTPStatus

from sqlalchemy import Engine
from starlette.requests import Request
from starlette.responses import Response

from spider.cards import SUIT_COUNTS
from spider.server.games.service import Games
from spider.server.http.bodies import one_of
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.leaderboards.service import Board, ratings, scores, week_start
from spider.server.refusals import Invalid


def _engine(request: Request) -> Engine:
    return part(request, Games).store.engine


def _choice(request: Request, name: str, default: str, choices: tuple[str, ...]) -> str:
    value = request.query_params.get(name, default)
    if value not in choices:
        raise Invalid("server.bad_query", name=name, expected=one_of(*choices))
    return value


async def ratings_board(request: Request) -> Response:
    only_friends = _choice(request, "friends", "false", ("true", "false")) == "true"
    at = part(request, Games).now()
    return answer(ratings(_engine(request), player_of(request), at, only_friends=only_friends))


async def scores_board(request: Request) -> Response:
    suits = int(_choice(request, "suits", "1", tuple(str(n) for n in SUIT_COUNTS)))
    period = _choice(request, "period", "ever", ("week", "ever"))
    only_friends = _choice(request, "friends", "false", ("true", "false")) == "true"
    now = part(request, Games).now()
    since = week_start(now) if period == "week" else None
    return answer(scores(_engine(request), player_of(request), suits, now, since=since, only_friends=only_friends))


FRIENDS_QUERY = ("friends", "true: only your friends and you", {"enum": ["true", "false"]})
BAD = (HTTPStatus.UNPROCESSABLE_ENTITY,)
LEADERBOARD_API = (
    Endpoint("GET", "/api/leaderboards/ratings", ratings_board, "The duel ratings board: the top 100 settled "
             "ratings of named people, and your place", Board, refusals=BAD, query=(FRIENDS_QUERY,),
             about="Only accounts in good standing are on it (a day old, with 10 finished games of new or daily "
             "deals, 15 minutes in all): ranked false and the sentence unranked tell a player who is not why. "
             "Provisional ratings (deviation 110 or more), computer players and players without a name of "
             "their own are left out. Equal values share a place."),
    Endpoint("GET", "/api/leaderboards/scores", scores_board, "The best scores board at one suit count, this "
             "week or ever: the top 100 named players' best scores, and your place", Board, refusals=BAD,
             query=(("suits", "The suit count: 1 (the default), 2 or 4", {"enum": ["1", "2", "4"]}),
                    ("period", "week (from Monday 00:00 UTC) or ever (the default)", {"enum": ["week", "ever"]}),
                    FRIENDS_QUERY),
             about="Only accounts in good standing, as on the ratings board; only won solo games that counted in "
             "results (no duel, practice, replay or typed-in code, no deal known before the game ended), under the "
             "standard scoring; each player's best once."),
)
