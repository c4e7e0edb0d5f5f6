"""Takes the duel screenshots in docs/screenshots/ on a phone (390x844): the lobby with an open table,
and a duel in play against a computer player. ``python -m tests.browser.duel_screenshots``."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server, open_context
from tests.browser.pngsmall import shrink
from tests.browser.table import open_table

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder))
        server.start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            other = open_context(browser, server).new_page()
            other.goto("/api/me")
            other.request.put("/api/me", data={"name": "Grace"})
            other.request.post("/api/duels", data={"suits": 2, "minutes": 5, "opponent": {"kind": "person"}})
            phone = open_context(browser, server, **PHONE).new_page()
            open_table(phone)
            phone.request.put("/api/me", data={"name": "Ada"})
            phone.get_by_role("button", name="Duels").click()
            phone.get_by_role("heading", name="Duels").wait_for()
            phone.wait_for_timeout(300)
            phone.screenshot(path=str(OUT / "duel-lobby-phone.png"))
            lobby = phone.get_by_role("dialog", name="Duels")
            lobby.get_by_label("Opponent").select_option("casual")
            lobby.get_by_role("button", name="Make the table").click()
            phone.locator("#duel-bar").wait_for()
            for _ in range(6):  # a few actions of the player's own, by the page
                phone.locator("[data-stock]").click()
                phone.wait_for_timeout(400)
            phone.wait_for_timeout(1500)
            phone.screenshot(path=str(OUT / "duel-phone.png"))
        finally:
            browser.close()
            server.kill()
    for name in ("duel-lobby-phone.png", "duel-phone.png"):
        shrink(OUT / name)
        print(OUT / name, (OUT / name).stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
