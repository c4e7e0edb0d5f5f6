"""The reviews' routes (``reviews.service`` makes the reviews): a review started and followed, and "try again
from here" (a finished game's moment as a position to copy, or as a practice game to play), with their
entries in the API's table."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import TypeVar

from anyio import to_thread
from starlette import status
from starlette.requests import Request
from starlette.responses import Response

from spider.players.review import practice_exercise, practice_position
from spider.rules import TableRules
from spider.server.games.answers import View
from spider.server.games.service import Games
from spider.server.http.bodies import Nothing, flag, json_object
from spider.server.http.limits import count_new_game
from spider.server.http.openapi import VIEW_OF_NEW_GAME, VIEW_QUERY, Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.refusals import Invalid, NotFound
from spider.server.reviews.service import PracticePosition, ReviewAnswer, Reviews, finished_game, review_seed
from spider.server.solving.searches import too_many
from spider.server.work.jobs import Call, Refused, client_of
from spider.server.work.service import Work
from spider.text import Phrase

T = TypeVar("T")


def _reviews(request: Request) -> Reviews:
    found = part(request, Reviews)
    return found


async def start_review(request: Request) -> Response:
    games = part(request, Games)
    player = player_of(request)
    game_id: str = request.path_params["game_id"]
    await games.load(game_id, player)
    code, rules, actions = await to_thread.run_sync(finished_game, games, player, game_id)
    job = await _reviews(request).begin(player, game_id, code, rules, actions)
    return answer(job.to_json(), status.HTTP_202_ACCEPTED)


async def get_review(request: Request) -> Response:
    games = part(request, Games)
    game_id: str = request.path_params["game_id"]
    games.live(game_id, player_of(request))  # 404 for another's game, as for an unknown one
    job = _reviews(request).job(game_id)
    if job is None:
        raise NotFound("server.no_review")
    return answer(job.to_json())


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment of a finished game of the player's that "try again from here" asks for: after ``at`` actions."""

    player: str
    game_id: str
    code: str
    rules: TableRules
    actions: list[str]
    at: int

    @property
    def seed(self) -> int:
        """The guess at the unseen cards: the same moment of the same game is re-imagined the same way."""
        return review_seed(self.game_id) + self.at


async def _moment(request: Request) -> Moment:
    """The game and ``at`` the request names: 404 for an unknown, another's, a practice or a duel's game, 409
    while it goes on, 422 for an ``at`` beyond its actions (the message names ``at`` and its range)."""
    games = part(request, Games)
    player = player_of(request)
    game_id: str = request.path_params["game_id"]
    await games.load(game_id, player)
    code, rules, actions = await to_thread.run_sync(finished_game, games, player, game_id)
    text = request.query_params.get("at", "")
    if not (text.isascii() and text.isdigit() and int(text) <= len(actions)):
        raise Invalid(
            "server.bad_query", name="at", expected=Phrase("expected.review_at", {"n": len(actions)})
        )
    return Moment(player, game_id, code, rules, actions, int(text))


async def _worked_out(request: Request, moment: Moment, function: Callable[..., T]) -> T:
    """``function`` of the moment (the position, or the exercise), worked out by the work queue: 429 while the
    player's last one is, and while the queue has no room."""
    call = Call(functools.partial(function, moment.code, moment.rules, moment.actions, moment.at, seed=moment.seed), ())
    try:
        found: T = await part(request, Work).run(call, kind="practice", client=client_of(moment.player))
    except Refused as refused:
        raise too_many(refused, "server.solver_busy") from None
    return found


async def practice(request: Request) -> Response:
    moment = await _moment(request)
    position = await _worked_out(request, moment, practice_position)
    found: PracticePosition = {"at": moment.at, "position": position}
    return answer(found)


async def try_again(request: Request) -> Response:
    Nothing.from_json(await json_object(request, required=False))
    moment = await _moment(request)
    count_new_game(request)
    games = part(request, Games)
    found = await _worked_out(request, moment, practice_exercise)
    live = await to_thread.run_sync(games.begin_exercise, moment.player, found)
    view = await games.view(live, no_more_moves=flag(request, "no_more_moves"))
    return answer(view, status.HTTP_201_CREATED)


REVIEW = "/api/games/{game_id}/review"
AT = ("at", "How many of the game's actions to play first", {"type": "string", "pattern": "^[0-9]+$"})
NOT_FOUND, CONFLICT, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT, HTTPStatus.TOO_MANY_REQUESTS
REVIEW_API = (
    Endpoint("POST", REVIEW, start_review, "Starts the review of a finished game, or answers the one begun",
             ReviewAnswer, HTTPStatus.ACCEPTED, refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             about="For each move and deal: what master would have played from the same information, and the "
             "chance of winning before and after it, estimated from what the player could see; the accuracy and "
             "the three costliest actions. Made in the background (up to about a minute): ask GET for its "
             "progress. 409 (server.review_not_over) while the game goes on; 429 (server.review_busy) while "
             "another of the player's reviews is being made."),
    Endpoint("GET", REVIEW, get_review, "A review's progress, and the review once done", ReviewAnswer,
             refusals=(NOT_FOUND,), about="404 (server.no_review) when none was started, or the server has "
             "forgotten it since (start it again)."),
    Endpoint("GET", f"{REVIEW}/practice", practice, "Try again from here: a finished game's position after some of "
             "its actions, every card the player had not seen re-imagined", PracticePosition,
             refusals=(NOT_FOUND, CONFLICT),
             query=(AT,),
             about="In full notation (docs/rules.md, Positions): the face-up cards as they were, the face-down cards "
             "and the stock a new guess, never the real ones."),
    Endpoint("POST", f"{REVIEW}/practice", try_again, "Try again from here, to play: a new practice game at a "
             "finished game's position after some of its actions, every card the player had not seen re-imagined",
             View, HTTPStatus.CREATED, body=Nothing, body_required=False, refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
             query=(AT, *VIEW_QUERY), links=VIEW_OF_NEW_GAME,
             about="The position GET gives (its moves counter at 0), with the goal to win it and no move limit; it "
             "becomes the player's current game, as a practice exercise does (practice.id from_review, with no "
             "number, count or next), and counts in no results. Restarted, it starts again from the same "
             "position. Its face-down cards and stock, though made up, are never sent before they are turned up. "
             "404 for a practice or duel game, as for another player's."),
)
