"""Browser tests: a real ``spider serve`` (temporary database, free port) and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server, open_context  # noqa: E402


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    running = Server(tmp_path_factory.mktemp("spider-server"))
    external = os.environ.get("SPIDER_BROWSER_SERVER")  # develop against a server you already run
    if external:
        running.url = external.rstrip("/")
        yield running
        return
    running.start()
    yield running
    running.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    """A fresh browser profile, so a new player (cookie) for each test."""
    ctx = open_context(browser, server)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    assert errors == [], f"script errors on the page: {errors}"
