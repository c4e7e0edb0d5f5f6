"""Pressing Hint again on the same position shows the next move, then the next, and wraps."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.table import column, new_game, open_table


def highlighted(page: Page) -> tuple[int, int, int | None]:
    """The hinted cards' column, how many are lit, and the column marked as the target."""
    lit = page.locator(".card.hinted")
    source = int(page.locator("[data-column]:has(.card.hinted)").get_attribute("data-column") or 0)
    targets = page.locator("[data-column].hint-target")
    target = int(targets.get_attribute("data-column") or 0) if targets.count() else None
    return source, lit.count(), target


# A 1-suit deal whose first position has three worthwhile moves, so that four presses wrap (a random deal
# may have one move or none).
THREE_MOVES = "SP1-S1C-AAAAAAU"


def test_four_presses_show_different_moves_then_wrap(page: Page) -> None:
    view = new_game(page, 1, code=THREE_MOVES)
    hints: list[dict[str, Any]] = [page.request.get(f"/api/games/{view['id']}/hint").json()]
    total = hints[0]["total"]
    assert total == 3
    hints += [page.request.get(f"/api/games/{view['id']}/hint?index={n}").json() for n in range(1, total)]
    open_table(page)
    seen = []
    for press in range(4):
        expected = hints[press % total]
        page.keyboard.press("h")
        expect(page.locator("#status")).to_have_text(f"Hint {press % total + 1} of {total}: {expected['text']}")
        expect(page.locator(".card.hinted")).to_have_count(expected["count"])
        expect(column(page, expected["target"])).to_have_class(re.compile(r"\bhint-target\b"))
        seen.append((expected["column"], expected["count"], expected["target"]))
        assert highlighted(page) == seen[-1]
    assert len(set(seen)) == min(4, total)
    if total < 4:
        assert seen[total] == seen[0]  # wrapped
