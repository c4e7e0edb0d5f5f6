"""The site around the API: the page, its files, the service worker, the offline engine and the metrics."""

from __future__ import annotations

from http import HTTPStatus

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from spider.server.http.metrics import Metrics
from spider.server.http.openapi import NOT_MODIFIED, Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import NO_STORE
from spider.server.http.service_worker import engine_file, script
from spider.server.http.static import StaticFiles, send

NOT_FOUND = HTTPStatus.NOT_FOUND


def _static(request: Request) -> StaticFiles:
    files = part(request, StaticFiles)
    return files


async def index(request: Request) -> Response:
    return _static(request).response(request, "index.html")


async def static_file(request: Request) -> Response:
    return _static(request).response(request, request.path_params["path"])


async def service_worker(request: Request) -> Response:
    # the first call builds the engine's zip (a fraction of a second): off the event loop
    text = await run_in_threadpool(script, _static(request))
    return Response(text, media_type="text/javascript", headers={"cache-control": "no-cache"})


async def offline_engine(request: Request) -> Response:
    return send(request, await run_in_threadpool(engine_file))


async def metrics(request: Request) -> Response:
    watched = part(request, Metrics)
    return Response(watched.text(), media_type=watched.content_type, headers=NO_STORE)


PAGE_API = (
    Endpoint("GET", "/", index, "The page", media_type="text/html", refusals=(NOT_MODIFIED,)),
    Endpoint("HEAD", "/", index, "The page's headers", refusals=(NOT_MODIFIED,)),
)
"""The page itself, at the top of the API's table."""

SITE_API = (
    Endpoint("GET", "/metrics", metrics, "Requests, latency, games and the solver's work, for Prometheus",
             media_type="text/plain"),
    Endpoint("GET", "/sw.js", service_worker, "The service worker: keeps the page's files, and the offline engine "
             "once offline play is on", media_type="text/javascript"),
    Endpoint("GET", "/static/offline/engine.zip", offline_engine, "The offline engine's Python: the spider engine "
             "and Babel with our languages' CLDR data, for Pyodide", media_type="application/zip",
             refusals=(NOT_MODIFIED,)),
    Endpoint("GET", "/static/{path:path}", static_file, "The page's files", media_type="*/*",
             refusals=(NOT_FOUND, NOT_MODIFIED)),
    Endpoint("HEAD", "/static/{path:path}", static_file, "A page file's headers", refusals=(NOT_FOUND, NOT_MODIFIED)),
)
"""The page's files, the service worker, the offline engine and the metrics, at the end of the table."""
