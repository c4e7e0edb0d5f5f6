"""Request bodies: read strictly, and every refusal names the field and what it must be."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from starlette import status
from starlette.requests import Request

from spider.cards import SUIT_COUNTS
from spider.server.errors import RequestError

UNPROCESSABLE = status.HTTP_422_UNPROCESSABLE_CONTENT
BAD_REQUEST = status.HTTP_400_BAD_REQUEST

DEALS = ("random", "verified")
MAX_ACTION_LENGTH = 16
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
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error) or "it cannot be decoded"
        if isinstance(error, RecursionError):
            reason = "it is nested too deeply"
        raise RequestError(BAD_REQUEST, "server.body_not_json", reason=reason) from None
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


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _check_fields(body: dict[str, Any], allowed: tuple[str, ...]) -> None:
    for field in body:
        if field not in allowed:
            expected = ", ".join(repr(name) for name in allowed) or "no fields"
            raise RequestError(UNPROCESSABLE, "server.unknown_field", field=field, expected=expected)


def _bad(field: str, expected: str) -> RequestError:
    return RequestError(UNPROCESSABLE, "server.bad_field", field=field, expected=expected)


def _optional_text(body: dict[str, Any], field: str, max_length: int) -> str | None:
    value = body.get(field)
    if value is None:
        return None
    if not isinstance(value, str) or not value or len(value) > max_length:
        raise _bad(field, f"a text of 1 to {max_length} characters")
    return value


@dataclass(frozen=True, slots=True)
class NewGame:
    """``POST /api/games``: which deal and which table rules."""

    suits: int | None = None
    deal: str = "random"
    rules: dict[str, Any] | None = None
    preset: str | None = None
    code: str | None = None
    replay: bool = False
    """The game replays a winning line for the player to watch: it is kept out of every result."""
    share: str | None = None
    """A shared deal's token (``POST /api/games/{id}/share``): its deal and table rules, code unseen."""

    FIELDS = ("suits", "deal", "rules", "preset", "code", "replay", "share")

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> NewGame:
        _check_fields(body, cls.FIELDS)
        suits = body.get("suits")
        # bool is an int in Python, but true is no suit count
        if suits is not None and (type(suits) is not int or suits not in SUIT_COUNTS):
            raise _bad("suits", "1, 2 or 4")
        deal = body.get("deal", "random")
        if deal not in DEALS:
            raise _bad("deal", '"random" or "verified"')
        rules = body.get("rules")
        if rules is not None and not isinstance(rules, dict):
            raise _bad("rules", "an object of table rules")
        replay = body.get("replay", False)
        if type(replay) is not bool:
            raise _bad("replay", "true or false")
        share = _optional_text(body, "share", MAX_SHARE_LENGTH)
        if share is not None and set(body) - {"share"}:
            others = ", ".join(repr(field) for field in sorted(set(body) - {"share"}))
            raise RequestError(UNPROCESSABLE, "server.share_alone", fields=others)
        return cls(
            share=share,
            suits=suits,
            deal=deal,
            replay=replay,
            rules=rules,
            preset=_optional_text(body, "preset", 32),
            code=_optional_text(body, "code", MAX_CODE_LENGTH),
        )


@dataclass(frozen=True, slots=True)
class Action:
    """``POST /api/games/{id}/actions``: one action in notation."""

    action: str
    version: int | None = None
    """The view's ``version`` the action was made on, if the client says."""

    FIELDS = ("action", "version")

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Action:
        _check_fields(body, cls.FIELDS)
        if "action" not in body:
            raise RequestError(UNPROCESSABLE, "server.missing_field", field="action")
        action = body["action"]
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_LENGTH:
            expected = f'an action in notation such as "3>7", "d" or "u", of at most {MAX_ACTION_LENGTH} characters'
            raise _bad("action", expected)
        version = body.get("version")
        if version is not None and (type(version) is not int or version < 0):
            raise _bad("version", "the whole number the view calls its version")
        return cls(action=action, version=version)


@dataclass(frozen=True, slots=True)
class ClockSign:
    """``POST /api/games/{id}/clock``: the page shows the game (``true``, also its heartbeat) or no longer does."""

    on_screen: bool

    FIELDS = ("on_screen",)

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> ClockSign:
        _check_fields(body, cls.FIELDS)
        if "on_screen" not in body:
            raise RequestError(UNPROCESSABLE, "server.missing_field", field="on_screen")
        if type(body["on_screen"]) is not bool:
            raise _bad("on_screen", "true or false")
        return cls(on_screen=body["on_screen"])


@dataclass(frozen=True, slots=True)
class Resume:
    """``POST /api/games/{id}/resume``: take a finished game up again after ``at`` of its actions."""

    at: int
    replay: bool = False

    FIELDS = ("at", "replay")

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Resume:
        _check_fields(body, cls.FIELDS)
        if "at" not in body:
            raise RequestError(UNPROCESSABLE, "server.missing_field", field="at")
        at, replay = body["at"], body.get("replay", False)
        if type(at) is not int or at < 0:
            raise _bad("at", "the number of the game's actions to play again, 0 or more")
        if type(replay) is not bool:
            raise _bad("replay", "true or false")
        return cls(at=at, replay=replay)


def no_fields(body: dict[str, Any]) -> None:
    """For requests that take no body: an empty object is fine, a field is not."""
    _check_fields(body, ())


def flag(request: Request, name: str, default: bool) -> bool:
    """A yes/no query parameter: ``?name=1`` or ``?name=0``."""
    value = request.query_params.get(name)
    if value is None:
        return default
    if value in ("1", "true"):
        return True
    if value in ("0", "false"):
        return False
    raise RequestError(UNPROCESSABLE, "server.bad_query", name=name, expected="1 or 0")
