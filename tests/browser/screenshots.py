"""Takes the screenshots in docs/screenshots/: ``python -m tests.browser.screenshots`` (starts its own server).

A 2-suit game part-way through a winning line, so that runs are removed and columns are long, shown at
desktop (1280x800) and phone (390x844) sizes, plus the win dialog.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server, open_context
from tests.browser.pngsmall import shrink
from tests.browser.table import act, new_game, open_table, play_with_mouse, solve

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
CODE = "SP1-S2C-AAAAAAD"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        server = Server(Path(folder))
        server.start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            line = solve(CODE)
            setup = open_context(browser, server)
            page = setup.new_page()
            view = new_game(page, 2, code=CODE)
            stop = next(i for i in range(len(line) * 2 // 3, len(line)) if line[i] != "d")
            for action in line[:stop]:
                view = act(page, view, action)
            state = setup.storage_state()
            for name, viewport, touch in (("desktop", (1280, 800), False), ("phone", (390, 844), True)):
                context = open_context(browser, server, viewport={"width": viewport[0], "height": viewport[1]},
                                       has_touch=touch, storage_state=state)
                shot = context.new_page()
                open_table(shot)
                shot.wait_for_timeout(300)
                shot.screenshot(path=str(OUT / f"{name}.png"))
                context.close()
            for action in line[stop:-1]:
                view = act(page, view, action)
            context = open_context(browser, server, storage_state=setup.storage_state())
            shot = context.new_page()
            open_table(shot)
            play_with_mouse(shot, view, line[-1])
            shot.wait_for_selector("dialog[open]")
            shot.wait_for_timeout(300)
            shot.screenshot(path=str(OUT / "win.png"))
            context.close()
            setup.close()
        finally:
            browser.close()
            server.kill()
    for path in sorted(OUT.glob("*.png")):
        shrink(path)
        print(path, path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
