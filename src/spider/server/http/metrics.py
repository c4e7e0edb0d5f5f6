"""What to watch on a running server, in Prometheus' text format (``GET /metrics``): requests and
their latency by route, games begun and ended, the games kept live in memory, and the solver's work in
flight.

Each app has a registry of its own (tests make many apps in one process); with several server
processes, Prometheus scrapes each one and adds them up.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spider.view import ENDINGS

# An action answers in a few milliseconds; a verified deal solved on the spot may take seconds.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    """The server's counters and gauges."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "spider_requests", "HTTP requests answered, by route (its handler), method and status",
            ["route", "method", "status"], registry=self.registry,
        )
        self.latency = Histogram(
            "spider_request_seconds", "Seconds from a request's arrival to the end of its answer, by route",
            ["route"], buckets=LATENCY_BUCKETS, registry=self.registry,
        )
        self.games_begun = Counter("spider_games_begun", "Games begun", registry=self.registry)
        self.games_ended = Counter(
            "spider_games_ended", f"Games ended, by result ({', '.join(ENDINGS)})", ["result"],
            registry=self.registry,
        )
        self._solver = Gauge(
            "spider_solver_in_flight", "Jobs of the work queue (hints, deals, reviews...) waiting or being worked "
            "out by this process's request (kind: jobs)", ["kind"], registry=self.registry,
        )

    def watch_cache(self, cached: Callable[[], tuple[int, int]]) -> None:
        """Reports the live games' cache (games, and their memory in bytes) as it stands when scraped."""
        Gauge("spider_live_games", "Games kept live in memory", registry=self.registry).set_function(
            lambda: cached()[0]
        )
        Gauge(
            "spider_live_games_bytes", "Memory the live games take, as the cache counts it against its bound",
            registry=self.registry,
        ).set_function(lambda: cached()[1])

    def watch_solver(self, kind: str, in_flight: Callable[[], float]) -> None:
        """Reports the solver's work of a kind as it stands when scraped."""
        self._solver.labels(kind).set_function(in_flight)

    def text(self) -> bytes:
        return generate_latest(self.registry)


class MetricsMiddleware:
    """Counts and times every HTTP request, labelled with the handler that answered it."""

    def __init__(self, app: ASGIApp, *, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        answered = ["500"]

        async def send_noting_status(message: Message) -> None:
            if message["type"] == "http.response.start":
                answered[0] = str(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        finally:
            endpoint = scope.get("endpoint")
            route = getattr(endpoint, "__name__", "none")  # none: no route matched (404, or refused before)
            self.metrics.requests.labels(route, scope["method"], answered[0]).inc()
            self.metrics.latency.labels(route).observe(time.perf_counter() - started)
