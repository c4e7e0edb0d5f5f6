"""What goes wrong in a request, and the one table that turns it into an HTTP status.

Every error answer is JSON: ``{"error": "<English sentence>", "message_id": "<id>"}``. The engine's own
refusals keep the engine's message and id, so the page can show the rule that refused an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette import status
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from spider.errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRulesError,
    SpiderError,
)
from spider.text import message


class RequestError(Exception):
    """A request the server refuses, with its status and a sentence naming the problem."""

    def __init__(
        self, status_code: int, message_id: str, *, headers: Mapping[str, str] | None = None, **params: Any
    ) -> None:
        self.status_code = status_code
        self.message_id = message_id
        self.headers = dict(headers or {})  # sent with the answer, e.g. Retry-After with a 429
        self.text = message(message_id, **params)
        super().__init__(self.text)


class NoSuchGame(RequestError):
    """An unknown game id, or one that belongs to another player: the answer is the same."""

    def __init__(self) -> None:
        super().__init__(status.HTTP_404_NOT_FOUND, "server.no_such_game")


# Engine errors and the status each one gets; the first matching class wins.
ENGINE_STATUS: tuple[tuple[type[SpiderError], int], ...] = (
    (IllegalMoveError, status.HTTP_409_CONFLICT),
    (InvalidMoveError, status.HTTP_422_UNPROCESSABLE_CONTENT),
    (InvalidCodeError, status.HTTP_422_UNPROCESSABLE_CONTENT),
    (InvalidRulesError, status.HTTP_422_UNPROCESSABLE_CONTENT),
    (InvalidPositionError, status.HTTP_422_UNPROCESSABLE_CONTENT),
    (SpiderError, status.HTTP_422_UNPROCESSABLE_CONTENT),
)


def engine_status(error: SpiderError) -> int:
    for kind, code in ENGINE_STATUS:
        if isinstance(error, kind):
            return code
    return status.HTTP_422_UNPROCESSABLE_CONTENT  # pragma: no cover - SpiderError is last in the table


def error_response(
    status_code: int, text: str, message_id: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": text, "message_id": message_id}, status_code=status_code, headers=headers)


async def on_request_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return error_response(exc.status_code, exc.text, exc.message_id, exc.headers)


async def on_engine_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, SpiderError)
    return error_response(engine_status(exc), str(exc), exc.message_id)


async def on_http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, wrong method) in the same JSON form."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == status.HTTP_404_NOT_FOUND:
        message_id, text = "server.not_found", message("server.not_found", path=request.url.path)
    elif exc.status_code == status.HTTP_405_METHOD_NOT_ALLOWED:
        message_id = "server.method_not_allowed"
        text = message(message_id, method=request.method, path=request.url.path)
    else:
        message_id, text = f"http.{exc.status_code}", str(exc.detail)
    return JSONResponse(
        {"error": text, "message_id": message_id}, status_code=exc.status_code, headers=exc.headers
    )


async def on_server_error(request: Request, exc: Exception) -> Response:
    """A fault of the server's own (logged by the server): still JSON, and never the fault's details."""
    from spider.server.middleware import request_language  # the middleware answers with these errors

    message_id = "server.internal"
    # this handler runs outside the app, past the language middleware: the request says the language
    text = message(message_id, request_language(request.scope))
    return error_response(status.HTTP_500_INTERNAL_SERVER_ERROR, text, message_id)


EXCEPTION_HANDLERS = {
    RequestError: on_request_error,
    SpiderError: on_engine_error,
    HTTPException: on_http_error,
    Exception: on_server_error,
}
