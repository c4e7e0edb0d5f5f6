"""The API of game records (``spider.record``): a finished game's record, and what the page's replay viewer
draws of a record, position by position.

``GET /api/games/{id}/record`` gives the record as text (``records.files`` says who may read it and when);
``GET /api/games/{id}/record/positions`` gives it as JSON for the viewer: each game of the record (two for a
duel) with its public position (``spider.notation``: face-down cards only counted) before its first action and
after each, and each move in words in the reader's language. ``POST /api/records/positions`` gives the same for
a record the page holds (a file the player opened, or a winning line): as text, or as a code, its table rules
and its actions.

Playing a record again costs CPU in proportion to its actions, and its answer grows with them: the POST takes a
body of at most ``MAX_BODY`` bytes and at most ``spider.replays.MAX_ACTIONS`` actions, and both routes that play
a record count against the player's and the address's records a minute (:class:`RecordLimits`). The playing is
``spider.replays.record_positions`` (or ``games_positions``), a job of the work queue (``spider.server.work``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from http import HTTPStatus
from typing import Annotated, Any, ClassVar

from pydantic import Field, WithJsonSchema, with_config
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider import replays
from spider.record import Record, write_records
from spider.replays import MAX_ACTIONS, MAX_GAMES, games_positions
from spider.server.games.service import Games
from spider.server.http.answers import FORBID, RULES_SCHEMA
from spider.server.http.bodies import MAX_ACTION_LENGTH, MAX_CODE_LENGTH, UNPROCESSABLE, Body, json_object
from spider.server.http.errors import RequestError
from spider.server.http.identity import client_address
from spider.server.http.limits import SharedCounts, TokenBuckets
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import NO_STORE, answer, player_of
from spider.server.records.files import stored_records
from spider.server.solving.searches import too_many
from spider.server.work.jobs import Call, Refused, client_of
from spider.server.work.service import Work
from spider.text import Phrase, spoken

MAX_BODY = 12 * 1024
"""The largest body ``POST /api/records/positions`` takes, in bytes (less than the site's ``max_body``): a record's
text of a few hundred actions with their clock marks, or a line of ``MAX_ACTIONS`` actions."""
MAX_RECORD_LENGTH = 10_000
"""The longest record text the page may send (its JSON, newlines escaped, within ``MAX_BODY``)."""
NOT_FOUND, CONFLICT, TOO_MANY = HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT, HTTPStatus.TOO_MANY_REQUESTS


@dataclass(frozen=True, slots=True)
class RecordLimits:
    """How many records one player, and one client address, may have played again for the viewer a minute."""

    per_player: TokenBuckets
    per_address: TokenBuckets

    @classmethod
    def made(cls, shared: SharedCounts | None, *, per_minute: int, per_address_per_minute: int) -> RecordLimits:
        return cls(
            per_player=TokenBuckets(per_minute, message_id="server.too_many_records", name="records", shared=shared),
            per_address=TokenBuckets(per_address_per_minute, message_id="server.too_many_records_here",
                                     name="records-here", shared=shared),
        )


def count_record(request: Request) -> None:
    """Counts a record played again against the player's and the address's records a minute: 429 past either."""
    limits = part(request, RecordLimits)
    limits.per_player.take(request.state.player)
    limits.per_address.take(client_address(request.scope))


@with_config(FORBID)
class RecordGame(TypedDict):
    """One player's game of a record, as the replay viewer reads it."""

    code: str
    suits: int
    rules: dict[str, Any]
    date: float | None
    player: str | None
    opponent: str | None
    result: str | None
    score: int | None
    moves: int | None
    seconds: int | None
    actions: list[str]
    clocks: list[int | None]
    comments: list[str | None]
    positions: list[str]
    """The public position before the first action, then after each: one more than the actions."""
    words: list[str | None]
    """Each action in the reader's language where it is a move, naming the cards seen to move and the card they
    went onto ("the 9 of spades from column 3 onto the 10 of hearts in column 7"); null for a deal, a flip, an
    undo or a redo."""


@with_config(FORBID)
class RecordPositions(TypedDict):
    """A record for the replay viewer: its text (to download) and its games (two for a duel)."""

    record: str
    games: list[RecordGame]


class RecordToShow(Body):
    """``POST /api/records/positions``: a record's text, or a code, its table rules and its actions."""

    record: Annotated[str, Field(min_length=1, max_length=MAX_RECORD_LENGTH)] | None = None
    code: Annotated[str, Field(min_length=1, max_length=MAX_CODE_LENGTH, examples=["SP1-S1C-AAAAAAD"])] | None = None
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)] | None = None
    actions: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=MAX_ACTION_LENGTH)]], Field(max_length=MAX_ACTIONS)
    ] | None = None  # fmt: skip

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "record": Phrase("expected.record_text", {"limit": MAX_RECORD_LENGTH}),
        "code": Phrase("expected.record_code"),
        "rules": Phrase("expected.record_rules"),
        "actions": Phrase("expected.record_actions", {"limit": MAX_ACTIONS}),
    }

    def arguments(self) -> dict[str, Any]:
        """What ``record_positions`` is given: the text, or the code, rules and actions (one or the other)."""
        if self.record is not None:
            if self.code is not None or self.actions is not None or self.rules is not None:
                raise RequestError(UNPROCESSABLE, "server.record_or_code")
            return {"record": self.record}
        if self.code is None or self.actions is None:
            raise RequestError(UNPROCESSABLE, "server.record_or_code")
        return {"code": self.code, "rules": self.rules, "actions": self.actions}


async def _stored(request: Request) -> list[Record]:
    games = part(request, Games)
    return await run_in_threadpool(stored_records, games.store, request.path_params["game_id"], games.now())


async def game_record(request: Request) -> Response:
    records = await _stored(request)
    return Response(write_records(records), media_type="text/plain; charset=utf-8", headers=NO_STORE)


async def game_record_positions(request: Request) -> Response:
    records = await _stored(request)
    count_record(request)
    return answer(await worked_out(request, Call(games_positions, (records, spoken()))))


async def record_positions(request: Request) -> Response:
    body = RecordToShow.from_json(await json_object(request, limit=MAX_BODY))
    arguments = body.arguments()
    count_record(request)
    call = functools.partial(replays.record_positions, **arguments, lang=spoken())
    return answer(await worked_out(request, Call(call, ())))


async def worked_out(request: Request, call: Call) -> Any:
    """Positions worked out by the work queue: 429 while the player's last ones are, and while it has no room."""
    try:
        return await part(request, Work).run(call, kind="positions", client=client_of(player_of(request)))
    except Refused as refused:
        raise too_many(refused, "server.solver_busy") from None


RECORD = "/api/games/{game_id}/record"
WHO_MAY_READ = (
    "Anyone holding a finished game's id may read it. 409 (server.actions_not_over) while the game goes on (a "
    "duel's game: until the duel is over, and then both players' games, seat by seat); (server.actions_deal_in_play) "
    "while another game of its deal could still count; (server.actions_deal_secret, naming the time) while its deal "
    "is today's daily deal, whoever asks. 404 for a practice game, as for an unknown one."
)
RECORD_API = (
    Endpoint(
        "GET",
        RECORD,
        game_record,
        "A finished game's record: its headers and every action, as text (docs/records.md)",
        media_type="text/plain",
        refusals=(NOT_FOUND, CONFLICT),
        about=WHO_MAY_READ,
    ),
    Endpoint(
        "GET",
        f"{RECORD}/positions",
        game_record_positions,
        "A finished game's record for the replay viewer: "
        "its text, and each game with the public position before its first action and after each (never a "
        "face-down card)",
        RecordPositions,
        refusals=(NOT_FOUND, CONFLICT, TOO_MANY),
        about=f"{WHO_MAY_READ} 429 past the player's or the address's records a minute, as for POST "
        "/api/records/positions.",
    ),
    Endpoint(
        "POST",
        "/api/records/positions",
        record_positions,
        "A record the page holds (a file opened, a winning line), played again: every public position of its games",
        RecordPositions,
        body=RecordToShow,
        max_body=MAX_BODY,
        refusals=(TOO_MANY,),
        about="Either record (the text) or code and actions (and rules, the code's by default). 422 names the "
        "line of the record that is wrong, or the rule that refuses an action; and the bound passed by a record of "
        f"more than {MAX_GAMES} games or {MAX_ACTIONS} actions in all (record.too_many_games, "
        "record.too_many_actions), refused before any is played. 429 (server.too_many_records, "
        "server.too_many_records_here) past the player's or the client address's records a minute (both "
        "routes that play a record count), with Retry-After.",
    ),
)
