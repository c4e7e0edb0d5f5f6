"""The looks chosen in Settings: card backs, table colours, the large-print deck and the court cards' pictures.

Each choice changes what is drawn, is remembered across a reload and is on the page before its first paint;
large print makes the corners larger and still leaves every rank readable in a long column.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.access import summary, violations
from tests.browser.harness import Server, open_context
from tests.browser.table import act, new_game, open_table
from tests.browser.test_layout import CODE, DEVICES, LINE, check_ranks

BACKS = ("blue", "red", "green", "black")
FELTS = ("green", "blue", "red", "grey")

FIRST_DOWN_CARD = "() => getComputedStyle(document.querySelector('.card.down')).backgroundImage"
STOCK_CARD = "() => getComputedStyle(document.querySelector('.stock-cards i')).backgroundImage"
TABLE = "() => getComputedStyle(document.body).backgroundImage"
CORNER = """() => { const b = document.querySelector('#tableau .card:not(.down) .corner b');
  return parseFloat(getComputedStyle(b).fontSize); }"""

SETTLED = """() => { const last = document.querySelector('[data-column="10"]');
  return last && last.getBoundingClientRect().right <= innerWidth; }"""


def open_settings(page: Page) -> Any:
    page.get_by_role("button", name="Settings").click()
    return page.locator("dialog[open]")


def test_each_back_and_table_colour_changes_what_is_drawn(page: Page) -> None:
    open_table(page)
    dialog = open_settings(page)
    backs, stocks = {}, {}
    for back in BACKS:
        dialog.get_by_label("Card back").select_option(back)
        backs[back] = page.evaluate(FIRST_DOWN_CARD)
        stocks[back] = page.evaluate(STOCK_CARD)
    assert len(set(backs.values())) == len(BACKS), backs
    assert stocks == backs  # the stock shows the same back as the table's face-down cards
    tables, bars = {}, {}
    for felt in FELTS:
        dialog.get_by_label("Table", exact=True).select_option(felt)
        tables[felt] = page.evaluate(TABLE)
        bars[felt] = page.locator('meta[name="theme-color"]').get_attribute("content")
    assert len(set(tables.values())) == len(FELTS), tables
    assert len(set(bars.values())) == len(FELTS), bars  # the phone's browser bar follows the table


def test_looks_are_remembered_and_on_the_page_before_it_is_drawn(page: Page) -> None:
    open_table(page)
    dialog = open_settings(page)
    dialog.get_by_label("Card back").select_option("black")
    dialog.get_by_label("Table", exact=True).select_option("red")
    dialog.get_by_label("Cards", exact=True).select_option("large")
    drawn = {"back": page.evaluate(FIRST_DOWN_CARD), "table": page.evaluate(TABLE)}
    # what <html> says when the parser first meets <body>: nothing can have been painted before
    page.add_init_script("""new MutationObserver((changes, observer) => {
      if (!document.body) return;
      observer.disconnect();
      window.__atBody = { ...document.documentElement.dataset };
    }).observe(document, { childList: true, subtree: true });""")
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    assert page.evaluate("window.__atBody") == {"back": "black", "felt": "red", "deck": "large"}
    assert {"back": page.evaluate(FIRST_DOWN_CARD), "table": page.evaluate(TABLE)} == drawn
    dialog = open_settings(page)
    expect(dialog.get_by_label("Card back")).to_have_value("black")
    expect(dialog.get_by_label("Table", exact=True)).to_have_value("red")
    expect(dialog.get_by_label("Cards", exact=True)).to_have_value("large")


def test_court_cards_are_pictures_in_their_suit_colour_not_letters(page: Page) -> None:
    fetched: list[int] = []
    page.on("response", lambda response: fetched.append(response.status) if "courts.svg" in response.url else None)
    for _ in range(20):  # a deal with a jack, queen or king face up (most deals have one)
        view = new_game(page, 4)
        courts = [c for col in view["columns"] for c in col["up"] if c[0] in "JQK"]
        if courts:
            break
    assert courts, "twenty deals without a court card face up"
    open_table(page)
    card = page.locator(f'#tableau .card[data-card="{courts[0]}"]').first
    face = card.locator(".pip.face")
    expect(face.locator("svg.court use")).to_have_attribute("href", f"/static/cards/courts.svg#{courts[0][0].lower()}")
    assert face.inner_text().strip() == ""  # no letter in a box
    # the picture is drawn: the sprite came, and the figure fills most of its frame
    page.wait_for_function(f"""() => {{
      const use = document.querySelector('#tableau .card[data-card="{courts[0]}"] .court use');
      return use && use.getBBox().height > 0;
    }}""")
    size = face.evaluate("""(f) => { const frame = f.getBoundingClientRect();
      const figure = f.querySelector('use').getBoundingClientRect();
      return { frame: frame.height, figure: figure.height }; }""")
    assert size["figure"] >= size["frame"] * 0.8, size
    assert fetched == [200]  # one file for every court card on the table
    colours = {s: page.evaluate(f"""() => {{ const c = document.querySelector('#tableau .card.{s} .court');
      return c ? getComputedStyle(c).color : null; }}""") for s in "shdc"}
    suit_colours = {s: page.evaluate(f"""() => {{ const c = document.querySelector('#tableau .card.{s}');
      return c ? getComputedStyle(c).color : null; }}""") for s in "shdc"}
    assert all(colours[s] == suit_colours[s] for s in "shdc" if colours[s]), (colours, suit_colours)


def test_large_print_makes_the_corners_larger_and_every_rank_stays_readable(browser: Browser, server: Server) -> None:
    setup = open_context(browser, server)
    page = setup.new_page()
    view = new_game(page, 1, code=CODE)
    for action in LINE:  # column 1: 5 face-down and 17 face-up cards, where the corners must give way a little
        view = act(page, view, action)
    long_column = setup.storage_state()
    setup.close()
    # a new player (no storage) gets a deal as it comes: short columns
    for table, storage, larger in (("fresh deal", None, 1.3), ("long column", long_column, 1.15)):
        for device in ("desktop", "portrait"):
            sizes = {}
            for deck in ("standard", "large"):
                context = open_context(browser, server, storage_state=storage, **DEVICES[device])
                chosen = json.dumps({"deck": deck})
                context.add_init_script(f"localStorage.setItem('spider.settings', JSON.stringify({chosen}))")
                page = context.new_page()
                open_table(page)
                # the resize observer's last measure (slow on a loaded machine): the table within the window
                page.wait_for_function(SETTLED)
                page.wait_for_timeout(200)
                sizes[deck] = page.evaluate(CORNER)
                viewport = DEVICES[device]["viewport"]
                check_ranks(page, viewport["width"], viewport["height"])
                context.close()
            assert sizes["large"] >= sizes["standard"] * larger, (table, device, sizes)


def test_axe_finds_no_violation_on_each_table_colour(page: Page) -> None:
    open_table(page)
    found = {}
    for felt, back in zip(FELTS, BACKS, strict=True):
        page.evaluate(f"() => window.spiderLooks({json.dumps({'felt': felt, 'back': back, 'deck': 'large'})})")
        found[felt] = summary(violations(page))
    assert {felt: lines for felt, lines in found.items() if lines} == {}
