"""The page's files, served from the package folder ``spider/web``: compressed, and revalidated on use."""

from __future__ import annotations

from pathlib import Path

from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import FileResponse
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

import spider


def web_folder() -> Path:
    return Path(spider.__file__).parent / "web"


class StaticFolder:
    """``/static/<path>`` -> ``web/<path>``; no build step, so no hashed names: browsers revalidate by ETag."""

    def __init__(self, folder: Path) -> None:
        files = StaticFiles(directory=folder, check_dir=False, follow_symlink=False)
        self.app = GZipMiddleware(files, minimum_size=512)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_cache_rule(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"]
                message = {**message, "headers": [*headers, (b"cache-control", b"no-cache")]}
            await send(message)

        await self.app(scope, receive, send_with_cache_rule)


class IndexPage:
    """``/`` -> ``web/index.html``, compressed."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "index.html"
        self.app = GZipMiddleware(self.serve, minimum_size=512)

    async def serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = FileResponse(self.path, headers={"cache-control": "no-cache"})
        await response(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
