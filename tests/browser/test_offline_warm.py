"""The offline engine kept warm (SPEC 3.8): once offline play is on, the engine starts in the background while
the player is online, so a dropped connection's "Play offline" uses that running engine (no new worker, no
Pyodide started again); and a reload with no connection restores the engine from the snapshot its first
start kept, whose deals are still random."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Worker

ENGINE = Path(__file__).resolve().parents[2] / "src" / "spider" / "web" / "pyodide" / "pyodide.asm.wasm"
STARTING = 120_000  # ms: Pyodide starts in a few seconds, more on a busy machine
GAME = "spider.offline.game"
ENGINE_UP = "() => performance.getEntriesByName('spider-offline-engine').map((mark) => mark.detail)"
SNAPSHOT_KEPT = "() => caches.match('/static/offline/engine.snapshot').then(Boolean)"

pytestmark = pytest.mark.skipif(not ENGINE.exists(), reason="no Pyodide in src/spider/web/pyodide (run scripts/setup)")


def engine_workers(page: Page) -> list[Worker]:
    return [worker for worker in page.workers if worker.url.endswith("/offline/engine.worker.js")]


def engine_up(page: Page) -> dict[str, object]:
    """Waits for the engine of this page to be up; how it started ({restored, ms})."""
    page.wait_for_function(f"() => ({ENGINE_UP})().length > 0", timeout=STARTING, polling=200)
    marks: list[dict[str, object]] = page.evaluate(ENGINE_UP)
    assert len(marks) == 1  # one engine for the page's life
    return marks[0]


def wait_snapshot(page: Page) -> None:
    for _ in range(STARTING // 250):
        if page.evaluate(SNAPSHOT_KEPT):
            return
        page.wait_for_timeout(250)
    raise AssertionError("the engine kept no snapshot")


def offline_table(page: Page) -> None:
    page.locator(".offline-badge").locator("text=Offline game").wait_for(timeout=STARTING)


def kept_code(page: Page) -> str:
    code: str = page.evaluate(f"() => JSON.parse(localStorage.getItem('{GAME}')).code")
    return code


def test_the_engine_starts_once_offline_play_is_on_and_play_offline_uses_it(
    context: BrowserContext, page: Page
) -> None:
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    assert engine_workers(page) == []  # offline play off: no engine
    page.click("[data-command='settings']")
    page.check("[data-setting='offline']")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Offline play is ready')", timeout=STARTING
    )
    page.keyboard.press("Escape")
    # online, the engine starts in the background: its first start keeps a snapshot for the next ones
    first = engine_up(page)
    assert first["restored"] is False and len(engine_workers(page)) == 1
    wait_snapshot(page)

    page.reload()  # a later visit with offline play on: the engine starts again, from the snapshot
    page.wait_for_selector("html[data-ready=true]")
    assert engine_up(page)["restored"] is True
    running = engine_workers(page)
    assert len(running) == 1
    started: list[Worker] = []
    page.on("worker", lambda worker: started.append(worker))
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/static/pyodide/" in request.url else None)

    context.set_offline(True)
    page.click("[data-stock]")  # the deal cannot reach the server
    page.click("dialog[open] button[value='play']")
    offline_table(page)
    deals_left = "() => document.querySelector('[data-stock]').dataset.dealsLeft"
    page.click("[data-stock]")  # the warm engine plays it
    page.wait_for_function(f"() => ({deals_left})() === '4'")
    # the same engine: no worker started, no Pyodide file asked for, still one start on the page's timeline
    assert started == [] and asked == [] and engine_workers(page) == running
    assert len(page.evaluate(ENGINE_UP)) == 1
    context.set_offline(False)


def test_an_offline_reload_restores_the_engine_and_its_deals_stay_random(context: BrowserContext, page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.click("[data-command='settings']")
    page.check("[data-setting='offline']")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Offline play is ready')", timeout=STARTING
    )
    page.keyboard.press("Escape")
    engine_up(page)
    wait_snapshot(page)

    context.set_offline(True)
    page.click("[data-stock]")
    page.click("dialog[open] button[value='play']")
    offline_table(page)
    shuffles = []
    for _ in range(2):
        page.reload()  # no connection: the page from the service worker, the engine from its snapshot
        offline_table(page)
        assert engine_up(page)["restored"] is True
        before = kept_code(page)
        other = "2" if "-S1" in before else "1"
        page.click(f".suit-choice[data-suits='{other}']")  # a new offline game, dealt by the restored engine
        page.wait_for_function(
            f"() => JSON.parse(localStorage.getItem('{GAME}') || 'null')?.code?.includes('-S{other}')", timeout=STARTING
        )
        shuffles.append(kept_code(page).rsplit("-", 1)[1])  # the code's 64 random bits, in letters
    assert shuffles[0] != shuffles[1]  # two engines restored from one snapshot deal different games
    context.set_offline(False)
