"""What goes wrong in a request or on a duel socket, and the one table that says how each is answered.

The services raise refusals (``spider.server.refusals``: a kind, a message id and its fields); the HTTP
layer raises :class:`RequestError`, which carries its own status. The table below gives each its status,
and its close code on a duel socket.

Every refusal's body is :func:`spider.errors.error_body`: ``{"error": "<sentence>", "message_id": "<id>"}``,
as an HTTP answer, or with ``"type": "error"`` (and the message's ``ref``) as a socket's frame. The
engine's own refusals keep the engine's message and id, so the page can show the rule that refused an
action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from starlette import status
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Match, Route

from spider.errors import IllegalMoveError, SpiderError, error_body
from spider.server.http.identity import request_language
from spider.server.refusals import Conflict, Forbidden, Invalid, NotFound, TooMany
from spider.text import message, speaking


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


class Answer(NamedTuple):
    """How an error is answered: its HTTP status, and the close code when it ends a duel socket
    (``None``: the socket answers with an error frame and stays open)."""

    status: int
    close: int | None = None


ERRORS: tuple[tuple[type[SpiderError] | str, Answer], ...] = (
    # The server's refusals that end a duel socket, by message id (the first row that matches wins, so an
    # id's row wins over its kind's); over HTTP, the same status.
    ("server.cross_site", Answer(status.HTTP_403_FORBIDDEN, status.WS_1008_POLICY_VIOLATION)),
    ("duel.socket_no_player", Answer(status.HTTP_403_FORBIDDEN, status.WS_1008_POLICY_VIOLATION)),
    ("account.signed_out", Answer(status.HTTP_403_FORBIDDEN, status.WS_1008_POLICY_VIOLATION)),
    ("duel.socket_too_many", Answer(status.HTTP_429_TOO_MANY_REQUESTS, status.WS_1008_POLICY_VIOLATION)),
    ("duel.socket_too_fast", Answer(status.HTTP_429_TOO_MANY_REQUESTS, status.WS_1008_POLICY_VIOLATION)),
    ("duel.socket_too_large", Answer(status.HTTP_413_CONTENT_TOO_LARGE, status.WS_1009_MESSAGE_TOO_BIG)),
    ("duel.socket_not_json", Answer(status.HTTP_400_BAD_REQUEST, status.WS_1007_INVALID_FRAME_PAYLOAD_DATA)),
    ("duel.socket_behind", Answer(status.HTTP_503_SERVICE_UNAVAILABLE, status.WS_1013_TRY_AGAIN_LATER)),
    # The server's refusals on a duel socket that leave it open: an error frame answers the message.
    ("duel.socket_bad_message", Answer(status.HTTP_400_BAD_REQUEST)),
    ("duel.no_such_duel", Answer(status.HTTP_404_NOT_FOUND)),
    # The services' refusals, by kind (``refusals``).
    (NotFound, Answer(status.HTTP_404_NOT_FOUND)),
    (Conflict, Answer(status.HTTP_409_CONFLICT)),
    (Forbidden, Answer(status.HTTP_403_FORBIDDEN)),
    (Invalid, Answer(status.HTTP_422_UNPROCESSABLE_CONTENT)),
    (TooMany, Answer(status.HTTP_429_TOO_MANY_REQUESTS)),  # with Retry-After when the service knows the wait
    # The engine's refusals, by class: a rule says no, or what was sent cannot be read (bad notation, code,
    # rules, position; anything new the engine raises).
    (IllegalMoveError, Answer(status.HTTP_409_CONFLICT)),
    (SpiderError, Answer(status.HTTP_422_UNPROCESSABLE_CONTENT)),
)


def answer_to(error: SpiderError | RequestError | str) -> Answer:
    """The table's row for a service's refusal, an engine error, a request error (whose own status wins) or a
    message id.

    >>> answer_to(IllegalMoveError("refuse.on_ace")).status, answer_to("duel.socket_too_large").close
    (409, 1009)
    >>> answer_to(NotFound("duel.no_such_player", name="Ann")).status
    404
    """
    message_id = error if isinstance(error, str) else error.message_id
    for kind, answer in ERRORS:
        if kind == message_id if isinstance(kind, str) else isinstance(error, kind):
            return answer._replace(status=error.status_code) if isinstance(error, RequestError) else answer
    if isinstance(error, RequestError):
        return Answer(error.status_code)
    raise LookupError(f"no answer for {error!r}")  # every SpiderError matches its row, every id used is listed


def close_code(message_id: str) -> int:
    """The close code of a refusal that ends a duel socket."""
    close = answer_to(message_id).close
    assert close is not None, f"{message_id} does not end a socket"
    return close


def refused(message_id: str, **params: Any) -> RequestError:
    """The server's refusal ``message_id``, with the status the table gives it."""
    return RequestError(answer_to(message_id).status, message_id, **params)


def error_frame(error: SpiderError | RequestError, ref: Any = None) -> dict[str, Any]:
    """A refusal as the duel socket sends it, answering the page's message ``ref``."""
    return {"type": "error", **error_body(error.message_id, str(error)), "ref": ref}


def error_headers(error: SpiderError | RequestError) -> dict[str, str]:
    """The headers a refusal's HTTP answer carries: a request error's own, a wait's ``Retry-After``.

    >>> error_headers(TooMany("server.solver_busy", retry_after=1.5)), error_headers(TooMany("server.solver_busy"))
    ({'retry-after': '2'}, {})
    """
    if isinstance(error, RequestError):
        return dict(error.headers)
    if isinstance(error, TooMany) and error.retry_after is not None:
        return {"retry-after": str(error.retry_after)}
    return {}


def error_response(error: SpiderError | RequestError, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """A refusal as the HTTP API answers it."""
    headers = {**error_headers(error), **(headers or {})}
    body = error_body(error.message_id, str(error))  # the sentence, in the language spoken
    return JSONResponse(body, status_code=answer_to(error).status, headers=headers)


async def on_refusal(request: Request, exc: Exception) -> Response:
    """A refusal of the server's or of the engine's, answered as the table says."""
    assert isinstance(exc, RequestError | SpiderError)
    return error_response(exc)


async def on_http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, wrong method) in the same JSON form."""
    assert isinstance(exc, HTTPException)
    path = request.url.path
    if exc.status_code == status.HTTP_404_NOT_FOUND:
        return error_response(RequestError(exc.status_code, "server.not_found", headers=exc.headers, path=path))
    if exc.status_code == status.HTTP_405_METHOD_NOT_ALLOWED:
        error = RequestError(exc.status_code, "server.method_not_allowed", method=request.method, path=path)
        return error_response(error, {"allow": _allowed(request)})  # in place of the first route's Allow
    return JSONResponse(error_body(f"http.{exc.status_code}", str(exc.detail)), exc.status_code, exc.headers)


def _allowed(request: Request) -> str:
    """Every method the request's path takes, over all its routes (Starlette's own 405 names the first route's)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Route) and route.methods and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods
    return ", ".join(sorted(methods))


async def on_server_error(request: Request, exc: Exception) -> Response:
    """A fault of the server's own (logged by the server): still JSON, and never the fault's details."""
    # this handler runs outside the app, past the language middleware: the request says the language
    with speaking(request_language(request.scope)):
        return error_response(RequestError(status.HTTP_500_INTERNAL_SERVER_ERROR, "server.internal"))


EXCEPTION_HANDLERS = {
    RequestError: on_refusal,
    SpiderError: on_refusal,
    HTTPException: on_http_error,
    Exception: on_server_error,
}
