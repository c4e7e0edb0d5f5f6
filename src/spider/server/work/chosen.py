"""The queue the settings ask for: in Redis with ``redis_url``, else in this process."""

from __future__ import annotations

from spider.server.settings import Settings
from spider.server.work.local import LocalWork
from spider.server.work.service import Work, bounds
from spider.server.work.shared import SharedWork


def made(settings: Settings) -> Work:
    """The queue the settings ask for: in Redis with ``redis_url``, else in this process."""
    if settings.redis_url:
        return SharedWork(settings.redis_url, settings.solver_workers, bounds(settings.solver_workers))
    return LocalWork(settings.solver_workers, bounds(settings.solver_workers))
