"""Screenshots of the review of a game, for a person to look at, in English and Hebrew on a desktop (1280x800) and a
phone (390x844): ``python -m tests.browser.review_screens OUTDIR`` (starts its own server, or uses the one at
``SPIDER_BROWSER_SERVER``, as the browser tests do).

A 2-suit game of two dozen actions, the casual computer player's (so that some cost something), is given up, then
reviewed by the server as a player's Review button asks; each screen is opened by a fresh browser context holding
the same player's cookies, its language chosen as a player chooses it:

- ``review-LANG-DEVICE.png``: the review, its costliest moves in cards;
- ``review-moves-LANG-DEVICE.png``: the same with Every move open;
- ``review-table-LANG-DEVICE.png``: the replay viewer at the costliest move (or the first move, if none cost
  anything), master's move marked.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

from spider.codes import GameCode
from spider.game import Game
from spider.players import Player
from spider.rules import TableRules
from tests.browser.access import in_language
from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server, open_context
from tests.browser.table import act, new_game

DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
TITLES = {"en": "Review of the game", "he": "סקירת המשחק"}
CODE = GameCode(2, 4242, TableRules.preset("classic"))


def reviewed(page: Page, game_id: str, lang: str) -> Any:
    in_language(page, lang)
    page.evaluate("async (id) => (await import('/static/js/review.js')).reviewGame(id)", game_id)
    dialog = page.get_by_role("dialog", name=TITLES[lang])
    expect(dialog.locator(".review-accuracy")).to_be_visible(timeout=300_000)
    return dialog


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "review-screens")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder))
        external = os.environ.get("SPIDER_BROWSER_SERVER")
        if external:
            server.url = external.rstrip("/")
        else:
            server.start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            setup = open_context(browser, server)
            page = setup.new_page()
            view = new_game(page, 2, code=str(CODE))
            game, player = Game.from_code(CODE), Player("casual", seed=1)
            for _ in range(24):
                action = player.next_action(game.public_position())
                if action is None:
                    break
                game.apply_text(action)
                view = act(page, view, action)
            assert page.request.post(f"/api/games/{view['id']}/resign").ok
            reviewed(page, view["id"], "en")  # made once: every screen after shows the same review
            state = setup.storage_state()
            setup.close()
            for lang in TITLES:
                for device, options in DEVICES.items():
                    context = open_context(browser, server, storage_state=state, **options)
                    page = context.new_page()
                    dialog = reviewed(page, view["id"], lang)
                    page.screenshot(path=out / f"review-{lang}-{device}.png")
                    dialog.locator("details summary").click()
                    dialog.locator(".review-table tbody tr").nth(3).scroll_into_view_if_needed()
                    page.screenshot(path=out / f"review-moves-{lang}-{device}.png")
                    costly = dialog.locator(".review-costliest [data-show]")
                    (costly.first if costly.count() else dialog.locator(".review-table [data-show]").first).click()
                    expect(page.locator("dialog.viewer[open] .viewer-mark")).to_be_visible()
                    page.screenshot(path=out / f"review-table-{lang}-{device}.png")
                    context.close()
        finally:
            browser.close()
            server.kill()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
