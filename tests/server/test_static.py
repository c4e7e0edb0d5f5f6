"""The page and its files are served from the package, compressed, and revalidated by browsers."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
import rjsmin
from starlette.testclient import TestClient

from spider.server.http.static import web_folder

pytestmark = pytest.mark.skipif(not (web_folder() / "index.html").is_file(), reason="the web client is not here")


def test_the_page_is_the_clients_index(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.text == (web_folder() / "index.html").read_text(encoding="utf-8")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"


def test_static_files_are_compressed_for_browsers_that_ask(client: TestClient) -> None:
    name = next(path for path in web_folder().rglob("*.js") if path.stat().st_size > 1024)
    url = "/static/" + name.relative_to(web_folder()).as_posix()
    response = client.get(url, headers={"accept-encoding": "gzip"})
    assert response.status_code == 200 and response.headers["content-encoding"] == "gzip"
    assert "javascript" in response.headers["content-type"]
    # the client decompresses it: the page's own script, without its comments and spaces
    assert response.content == rjsmin.jsmin(name.read_text(encoding="utf-8")).encode()
    assert len(response.content) < name.stat().st_size
    assert response.headers["cache-control"] == "no-cache" and "etag" in response.headers
    assert int(response.headers["content-length"]) < name.stat().st_size  # bytes on the wire
    again = client.get(url, headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304


def test_nothing_outside_the_web_folder_is_served(client: TestClient) -> None:
    for path in ("/static/../server/app.py", "/static/%2e%2e/server/app.py", "/static/..%2Fcli.py"):
        assert client.get(path).status_code == 404


def test_a_missing_file_is_a_json_404_and_head_is_answered(client: TestClient) -> None:
    missing = client.get("/static/js/nothing-here.js")
    assert missing.status_code == 404 and missing.json()["message_id"] == "server.not_found"
    head = client.head("/", headers={"accept-encoding": "gzip"})
    get = client.get("/", headers={"accept-encoding": "gzip"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == get.headers["content-length"]
    assert head.headers["content-encoding"] == get.headers["content-encoding"] == "gzip"


def test_a_changed_file_is_served_anew(tmp_path: Path) -> None:
    from starlette.requests import Request

    from spider.server.http.static import StaticFiles

    (tmp_path / "a.css").write_text("body { color: red }\n" * 40)
    files = StaticFiles(tmp_path)
    request = Request({"type": "http", "method": "GET", "headers": [(b"accept-encoding", b"gzip")]})
    first = files.response(request, "a.css")
    assert first.headers["content-encoding"] == "gzip" and first.media_type == "text/css; charset=utf-8"
    (tmp_path / "a.css").write_text("body { color: blue }\n" * 50)
    second = files.response(request, "a.css")
    assert second.headers["etag"] != first.headers["etag"]
    assert gzip.decompress(second.body).decode() == "body { color: blue }\n" * 50


def test_webassembly_is_compressed_and_typed_without_a_charset(client: TestClient) -> None:
    """The offline engine's WebAssembly (Pyodide, fetched by scripts/setup) goes out compressed."""
    wasm = web_folder() / "pyodide" / "pyodide.asm.wasm"
    if not wasm.is_file():
        pytest.skip("Pyodide is fetched by scripts/setup")
    response = client.get("/static/pyodide/pyodide.asm.wasm", headers={"accept-encoding": "gzip"})
    assert response.status_code == 200 and response.headers["content-encoding"] == "gzip"
    assert response.headers["content-type"] == "application/wasm"  # what instantiateStreaming asks for
    assert response.content == wasm.read_bytes()
    assert int(response.headers["content-length"]) < wasm.stat().st_size / 2


def test_the_service_worker_keeps_the_pages_modules_and_not_the_types_only_tsc_reads(client: TestClient) -> None:
    first_line = client.get("/sw.js").text.splitlines()[0]
    shell = json.loads(first_line.removeprefix("self.SPIDER = ").rstrip(";"))["shell"]
    assert "/static/js/game.js" in shell
    assert (web_folder() / "js" / "types.d.ts").is_file()  # the types are in the folder the page is served from
    assert not [url for url in shell if url.endswith(".d.ts")]
