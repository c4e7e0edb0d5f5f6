"""The layers that keep other sites out: every answer's security headers (a strict Content-Security-Policy
among them), and the same-origin check on changes."""

from __future__ import annotations

import time
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spider.server.http.errors import error_response, refused
from spider.server.http.identity import header
from spider.server.http.middleware import answer_headers

CHANGING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def content_security_policy(style_hashes: Iterable[str] = (), *, webassembly: bool = False) -> str:
    """The page's policy: its own files only, no inline script or style, no plugins, no framing.

    The favicon is a ``data:`` image; the page's scripts set ``element.style`` (which a policy allows).
    ``style_hashes`` let a page's own ``<style>`` elements apply (base64 sha256 of their text).
    ``webassembly`` lets a script compile WebAssembly (and nothing else from strings): only the offline
    engine's worker, which runs Pyodide, is served with it.
    """
    styles = " ".join(["'self'", *(f"'sha256-{digest}'" for digest in style_hashes)])
    scripts = "'self' 'wasm-unsafe-eval'" if webassembly else "'self'"
    return (
        f"default-src 'self'; script-src {scripts}; style-src {styles}; img-src 'self' data:; connect-src 'self'; "
        "manifest-src 'self'; worker-src 'self'; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    )


class SameOrigin:
    """Refuses a change (POST, PUT, PATCH, DELETE) that a page of another site asked the browser for.

    A browser says where a request comes from: ``Sec-Fetch-Site`` (modern browsers, and no page can
    set it) must then be ``same-origin`` (or ``none``, the user's own doing); without it, ``Origin``
    (older browsers) must name this host. A request with neither comes from no browser page (a script,
    curl, the tests), which no other site can make on a player's behalf, so it passes. The cookie's
    ``SameSite=Lax`` already keeps it off most cross-site requests; this covers the rest, and bodiless
    requests (resign, restart) that the JSON content type does not protect.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in CHANGING_METHODS or self.allowed(scope):
            await self.app(scope, receive, send)
            return
        await error_response(refused("server.cross_site"))(scope, receive, send)

    @staticmethod
    def allowed(scope: Scope) -> bool:
        site = header(scope, b"sec-fetch-site")
        if site is not None:
            return site.strip().lower() in ("same-origin", "none")
        origin = header(scope, b"origin")
        if origin is None:
            return True
        host = header(scope, b"host")
        # Host names only: the scheme a proxy ends TLS for is not always known here, and the
        # cross-site threat is another host's page, never this host's.
        try:
            netloc = urlsplit(origin.strip()).netloc
        except ValueError:
            return False
        return host is not None and bool(netloc) and netloc.lower() == host.strip().lower()


class SecurityHeaders:
    """Headers every answer carries: no MIME sniffing, no framing by other sites, no referrer leaks,
    a strict Content-Security-Policy;
    and ``Server-Timing`` with the milliseconds the server spent on the request (for benchmarks and
    the browser's developer tools)."""

    HEADERS = {
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "same-origin",
    }
    POLICY = content_security_policy()

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        began = time.perf_counter()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = answer_headers(message)
                for name, value in self.HEADERS.items():
                    headers.append(name, value)
                headers.append("server-timing", f"app;dur={(time.perf_counter() - began) * 1000:.2f}")
                # An answer with a policy of its own (a page with inline styles) keeps it; every other gets ours.
                if "content-security-policy" not in headers:
                    headers.append("content-security-policy", self.POLICY)
            await send(message)

        await self.app(scope, receive, send_with_headers)
