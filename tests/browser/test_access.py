"""Screen readers (SPEC 3.8): the table as lists of named cards, each result said once, the table read
in words on a key, the hint's move in words, and axe-core finding nothing in any language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.access import LANGUAGES, check_language, summary
from tests.browser.table import column, current, cursor_to, new_game, open_table

CODE = "SP1-S4C-SPIDERS"  # column 1: five face-down cards under the king of diamonds

# Every text a live region speaks, in order, from the moment this runs.
RECORD_SPEECH = """() => {
  window.spoken = [];
  const live = document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]');
  for (const region of live) {
    new MutationObserver(() => { if (region.textContent) window.spoken.push(region.textContent); })
      .observe(region, { childList: true, characterData: true, subtree: true });
  }
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_violation_on_the_table_its_dialogs_and_the_rules_page(page: Page, lang: str) -> None:
    found = {name: summary(violations) for name, violations in check_language(page, lang)}
    assert {name: lines for name, lines in found.items() if lines} == {}
    assert len(found) == 13  # the table, eleven dialogs and the rules page were all checked


def test_columns_are_lists_of_cards_named_in_words_with_face_down_cards_counted(page: Page) -> None:
    new_game(page, 4, code=CODE)
    open_table(page)
    expect(column(page, 1)).to_match_aria_snapshot(
        '- list "Column 1, 5 face-down cards, 1 face-up card":\n'
        "  - listitem: 5 face-down cards\n"
        "  - listitem: king of diamonds"
    )
    expect(page.get_by_role("list", name="Completed runs").get_by_role("listitem")).to_have_count(8)
    expect(page.get_by_role("button", name="Stock: deal (5 deals left)")).to_be_visible()


def test_a_move_is_said_once_and_w_reads_the_whole_table(page: Page) -> None:
    view = new_game(page, 4, code=CODE)
    open_table(page)
    live = page.locator('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')
    expect(live).to_have_count(1)  # one voice: what the status line shows is said through it too
    group = next(g for g in view["groups"] if g["best"])
    page.locator("#tableau").focus()
    cursor_to(page, group["column"])
    page.keyboard.press("Enter")  # picked up: the cursor goes to their best column
    expect(column(page, group["column"]).locator(".card.held")).not_to_have_count(0)
    expect(page.locator("#announce")).to_contain_text("Picked up")  # said a moment later: not the move's
    page.evaluate(RECORD_SPEECH)
    page.keyboard.press("Enter")
    expect(page.locator("[data-moves]")).to_have_text("1")
    page.wait_for_timeout(300)
    spoken = page.evaluate("() => window.spoken")
    assert len(spoken) == 1 and f"to column {group['best']}" in spoken[0]

    page.keyboard.press("w")
    expect(page.locator("#announce")).to_have_text(current(page)["text"])
    assert current(page)["text"].startswith("Stock: 50 cards, 5 deals left")


def test_the_hint_names_its_move_in_words_once(page: Page) -> None:
    view = new_game(page, 4, code=CODE)
    open_table(page)
    page.evaluate(RECORD_SPEECH)
    page.keyboard.press("h")
    expect(page.locator("#status")).to_contain_text("Move the ")
    page.wait_for_timeout(300)
    shown = page.locator("#status").text_content()
    hinted = page.locator(".card.hinted").first.get_attribute("data-card")
    assert hinted is not None and shown is not None
    names = {"K": "king", "Q": "queen", "J": "jack", "T": "10", "A": "ace"}
    assert f"the {names.get(hinted[0], hinted[0])} " in shown and " column " in shown
    assert page.evaluate("() => window.spoken") == [shown]  # "Thinking…" is shown, not said
    assert view["moves"] == current(page)["moves"]  # a hint plays nothing
