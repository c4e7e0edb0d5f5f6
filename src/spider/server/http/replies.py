"""What every handler needs around its work: the player the request comes from, and a JSON answer that
no cache keeps (answers are a player's own)."""

from __future__ import annotations

from typing import Any

from starlette import status
from starlette.requests import Request
from starlette.responses import JSONResponse

NO_STORE = {"cache-control": "no-store"}


def player_of(request: Request) -> str:
    """The player's id, from the cookie (``middleware.PlayerCookie``)."""
    player: str = request.state.player
    return player


def answer(content: Any, status_code: int = status.HTTP_200_OK) -> JSONResponse:
    return JSONResponse(content, status_code=status_code, headers=NO_STORE)
