"""The duel bar and the status line as a newcomer meets them, in two players' browsers: the status line follows
the duel (begun, taken up again after a reload, watching, over and how), each player's own table comes back
under the result; on a phone upright the bar is one thin strip (at most a tenth of the height) with the clock
and both players' progress, its explanations behind an "i" that opens them by touch and by keyboard; on a phone
on its side, nothing runs under an arena's berserk button."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from spider.server.http.identity import PLAYER_COOKIE
from tests.browser.harness import Server, open_context
from tests.browser.table import open_table
from tests.browser.test_arena import open_arenas
from tests.browser.test_duel_lobby import LANDSCAPE, inside, overlap
from tests.browser.test_duels import ERRORS, duel_of, expect_columns, new_player
from tests.server.standing import in_good_standing

BOX = "(el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; }"


def box(page: Page, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).evaluate(BOX)
    return found


def duel_between(first: Page, second: Page) -> str:
    """A one-suit duel made by ``first``'s player and joined by ``second``'s, through the API: its id, once both
    pages show it."""
    table = first.request.post("/api/duels", data={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}})
    assert table.ok, table.text()
    assert second.request.post(f"/api/duels/{table.json()['id']}/join", data={}).ok
    for page in (first, second):
        expect(page.locator("#duel-bar")).to_be_visible()
    found: str = table.json()["id"]
    return found


def name_of(page: Page) -> str:
    name: str = page.request.get("/api/me").json()["name"]
    return name


def test_the_status_line_follows_the_duel_through_a_reload_and_the_result(browser: Browser, server: Server) -> None:
    contexts: list[BrowserContext] = []
    try:
        first_context, first = new_player(browser, server)
        second_context, second = new_player(browser, server)
        contexts += [first_context, second_context]
        first_name, second_name = name_of(first), name_of(second)
        duel_id = duel_between(first, second)
        expect(second.locator("#status")).to_contain_text(f"The duel has begun against {first_name}")
        # each player's progress: the counts, then how the player stands, apart
        expect(second.locator(".duel-player[data-you]")).to_contain_text("0 points · 0 runs · 0 turned up · playing")

        second.locator("[data-stock]").click()
        expect(second.locator("[data-score]")).to_have_text("-1")
        second.reload()  # the duel is taken up again, on a clock that kept running: not begun anew
        second.wait_for_selector('html[data-ready="true"]')
        expect(second.locator("#status")).to_contain_text(
            f"Back at your duel against {first_name}: the clock kept running."
        )
        expect(second.locator("#status")).not_to_contain_text("has begun")

        assert second.request.post(f"/api/duels/{duel_id}/finish").ok
        expect(second.locator("#status")).to_have_text(f"You are watching {first_name}'s table.")
        expect(second.locator("[data-table-owner]")).to_have_text(f"{first_name}'s table")
        expect_columns(second, duel_of(first)["you"])  # the opponent's table, while they play on

        assert first.request.post(f"/api/duels/{duel_id}/finish").ok
        for page in (first, second):
            expect(page.get_by_role("dialog", name="Result")).to_be_visible()
        # under the result: the duel is over and how, and each player's own table, not the opponent's
        expect(second.locator("#status")).to_have_text(f"The duel is over: you lost to {first_name}.")
        expect(first.locator("#status")).to_have_text(f"The duel is over: you beat {second_name}.")
        over = second.request.get(f"/api/duels/{duel_id}").json()
        assert over["state"] == "over"
        expect(second.locator("[data-score]")).to_have_text("-1")
        expect_columns(second, over["you"])
        expect(second.locator("[data-table-owner]")).to_have_count(0)
        second.keyboard.press("Escape")
        bar = second.locator("#duel-bar")
        expect(bar.get_by_role("button", name="You lost")).to_be_visible()  # the outcome, which opens the result
        bar.get_by_role("button", name="You lost").click()
        expect(second.get_by_role("dialog", name="Result")).to_be_visible()
        assert ERRORS == []
    finally:
        for context in contexts:
            context.close()


def tenth(page: Page) -> tuple[float, float]:
    """The duel bar's height, and a tenth of the window's."""
    bar = box(page, "#duel-bar")
    return bar["h"], page.viewport_size["height"] / 10  # type: ignore[index]


@pytest.mark.parametrize(("width", "height", "locale"), [(390, 844, "en-GB"), (360, 740, "pl-PL")])
def test_on_a_phone_upright_the_duel_bar_is_a_thin_strip_with_its_explanations_behind_an_i(
    browser: Browser, server: Server, width: int, height: int, locale: str
) -> None:
    creator = open_context(browser, server, locale=locale)
    phone = open_context(browser, server, locale=locale, viewport={"width": width, "height": height},
                         has_touch=True, is_mobile=True)
    errors: list[str] = []
    try:
        other, page = creator.new_page(), phone.new_page()
        for each in (other, page):
            each.on("pageerror", lambda error: errors.append(str(error)))
            open_table(each)
        # long names, as players choose them: the strip keeps its height, the names give way
        tail = locale[:1] + secrets.token_hex(1)  # a name is one player's on the server
        assert other.request.put("/api/me", data={"name": f"Aleksandra Wiśniewska{tail}"}).ok
        assert page.request.put("/api/me", data={"name": f"Bartłomiej Kowalski{tail}"}).ok
        duel_id = duel_between(other, page)
        words = page.evaluate("""async () => { const { t } = await import('/static/js/i18n.js');
          return { about: t('duel.info'), close: t('button.close'), newcomer: t('rating.provisional.note'),
                   manual: t('duel.manual_flip.short') }; }""")

        bar, limit = tenth(page)
        assert bar <= limit, f"playing: the bar is {bar} px of {height}"
        clock = page.locator("#duel-bar [data-duel-clock]")
        expect(clock).to_have_text(re.compile(r"^[0-5]:[0-5][0-9]$"))
        expect(page.locator("#duel-bar .duel-player")).to_have_count(2)  # both players' progress in the strip
        for player in page.locator("#duel-bar .duel-player").all():
            assert inside(player.evaluate(BOX), box(page, "#duel-bar"))

        # the explanations are behind the "i": by keyboard (Enter opens, Escape closes and gives the focus back)
        info = page.locator("#duel-bar").get_by_role("button", name=words["about"])
        notes = page.get_by_role("dialog", name=words["about"])
        expect(notes).to_be_hidden()
        info.focus()
        page.keyboard.press("Enter")
        expect(notes).to_be_visible()
        expect(notes).to_contain_text(words["manual"])
        expect(notes).to_contain_text(words["newcomer"])  # what the "?" beside both ratings means
        screen = {"x": 0, "y": 0, "w": width, "h": height}
        assert inside(notes.evaluate(BOX), screen)
        page.keyboard.press("Escape")
        expect(notes).to_be_hidden()
        expect(info).to_be_focused()
        info.tap()  # and by touch, closed by its own button
        expect(notes).to_be_visible()
        notes.get_by_role("button", name=words["close"]).tap()
        expect(notes).to_be_hidden()

        # watching the other's table, then the duel over: the strip stays as thin, its buttons inside it
        assert page.request.post(f"/api/duels/{duel_id}/finish").ok
        expect(page.locator("#duel-bar")).to_have_attribute("data-watching", "true")
        bar, limit = tenth(page)
        assert bar <= limit, f"watching: the bar is {bar} px of {height}"
        assert other.request.post(f"/api/duels/{duel_id}/finish").ok
        expect(page.locator(".duel-result")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator('#duel-bar [data-duel="rematch"]')).to_be_visible()
        bar, limit = tenth(page)
        assert bar <= limit, f"over: the bar is {bar} px of {height}"
        for button in page.locator("#duel-bar button:visible").all():
            assert inside(button.evaluate(BOX), box(page, "#duel-bar"))
        assert errors == []
    finally:
        creator.close()
        phone.close()


def test_on_a_phone_on_its_side_nothing_runs_under_the_berserk_button(browser: Browser, server: Server) -> None:
    opener_context = open_context(browser, server)
    phone = open_context(browser, server, **LANDSCAPE)
    try:
        opener, page = opener_context.new_page(), phone.new_page()
        for each in (opener, page):
            open_table(each)
        token = next(c["value"] for c in opener_context.cookies() if c["name"] == PLAYER_COOKIE)
        in_good_standing(f"sqlite:///{server.database}", [token])  # only accounts in good standing open arenas
        name = name_of(opener)
        arena = opener.request.post("/api/arenas", data={"suits": 1, "minutes": 3, "length": 15})
        assert arena.status == 201, arena.text()

        # the phone's player joins from the page (as a newcomer does), then the opener: they are paired
        open_arenas(page)
        listed = page.get_by_role("dialog", name="Arenas").locator("li", has_text=name)
        listed.get_by_role("button", name="Open").click()
        page.get_by_role("dialog", name="Arenas").get_by_role("button", name="Join").click()
        expect(page.get_by_role("dialog", name="Arenas").get_by_role("button", name="Leave")).to_be_visible()
        assert opener.request.post(f"/api/arenas/{arena.json()['arena']['id']}/join").ok
        berserk = page.locator("#arena-berserk")
        expect(berserk).to_be_visible(timeout=30_000)  # pairing takes a few seconds on a busy machine
        status = page.locator("#status")
        # the long sentence the report saw run under the button (in Dutch: "...dezelfde klok. Je draait kaarten...")
        expect(status).to_contain_text("The duel has begun against")
        page.wait_for_timeout(300)
        shown: dict[str, Any] = {key: box(page, selector) for key, selector in (
            ("berserk", "#arena-berserk"), ("status", "#status"), ("bar", "#duel-bar"))}
        screen = {"x": 0, "y": 0, "w": 844, "h": 390}
        assert inside(shown["berserk"], screen)
        assert not overlap(shown["status"], shown["berserk"]), shown
        assert not overlap(shown["bar"], shown["berserk"]), shown
        cards = page.locator(".tableau .card").evaluate_all(f"(all) => all.map({BOX})")
        assert not [card for card in cards if overlap(card, shown["berserk"])], "the button covers a column"
    finally:
        opener_context.close()
        phone.close()
