"""The page's files, served from the package folder ``spider/web``.

The client is small plain files with no build step, so the server keeps each one in memory as read
and as compressed (once, at the best level), and answers from there: no thread hop and no
compression per request, which is most of what a first visit costs. Files have no hashed names, so
browsers revalidate them by ETag on each use (``no-cache``); a changed file on disk is read again.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
import re
import threading
from dataclasses import dataclass, replace
from pathlib import Path

import rjsmin
from starlette import status
from starlette.requests import Request
from starlette.responses import Response

import spider
from spider.server.http.errors import RequestError
from spider.server.http.security import content_security_policy

COMPRESS_AT_LEAST = 512
TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json")
COMPRESSED_TYPES = (*TEXT_TYPES, "application/wasm")
"""Types worth compressing: text, and WebAssembly (Pyodide's 8.6 MB go out as 2.8 MB)."""
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
}
PRELOAD_AT_MOST = 256 * 1024
"""Bigger files (the offline engine's) are read on first request: most servers never send them."""
THIRD_PARTY = "pyodide"
"""The folder of the offline engine's runtime, served as it came: every other script of the page is ours, served
without its comments (its JSDoc types, for ``tsc``) and spaces, which is a quarter of what a browser fetches."""
WEBASSEMBLY_WORKER = ".worker.js"
"""A script named so runs as a Web Worker that compiles WebAssembly (Pyodide): its policy allows that."""
_STYLE_ELEMENT = re.compile(r"<style(?:\s[^>]*)?>(.*?)</style>", re.DOTALL | re.IGNORECASE)


def web_folder() -> Path:
    return Path(spider.__file__).parent / "web"


@dataclass(frozen=True, slots=True)
class StaticFile:
    body: bytes
    compressed: bytes | None
    media_type: str
    etag: str
    stamp: tuple[int, int]  # (mtime_ns, size) of the file when read
    policy: str | None = None
    """The file's own Content-Security-Policy, when it needs more than every answer's (its inline styles)."""


class StaticFiles:
    """Files under one folder, by path, from memory."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self._files: dict[Path, StaticFile] = {}
        self._lock = threading.Lock()

    def preload(self) -> int:
        """Reads and compresses every file now, so that the first visitor does not wait for it."""
        count = 0
        if self.folder.is_dir():
            for path in sorted(self.folder.rglob("*")):
                if path.is_file() and path.stat().st_size <= PRELOAD_AT_MOST:
                    self.find(path.relative_to(self.folder).as_posix())
                    count += 1
        return count

    def find(self, relative: str) -> StaticFile:
        try:
            path = (self.folder / relative).resolve()
            found = path.is_relative_to(self.folder) and path.is_file()
            info = path.stat() if found else None
        except (OSError, ValueError):  # a name no file can have: a null byte, too long, ...
            info = None
        if info is None:
            raise RequestError(status.HTTP_404_NOT_FOUND, "server.not_found", path=f"/static/{relative}")
        stamp = (info.st_mtime_ns, info.st_size)
        with self._lock:
            known = self._files.get(path)
        if known is not None and known.stamp == stamp:
            return known
        loaded = _load(path, stamp)
        with self._lock:
            self._files[path] = loaded
        return loaded

    def response(self, request: Request, relative: str) -> Response:
        return send(request, self.find(relative))


def send(request: Request, found: StaticFile) -> Response:
    """A file's answer: 304 when the browser has it, compressed when it asks for gzip."""
    headers = {"etag": found.etag, "cache-control": "no-cache", "vary": "Accept-Encoding"}
    if found.policy is not None:
        headers["content-security-policy"] = found.policy
    if found.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=status.HTTP_304_NOT_MODIFIED, headers=headers)
    body = found.body
    if found.compressed is not None and "gzip" in request.headers.get("accept-encoding", ""):
        body = found.compressed
        headers["content-encoding"] = "gzip"
    if request.method == "HEAD":
        headers["content-length"] = str(len(body))
        return Response(status_code=status.HTTP_200_OK, headers=headers, media_type=found.media_type)
    return Response(body, headers=headers, media_type=found.media_type)


_LOADED: dict[Path, StaticFile] = {}
"""Each file as last read and compressed in this process, whichever app read it: an app started again in the same
process (as the tests do, hundreds of times) compresses only what changed on disk since."""
_LOADED_LOCK = threading.Lock()


def _load(path: Path, stamp: tuple[int, int]) -> StaticFile:
    with _LOADED_LOCK:
        known = _LOADED.get(path)
    if known is not None and known.stamp == stamp:
        return known
    body = path.read_bytes()
    if path.suffix == ".js" and THIRD_PARTY not in path.parts:
        body = rjsmin.jsmin(body.decode("utf-8")).encode("utf-8")  # the same script, without comments and spaces
    found = file_of(path.name, body, stamp)
    if path.name.endswith(WEBASSEMBLY_WORKER):
        found = replace(found, policy=content_security_policy(webassembly=True))
    with _LOADED_LOCK:
        _LOADED[path] = found
    return found


def file_of(name: str, body: bytes, stamp: tuple[int, int] = (0, 0)) -> StaticFile:
    """A file's answer made once: its type from its name, compressed when that pays."""
    media_type = TYPES.get(Path(name).suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    compressed = None
    if media_type.startswith(COMPRESSED_TYPES) and len(body) >= COMPRESS_AT_LEAST:
        # the best level for the page's small files; a quicker one for the big ones read on first request
        level = 9 if len(body) <= PRELOAD_AT_MOST else 6
        compressed = gzip.compress(body, compresslevel=level, mtime=0)
        if len(compressed) >= len(body):
            compressed = None
    if media_type.startswith(TEXT_TYPES) and "charset" not in media_type:
        media_type += "; charset=utf-8"
    etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    policy = _policy(body) if media_type.startswith("text/html") else None
    return StaticFile(body, compressed, media_type, etag, stamp, policy)


def _policy(page: bytes) -> str | None:
    """A page's policy that lets exactly its own ``<style>`` elements apply, by their hashes: the rules
    page is a standalone document with its styles inline, and a hash follows any edit to them."""
    styles = _STYLE_ELEMENT.findall(page.decode("utf-8", errors="replace"))
    if not styles:
        return None
    hashes = [base64.b64encode(hashlib.sha256(style.encode("utf-8")).digest()).decode("ascii") for style in styles]
    return content_security_policy(style_hashes=hashes)
