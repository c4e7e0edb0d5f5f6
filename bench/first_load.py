"""First load: the bytes a new player's browser receives to draw the table, and which files they are.

Starts a real ``spider serve`` on a free loopback port over a fresh database, opens the page in headless
Chromium (a fresh profile: nothing cached, no service worker yet), waits until column 10 is drawn and the
network is quiet, and prints each response (bytes on the wire: body as sent, gzip where the server
compresses, plus headers) and the total. Target: under 100 KB (102,400 bytes).

The service worker installs after that first load and keeps the whole page for offline play in the
background; those requests are not the page's, and are printed apart as the worker's list, fetched as
the worker fetches it (gzip), for information.

    .venv/bin/python bench/first_load.py [--width 1280 --height 800] [--looks back=red,felt=blue,deck=large]

``--looks`` loads the page once with the settings chosen (as a returning player's localStorage holds them)
and measures the second, fresh-profile load with them: what the chosen looks add.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from web import CHROMIUM, CHROMIUM_ARGS, spider_serve

BUDGET = 100 * 1024


def first_load(url: str, width: int, height: int, looks: dict[str, str]) -> list[tuple[str, int]]:
    """(path, bytes) of every response the page received until it was drawn and the network was quiet."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
            if looks:
                saved = json.dumps(looks)
                context.add_init_script(f"localStorage.setItem('spider.settings', JSON.stringify({saved}));")
            page = context.new_page()
            responses: list[Any] = []

            def keep(response: Any) -> None:
                responses.append(response)

            page.on("response", keep)
            page.goto(url + "/", wait_until="commit")
            page.wait_for_selector('[data-column="10"] .card', timeout=20_000)
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(1000)  # anything fetched lazily after the first paint
            found = []
            for response in responses:
                sizes = response.request.sizes()
                found.append((response.url.removeprefix(url), sizes["responseBodySize"] + sizes["responseHeadersSize"]))
            context.close()
        finally:
            browser.close()
    return found


def worker_list(url: str) -> list[tuple[str, int]]:
    """(path, gzip bytes) of the files the service worker keeps for offline play (its shell)."""
    script = urllib.request.urlopen(url + "/sw.js", timeout=10).read().decode("utf-8")
    kept = json.loads(re.match(r"self\.SPIDER = (.*);\n", script).group(1))  # type: ignore[union-attr]
    sizes = []
    for path in kept["shell"]:
        request = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as response:
            sizes.append((path, len(response.read())))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--looks", default="", help="settings as key=value,... e.g. back=red,felt=blue,deck=large")
    args = parser.parse_args()
    looks = dict(item.split("=", 1) for item in args.looks.split(",") if item)
    with tempfile.TemporaryDirectory() as folder, spider_serve(Path(folder) / "bench.sqlite") as (url, _pid):
        found = first_load(url, args.width, args.height, looks)
        shell = worker_list(url)
    total = sum(size for _, size in found)
    print(f"first load at {args.width}x{args.height}{' with ' + args.looks if looks else ''}: {len(found)} responses")
    for path, size in sorted(found, key=lambda item: -item[1]):
        print(f"  {size:>8,}  {path}")
    verdict = "under" if total < BUDGET else "OVER"
    print(f"total: {total:,} bytes ({total / 1024:.1f} KB), {verdict} the {BUDGET // 1024} KB budget")
    kept = sum(size for _, size in shell) / 1024
    print(f"then, in the background, the service worker keeps {len(shell)} files, {kept:.1f} KB gzip")


if __name__ == "__main__":
    main()
