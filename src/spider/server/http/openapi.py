"""The API described (OpenAPI 3.1), from the same table the routes are made from.

Each :class:`Endpoint` names its path, method, handler, the body it takes (a model of ``bodies``) and
every answer it gives: the success's shape (``answers``) and the statuses of its refusals, all of which
share one shape, ``{"error", "message_id"}``. The schemas come from the types through Pydantic, so a
field changed in a body or an answer changes the description with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from spider.server.http.answers import Error
from spider.server.http.bodies import Body

Handler = Callable[..., Any]

# Refusals any request may meet: the connection limit (before the app), and a fault of the server's own.
EVERY_REQUEST = (HTTPStatus.INTERNAL_SERVER_ERROR, HTTPStatus.SERVICE_UNAVAILABLE)
# Refusals of a request that may carry a body: read whole, in time, as JSON, and (POST) from the page's own site.
WITH_A_BODY = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.FORBIDDEN,
    HTTPStatus.REQUEST_TIMEOUT,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
    HTTPStatus.UNPROCESSABLE_ENTITY,
)
NOT_MODIFIED = HTTPStatus.NOT_MODIFIED
# What every route that answers with a game's view takes, and where a new game's view leads.
VIEW_QUERY = (("no_more_moves", "1 or 0: check for \"no more moves\" in this answer, or not (never in a game "
               "begun under a preset that offers no such check: classic, duel)"),)
VIEW_OF_NEW_GAME = {"getGame": {"operationId": "get_game", "parameters": {"game_id": "$response.body#/id"}}}


@dataclass(frozen=True)
class Endpoint:
    """One operation of the API: where, what it takes, and everything it answers."""

    method: str
    path: str
    handler: Handler
    summary: str
    answer: Any = None
    """The type of the answer's JSON body (an ``answers`` shape); ``None`` for a file."""
    status: HTTPStatus = HTTPStatus.OK
    body: type[Body] | None = None
    body_required: bool = True
    max_body: int | None = None
    """The route's own bound on the body, in bytes, below the site's: stated in the body's description."""
    refusals: tuple[HTTPStatus, ...] = ()
    """Statuses of the refusals beyond those of every request (and of every request with a body)."""
    query: tuple[tuple[str, str] | tuple[str, str, dict[str, Any]], ...] = ()
    """Query parameters: a name and what it does, and the schema of its value (by default 1 or 0)."""
    media_type: str = "application/json"
    about: str = ""
    """More than the summary says, where there is more to say."""
    links: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def operation_id(self) -> str:
        return self.handler.__name__ if self.method != "HEAD" else f"{self.handler.__name__}_head"


def describe(endpoints: Iterable[Endpoint], *, title: str, version: str, about: str) -> dict[str, Any]:
    """The OpenAPI document of the endpoints."""
    endpoints = list(endpoints)
    inputs: list[tuple[Any, JsonSchemaMode, TypeAdapter[Any]]] = [("error", "serialization", TypeAdapter(Error))]
    for endpoint in endpoints:
        if endpoint.answer is not None:
            inputs.append(((endpoint.operation_id, "answer"), "serialization", TypeAdapter(endpoint.answer)))
        if endpoint.body is not None:
            inputs.append(((endpoint.operation_id, "body"), "validation", TypeAdapter(endpoint.body)))
    refs, schemas = TypeAdapter.json_schemas(inputs, ref_template="#/components/schemas/{model}")
    paths: dict[str, dict[str, Any]] = {}
    statuses: set[HTTPStatus] = set()
    for endpoint in endpoints:
        operation = _operation(endpoint, refs)
        paths.setdefault(_openapi_path(endpoint.path), {})[endpoint.method.lower()] = operation
        statuses |= {HTTPStatus(int(code)) for code in operation["responses"]} - {endpoint.status}
    return {
        "openapi": "3.1.0",
        "info": {"title": title, "version": version, "description": about},
        "paths": paths,
        "components": {
            "schemas": schemas.get("$defs", {}),
            "responses": {str(int(code)): _refusal(code) for code in sorted(statuses)},
        },
    }


def _refusal(code: HTTPStatus) -> dict[str, Any]:
    if code == NOT_MODIFIED:
        return {"description": code.phrase}
    answer: dict[str, Any] = {
        "description": code.phrase,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if code == HTTPStatus.TOO_MANY_REQUESTS:
        answer["headers"] = {
            "Retry-After": {
                "description": "Seconds to wait before asking again.",
                "schema": {"type": "string", "pattern": "^[0-9]+$"},
            }
        }
    return answer


def _operation(endpoint: Endpoint, refs: dict[Any, Any]) -> dict[str, Any]:
    key = endpoint.operation_id
    operation: dict[str, Any] = {"operationId": key, "summary": endpoint.summary}
    if endpoint.about:
        operation["description"] = endpoint.about
    parameters = [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
        for name in _path_parameters(endpoint.path)
    ]
    parameters += [
        {"name": name, "in": "query", "required": False, "description": about, "schema": schema}
        for name, about, schema in (
            (parameter[0], parameter[1], parameter[2] if len(parameter) > 2 else {"enum": ["1", "0"]})
            for parameter in endpoint.query
        )
    ]
    if parameters:
        operation["parameters"] = parameters
    if endpoint.body is not None:
        operation["requestBody"] = {
            "required": endpoint.body_required,
            "content": {"application/json": {"schema": refs[((key, "body"), "validation")]}},
        }
        if endpoint.max_body is not None:
            operation["requestBody"]["description"] = f"At most {endpoint.max_body} bytes: 413 beyond."
    success: dict[str, Any] = {"description": HTTPStatus(endpoint.status).phrase}
    if endpoint.method == "HEAD":
        pass
    elif endpoint.answer is not None:
        success["content"] = {endpoint.media_type: {"schema": refs[((key, "answer"), "serialization")]}}
    else:
        success["content"] = {endpoint.media_type: {"schema": {"type": "string"}}}
    if endpoint.links:
        success["links"] = endpoint.links
    responses: dict[str, Any] = {str(int(endpoint.status)): success}
    refusals = set(endpoint.refusals) | set(EVERY_REQUEST)
    if endpoint.body is not None:
        refusals |= set(WITH_A_BODY)
    if parameters and any(parameter["in"] == "query" for parameter in parameters):
        refusals.add(HTTPStatus.UNPROCESSABLE_ENTITY)
    for code in sorted(refusals):
        responses[str(int(code))] = {"$ref": f"#/components/responses/{int(code)}"}
    operation["responses"] = responses
    return operation


def _path_parameters(path: str) -> list[str]:
    return [part[1:-1] for part in _openapi_path(path).split("/") if part.startswith("{")]


def _openapi_path(path: str) -> str:
    """A route's path as OpenAPI writes it: ``/static/{path:path}`` is ``/static/{path}``."""
    return "/".join(part.split(":")[0].rstrip("}") + "}" if part.startswith("{") else part for part in path.split("/"))

