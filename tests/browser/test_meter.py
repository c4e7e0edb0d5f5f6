"""The win-chance meter: off by default; turned on in Settings (and remembered), it shows beside the score the
chance of winning from here, asked again after each action, with a sentence for screen readers; on a phone too."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, Response, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import current, new_game, open_table

PERCENT = re.compile(r"^\d{1,3}%$")
SPOKEN = re.compile(r"^Your chance of winning from here: \d{1,3}%, from the cards you can see$")


def asks_for_chance(response: Response) -> bool:
    return response.url.endswith("/chance") and response.request.method == "GET"


def test_the_meter_is_off_until_turned_on_then_follows_each_action(page: Page) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if request.url.endswith("/chance") else None)
    new_game(page, 2)
    open_table(page)
    expect(page.locator(".info dt", has_text="Score")).to_be_visible()
    assert page.locator("[data-chance]").count() == 0 and asked == []  # off by default: nothing asked

    page.locator('[data-command="settings"]').click()
    with page.expect_response(asks_for_chance, timeout=20_000) as first:
        page.get_by_label("Win-chance meter: your chance of winning from here, shown beside the score").check()
    assert first.value.json()["version"] == current(page)["version"]
    page.keyboard.press("Escape")
    meter = page.locator(".info .meter")
    expect(meter).to_be_visible()
    expect(meter.locator("dt")).to_have_text("Win chance")
    shown = meter.locator("[data-chance] [aria-hidden]")
    expect(shown).to_have_text(PERCENT)
    expect(meter.locator(".visually-hidden")).to_have_text(SPOKEN)
    assert shown.inner_text() == f"{round(first.value.json()['chance'] * 100)}%"

    # an action: the meter asks about the new table, and shows its answer
    with page.expect_response(asks_for_chance, timeout=20_000) as after:
        page.locator("[data-stock]").click()
    dealt = current(page)
    assert after.value.json()["version"] == dealt["version"]
    expect(shown).to_have_text(f"{round(after.value.json()['chance'] * 100)}%")
    expect(meter).not_to_have_class(re.compile("waiting"))

    # remembered: after a reload it is there at once
    open_table(page)
    expect(page.locator(".info .meter")).to_be_visible()
    expect(page.locator(".info .meter [data-chance] [aria-hidden]")).to_have_text(PERCENT)


def test_on_a_phone_the_meter_sits_beside_the_score_on_screen(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_init_script("localStorage.setItem('spider.settings', JSON.stringify({meter: true}))")
    page = context.new_page()
    try:
        new_game(page, 4)
        open_table(page)
        meter = page.locator(".info .meter")
        expect(meter.locator("[data-chance] [aria-hidden]")).to_have_text(PERCENT, timeout=20_000)
        box, score = meter.bounding_box(), page.locator("[data-score]").bounding_box()
        assert box is not None and score is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert abs(box["y"] - score["y"]) < 60  # in the same row of facts as the score
    finally:
        context.close()
