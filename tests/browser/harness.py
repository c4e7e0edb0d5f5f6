"""Running the pieces the browser tests need: a ``spider serve`` process and Debian's Chromium."""

from __future__ import annotations

import datetime as dt
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext

from tests.browser.table import spider_command

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

    def __init__(self, folder: Path, **environ: str) -> None:
        self.environ = environ
        """Settings of this server's own (``SPIDER_FAIRPLAY_CHECKS="1"``), over the tests' defaults."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.database = folder / "spider.sqlite"
        self.log = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        # computer duel opponents at a twentieth of their pace: a duel against one ends in seconds; no
        # budget of actions a second, as the tests play their winning lines through the API at once; every
        # account made and signed in to from the one address the tests come from; daily deals from two months back
        first_day = (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=60)).isoformat()
        env = {
            **os.environ, "SPIDER_POOL_TARGET": "0", "SPIDER_VERIFY_SECONDS": "30", "SPIDER_COMPUTER_PACE": "0.05",
            "SPIDER_ACTIONS_PER_SECOND": "0", "SPIDER_ACTIONS_PER_ADDRESS_PER_SECOND": "0",
            "SPIDER_ACCOUNTS_PER_ADDRESS_PER_DAY": "0",
            "SPIDER_DUEL_MIN_MOVES": "0", "SPIDER_DUEL_APART_ADDRESSES": "0",  # its players all come from this machine
            "SPIDER_ACCOUNT_TRIES_PER_MINUTE": "0", "SPIDER_DAILY_FIRST_DAY": first_day,
            # a board read as a game ends shows it; test_moderation.py starts a server of its own that checks
            "SPIDER_FAIRPLAY_CHECKS": "0", **self.environ,
        }
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


# A newcomer's first game is classic, with hints but without "no more moves" (settings.js). The tests play as a
# player who turned both on, unless their own settings say otherwise; helps=False opens a newcomer's browser.
HELPS_ON = """(() => { try {
  const saved = JSON.parse(localStorage.getItem('spider.settings') || '{}') || {};
  if (!('hints' in saved) || !('stuck' in saved)) {
    localStorage.setItem('spider.settings', JSON.stringify({ hints: true, stuck: true, ...saved }));
  }
} catch { /* a document with no storage of its own */ } })();"""


def open_context(browser: Browser, server: Server, *, helps: bool = True, **options: object) -> BrowserContext:
    options.setdefault("viewport", {"width": 1280, "height": 800})
    options.setdefault("reduced_motion", "reduce")
    context = browser.new_context(base_url=server.url, **options)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    if helps:
        context.add_init_script(HELPS_ON)
    return context
