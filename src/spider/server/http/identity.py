"""Who a request comes from: the player's cookie and id, the address its per-address limits count, and the
language they read.

Read from the ASGI scope alone, so that the middlewares, the error table, the duel socket and the
connection guard (which answers before the app) all ask the same functions. It imports neither the
errors nor the middlewares, which both import it.
"""

from __future__ import annotations

import hashlib
import ipaddress
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


def client_address(scope: Scope) -> str:
    """The client address every per-address limit counts a request or a socket under (``""`` when unknown).

    It is the address uvicorn gives in ``scope["client"]``: the peer's, or, when the peer is a proxy named in
    ``settings.forwarded_allow_ips``, the one its ``X-Forwarded-For`` names (the rightmost there that is not a
    trusted proxy's: a client may write any address at the left of the header, the proxy appends the one it
    saw). So the clients behind a proxy each have their own share, and the proxy's own address counts only
    its own requests. An address is counted as :func:`address_key` writes it.
    """
    client = scope.get("client")
    return address_key(client[0]) if client else ""


def address_key(host: str) -> str:
    """An address as a limit counts it: an IPv6 address by its /64 network (one subscriber is given a whole /64,
    and could otherwise pick a fresh address for each request), an IPv4 one, mapped into IPv6 or not, as itself.

    >>> address_key("203.0.113.5"), address_key("2001:db8:1:2:aaaa::1"), address_key("::ffff:203.0.113.5")
    ('203.0.113.5', '2001:db8:1:2::/64', '203.0.113.5')
    >>> address_key("testclient")
    'testclient'
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


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
