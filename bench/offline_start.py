"""Offline start: how long an offline game takes to appear, after "Play offline" and after an offline reload.

Starts a real ``spider serve`` on a free loopback port over a fresh database, opens the page in headless
Chromium (/usr/bin/chromium), turns offline play on in Settings (the service worker keeps the engine), then
measures, several runs each:

(a) "Play offline": the page loaded online, the player at the table for ``--settle`` seconds (as a player
    is before the connection drops), the connection drops, the next deal fails, the "Connection lost"
    dialog offers an offline game: from the click on "Play offline" until the offline table is drawn (its
    "Offline game" badge shows, which the page does once the engine's view is on the table);
(b) an offline reload, the offline game kept: from the reload until the offline table is drawn again.

Times are the page's own clock (performance.now()): (a) from the click's event to the frame after the
badge shows, (b) from the reload's navigation start to that frame. The first start after offline play is
turned on keeps a snapshot of the started engine; the runs begin once it is kept.
Two setups: a phone-class CPU (Chromium's CPU slowed x4 through the DevTools protocol,
``Emulation.setCPUThrottlingRate``, on a 390x844 touch viewport) and an unthrottled desktop (1280x800).
Prints each run, then the median and max per setup and measure. Target: both under 2 s on the phone.

    .venv/bin/python bench/offline_start.py [--runs 5] [--settle 8] [--warmup 120] [--only phone|desktop]

To compare with a page of before the snapshot, run it with that version's ``src`` on PYTHONPATH and ``--warmup 0``.

Everything runs on loopback, in one fresh browser profile per setup, and every wait is bounded.

Figures of 2026-12-05 (2 shared cores, other work running; 5 runs, --settle 6), median / max in seconds:

    before (engine started on the first call)     play offline  phone 3.50 / 4.52   desktop 2.65 / 5.03
                                                   offline reload phone 3.89 / 4.62   desktop 2.55 / 4.48
    warm engine + snapshot + early start           play offline  phone 0.14 / 0.29   desktop 0.05 / 0.06
                                                   offline reload phone 0.83 / 1.59   desktop 0.78 / 1.04

What each step bought, phone only, back to back (5 runs, --settle 3), offline reload median / max:
all of them 1.23 / 1.41; the snapshot gzipped (6 MB, not 25) 1.88 / 2.05; the engine not started from
boot.js 1.15 / 2.44; the engine warm but no snapshot 4.72 / 7.24 (and "Play offline" 0.33 / 2.45, the
engine not yet up 3 s after the page loaded).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from web import CHROMIUM, CHROMIUM_ARGS, spider_serve

SETUPS: dict[str, dict[str, Any]] = {
    "phone": {
        "throttle": 4,
        "context": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    },
    "desktop": {"throttle": 1, "context": {"viewport": {"width": 1280, "height": 800}}},
}
TIMEOUT = 120_000  # ms: any wait longer than this is a failure, not a figure
BADGE = ".offline-badge:not([hidden])"
GAME = "spider.offline.game"
WATCH = """(() => {
  // in the page's own clock: when "Play offline" is clicked, and the frame after the offline table is
  // drawn (its badge shows); performance.now() counts from the navigation's start
  const watched = window.__offline = { clicked: null, drawn: null };
  document.addEventListener('click', (event) => {
    const play = event.target instanceof Element && event.target.closest("dialog[open] button[value='play']");
    if (play) watched.clicked = performance.now();
  }, true);
  new MutationObserver(() => {
    if (watched.drawn === null && document.querySelector('.offline-badge:not([hidden])')) {
      requestAnimationFrame(() => { if (watched.drawn === null) watched.drawn = performance.now(); });
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();"""
SNAPSHOT_KEPT = "() => caches.match('/static/offline/engine.snapshot').then(Boolean)"


def install_offline_play(page: Any, warmup: float) -> None:
    """Settings > offline play, until the page says the engine is kept."""
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    page.click("[data-command='settings']")
    page.check("[data-setting='offline']")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.startsWith('Offline play is ready')", timeout=TIMEOUT
    )
    page.keyboard.press("Escape")
    # the engine then starts once in the background and keeps its snapshot: what every later start restores
    deadline = time.monotonic() + warmup
    while not page.evaluate(SNAPSHOT_KEPT):
        if time.monotonic() > deadline:
            print(f"  no snapshot kept within {warmup:g} s: the engine starts the long way", flush=True)
            return
        page.wait_for_timeout(250)


def one_run(context: Any, page: Any, settle: float) -> tuple[float, float]:
    """(a) and (b) of one run, in seconds; leaves the page online with no offline game kept."""
    context.set_offline(False)
    page.evaluate(f"() => localStorage.removeItem('{GAME}')")
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
    page.wait_for_timeout(settle * 1000)
    context.set_offline(True)
    page.click("[data-stock]")  # the deal cannot reach the server: the dialog offers an offline game
    play = page.locator("dialog[open] button[value='play']")
    play.wait_for(timeout=TIMEOUT)
    play.click()
    page.wait_for_function("() => window.__offline.drawn !== null", timeout=TIMEOUT, polling=100)
    after_play = page.evaluate("() => window.__offline.drawn - window.__offline.clicked") / 1000

    page.reload(wait_until="commit")
    page.wait_for_function("() => window.__offline && window.__offline.drawn !== null", timeout=TIMEOUT, polling=100)
    after_reload = page.evaluate("() => window.__offline.drawn") / 1000  # since the reload's navigation began
    context.set_offline(False)
    return after_play, after_reload


def measure(browser: Any, url: str, name: str, runs: int, settle: float, warmup: float) -> dict[str, list[float]]:
    setup = SETUPS[name]
    context = browser.new_context(base_url=url, reduced_motion="reduce", **setup["context"])
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        install_offline_play(page, warmup)
        # the throttle holds for the page's target through reloads: it slows the page's renderer
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": setup["throttle"]})
        found: dict[str, list[float]] = {"play offline": [], "offline reload": []}
        for run in range(runs):
            after_play, after_reload = one_run(context, page, settle)
            found["play offline"].append(after_play)
            found["offline reload"].append(after_reload)
            print(f"  {name} run {run + 1}: play offline {after_play:.2f} s, offline reload {after_reload:.2f} s",
                  flush=True)
        return found
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--settle", type=float, default=8.0, help="seconds at the table before the connection drops")
    parser.add_argument("--warmup", type=float, default=120.0,
                        help="seconds to wait for the engine's snapshot once offline play is on (0: none)")
    parser.add_argument("--only", choices=sorted(SETUPS))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    names = [args.only] if args.only else ["phone", "desktop"]
    results: dict[str, dict[str, list[float]]] = {}
    with (
        tempfile.TemporaryDirectory() as folder,
        spider_serve(Path(folder) / "bench.sqlite") as (url, _pid),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name in names:
                results[name] = measure(browser, url, name, args.runs, args.settle, args.warmup)
        finally:
            browser.close()
    print(f"offline start, {args.runs} runs each, {args.settle:g} s at the table before the connection drops:")
    for name in names:
        label = "phone (390x844 touch, CPU x4)" if name == "phone" else "desktop (1280x800, CPU x1)"
        for measure_name, seconds in results[name].items():
            verdict = "under" if max(seconds) < 2 else "OVER"
            print(f"  {label:<30} {measure_name:<15} median {statistics.median(seconds):5.2f} s, "
                  f"max {max(seconds):5.2f} s ({verdict} 2 s)")


if __name__ == "__main__":
    main()
