"""The duel lobby and the duel on a phone on its side, with two players' browsers: the duel bar goes
beside the table, so duel cards are as large as solo ones and nothing of the bar is cut or covers a
column; a player's own open table is theirs in the lobby after a reload, and taking it away takes it out
of the other player's lobby at once."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from spider.players.strengths import RATINGS, STRENGTHS
from tests.browser.harness import Server, open_context
from tests.browser.table import open_table

LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True}
MARGIN = 3  # px a duel card may be narrower than a solo one

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const bar = document.getElementById('duel-bar');
  return {
    card: box(document.querySelector('.tableau .card')),
    cards: [...document.querySelectorAll('.tableau .card')].map(box),
    bar: box(bar), scroll: bar.scrollHeight, client: bar.clientHeight,
    controls: [...bar.querySelectorAll('button')].filter((el) => el.checkVisibility()).map(box),  // shown now
    tools: [...document.querySelectorAll('.toolbar .tool')].filter((el) => el.offsetParent).map(box),
    width: innerWidth, height: innerHeight,
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5 and (
        a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5
    )


def inside(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] >= b["x"] - 0.5 and a["y"] >= b["y"] - 0.5 and (
        a["x"] + a["w"] <= b["x"] + b["w"] + 0.5 and a["y"] + a["h"] <= b["y"] + b["h"] + 0.5
    )


def assert_bar_whole_and_apart(page: Page) -> dict[str, Any]:
    boxes: dict[str, Any] = page.evaluate(BOXES)
    screen = {"x": 0, "y": 0, "w": boxes["width"], "h": boxes["height"]}
    assert inside(boxes["bar"], screen), boxes["bar"]
    assert boxes["scroll"] <= boxes["client"] + 1, "the duel bar's content is cut"
    assert boxes["controls"] and all(inside(control, boxes["bar"]) for control in boxes["controls"])
    assert not [card for card in boxes["cards"] if overlap(card, boxes["bar"])], "the bar covers a column"
    assert not [tool for tool in boxes["tools"] if overlap(tool, boxes["bar"])], "the bar covers a button"
    return boxes


@pytest.mark.parametrize("locale", ["en-GB", "pt-PT"])
def test_on_a_phone_on_its_side_duel_cards_are_as_large_as_solo_ones(
    browser: Browser, server: Server, locale: str
) -> None:
    creator = open_context(browser, server, locale=locale)
    phone = open_context(browser, server, locale=locale, **LANDSCAPE)
    try:
        other = creator.new_page()
        other.goto("/api/me")
        table = other.request.post("/api/duels", data={"suits": 2, "minutes": 5, "opponent": {"kind": "person"}})
        page = phone.new_page()
        open_table(page)
        page.wait_for_timeout(300)
        solo = page.evaluate(BOXES)["card"]
        assert page.request.post(f"/api/duels/{table.json()['id']}/join").ok
        page.reload()  # the page takes the duel up
        expect(page.locator("#duel-bar")).to_be_visible()
        expect(page.locator("#duel-bar [data-duel-clock]")).to_be_visible()
        page.wait_for_timeout(300)
        playing = assert_bar_whole_and_apart(page)
        assert playing["card"]["w"] >= solo["w"] - MARGIN, (playing["card"], solo)
        assert playing["card"]["h"] >= solo["h"] - MARGIN * 1.4, (playing["card"], solo)
        duel_id = table.json()["id"]
        # both finish: the bar holds the result's buttons too, still whole and apart from the columns
        assert page.request.post(f"/api/duels/{duel_id}/finish").ok
        assert other.request.post(f"/api/duels/{duel_id}/finish").ok
        expect(page.locator(".duel-result")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator('#duel-bar [data-duel="rematch"]')).to_be_visible()
        page.wait_for_timeout(300)
        over = assert_bar_whole_and_apart(page)
        assert over["card"]["w"] >= solo["w"] - MARGIN
    finally:
        creator.close()
        phone.close()


def test_a_players_own_table_is_theirs_after_a_reload_and_withdrawn_from_every_lobby(
    browser: Browser, server: Server
) -> None:
    creator_context, other_context = open_context(browser, server), open_context(browser, server)
    errors: list[str] = []
    try:
        creator, other = creator_context.new_page(), other_context.new_page()
        for page in (creator, other):
            page.on("pageerror", lambda error: errors.append(str(error)))
            open_table(page)
        name = creator.request.get("/api/me").json()["name"]
        creator.get_by_role("button", name="Duels").click()
        lobby = creator.get_by_role("dialog", name="Duels")
        lobby.get_by_label("Opponent").select_option(label="A person")
        lobby.get_by_role("button", name="Make the table").click()
        expect(creator.get_by_role("heading", name="Waiting for an opponent")).to_be_visible()
        other.get_by_role("button", name="Duels").click()
        theirs = other.locator("[data-tables] li", has_text=name)
        expect(theirs.get_by_role("button", name="Join")).to_be_visible()

        creator.reload()
        creator.wait_for_selector('html[data-ready="true"]')
        creator.get_by_role("button", name="Duels").click()
        own = creator.locator("[data-tables] li.own-table")
        expect(own).to_have_count(1)
        expect(own).to_contain_text("Your table")
        expect(own.get_by_role("button", name="Join")).to_have_count(0)
        own.get_by_role("button", name="Invite").click()  # the waiting dialog again, to invite someone
        expect(creator.get_by_role("heading", name="Waiting for an opponent")).to_be_visible()
        creator.get_by_role("button", name="Wait", exact=True).click()
        creator.get_by_role("button", name="Duels").click()
        own.get_by_role("button", name="Take the table away").click()
        expect(creator.locator("#status")).to_have_text("Your table has left the lobby.")
        expect(creator.locator("[data-tables] li.own-table")).to_have_count(0)
        # the other player's open lobby hears of it at once, with no reload
        expect(theirs).to_have_count(0)
        expect(other.locator("[data-tables]")).to_contain_text("No open table")
        assert other.request.get("/api/duels").json()["tables"] == []
        assert errors == []
    finally:
        creator_context.close()
        other_context.close()


CHOICES = {
    "en-GB": ["Computer: beginner", "Computer: casual", "Computer: expert", "Computer: master"],
    "pl-PL": ["Komputer: początkujący", "Komputer: amator", "Komputer: ekspert", "Komputer: mistrz"],
}
RATED = {"en-GB": "{choice} · rating {rating}", "pl-PL": "{choice} · ranking {rating}"}


@pytest.mark.parametrize("locale", ["en-GB", "pl-PL"])
def test_the_lobby_offers_each_computer_opponent_with_its_rating(browser: Browser, server: Server, locale: str) -> None:
    context = open_context(browser, server, locale=locale)
    try:
        page = context.new_page()
        open_table(page)
        page.click("[data-command='duels']")
        page.wait_for_selector("dialog[open] form.lobby")
        computers = "dialog[open] select[name='opponent'] option:not([value='person'])"
        offered = page.eval_on_selector_all(computers, "(all) => all.map((e) => e.textContent)")
        # the ladder's ratings (strengths.RATINGS), as the server gives them
        assert offered == [
            RATED[locale].format(choice=choice, rating=RATINGS[strength])
            for choice, strength in zip(CHOICES[locale], STRENGTHS, strict=True)
        ]
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "shown"), [("he-IL", "\u20661500?\u2069"), ("en-GB", "1500?")])
def test_a_provisional_rating_keeps_its_mark_beside_its_digits_in_hebrew(
    browser: Browser, server: Server, locale: str, shown: str
) -> None:
    # in a right-to-left sentence "1500?" would be drawn "?1500": the digits and their "?" are one isolated run
    context = open_context(browser, server, locale=locale)
    try:
        page = context.new_page()
        open_table(page)
        page.click("[data-command='duels']")
        note = page.wait_for_selector("dialog[open] [data-me]")
        assert note is not None
        text = note.text_content() or ""
        assert shown in text and text.count("?") == 1
        # what the "?" (and the "±") mean is said where they are shown: the "i" beside them, by keyboard too
        words = page.evaluate("""async () => { const { t } = await import('/static/js/i18n.js');
          return [t('rating.info'), t('rating.provisional.note'), t('rating.deviation.note')]; }""")
        about = page.get_by_role("dialog", name=words[0])
        expect(about).to_be_hidden()
        page.locator("dialog[open] [data-me]").get_by_role("button", name=words[0]).focus()
        page.keyboard.press("Enter")
        expect(about).to_be_visible()
        expect(about).to_contain_text(words[1])
        expect(about).to_contain_text(words[2])
        page.keyboard.press("Escape")
        expect(about).to_be_hidden()
        expect(page.get_by_role("dialog", name="Duels" if locale == "en-GB" else "דו־קרבות")).to_be_visible()
    finally:
        context.close()
