"""The page and its files are served from the package, compressed, and revalidated by browsers."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from spider.server.static import web_folder

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
    assert response.content == name.read_bytes()  # the client decompresses it
    assert response.headers["cache-control"] == "no-cache" and "etag" in response.headers
    assert int(response.headers["content-length"]) < name.stat().st_size  # bytes on the wire
    again = client.get(url, headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304


def test_nothing_outside_the_web_folder_is_served(client: TestClient) -> None:
    for path in ("/static/../server/app.py", "/static/%2e%2e/server/app.py", "/static/..%2Fcli.py"):
        assert client.get(path).status_code == 404
