"""How ``spider serve`` stops (SIGTERM, Ctrl-C): uvicorn's server, told to close the app's sockets with
1001 (going away) first, so that pages reconnect to the next server and follow their duels again.

uvicorn by itself closes every open socket with 1012 at once, even one whose message is being answered.
Here the listening sockets close first (no new connection comes to a stopping server), then every
duel socket answers the message in hand and closes with 1001; then uvicorn goes on as usual: it waits
for the requests in flight, closes what is left, and stops the app (its lifespan stops the solver's
workers and the pool worker).
"""

from __future__ import annotations

import socket
from collections.abc import Awaitable, Callable

import uvicorn


class StoppingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, before_stopping: Callable[[], Awaitable[None]]) -> None:
        super().__init__(config)
        self.before_stopping = before_stopping

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()
        await self.before_stopping()
        await super().shutdown(sockets)
