"""The API of game records (``spider.record``): a finished game's record, and what the page's replay viewer
draws of a record, position by position.

``GET /api/games/{id}/record`` gives the record as text (``records.files`` says who may read it and when);
``GET /api/games/{id}/record/positions`` gives it as JSON for the viewer: each game of the record (two for a
duel) with its public position (``spider.notation``: face-down cards only counted) before its first action and
after each. ``POST /api/records/positions`` gives the same for a record the page holds (a file the player
opened, or a winning line): as text, or as a code, its table rules and its actions.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Annotated, Any, ClassVar

from pydantic import Field, WithJsonSchema, with_config
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.game import Game
from spider.record import Record, read_records, record_of, write_records
from spider.rules import TableRules
from spider.server.games.service import Games
from spider.server.http.answers import FORBID, RULES_SCHEMA
from spider.server.http.bodies import MAX_ACTION_LENGTH, MAX_CODE_LENGTH, UNPROCESSABLE, Body, json_object
from spider.server.http.errors import RequestError
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import NO_STORE, answer
from spider.server.records.files import stored_records
from spider.text import Phrase

MAX_RECORD_LENGTH = 15_000
"""The longest record text the page may send (the request body is at most 16 KiB)."""
MAX_ACTIONS = 5_000
NOT_FOUND, CONFLICT = HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT


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

    def records(self) -> list[Record]:
        """The records it holds, each played again; ``InvalidRecordError`` names a line that is wrong."""
        if self.record is not None:
            if self.code is not None or self.actions is not None or self.rules is not None:
                raise RequestError(UNPROCESSABLE, "server.record_or_code")
            return read_records(self.record)
        if self.code is None or self.actions is None:
            raise RequestError(UNPROCESSABLE, "server.record_or_code")
        rules = None if self.rules is None else TableRules.from_json(self.rules)
        record = record_of(self.code, rules, self.actions)
        record.game()  # plays: a refusal names the rule
        return [record]


def shown(records: list[Record]) -> RecordPositions:
    """The records with every public position of their games."""
    games: list[RecordGame] = []
    for record in records:
        game = Game.from_code(record.code, record.table_rules)
        positions = [game.position(public=True)]
        for action in record.actions:
            game.apply_text(action)
            positions.append(game.position(public=True))
        games.append({**record.to_json(), "positions": positions})  # type: ignore[typeddict-item]
    return {"record": write_records(records), "games": games}


async def _stored(request: Request) -> list[Record]:
    games = part(request, Games)
    return await run_in_threadpool(stored_records, games.store, request.path_params["game_id"], games.now())


async def game_record(request: Request) -> Response:
    records = await _stored(request)
    return Response(write_records(records), media_type="text/plain; charset=utf-8", headers=NO_STORE)


async def game_record_positions(request: Request) -> Response:
    records = await _stored(request)
    return answer(await run_in_threadpool(shown, records))


async def record_positions(request: Request) -> Response:
    body = RecordToShow.from_json(await json_object(request))
    return answer(await run_in_threadpool(lambda: shown(body.records())))


RECORD = "/api/games/{game_id}/record"
WHO_MAY_READ = (
    "Anyone holding a finished game's id may read it. 409 (server.actions_not_over) while the game goes on (a "
    "duel's game: until the duel is over, and then both players' games, seat by seat); (server.actions_deal_in_play) "
    "while another game of its deal could still count. 404 for a practice game, as for an unknown one."
)
RECORD_API = (
    Endpoint(
        "GET",
        RECORD,
        game_record,
        "A finished game's record: its headers and every action, as text (the README's Game records)",
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
        refusals=(NOT_FOUND, CONFLICT),
        about=WHO_MAY_READ,
    ),
    Endpoint(
        "POST",
        "/api/records/positions",
        record_positions,
        "A record the page holds (a file opened, a winning line), played again: every public position of its games",
        RecordPositions,
        body=RecordToShow,
        about="Either record (the text) or code and actions (and rules, the code's by default). 422 names the "
        "line of the record that is wrong, or the rule that refuses an action.",
    ),
)
