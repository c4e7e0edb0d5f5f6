"""The table in every language on a desktop and a phone: nothing clipped, ranks readable, Hebrew mirrored.

Each case also saves its screenshot to ``$SPIDER_SHOTS`` (default /tmp/spider-shots) as ``{lang}-{device}.png``,
so that a person can look at all of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import act, column, current, drag, expect_table, new_game, open_table, play_until

SHOTS = Path(os.environ.get("SPIDER_SHOTS", "/tmp/spider-shots"))
LANGUAGES = ("en", "he", "nl", "pl", "pt")
LOCALES = {"en": "en-GB", "he": "he-IL", "nl": "nl-NL", "pl": "pl-PL", "pt": "pt-PT"}
DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
    "portrait": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
# A line that leaves column 1 with 5 face-down and 17 face-up cards: 22 cards, the long column phones must show.
CODE = "SP1-S1C-AAAAAAB"
LINE = ["10>4", "3>2", "10>2", "7>2", "4>2", "6>5", "2>10", "10>6", "7>1", "d", "6>1", "d", "4>1", "d", "d", "d",
        "7>4", "3>4", "4>7", "3>1"]
TOUCH = 44  # CSS px, the smallest touch target


@pytest.fixture(scope="module")
def long_column(browser: Browser, server: Server) -> Iterator[Any]:
    """The storage of a player whose game has the 22-card column (the cookie names the player)."""
    setup = open_context(browser, server)
    page = setup.new_page()
    view = new_game(page, 1, code=CODE)
    for action in LINE:
        view = act(page, view, action)
    assert (view["columns"][0]["down"], len(view["columns"][0]["up"])) == (5, 17)
    yield setup.storage_state()
    setup.close()


def open_in(browser: Browser, server: Server, storage: Any, lang: str, device: str) -> Page:
    context = open_context(browser, server, locale=LOCALES[lang], storage_state=storage, **DEVICES[device])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_table(page)
    expect(page.locator("html")).to_have_attribute("lang", lang if lang != "pt" else "pt-PT")
    page.wait_for_timeout(200)  # the resize observer's last measure
    assert errors == []
    return page


RANK_BOXES = """() => [...document.querySelectorAll('#tableau .column')].map((col) => {
  const cards = [...col.children];
  return cards.map((card, i) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    if (card.dataset.card === 'down') return null;
    const rank = card.querySelector('.corner b');
    const range = document.createRange();
    range.selectNodeContents(rank);
    return { card: card.dataset.card, box: box(card), rank: box(range), next: cards[i + 1] ? box(cards[i + 1]) : null };
  }).filter(Boolean);
})"""


def check_ranks(page: Page, width: int, height: int) -> None:
    """Every face-up card's rank glyph lies inside its card and the window, above the next card's edge."""
    for n, cards in enumerate(page.evaluate(RANK_BOXES), start=1):
        for card in cards:
            left, top, right, bottom = card["rank"]
            c_left, c_top, c_right, _ = card["box"]
            where = f"{card['card']} in column {n}: rank {card['rank']}, card {card['box']}"
            assert c_left <= left and right <= c_right and c_top <= top, where
            assert left >= 0 and right <= width and top >= 0 and bottom <= height, where
            if card["next"]:
                assert bottom <= card["next"][1] + 0.5, f"{where}, next card at {card['next'][1]}"


def check_words_fit(page: Page) -> None:
    """No page scroll; no toolbar button or score label cut off."""
    size = page.evaluate("""() => ({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,
        iw: innerWidth, ih: innerHeight})""")
    assert size["w"] <= size["iw"] and size["h"] <= size["ih"], size
    cut = page.evaluate("""() => [...document.querySelectorAll('.toolbar button, .info dt, .info dd, .suits')]
        .filter((e) => e.offsetParent && (e.scrollWidth > e.clientWidth + 0.5
            || (e.matches('button') && e.scrollHeight > e.clientHeight + 0.5)))
        .map((e) => e.outerHTML.slice(0, 120))""")
    assert cut == []
    outside = page.evaluate("""() => [...document.querySelectorAll('.toolbar button')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight;
    }).map((e) => e.dataset.command || e.dataset.suits)""")
    assert outside == []


def check_one_row(page: Page) -> None:
    """The toolbar's buttons stand in one row (a Dutch "Opnieuw beginnen" once pushed the table down a row)."""
    boxes = page.evaluate("""() => [...document.querySelectorAll('.toolbar button')].filter((e) => e.offsetParent)
        .map((e) => { const r = e.getBoundingClientRect(); return [r.top, r.height]; })""")
    tops = [top for top, _ in boxes]
    assert max(tops) - min(tops) < min(height for _, height in boxes) / 2, boxes


def check_touch_targets(page: Page) -> None:
    small = page.evaluate(f"""() => [...document.querySelectorAll('#app button')].filter((e) => e.offsetParent)
        .map((e) => {{ const r = e.getBoundingClientRect();
            return [e.dataset.command || e.dataset.suits || e.className, r.width, r.height]; }})
        .filter(([, w, h]) => w < {TOUCH} - 0.01 || h < {TOUCH} - 0.01)""")
    assert small == []


@pytest.mark.parametrize("device", list(DEVICES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_in_every_language(browser: Browser, server: Server, long_column: Any, lang: str, device: str) -> None:
    page = open_in(browser, server, long_column, lang, device)
    viewport = DEVICES[device]["viewport"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-{device}.png"))
    expect(column(page, 1).locator(".card")).to_have_count(22)
    check_words_fit(page)
    check_ranks(page, viewport["width"], viewport["height"])
    if device == "desktop":
        check_one_row(page)
    else:
        check_touch_targets(page)
    page.context.close()


def test_hebrew_mirrors_the_table(browser: Browser, server: Server, long_column: Any) -> None:
    page = open_in(browser, server, long_column, "he", "desktop")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    lefts = [column(page, n).evaluate("e => e.getBoundingClientRect().left") for n in range(1, 11)]
    assert lefts == sorted(lefts, reverse=True)  # column 1 on the right, as the table in words counts
    # the toolbar starts on the right: New game first, Rules last
    first = page.locator('[data-command="new"]').bounding_box()
    last = page.locator('[data-command="rules"]').bounding_box()
    assert first and last and first["x"] > last["x"]
    assert first["x"] + first["width"] > 1280 * 0.8
    # the stock sits on the left, the run slots on the right
    stock = page.locator("[data-stock]").bounding_box()
    runs = page.locator(".runs").bounding_box()
    assert stock and runs and stock["x"] < runs["x"]
    # cards are printed as they are everywhere: the rank in the top left corner, the suit after it
    card = column(page, 1).locator(".card").last
    corner = card.locator(".corner").first
    box, rank, suit = card.bounding_box(), corner.locator("b").bounding_box(), corner.locator("i").bounding_box()
    assert box and rank and suit and rank["x"] < suit["x"] and rank["x"] - box["x"] < box["width"] / 3
    # ArrowLeft goes on to the next column, the one on the left
    page.locator("#tableau").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".column.cursor")).to_have_attribute("data-column", "1")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".column.cursor")).to_have_attribute("data-column", "2")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".column.cursor")).to_have_attribute("data-column", "10")
    page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_settings_on_a_phone(browser: Browser, server: Server, long_column: Any, lang: str) -> None:
    page = open_in(browser, server, long_column, lang, "portrait")
    page.locator('[data-command="settings"]').click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / f"{lang}-settings.png"))
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    cut = dialog.evaluate("""d => [...d.querySelectorAll('button, label, select, h2, h3, p')]
        .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 0.5).map((e) => e.outerHTML.slice(0, 120))""")
    assert cut == []
    small = dialog.evaluate(f"""d => [...d.querySelectorAll('button, select, label')].filter((e) => e.offsetParent)
        .map((e) => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
        .filter(([, h]) => h < {TOUCH} - 0.01)""")
    assert small == []
    heading = dialog.locator("h2").first.evaluate(
        "h => { const r = document.createRange(); r.selectNodeContents(h); const t = r.getBoundingClientRect();"
        " const b = h.getBoundingClientRect(); return [t.left - b.left, b.right - t.right]; }")
    start, end = heading if lang != "he" else heading[::-1]
    assert start < end  # the heading starts where the language starts its lines
    page.context.close()


def test_hebrew_drag_and_drop(browser: Browser, server: Server) -> None:
    """Mirrored, a group dragged onto a column lands in the column under the pointer, as the server numbers it."""
    context = open_context(browser, server, locale="he-IL", reduced_motion="no-preference")
    page = context.new_page()
    view = play_until(page, new_game(page, 1), lambda v: any(g["targets"] for g in v["groups"]))
    group = next(g for g in view["groups"] if g["targets"])
    target = group["targets"][0]
    open_table(page)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    drag(page, group["column"], group["count"], target)
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))  # the page's move has been answered
    after = current(page)
    assert after["moves"] == view["moves"] + 1
    moved = view["columns"][group["column"] - 1]["up"][-group["count"]:]
    assert after["columns"][target - 1]["up"][-group["count"]:] == moved
    expect_table(page, after)
    context.close()
