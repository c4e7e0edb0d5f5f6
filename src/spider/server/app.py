"""The web app: ``create_app(settings)`` puts the routes, the error table, the storage and the pool together."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.middleware import Middleware

from spider.server import solving
from spider.server.errors import EXCEPTION_HANDLERS
from spider.server.games import Games
from spider.server.middleware import BodyLimit, PlayerCookie, SecurityHeaders
from spider.server.pool_worker import PoolWorker
from spider.server.routes import routes
from spider.server.settings import Settings
from spider.server.static import StaticFiles, web_folder
from spider.server.storage import Store


def create_app(settings: Settings | None = None) -> Starlette:
    """The Spider web app, with its database opened (and created if new)."""
    settings = settings or Settings.from_env()
    store = Store(settings.database_url, synchronous=settings.sqlite_synchronous)
    pool = solving.DealPool(settings.database)
    searches = solving.Searches(
        workers=settings.solver_workers,
        stuck_nodes=settings.no_more_moves_nodes,
        hint_nodes=settings.hint_nodes,
        stuck_wait=settings.stuck_wait,
    )
    games = Games(settings, store, pool, searches)
    static = StaticFiles(web_folder())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        searches.start()
        static.preload()
        store.start_checkpoints()
        worker = None
        if settings.pool_target > 0:
            worker = PoolWorker(settings.database, settings.pool_target, settings.pool_seconds)
            worker.start()
        try:
            yield
        finally:
            if worker is not None:
                worker.stop()
            searches.close()
            store.close()

    app = Starlette(
        routes=routes(),
        middleware=[
            Middleware(SecurityHeaders),
            Middleware(PlayerCookie, secure=settings.cookie_secure),
            Middleware(BodyLimit, limit=settings.max_body),
        ],
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )
    app.state.games = games
    app.state.settings = settings
    app.state.static = static
    return app
