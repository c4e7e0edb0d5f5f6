"""The ids the server gives out: games, duels and share links are random URL-safe tokens.

Text that no id can be (a NUL, a lone surrogate, a superscript digit, any letter outside the token's
alphabet) is answered like an unknown id, before it reaches the database: PostgreSQL's text holds no
NUL, and a driver cannot encode a lone surrogate, so such text would fail there instead of being
simply not found.

>>> token_shaped(new_token()), token_shaped("AAAAAAAAAAAAAAA\\x00"), token_shaped("abc\\u00b2")
(True, False, False)
"""

from __future__ import annotations

import re
import secrets

TOKEN_BYTES = 12
"""Random bytes of a game's, a duel's or a share link's id: 96 bits, written in 16 characters."""
TOKEN_LENGTH = 16
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}", re.ASCII)


def new_token() -> str:
    """A fresh id that never begins with "-", so that ``spider record --game ID`` and other commands never
    take it for an option."""
    while (token := secrets.token_urlsafe(TOKEN_BYTES)).startswith("-"):
        pass
    return token


def token_shaped(text: str) -> bool:
    """Whether ``text`` can be an id :func:`new_token` gave: 16 characters of the URL-safe alphabet."""
    return _TOKEN.fullmatch(text) is not None
