"""Card sizes in a duel against a solo game, on a phone upright and on its side and on a desktop.

Starts a real ``spider serve`` over a fresh database; for each window and language, one browser opens a
table for a person (over the API), a second opens the page (a solo game: its card size), joins the table
and reloads (the page takes the duel up: the duel's card size), and the duel bar's box is printed too.
A duel's cards should be as large as a solo game's, within a few px.

    .venv/bin/python bench/duel_cards.py [--langs en,he,pl,nl,pt]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from web import CHROMIUM, CHROMIUM_ARGS, spider_serve

WINDOWS = {"phone upright": (390, 844, True), "phone on its side": (844, 390, True), "desktop": (1280, 800, False)}
TABLE = {"suits": 2, "minutes": 5, "opponent": {"kind": "person"}}
BOX = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return [r.x, r.y, r.width, r.height].map(Math.round);
}"""


def measure(url: str, langs: list[str]) -> list[tuple[str, str, Any, Any, Any]]:
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for lang in langs:
                for window, (width, height, touch) in WINDOWS.items():
                    creator = browser.new_context(base_url=url, locale=lang)
                    other = creator.new_page()
                    other.goto("/api/me")
                    table = other.request.post("/api/duels", data=TABLE).json()
                    context = browser.new_context(
                        base_url=url, locale=lang, viewport={"width": width, "height": height},
                        has_touch=touch, is_mobile=touch, reduced_motion="reduce",
                    )
                    page = context.new_page()
                    page.goto("/")
                    page.wait_for_selector('html[data-ready="true"]')
                    page.wait_for_timeout(300)
                    solo = page.evaluate(BOX, ".tableau .card")[2:]
                    page.request.post(f"/api/duels/{table['id']}/join")
                    page.reload()
                    page.wait_for_selector("#duel-bar:not([hidden]) [data-duel-clock]")
                    page.wait_for_timeout(500)
                    duel = page.evaluate(BOX, ".tableau .card")[2:]
                    rows.append((lang, window, solo, duel, page.evaluate(BOX, "#duel-bar")))
                    context.close()
                    creator.close()
        finally:
            browser.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--langs", default="en,he,pl,nl,pt")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, spider_serve(Path(folder) / "spider.sqlite") as (url, _):
        rows = measure(url, args.langs.split(","))
    print(f"{'lang':5} {'window':18} {'solo card':>10} {'duel card':>10}   duel bar (x, y, width, height)")
    for lang, window, solo, duel, bar in rows:
        print(f"{lang:5} {window:18} {solo[0]:>4}x{solo[1]:<5} {duel[0]:>4}x{duel[1]:<5}   {bar}")


if __name__ == "__main__":
    main()
