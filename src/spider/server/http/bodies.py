"""Request bodies: read strictly, and every refusal names the field and what it must be.

Each body is a Pydantic model: its fields' types check the request, and the same types are the body's
schema in the API's description (``openapi``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, PlainValidator, ValidationError, WithJsonSchema
from pydantic_core import PydanticCustomError
from starlette import status
from starlette.requests import Request

from spider.cards import SUIT_COUNTS
from spider.server.http.errors import RequestError
from spider.text import Phrase

UNPROCESSABLE = status.HTTP_422_UNPROCESSABLE_CONTENT
BAD_REQUEST = status.HTTP_400_BAD_REQUEST

MAX_ACTION_LENGTH = 16
MAX_PRESET_LENGTH = 32
MAX_CODE_LENGTH = 80
MAX_SHARE_LENGTH = 64


async def json_object(request: Request, *, required: bool = True, limit: int | None = None) -> dict[str, Any]:
    """The body as a JSON object; ``{}`` for an empty body when ``required`` is false. With ``limit``, a route's
    own bound below the site's (``settings.max_body``), a larger body gets 413 naming it."""
    raw = await request.body()
    if limit is not None and len(raw) > limit:
        raise RequestError(status.HTTP_413_CONTENT_TOO_LARGE, "server.body_too_large", limit=limit)
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


def text_up_to(max_length: int) -> Phrase:
    return Phrase("expected.text", {"limit": max_length})


def one_of(*values: Any) -> Phrase:
    """One of some JSON values, each as JSON writes it: ``1, 2 or 4``, ``"random" or "verified"``."""
    written = [json.dumps(value) for value in values]
    return Phrase("expected.one_of", {"choices": ", ".join(written[:-1]), "last": written[-1]})


TABLE_RULES = Phrase("expected.rules")
YES_OR_NO = one_of(True, False)


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
    raise RequestError(UNPROCESSABLE, "server.bad_query", name=name, expected=one_of(1, 0))


