"""Win cascade benchmark: how long the cascade lasts and how smoothly it draws, on a desktop and a phone screen.

Starts a real ``spider serve`` on a free loopback port over a fresh database, wins a 1-suit deal through the
API up to its last move, plays that move in headless Chromium (without reduced motion), and prints, per
screen, over a few runs: the cascade's length (from the canvas appearing to the win dialog), the frames
drawn, and the median and 95th-percentile time between frames. Target: at most 3.5 s, frames mostly within
one 60 Hz refresh (a shared 2-core machine under load will show longer ones).

    .venv/bin/python bench/cascade.py [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from tests.browser.table import act, new_game, open_table, play_with_keyboard, solve  # noqa: E402

CODE = "SP1-S1C-AAAAAAD"
SCREENS = {"desktop 1280x800": {"width": 1280, "height": 800}, "phone 390x844": {"width": 390, "height": 844}}

# counts the frames while the cascade's canvas is on the page, and when it came and went
WATCH = """
window.__cascade = { frames: [], start: 0, end: 0 };
const tick = (now) => {
  const on = document.documentElement.dataset.cascade === 'running';
  const c = window.__cascade;
  if (on) { if (!c.start) c.start = now; c.frames.push(now); }
  else if (c.start && !c.end) c.end = now;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    line = solve(CODE)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, viewport in SCREENS.items():
                    lengths: list[float] = []
                    gaps: list[float] = []
                    frames: list[int] = []
                    for _ in range(runs):
                        context = browser.new_context(base_url=server.url, viewport=viewport,  # type: ignore[arg-type]
                                                      reduced_motion="no-preference")
                        page = context.new_page()
                        view = new_game(page, 1, code=CODE)
                        for action in line[:-1]:
                            view = act(page, view, action)
                        open_table(page)
                        page.evaluate(WATCH)
                        page.locator("#tableau").focus()
                        play_with_keyboard(page, view, line[-1])
                        page.wait_for_selector("dialog[open]", timeout=15_000)
                        page.wait_for_timeout(100)
                        watched = page.evaluate("() => window.__cascade")
                        stamps = watched["frames"]
                        lengths.append((watched["end"] - watched["start"]) / 1000)
                        frames.append(len(stamps))
                        gaps.extend(b - a for a, b in zip(stamps, stamps[1:], strict=False))
                        context.close()
                    gaps.sort()
                    p95 = gaps[int(len(gaps) * 0.95)] if gaps else 0.0
                    print(f"{name}: cascade {statistics.median(lengths):.2f} s (longest {max(lengths):.2f} s), "
                          f"{statistics.median(frames)} frames, between frames median "
                          f"{statistics.median(gaps) if gaps else 0:.1f} ms, p95 {p95:.1f} ms")
                browser.close()
        finally:
            server.kill()


if __name__ == "__main__":
    main()
