"""Whose address a job is counted against: the client address of each request and socket, kept for its handling
(``jobs.ADDRESS``), so that the services submit jobs with the player's id alone. Behind a trusted proxy it is
the address the proxy forwards (``http.identity.client_address``)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from spider.server.http.identity import client_address
from spider.server.work.jobs import ADDRESS


class ClientAddress:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = ADDRESS.set(client_address(scope))
        try:
            await self.app(scope, receive, send)
        finally:
            ADDRESS.reset(token)
