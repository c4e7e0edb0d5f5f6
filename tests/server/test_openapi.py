"""The API as it describes itself (``/api/openapi.json``): schemathesis sends requests made from the
description to the app in process, and every answer must be no server error, of a status the
description names for that operation, and of the body and headers it gives for that status. A view
must name no card beyond its face-up ones and those of the action's events.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.python.asgi import get_client, shutdown_lifespans
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient

from spider.server.api import description
from spider.server.app import create_app
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.settings import Settings

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
CODE = "SP1-S2C-AAAAAAD"
ACTIONS = [f"{source}>{target}" for source in range(1, 11) for target in range(1, 11)] + [
    *(f"f{column}" for column in range(1, 11)), "d", "u", "r", "u", "r", "1>5:2", "7>3:3",
]
EXAMPLES = 50  # for each operation, of requests it takes and of requests it must refuse
CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][shdc](?![A-Za-z0-9])")


def app_settings(folder: Path) -> Settings:
    """No limit on new games or records shown (schemathesis makes many), the solver in process with small searches."""
    return Settings(
        database=str(folder / "games.sqlite"),
        pool_target=0,
        verify_seconds=0,
        solver_workers=0,
        hint_nodes=2_000,
        no_more_moves_nodes=20_000,
        new_games_per_minute=0,
        new_games_per_address_per_minute=0,
        record_positions_per_minute=0,
        record_positions_per_address_per_minute=0,
    )


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    app = create_app(app_settings(tmp_path_factory.mktemp("openapi")))
    yield schemathesis.openapi.from_asgi("/api/openapi.json", app)
    shutdown_lifespans()  # the app's lifespan (database, claim) ends with the module


OPERATIONS = [
    pytest.param(path, method.upper(), mode, id=f"{method.upper()} {path} {mode}")
    for path, methods in description()["paths"].items()
    for method, operation in methods.items()
    # a request can break the description only where it sends something beyond a path's text
    for mode in [GenerationMode.POSITIVE] + [GenerationMode.NEGATIVE] * ("requestBody" in operation or any(
        parameter["in"] == "query" for parameter in operation.get("parameters", [])
    ))
]


def names_only_cards_face_up(body: Any, text: str) -> None:
    """An answer with views (a game's, or a duel's own and watched ones) names no card but their face-up
    ones and those its events show (cards then face up)."""
    if not isinstance(body, dict):
        return
    views = [body.get("view", body), body.get("you"), body.get("watch"), body.get("duel", {}).get("watch")]
    views = [view for view in views if isinstance(view, dict) and "columns" in view]
    if not views:
        return
    shown: Counter[str] = Counter()
    for view in views:
        shown.update(card for column in view["columns"] for card in column["up"])
        text = text.replace(view["id"], "")
    for event in body.get("events", []):
        shown.update(event.get("cards", []) + ([event["card"]] if "card" in event else []))
    named = Counter(CARD.findall(text.replace(str(body.get("id")), "")))
    assert not named - shown, f"the answer names cards that are not face up: {named - shown}"


def duel_case(app: Any) -> dict[str, Any]:
    """A duel between two fresh players, a few actions in: the path and cookie of one of them."""
    creator, opponent = get_client(app), get_client(app)
    creator.get("/api/me")
    opponent.get("/api/me")
    duel = creator.post("/api/duels", json={"suits": 2, "minutes": 5, "opponent": {"kind": "person"}}).json()["id"]
    assert opponent.post(f"/api/duels/{duel}/join").status_code == 200
    for action in ("d", "1>8", "u"):
        creator.post(f"/api/duels/{duel}/actions", json={"action": action})
    return {"path_parameters": {"duel_id": duel}, "cookies": {PLAYER_COOKIE: creator.cookies[PLAYER_COOKIE]}}


@pytest.mark.parametrize(("path", "method", "mode"), OPERATIONS)
def test_every_answer_is_as_described(api: Any, path: str, method: str, mode: GenerationMode) -> None:
    operation = api[path][method]
    cases = operation.as_strategy(mode)
    if "{game_id}" in path or path == "/api/games/current":
        # and as often, requests on a game of the player's own, played a little: views, refusals of the rules
        player = get_client(api.app)
        game = player.post("/api/games", json={"code": CODE, "preset": "duel"}).json()["id"]
        for action in ("1>8", "7>10", "d"):
            assert player.post(f"/api/games/{game}/actions", json={"action": action}).status_code == 200
        mine = {"path_parameters": {"game_id": game}, "cookies": {PLAYER_COOKIE: player.cookies[PLAYER_COOKIE]}}
        if path.endswith("/actions") and mode == GenerationMode.POSITIVE:
            cases |= st.sampled_from(ACTIONS).flatmap(
                lambda action: operation.as_strategy(mode, body={"action": action}, **mine)
            )
        else:
            cases |= operation.as_strategy(mode, **mine)

    if "{duel_id}" in path:
        # and as often, requests on a duel the player plays, a few actions in: views, refusals
        cases |= operation.as_strategy(mode, **duel_case(api.app))

    @given(case=cases)
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def answers_as_described(case: schemathesis.Case) -> None:
        response = case.call()
        case.validate_response(response, checks=CHECKS)
        if method != "HEAD" and response.headers.get("content-type", [""])[0].startswith("application/json"):
            names_only_cards_face_up(response.json(), response.text)

    answers_as_described()


def test_the_description_names_every_route(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    described = {(path, method.upper()) for path, operations in document["paths"].items() for method in operations}
    served = set()
    for route in client.app.routes:
        if isinstance(route, WebSocketRoute):  # the duels' socket: described in docs/duels.md
            continue
        path = re.sub(r"\{(\w+)(:\w+)?\}", r"{\1}", route.path)
        served |= {(path, method) for method in route.methods if method != "HEAD" or (path, "HEAD") in described}
    assert served == described
    refused = document["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]
    assert {"200", "400", "404", "409", "413", "415", "422"} <= set(refused)
    error = document["components"]["responses"]["409"]["content"]["application/json"]["schema"]
    assert error == {"$ref": "#/components/schemas/Error"}
    assert document["components"]["schemas"]["Error"]["required"] == ["error", "message_id"]


def test_the_description_lists_the_choices_the_game_and_the_server_have(client: TestClient) -> None:
    # SPEC 1.1, 3.6 and the duels': every choice an answer or a body may hold, as a client reads it
    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    view = schemas["View"]["properties"]
    assert view["result"]["enum"] == ["won", "resigned", "abandoned", "solved", "finished", "time", None]
    assert view["suits"]["enum"] == [1, 2, 4]
    assert view["columns"]["minItems"] == view["columns"]["maxItems"] == 10
    assert schemas["OfflineResult"]["properties"]["result"]["enum"] == ["won", "resigned", "abandoned"]
    assert schemas["OfflineAnswer"]["properties"]["result"]["enum"] == ["won", "resigned", "abandoned"]
    assert schemas["Analysis"]["properties"]["opening"]["enum"] == ["win", "no-win", "unknown"]
    duel = schemas["DuelState"]["properties"]
    assert duel["state"]["enum"] == ["open", "playing", "over"]
    assert duel["opponent"]["enum"] == ["person", "beginner", "casual", "expert", "master"]
    assert schemas["DuelPlayer"]["properties"]["ended"]["enum"] == ["won", "finished", "time", None]
    assert schemas["NewDuel"]["properties"]["minutes"]["enum"] == [3, 5, 10, 15]
    strengths = ["beginner", "casual", "expert", "master"]
    assert schemas["Constants"]["properties"]["strengths"]["items"]["enum"] == strengths
    assert schemas["DuelPlayer"]["properties"]["computer"]["anyOf"][0]["enum"] == strengths
