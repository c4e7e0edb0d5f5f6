"""``spider serve``: the web app on uvicorn, with the embedded database unless told otherwise.

Registering the command imports nothing of the web stack (``spider --help`` and the other commands stay
light); running it does."""

from __future__ import annotations

import argparse
import gc
import sqlite3
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import uvicorn

    from spider.server.settings import Settings


def add_commands(subparsers: Any) -> None:
    """Registers ``spider serve`` on the ``spider`` command's sub-parsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="play Spider in the browser: start the web app",
        description=(
            "Serve the Spider web app and its API. Games are kept in a SQLite file in your data folder "
            "unless --database names another. Settings also come from SPIDER_* environment variables."
        ),
    )
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1, or SPIDER_HOST)")
    parser.add_argument("--port", type=int, help="port to listen on (default 8000, or SPIDER_PORT)")
    parser.add_argument("--database", metavar="PATH", help="SQLite file (or SQLAlchemy URL) to keep games in")
    parser.set_defaults(run=serve)


def serve(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from spider.server.app import create_app
    from spider.server.http.parts import parts_of
    from spider.server.http.stopping import StoppingServer
    from spider.server.realtime.sockets import Sockets
    from spider.server.settings import Settings

    try:
        settings = Settings.from_env(host=args.host, port=args.port, database=args.database)
    except ValueError as error:
        print(f"spider serve: {error}", file=sys.stderr)
        return 2
    try:
        app = create_app(settings)
    except (OSError, sqlite3.Error, SQLAlchemyError) as error:
        reason = getattr(error, "orig", None) or error
        print(f"spider serve: cannot open the database {settings.database}: {reason}", file=sys.stderr)
        return 2
    gc.freeze()  # what exists at start lives as long as the server: keep it out of garbage collections
    # the address passkeys work at: the public origin, or localhost (WebAuthn takes no IP address for a site)
    local = settings.host in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "::")
    where = f"{settings.origin}/" if local or settings.public_origin else f"http://{settings.host}:{settings.port}/"
    print(f"Spider: {where}  (games in {settings.database})", file=sys.stderr)
    StoppingServer(uvicorn_config(app, settings), before_stopping=parts_of(app)[Sockets].going_away).run()
    return 0


def uvicorn_config(app: Any, settings: Settings) -> uvicorn.Config:
    """How uvicorn serves the app: address, logs, the trusted proxies, and the connection limits."""
    import uvicorn

    from spider.server.http.connections import GuardedWebSocket, guarded_protocol
    from spider.server.realtime.sockets import MAX_FRAME

    proxies = frozenset(address.strip() for address in settings.forwarded_allow_ips.split(","))
    ping = settings.socket_ping_seconds or None
    return uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        http=guarded_protocol(
            header_timeout=settings.header_timeout,
            max_connections=settings.max_connections,
            per_address=settings.max_connections_per_address,
            proxies=proxies,
        ),
        ws=GuardedWebSocket,
        # A frame announced larger than this closes the socket (1009) before its payload is read.
        ws_max_size=MAX_FRAME,
        ws_ping_interval=ping,
        ws_ping_timeout=ping,
        # The scheme (for the Secure cookie) and client address from X-Forwarded-* headers, but only when
        # a proxy at one of these addresses sends them.
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        access_log=settings.access_log,
        log_level="info" if settings.access_log else "warning",
        timeout_graceful_shutdown=5,
    )
