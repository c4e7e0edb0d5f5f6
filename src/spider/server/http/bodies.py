"""Request bodies: read strictly, and every refusal names the field and what it must be.

Each body is a Pydantic model: its fields' types check the request, and the same types are the body's
schema in the API's description (``openapi``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, ClassVar, Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError, WithJsonSchema
from pydantic_core import PydanticCustomError
from starlette import status
from starlette.requests import Request

from spider import PRESETS
from spider.cards import SUIT_COUNTS
from spider.players import STRENGTHS
from spider.server.http.answers import RULES_SCHEMA
from spider.server.http.errors import RequestError
from spider.server.people.service import MAX_NAME
from spider.text import Phrase
from spider.view import OfflineEnding

UNPROCESSABLE = status.HTTP_422_UNPROCESSABLE_CONTENT
BAD_REQUEST = status.HTTP_400_BAD_REQUEST

MAX_ACTION_LENGTH = 16
MAX_PRESET_LENGTH = 32
MAX_CODE_LENGTH = 80
MAX_SHARE_LENGTH = 64


async def json_object(request: Request, *, required: bool = True) -> dict[str, Any]:
    """The body as a JSON object; ``{}`` for an empty body when ``required`` is false."""
    raw = await request.body()
    if not raw.strip():
        if required:
            raise RequestError(BAD_REQUEST, "server.body_required")
        return {}
    content_type = request.headers.get("content-type", "")
    # Only JSON bodies: a cross-site form cannot send this type without the browser asking first.
    if content_type.split(";")[0].strip().lower() != "application/json":
        raise RequestError(status.HTTP_415_UNSUPPORTED_MEDIA_TYPE, "server.content_type")
    try:
        body = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise RequestError(BAD_REQUEST, "server.body_not_json", reason=_why_not_json(error)) from None
    if not isinstance(body, dict):
        raise RequestError(UNPROCESSABLE, "server.body_not_object")
    if not _all_text_encodes(body):
        raise RequestError(BAD_REQUEST, "server.body_not_text")
    return body


def _all_text_encodes(body: Any) -> bool:
    """Whether every string in a parsed body (keys too) is real text.

    JSON lets ``"\\ud800"`` through as a lone surrogate, which no answer quoting it back could encode.
    The walk is a loop, not a recursion: a body the parser took can still be nested a thousand deep.
    """
    waiting = [body]
    while waiting:
        value = waiting.pop()
        if isinstance(value, dict):
            waiting.extend(value.keys())
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True


class _NotANumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python's reader takes them, JSON has no such numbers."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _refuse_constant(name: str) -> Any:
    raise _NotANumber(name)


def _why_not_json(error: ValueError | RecursionError) -> Phrase:
    """What is wrong with a body the JSON reader refused, in words the request's language has (the
    reader's own messages are English)."""
    if isinstance(error, _NotANumber):
        return Phrase("json.not_a_number", {"name": error.name})
    if isinstance(error, RecursionError):
        return Phrase("json.too_deep")
    if isinstance(error, json.JSONDecodeError):
        if error.pos >= len(error.doc.rstrip()):
            return Phrase("json.ends_early")
        return Phrase("json.unexpected_at", {"line": error.lineno, "character": error.colno})
    if isinstance(error, UnicodeDecodeError):
        return Phrase("json.not_utf8")  # bytes that are not UTF-8 (nor UTF-16 or -32, which JSON also allows)
    # The reader's one other refusal: a whole number longer than Python turns into an int (4,300 digits).
    return Phrase("json.number_too_long")


class Body(BaseModel):
    """A request body's fields: each with its type (which is also its schema in ``/api/openapi.json``)
    and, in ``EXPECTED``, the words a refusal uses for what the field must be (written in the request's
    language when a refusal names them)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    EXPECTED: ClassVar[dict[str, Phrase]] = {}

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self:
        """The body read into its fields; a :class:`RequestError` naming the first field that is wrong."""
        try:
            return cls.model_validate(body)
        except ValidationError as error:
            raise cls._refusal(error) from None

    @classmethod
    def _refusal(cls, error: ValidationError) -> RequestError:
        # an unknown field is named before a wrong one, as a client that misspelt a field needs to hear
        problems = sorted(error.errors(), key=lambda problem: problem["type"] != "extra_forbidden")
        problem = problems[0]
        field = str(problem["loc"][0])
        if problem["type"] == "extra_forbidden" and len(problem["loc"]) == 1:
            expected = ", ".join(repr(name) for name in cls.model_fields) or Phrase("expected.no_fields")
            return RequestError(UNPROCESSABLE, "server.unknown_field", field=field, expected=expected)
        if problem["type"] == "missing" and len(problem["loc"]) == 1:
            return RequestError(UNPROCESSABLE, "server.missing_field", field=field)
        return RequestError(UNPROCESSABLE, "server.bad_field", field=field, expected=cls.EXPECTED[field])


def _suit_count(value: Any) -> int:
    # JSON's true is no number, nor is 2.0 a suit count (though True == 1 and 2.0 == 2 in Python)
    if type(value) is not int or value not in SUIT_COUNTS:
        raise PydanticCustomError("suit_count", "a suit count")
    return value


SuitCount = Annotated[int, PlainValidator(_suit_count), WithJsonSchema({"enum": list(SUIT_COUNTS)})]


def _text(max_length: int) -> Phrase:
    return Phrase("expected.text", {"limit": max_length})


def _one_of(*values: Any) -> Phrase:
    """One of some JSON values, each as JSON writes it: ``1, 2 or 4``, ``"random" or "verified"``."""
    written = [json.dumps(value) for value in values]
    return Phrase("expected.one_of", {"choices": ", ".join(written[:-1]), "last": written[-1]})


TABLE_RULES = Phrase("expected.rules")
YES_OR_NO = _one_of(True, False)


class NewGame(Body):
    """``POST /api/games``: which deal and which table rules."""

    suits: SuitCount | None = None
    deal: Literal["random", "verified"] = "random"
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)] | None = None
    """Single table rules that change the preset's (or the code's); the engine names a wrong one."""
    preset: Annotated[str, Field(min_length=1, max_length=MAX_PRESET_LENGTH, examples=list(PRESETS))] | None = None
    code: Annotated[str, Field(min_length=1, max_length=MAX_CODE_LENGTH, examples=["SP1-S2C-ABCDEFG"])] | None = None
    replay: bool = False
    """The game replays a winning line for the player to watch: it is kept out of every result."""
    share: Annotated[str, Field(min_length=1, max_length=MAX_SHARE_LENGTH)] | None = None
    """A shared deal's token (``POST /api/games/{id}/share``): its deal and table rules, code unseen."""
    daily: Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", examples=["2026-12-05"])] | None = None
    """A day's daily deal (YYYY-MM-DD, today or before), with ``suits`` (and a ``preset`` for its helps): today's
    first game of it is on the day's board."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "suits": _one_of(*SUIT_COUNTS),
        "deal": _one_of("random", "verified"),
        "rules": TABLE_RULES,
        "preset": _text(MAX_PRESET_LENGTH),
        "code": _text(MAX_CODE_LENGTH),
        "replay": YES_OR_NO,
        "share": _text(MAX_SHARE_LENGTH),
        "daily": Phrase("expected.daily_day"),
    }

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self:
        request = super().from_json(body)
        others = request.model_fields_set - {"share"}
        if request.share is not None and others:
            fields = ", ".join(repr(field) for field in sorted(others))
            raise RequestError(UNPROCESSABLE, "server.share_alone", fields=fields)
        others = request.model_fields_set - {"daily", "suits", "preset"}
        if request.daily is not None and others:
            fields = ", ".join(repr(field) for field in sorted(others))
            raise RequestError(UNPROCESSABLE, "server.daily_alone", fields=fields, allowed="'daily', 'suits', 'preset'")
        return request


class Action(Body):
    """``POST /api/games/{id}/actions``: one action in notation."""

    action: Annotated[
        str, Field(min_length=1, max_length=MAX_ACTION_LENGTH, examples=["3>7", "3>7:2", "d", "f3", "u", "r"])
    ]
    version: Annotated[int, Field(ge=0)] | None = None
    """The view's ``version`` the action was made on, if the client says."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "action": Phrase("expected.action", {"limit": MAX_ACTION_LENGTH}),
        "version": Phrase("expected.version"),
    }


class ClockSign(Body):
    """``POST /api/games/{id}/clock``: the page shows the game (``true``, also its heartbeat) or no longer does."""

    on_screen: bool

    EXPECTED: ClassVar[dict[str, Phrase]] = {"on_screen": YES_OR_NO}


class Resume(Body):
    """``POST /api/games/{id}/resume``: take a finished game up again after ``at`` of its actions."""

    at: Annotated[int, Field(ge=0)]
    replay: bool = False
    """A replay's table for showing the line from there, never the current game."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {"at": Phrase("expected.at"), "replay": YES_OR_NO}


MAX_OFFLINE_ACTIONS_LENGTH = 15_000
MAX_OFFLINE_SECONDS = 30 * 24 * 3600.0


class OfflineResult(Body):
    """``POST /api/offline-results``: a game played offline, as the page kept it, for the server to check."""

    code: Annotated[str, Field(min_length=1, max_length=MAX_CODE_LENGTH, examples=["SP1-S1C-ABCDEFGHIJKLMN"])]
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)]
    """The table rules it was played under (every rule, as a view names them)."""
    actions: Annotated[str, Field(max_length=MAX_OFFLINE_ACTIONS_LENGTH, examples=["d 3>7 u 3>7:2"])]
    """Every action in notation, undo and redo included, in order, spaces between."""
    result: OfflineEnding
    """How it ended: "won" must be a win once the actions are played again."""
    seconds: Annotated[float, Field(ge=0, le=MAX_OFFLINE_SECONDS, allow_inf_nan=False)] | None = None
    """The playing time the page counted."""

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "code": _text(MAX_CODE_LENGTH),
        "rules": TABLE_RULES,
        "actions": Phrase("expected.actions", {"limit": MAX_OFFLINE_ACTIONS_LENGTH}),
        "result": _one_of(*get_args(OfflineEnding)),
        "seconds": Phrase("expected.seconds", {"seconds": int(MAX_OFFLINE_SECONDS)}),
    }


DUEL_MINUTES = (3, 5, 10, 15)
MAX_NAME_LENGTH = 64  # checked further by the duels (24 characters once trimmed)
MAX_RATING = 10_000.0


def _minutes(value: Any) -> int:
    if type(value) is not int or value not in DUEL_MINUTES:
        raise PydanticCustomError("minutes", "a duel's time limit")
    return value


Minutes = Annotated[int, PlainValidator(_minutes), WithJsonSchema({"enum": list(DUEL_MINUTES)})]
Rating = Annotated[float, Field(ge=0, le=MAX_RATING, allow_inf_nan=False)]


class PersonOpponent(BaseModel):
    """A person, anyone whose rating is within the range (both ends included) if one is given."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    kind: Literal["person"]
    min_rating: Rating | None = None
    max_rating: Rating | None = None


class ComputerOpponent(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    kind: Literal["computer"]
    strength: Annotated[str, WithJsonSchema({"enum": list(STRENGTHS)})]


class NewDuel(Body):
    """``POST /api/duels``: a table with its suits, time limit and opponent; the ``duel`` preset's
    table rules unless a preset or single rules say otherwise, always under duel scoring."""

    suits: SuitCount
    minutes: Minutes
    opponent: Annotated[PersonOpponent | ComputerOpponent, Field(discriminator="kind")]
    preset: Annotated[str, Field(min_length=1, max_length=MAX_PRESET_LENGTH, examples=list(PRESETS))] | None = None
    rules: Annotated[dict[str, Any], WithJsonSchema(RULES_SCHEMA)] | None = None

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "suits": _one_of(*SUIT_COUNTS),
        "minutes": _one_of(*DUEL_MINUTES),
        "opponent": Phrase("expected.opponent", {
            "person": json.dumps({"kind": "person"}),
            "computer": '{"kind": "computer", "strength": ' + " | ".join(map(json.dumps, STRENGTHS)) + "}",
        }),
        "preset": _text(MAX_PRESET_LENGTH),
        "rules": TABLE_RULES,
    }

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Self:
        request = super().from_json(body)
        opponent = request.opponent
        if isinstance(opponent, ComputerOpponent) and opponent.strength not in STRENGTHS:
            raise RequestError(UNPROCESSABLE, "server.bad_field", field="opponent", expected=cls.EXPECTED["opponent"])
        scoring = (request.rules or {}).get("scoring", "duel")
        if scoring != "duel":  # a duel is won on duel points: under another scoring, never moving could win it
            raise RequestError(UNPROCESSABLE, "duel.scoring", scoring=str(scoring)[:16])
        if isinstance(opponent, PersonOpponent) and None not in (opponent.min_rating, opponent.max_rating):
            assert opponent.min_rating is not None and opponent.max_rating is not None
            if opponent.min_rating > opponent.max_rating:
                raise RequestError(UNPROCESSABLE, "duel.rating_range")
        return request


class Name(Body):
    """``PUT /api/me``: the name shown to other players."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]

    EXPECTED: ClassVar[dict[str, Phrase]] = {"name": Phrase("expected.name", {"limit": MAX_NAME})}


class Nothing(Body):
    """For requests that take no body: an empty object is fine, a field is not."""


def flag(request: Request, name: str) -> bool | None:
    """A yes/no query parameter: ``?name=1`` or ``?name=0``; ``None`` when the request does not say."""
    value = request.query_params.get(name)
    if value is None:
        return None
    if value in ("1", "true"):
        return True
    if value in ("0", "false"):
        return False
    raise RequestError(UNPROCESSABLE, "server.bad_query", name=name, expected=_one_of(1, 0))


MAX_HINT_INDEX = 10_000


def hint_index(request: Request) -> int:
    """The ``index`` query parameter of a hint: which of the position's hints, from 0 (the default)."""
    value = request.query_params.get("index", "0")
    if not value.isascii() or not value.isdigit() or int(value) > MAX_HINT_INDEX:
        raise RequestError(UNPROCESSABLE, "server.bad_query", name="index", expected=Phrase("expected.hint_index"))
    return int(value)
