"""The leaderboards in the page, with two players' browsers: best scores this week and ever, your own row,
a friend marked and the friends-only view, opened from the statistics and from the duel lobby; the
streaks tab shows the daily deal's board; on a phone the board fits the screen."""

from __future__ import annotations

import secrets
import time

from playwright.sync_api import Browser, BrowserContext, Page, expect

from spider.codes import GameCode
from spider.server.games.store import Finish, GameRecord, Store
from spider.server.http.identity import PLAYER_COOKIE, player_id
from tests.browser.harness import Server, open_context
from tests.browser.table import open_table
from tests.server.standing import in_good_standing

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def player(context: BrowserContext, name: str) -> Page:
    page = context.new_page()
    open_table(page)
    assert page.request.put("/api/me", data={"name": name}).ok
    return page


def won(server: Server, page: Page, score: int) -> None:
    """A won, counting 4-suit game of the page's player, stored as a server that saw it played stores it."""
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == PLAYER_COOKIE)
    store = Store(f"sqlite:///{server.database}")
    try:
        ended = time.time() - 5
        record = GameRecord(id=secrets.token_hex(8), player=player_id(cookie), code=str(GameCode.random(4)), suits=4,
                            rules={"scoring": "standard"}, verified=False, created_at=ended - 600)
        store.add_game(record)
        store.finish(Finish(record.id, "won", ended, score, 300, 590.0))
    finally:
        store.close()


def test_best_scores_friends_and_your_place(browser: Browser, server: Server) -> None:
    suffix = secrets.token_hex(3)
    ada_name, bea_name = f"Ada {suffix}", f"Bea {suffix}"
    ada_context, bea_context = open_context(browser, server), open_context(browser, server, **PHONE)
    try:
        ada, bea = player(ada_context, ada_name), player(bea_context, bea_name)
        for page in (ada, bea):  # only accounts in good standing are on the boards
            token = next(c["value"] for c in page.context.cookies() if c["name"] == PLAYER_COOKIE)
            in_good_standing(f"sqlite:///{server.database}", [token])
        won(server, ada, 1211)
        won(server, bea, 1244)
        assert ada.request.put(f"/api/friends/{bea_name}").ok

        ada.locator('[data-command="stats"]').first.click()
        ada.locator("dialog[open] [data-boards]").click()
        boards = ada.locator("dialog[open] .leaderboards")
        expect(boards.locator("h2")).to_have_text("Leaderboards")
        expect(boards.get_by_role("tab", name="Best scores")).to_have_attribute("aria-selected", "true")
        expect(boards.locator("[data-unranked]")).to_have_count(0)  # Ada is ranked
        boards.locator('select[name="suits"]').select_option("4")
        rows = boards.locator("table.board tr", has_text=suffix)
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_contain_text(bea_name)
        expect(rows.nth(0)).to_contain_text("1,244")
        expect(rows.nth(0)).to_contain_text("friend")
        expect(rows.nth(1)).to_contain_text(f"{ada_name} (you)")
        expect(rows.nth(1)).to_have_class("you")
        boards.locator('select[name="period"]').select_option("ever")
        expect(rows).to_have_count(2)
        boards.get_by_label("Friends only").check()
        expect(boards.locator("table.board tbody tr")).to_have_count(2)  # only Bea and Ada
        expect(boards.locator("table.board tbody tr").nth(0)).to_contain_text(bea_name)

        boards.get_by_role("tab", name="Daily streaks").click()  # served by the daily deal's routes
        expect(boards.get_by_role("tab", name="Daily streaks")).to_have_attribute("aria-selected", "true")
        expect(boards.locator("[data-empty]")).to_have_text("Nobody is on this board yet.")  # no daily deal played
        boards.get_by_role("tab", name="Ratings").click()
        expect(boards.locator('[data-for="suits"]')).to_be_hidden()
        expect(boards.locator("[data-empty], table.board")).to_have_count(1)

        # on a phone, from the duel lobby: the board fits the screen's width
        bea.locator('[data-command="duels"]').first.click()
        bea.locator("dialog[open] [data-boards]").click()
        phone = bea.locator("dialog[open] .leaderboards")
        phone.get_by_role("tab", name="Best scores").click()
        phone.locator('select[name="suits"]').select_option("4")
        expect(phone.locator("table.board tr", has_text=bea_name)).to_contain_text(f"{bea_name} (you)")
        wide = bea.evaluate("() => document.querySelector('dialog[open] table.board').getBoundingClientRect().right")
        assert wide <= 390
    finally:
        ada_context.close()
        bea_context.close()


def test_the_boards_speak_hebrew(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, locale="he")
    try:
        page = context.new_page()
        open_table(page)
        page.locator('[data-command="stats"]').first.click()
        page.locator("dialog[open] [data-boards]").click()
        boards = page.locator("dialog[open] .leaderboards")
        expect(boards.locator("h2")).to_have_text("טבלאות מובילים")
        expect(boards.get_by_role("tab", name="הניקוד הגבוה ביותר")).to_have_attribute("aria-selected", "true")
    finally:
        context.close()


def test_a_guest_is_told_why_they_are_on_no_board(browser: Browser, server: Server) -> None:
    context = open_context(browser, server)
    try:
        name = f"Gus {secrets.token_hex(3)}"
        guest = player(context, name)
        won(server, guest, 1300)
        guest.locator('[data-command="stats"]').first.click()
        guest.locator("dialog[open] [data-boards]").click()
        boards = guest.locator("dialog[open] .leaderboards")
        boards.locator('select[name="suits"]').select_option("4")
        expect(boards.locator("[data-unranked]")).to_contain_text("As a guest you play unranked: create an account")
        expect(boards.locator("table.board tr", has_text=name)).to_have_count(0)
    finally:
        context.close()


def test_a_tab_asks_for_its_board_once_however_often_the_boards_were_opened(page: Page) -> None:
    open_table(page)

    def open_boards() -> None:
        page.locator('[data-command="stats"]').first.click()
        page.locator("dialog[open] [data-boards]").click()
        shown = page.locator("dialog[open] .leaderboards").locator("table.board, [data-empty]")
        expect(shown).not_to_have_count(0)

    for _ in range(3):  # each opening draws the boards in the one dialog element every dialog is drawn in
        open_boards()
        page.locator("dialog[open] .leaderboards").get_by_role("button", name="Close").click()
    open_boards()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/leaderboards/ratings" in request.url else None)
    boards = page.locator("dialog[open] .leaderboards")
    boards.get_by_role("tab", name="Ratings").click()
    expect(boards.get_by_role("tab", name="Ratings")).to_have_attribute("aria-selected", "true")
    expect(boards.locator("table.board, [data-empty]")).to_have_count(1)
    page.wait_for_timeout(300)  # room for any second ask to go out
    assert len(asked) == 1, asked
