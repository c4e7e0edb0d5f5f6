"""The web app: ``create_app(settings)`` puts the routes, the error table, the storage and the pool together."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware

from spider.server.accounts.leaving import Leaving
from spider.server.accounts.routes import AccountLimits
from spider.server.api import routes
from spider.server.arenas.arenas import Arenas, keep_arenas
from spider.server.arenas.routes import ArenaLimits
from spider.server.arenas.sockets import ArenaSocket
from spider.server.arenas.store import ArenaStore
from spider.server.bots.access import BotBearer, BotLimits
from spider.server.bots.routes import BotStreams
from spider.server.bots.service import Bots
from spider.server.daily.routes import BoardReads
from spider.server.daily.service import Daily
from spider.server.db.claim import DatabaseClaim
from spider.server.duels.clock import keep_time
from spider.server.duels.computer import ComputerOpponents
from spider.server.duels.duels import Duels
from spider.server.duels.sockets import DuelSocket
from spider.server.duels.store import DuelStore
from spider.server.duels.taken_back import take_back
from spider.server.fairplay.service import Fairplay
from spider.server.games.routes import DailyStarts
from spider.server.games.service import Games
from spider.server.games.store import Store, now
from spider.server.ghosts.supply import GhostSupply
from spider.server.http.errors import EXCEPTION_HANDLERS
from spider.server.http.limits import PlayerLimits, SharedCounts, TokenBuckets
from spider.server.http.metrics import Metrics, MetricsMiddleware
from spider.server.http.middleware import BodyLimit, BodyTimeout, InFlight, Language, PlayerCookie
from spider.server.http.parts import Parts
from spider.server.http.security import SameOrigin, SecurityHeaders
from spider.server.http.static import StaticFiles, web_folder
from spider.server.ops.collector import keep_collections_short
from spider.server.ops.prune import prune_daily
from spider.server.people.accounts import Accounts
from spider.server.people.presence import Presence
from spider.server.people.service import People
from spider.server.realtime.broker import Broker, LocalBroker
from spider.server.realtime.redis_broker import RedisBroker
from spider.server.realtime.sockets import Sockets, SocketTable
from spider.server.records.routes import RecordLimits
from spider.server.results.service import Results
from spider.server.results.store import ResultsStore
from spider.server.reviews.service import Reviews
from spider.server.settings import Settings
from spider.server.solving import searches as solving
from spider.server.solving.pool_worker import PoolWorker
from spider.server.work.asking import ClientAddress
from spider.server.work.chosen import made as made_work
from spider.server.work.service import Work


def create_app(settings: Settings | None = None, *, clock: Callable[[], float] = now) -> Starlette:
    """The Spider web app, with its database opened (and created if new); its games' time is ``clock``'s."""
    settings = settings or Settings.from_env()
    claim = DatabaseClaim(settings.database_url, shared=settings.shared_database)
    try:
        store = Store(settings.database_url, synchronous=settings.sqlite_synchronous)
    except BaseException:
        claim.release()
        raise
    pool = solving.DealPool(settings.database)
    shared = SharedCounts(settings.redis_url) if settings.redis_url else None  # the limits, across processes
    work = made_work(settings)  # the one queue of costly work: in this process, or in Redis
    searches = solving.Searches(
        work, stuck_nodes=settings.no_more_moves_nodes, hint_nodes=settings.hint_nodes, stuck_wait=settings.stuck_wait
    )
    metrics = Metrics()
    metrics.watch_solver("jobs", work.busy)
    games = Games(settings, store, pool, searches, metrics, clock)
    results = ResultsStore(store.engine)
    store.events.on_end(results.ended)  # the results a game counts in, written as it ends
    ghosts = GhostSupply(store.engine)
    store.events.on_end(ghosts.ended)  # a game that may be raced ended: the lobby offers a race at once
    metrics.watch_cache(lambda: games.cached)
    broker: Broker = RedisBroker(settings.redis_url) if settings.redis_url else LocalBroker()
    people, duel_store = People(
        store.engine, address_secret=settings.address_secret, addresses_kept=settings.duel_apart_addresses
    ), DuelStore(store.engine)
    accounts = Accounts(store.engine, people, rp_id=urlsplit(settings.origin).hostname or "localhost",
                        origin=settings.origin)
    duels = Duels(duel_store, games, people, broker, min_moves=settings.duel_min_moves)
    computers = ComputerOpponents(duels, duel_store, work, pace=settings.computer_pace)
    arenas = Arenas(ArenaStore(store.engine), duels, per_player=settings.arenas_per_player, site=settings.open_arenas)
    presence = Presence(people)
    socket_table = SocketTable()  # the domains' frames, messages and hooks on the site's socket, in this order:
    DuelSocket(duels).register(socket_table)  # the player made a duelist, and greeted once every hook has run
    presence.register(socket_table)  # then online
    ArenaSocket(arenas).register(socket_table)
    sockets = Sockets(
        broker, socket_table, settings.sockets_per_player, settings.sockets_per_address,
        messages=TokenBuckets(
            settings.socket_messages_per_minute, burst=settings.socket_burst, message_id="duel.socket_too_fast",
            name="socket", shared=shared,
        ),
        accounts=accounts,
    )
    static = StaticFiles(web_folder())
    bots = Bots(store.engine, people, per_player=settings.bots_per_player)
    reviews = Reviews(work)
    fairplay = Fairplay(games, people, work)  # every ranked result checked as its game ends
    fairplay.on_mark(functools.partial(take_back, duel_store))  # a marked account's rated duels, taken back

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # each part is stopped by the stack, in the reverse of the order it was started in: on the way out, and
        # when a later part fails to start
        async with contextlib.AsyncExitStack() as started:
            started.callback(claim.release)
            started.callback(store.close)
            started.callback(pool.close)
            if shared is not None:
                started.callback(shared.close)
            started.push_async_callback(broker.close)
            started.callback(reviews.close)
            work.start()
            started.push_async_callback(work.close)
            static.preload()
            store.start_checkpoints()
            if settings.pool_target > 0:
                worker = PoolWorker(settings.database, settings.pool_target, settings.pool_seconds)
                worker.start()
                started.callback(worker.stop)
            started.callback(computers.stop)
            people.add_computers(now())
            if settings.gc_freeze_seconds > 0:
                keep(started, keep_collections_short(settings.gc_freeze_seconds))
            keep(started, presence.keep())
            started.callback(arenas.stop)
            started.push_async_callback(arenas.settle)  # after its tasks are cancelled, before the database closes
            keep(started, keep_arenas(arenas))
            keep(started, keep_time(duels, computers))
            keep(started, prune_daily(store, settings))
            keep(started, fairplay.keep())
            yield

    app = Starlette(
        routes=routes(sockets.socket),
        middleware=[
            Middleware(MetricsMiddleware, metrics=metrics),
            Middleware(ClientAddress),
            Middleware(Language),
            Middleware(SecurityHeaders),
            Middleware(InFlight, limit=settings.requests_in_flight_per_address),
            Middleware(SameOrigin),
            Middleware(PlayerCookie, always_secure=settings.cookie_secure, accounts=accounts),
            Middleware(BotBearer),
            Middleware(BodyTimeout, seconds=settings.body_timeout, deadline=settings.body_deadline),
            Middleware(BodyLimit, limit=settings.max_body),
        ],
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )
    # No redirect from "/path/" to "/path": Starlette builds that Location from the Host header,
    # which a client may set to any site.
    app.router.redirect_slashes = False
    parts = Parts()
    parts.add(
        settings, metrics, static, sockets, games, Results(results, clock), duels, computers, arenas,
        presence, reviews, fairplay, bots, store, people, accounts, Leaving(store, people, accounts, bots), ghosts,
        AccountLimits.made(shared, tries_per_minute=settings.account_tries_per_minute,
                           accounts_a_day=settings.accounts_per_address_per_day),
        # a stream's place is held again at each keep-alive: a killed process's places free up soon after
        BotStreams(settings.bot_streams, shared=shared, hold_seconds=max(5.0, 3 * settings.bot_keepalive_seconds)),
        PlayerLimits(
            new_games=TokenBuckets(settings.new_games_per_minute, shared=shared),
            new_games_here=TokenBuckets(
                settings.new_games_per_address_per_minute, message_id="server.too_many_games_here",
                name="games-here", shared=shared,
            ),
            actions=TokenBuckets(
                settings.actions_per_second, message_id="server.too_many_actions", window=1.0, name="actions",
                shared=shared,
            ),
            actions_here=TokenBuckets(
                settings.actions_per_address_per_second, message_id="server.too_many_actions_here", window=1.0,
                name="actions-here", shared=shared,
            ),
        ),
        BotLimits(
            requests=TokenBuckets(
                settings.bot_requests_per_minute, burst=settings.bot_burst, message_id="bots.too_fast", name="bot",
                shared=shared,
            ),
            guesses=TokenBuckets(30, message_id="bots.too_many_tries", name="bot-guesses", shared=shared),
        ),
        ArenaLimits.made(shared, opens_a_day=settings.arenas_per_address_per_day,
                         changes_a_minute=settings.arena_changes_per_minute,
                         changes_here_a_minute=settings.arena_changes_per_address_per_minute),
        RecordLimits.made(shared, per_minute=settings.record_positions_per_minute,
                          per_address_per_minute=settings.record_positions_per_address_per_minute),
        BoardReads.made(shared, per_address_per_minute=settings.board_reads_per_address_per_minute),
    )
    daily = Daily(games)
    parts.add(daily)
    fairplay.on_decision(daily.rankings.forget)  # a result back on the day's board, or off it, shows at once
    starts: DailyStarts = daily  # a new game asked with "daily" starts there (``games.routes``)
    parts.put(DailyStarts, starts)
    parts.put(Broker, broker)  # in-process, or Redis across processes
    parts.put(Work, work)  # the same
    app.state.parts = parts
    return app


def keep(started: contextlib.AsyncExitStack, work: Coroutine[Any, Any, None]) -> None:
    """Runs a task for as long as the app serves: cancelled when the app stops, with the parts started before it."""
    task = asyncio.create_task(work)
    started.callback(task.cancel)
