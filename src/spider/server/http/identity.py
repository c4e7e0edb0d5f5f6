"""Who a request comes from: the player's cookie and id, and the language they read.

Read from the ASGI scope alone, so that the middlewares, the error table, the duel socket and the
connection guard (which answers before the app) all ask the same functions. It imports neither the
errors nor the middlewares, which both import it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable

from starlette.types import Scope

from spider.text import DEFAULT_LANGUAGE, best_language, languages

PLAYER_COOKIE = "spider_player"
LANGUAGE_COOKIE = "spider_lang"
"""The language the player chose on the page (the page sets it; the server only reads it)."""
PLAYER_COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
_TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{32,64}")


def header(scope: Scope, name: bytes) -> str | None:
    """The request's first header ``name`` (lower case), if it has one."""
    for key, value in scope["headers"]:
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


def new_token() -> str:
    """A player's secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def player_id(token: str) -> str:
    """The id a player is stored under: a hash of the token, so the database never holds a cookie."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _cookies(scope: Scope, wanted: str) -> Iterable[str]:
    """Every value the request's cookies give the name ``wanted``."""
    for name, value in scope["headers"]:
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, text = part.strip().partition("=")
                if key == wanted:
                    yield text.strip('"')


def cookie_token(scope: Scope) -> str | None:
    """The player's token from the request's cookies, if it has a well-formed one."""
    return next((token for token in _cookies(scope, PLAYER_COOKIE) if _TOKEN_PATTERN.fullmatch(token)), None)


def bearer_token(scope: Scope) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (a bot's, ``duels.bots``), if the request has one."""
    value = header(scope, b"authorization")
    if value is None:
        return None
    scheme, _, token = value.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def request_language(scope: Scope) -> str:
    """The player's language: the one they chose (the ``spider_lang`` cookie), else the one their browser
    asks for most among ours (``Accept-Language``), else English."""
    chosen = next((lang for lang in _cookies(scope, LANGUAGE_COOKIE) if lang in languages()), None)
    return chosen or best_language(header(scope, b"accept-language") or "") or DEFAULT_LANGUAGE
