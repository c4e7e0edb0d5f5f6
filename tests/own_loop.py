"""Async tests run on an event loop of their own, in a thread of their own: the browser tests' Playwright
keeps an event loop running in the main thread for the whole session."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Runs a coroutine to its end on a new event loop in another thread, and returns its result."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
