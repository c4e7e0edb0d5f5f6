"""Hardening (issue 8): odd input gets a 4xx with a sentence, other sites cannot change a game, every
answer carries a strict Content-Security-Policy, the Host header is never reflected, and the cookie is
Secure whenever the player came by HTTPS."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from spider.server.http.identity import PLAYER_COOKIE
from spider.server.http.service_worker import ENGINE_FOLDER
from spider.server.http.static import web_folder

from .conftest import new_game

CODE = "SP1-S1C-AAAAAAD"
JSON = {"content-type": "application/json"}


def refusal(response: Any, status: int, message_id: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "message_id"} and body["message_id"] == message_id
    text: str = body["error"]
    assert text.endswith(".")
    return text


@pytest.fixture
def game_id(client: TestClient) -> str:
    found: str = new_game(client, code=CODE)["id"]
    return found


# Item 4: no 500 for bad input.


@pytest.mark.parametrize(
    "body",
    [
        b'{"action": "\\ud800"}',
        b'{"action": "d\\udfff"}',
        b'{"\\ud800": "d"}',
        b'{"action": ["x", {"deep": "\\udc00"}]}',
    ],
)
def test_a_lone_surrogate_in_a_body_is_refused_with_a_sentence(client: TestClient, game_id: str, body: bytes) -> None:
    response = client.post(f"/api/games/{game_id}/actions", content=body, headers=JSON)
    assert "lone surrogate" in refusal(response, 400, "server.body_not_text")


@pytest.mark.parametrize("field", ["code", "preset", "deal"])
def test_a_lone_surrogate_in_any_new_game_field_is_refused(client: TestClient, field: str) -> None:
    body = b'{"%s": "SP1-\\ud83d"}' % field.encode()
    refusal(client.post("/api/games", content=body, headers=JSON), 400, "server.body_not_text")
    rules = b'{"rules": {"undo": "\\ud800"}}'
    refusal(client.post("/api/games", content=rules, headers=JSON), 400, "server.body_not_text")


def test_a_surrogate_pair_is_a_character_and_reads_fine(client: TestClient, game_id: str) -> None:
    # \ud83d\udc1b is one emoji, quoted back in the refusal of the action
    response = client.post(f"/api/games/{game_id}/actions", content=b'{"action": "\\ud83d\\udc1b"}', headers=JSON)
    assert "\N{BUG}" in refusal(response, 422, "invalid.action")


@pytest.mark.parametrize("path", ["/static/%00", "/static/js/%00.js", "/static/" + "a" * 5000, "/static/a%00/../x"])
def test_a_static_name_no_file_can_have_is_not_found(client: TestClient, path: str) -> None:
    assert refusal(client.get(path), 404, "server.not_found").startswith("There is nothing at /static/")


@pytest.mark.parametrize(("value", "spelled"), [(100.0, "100.0"), (True, "True"), (0.0, "0.0"), ("100", "100")])
def test_a_rule_number_is_a_whole_number_not_a_float_or_bool(client: TestClient, value: object, spelled: str) -> None:
    response = client.post("/api/games", json={"code": CODE, "rules": {"undo": value}})
    text = refusal(response, 422, "invalid.rule_value")
    assert text.startswith(f"The table rule undo cannot be '{spelled}'")
    assert client.post("/api/games", json={"code": CODE, "rules": {"undo": 400}}).json()["rules"]["undo"] == 400


# Item 8: requests that change a game come from the page itself.


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"sec-fetch-site": "cross-site", "origin": "http://testserver"},
    ],
)
def test_a_change_from_another_site_is_refused_and_changes_nothing(
    client: TestClient, game_id: str, headers: dict[str, str]
) -> None:
    for path in ("resign", "restart", "actions"):
        body = {"action": "d"} if path == "actions" else None
        response = client.post(f"/api/games/{game_id}/{path}", json=body, headers=headers)
        assert "another site" in refusal(response, 403, "server.cross_site")
    refusal(client.post("/api/games", json={"code": CODE}, headers=headers), 403, "server.cross_site")
    view = client.get(f"/api/games/{game_id}", headers=headers).json()  # reading is fine from anywhere
    assert view["over"] is False and view["moves"] == 0


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a script or curl: no browser page asked for it
        {"origin": "http://testserver"},
        {"origin": "https://testserver"},  # behind a TLS proxy the server may not know the scheme
        {"sec-fetch-site": "same-origin", "origin": "http://testserver"},
        {"sec-fetch-site": "none"},
    ],
)
def test_a_change_from_the_page_itself_or_no_page_passes(
    client: TestClient, game_id: str, headers: dict[str, str]
) -> None:
    response = client.post(f"/api/games/{game_id}/actions", json={"action": "d"}, headers=headers)
    assert response.status_code == 200, response.text
    assert client.post(f"/api/games/{game_id}/resign", headers=headers).json()["over"] is True


# Item 8: a strict Content-Security-Policy on every answer.


def policy_of(response: Any) -> dict[str, str]:
    directives = [part.strip().split(" ", 1) for part in response.headers["content-security-policy"].split(";")]
    return {name: value for name, value in directives}


@pytest.mark.parametrize("path", ["/", "/api/presets", "/api/games/current", "/api/nothing", "/static/js/main.js"])
def test_every_answer_has_a_strict_content_security_policy(client: TestClient, path: str) -> None:
    policy = policy_of(client.get(path))
    assert policy["default-src"] == "'self'" and policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'" and policy["connect-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
    assert policy["base-uri"] == "'none'" and policy["img-src"] == "'self' data:"


def test_the_page_needs_nothing_the_policy_forbids() -> None:
    web = web_folder()
    if not (web / "index.html").is_file():
        pytest.skip("the web client is not here")
    # an on...= attribute inside a tag (in the HTML, or in a script's template of it)
    inline_handler = re.compile(r"<[a-z][^<>]*\son[a-z]+\s*=", re.IGNORECASE)
    for path in [*web.rglob("*.html"), *web.rglob("*.js")]:
        if path.relative_to(web).parts[0] == ENGINE_FOLDER:
            continue  # Pyodide, fetched by scripts/setup: not ours, and its worker's policy allows no eval either
        text = path.read_text(encoding="utf-8")
        assert not inline_handler.search(text), f"{path.name} has an inline event handler"
        assert "style=" not in text, f"{path.name} has a style attribute"
        assert "javascript:" not in text and "eval(" not in text and "new Function" not in text
        for script in re.findall(r"<script[^>]*>", text):
            assert "src=" in script, f"{path.name} has an inline script"
    index = (web / "index.html").read_text(encoding="utf-8")
    assert "<style" not in index
    for url in re.findall(r'(?:href|src)="([^"#]+)"', index):
        assert url.startswith(("/", "data:image/")), url  # the page's own files, and its data: favicon


def test_a_page_with_inline_styles_gets_exactly_their_hashes(client: TestClient) -> None:
    pages = [p for p in web_folder().rglob("*.html") if "<style>" in p.read_text(encoding="utf-8")]
    if not pages:
        pytest.skip("no page with inline styles")
    for page in pages:
        text = page.read_text(encoding="utf-8")
        styles = re.findall(r"<style>(.*?)</style>", text, re.DOTALL)
        expected = {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in styles}
        policy = policy_of(client.get("/static/" + page.relative_to(web_folder()).as_posix()))
        assert set(policy["style-src"].split()) == {"'self'", *expected}
        assert policy["script-src"] == "'self'"


# Item 8: the Host header is never reflected.


@pytest.mark.parametrize("path", ["/api/games/current/", "/api/presets/", "/api/stats/"])
def test_a_trailing_slash_is_not_found_not_redirected_to_the_host(client: TestClient, path: str) -> None:
    response = client.get(path, headers={"host": "evil.example"}, follow_redirects=False)
    refusal(response, 404, "server.not_found")
    assert "location" not in response.headers and "evil.example" not in response.text


# Item 8: the cookie follows the scheme.


def cookie_attributes(response: Any) -> list[str]:
    cookie: str = response.headers["set-cookie"]
    assert cookie.startswith(f"{PLAYER_COOKIE}=")
    return [part.strip().lower() for part in cookie.split(";")[1:]]


def test_the_cookie_is_secure_over_https_only(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    assert "secure" not in cookie_attributes(client.get("http://testserver/"))
    assert "secure" in cookie_attributes(TestClient(client.app, base_url="https://testserver").get("/"))


def test_the_cookie_can_always_be_secure(make_client: Callable[..., TestClient]) -> None:
    client = make_client(cookie_secure=True)
    assert "secure" in cookie_attributes(client.get("http://testserver/"))
