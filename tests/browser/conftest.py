"""Browser tests: a real ``spider serve`` (temporary database, free port) and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from tests.browser.table import spider_command  # noqa: E402

CHROMIUM = os.environ.get("SPIDER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """One ``spider serve`` process; ``kill()`` is kill -9, ``start()`` comes back on the same port and database."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.database = folder / "spider.sqlite"
        self.log = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "SPIDER_POOL_TARGET": "0", "SPIDER_VERIFY_SECONDS": "30"}
        command = [*spider_command(), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--database", str(self.database)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"spider serve exited: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"spider serve did not answer: {self.log.read_text()}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None


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


def open_context(browser: Browser, server: Server, **options: object) -> BrowserContext:
    options.setdefault("viewport", {"width": 1280, "height": 800})
    options.setdefault("reduced_motion", "reduce")
    context = browser.new_context(base_url=server.url, **options)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    return context


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
