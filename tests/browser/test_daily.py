"""The daily deal in the page, with several players' browsers: each opens it from the More menu or the New game
dialog and gets the same deal, code unseen; the day's board ranks the finished games, marks the player and
their friends, and links no game of today's to the replay viewer, as the deal is secret until the day is over; the
statistics show the daily streaks; an earlier day's deal is played from the calendar, off the board."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3

from playwright.sync_api import Browser, Page, expect

from spider.server.games.kinds import Kind
from spider.server.http.identity import PLAYER_COOKIE
from tests.browser.access import summary, violations
from tests.browser.harness import Server, open_context
from tests.browser.table import act, current, open_table, play_with_mouse
from tests.server.standing import in_good_standing


def line_of(server: Server, day: str, suits: int = 1) -> list[str]:
    """The day's winning line, read from the server's database as only the server can."""
    with sqlite3.connect(server.database) as connection:
        row = connection.execute("SELECT line FROM daily_deals WHERE day = ? AND suits = ?", (day, suits)).fetchone()
    assert row is not None
    return list(json.loads(row[0]))


def open_daily_from_menu(page: Page) -> None:
    page.click('[data-menu="more"]')
    page.click('#more-menu [data-item="daily"]')
    expect(page.locator("#dialog .daily-deals button")).to_have_count(3)


def columns(page: Page) -> list[list[str]]:
    return [column["up"] for column in current(page)["columns"]]


def test_two_players_get_the_same_deal_and_meet_on_the_days_board(browser: Browser, server: Server) -> None:
    today = dt.datetime.now(dt.UTC).date().isoformat()
    first_context, second_context = open_context(browser, server), open_context(browser, server)
    first, second = first_context.new_page(), second_context.new_page()
    try:
        for page in (first, second):
            open_table(page)
            page.request.put("/api/me", data={"name": f"Daily{'One' if page is first else 'Two'}"})
            token = next(c["value"] for c in page.context.cookies() if c["name"] == PLAYER_COOKIE)
            in_good_standing(f"sqlite:///{server.database}", [token], kind=Kind.DAILY)  # only they are on boards
        # the first player: from the More menu, today's 1-suit deal
        open_daily_from_menu(first)
        deal = first.locator('#dialog [data-daily-suits="1"]')
        expect(deal).to_contain_text("Not played yet")
        deal.click()
        expect(first.locator("#status")).to_contain_text("daily deal", timeout=90_000)
        mine = current(first)
        assert mine["verified"] and mine["code"] is None
        # the second player: from the New game dialog, the same cards
        second.click('[data-command="new"]')
        second.click('#dialog button[value="daily"]')
        expect(second.locator("#dialog .daily-deals button")).to_have_count(3)
        second.click('#dialog [data-daily-suits="1"]')
        expect(second.locator("#status")).to_contain_text("daily deal")
        assert columns(second) == columns(first) and current(second)["code"] is None
        # the first gives up (a loss on the board); the second sees it, its replay hidden until the day is over
        first.request.post(f"/api/games/{mine['id']}/resign")
        second.request.put("/api/friends/DailyOne")
        open_daily_from_menu(second)
        rows = second.locator("#dialog .daily-board-table tbody tr")
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text("DailyOne")
        expect(rows.first).to_contain_text("friend")
        expect(rows.first.locator("a")).to_have_count(0)
        expect(second.locator("#dialog .daily-board")).to_contain_text("once the day is over, at 00:00 UTC")
        expect(second.locator('#dialog [data-daily-suits="1"]')).to_contain_text("In progress")
        second.keyboard.press("Escape")
        view = current(second)
        for action in line_of(server, today):
            view = act(second, view, action)
        assert view["won"]
        open_daily_from_menu(second)
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_contain_text("DailyTwo")
        expect(rows.nth(0)).to_have_attribute("aria-current", "true")
        expect(rows.nth(1)).to_contain_text("Lost")
        expect(rows.nth(1).locator("a")).to_have_count(0)  # their own game over too: still today's deal
        expect(second.locator('#dialog [data-daily-suits="1"]')).to_contain_text("place 1 of 2")
        # the first player's dialog: their place; the game that beat them is replayed once the day is over
        open_daily_from_menu(first)
        expect(first.locator('#dialog [data-daily-suits="1"]')).to_contain_text("place 2 of 2")
        expect(first.locator("#dialog .daily-board-table tbody tr").nth(0).locator("a")).to_have_count(0)
        first.keyboard.press("Escape")
        # the statistics show the streaks
        second.keyboard.press("Escape")
        second.click('[data-command="stats"]')
        streaks = second.locator("#dialog .daily-streaks")
        expect(streaks).to_contain_text("Days in a row won")
        expect(streaks.locator("tbody tr").nth(1).locator("td").first).to_have_text("1")
        second.keyboard.press("Escape")
        # yesterday's deal from the calendar, off the board
        yesterday = (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=1)).isoformat()
        open_daily_from_menu(second)
        second.click(f'#dialog [data-day="{yesterday}"]')
        expect(second.locator("#dialog .daily-board")).to_contain_text("Nobody has finished")
        second.click("#dialog [data-play-past]")
        expect(second.locator("#status")).to_contain_text("not on the board", timeout=90_000)
        assert current(second)["verified"] and current(second)["code"] is None
    finally:
        first_context.close()
        second_context.close()


def share_offered(page: Page) -> list[str]:
    """Where the table offers "Share this deal": on the code's line, in the More menu."""
    found = ["code line"] if page.locator("[data-share]").is_visible() else []
    page.click('[data-menu="more"]')
    menu = page.get_by_role("menu", name="More")
    expect(menu.get_by_role("menuitem", name="Daily deal")).to_be_visible()
    if menu.get_by_role("menuitem", name="Share this deal").count():
        found.append("More menu")
    page.keyboard.press("Escape")
    return found


def test_a_daily_game_is_never_offered_for_sharing_as_an_ordinary_one_is(browser: Browser, server: Server) -> None:
    context = open_context(browser, server)
    page = context.new_page()
    try:
        open_table(page)  # a newcomer's first game, of a deal the server dealt
        assert share_offered(page) == ["code line", "More menu"]
        open_daily_from_menu(page)
        page.click('#dialog [data-daily-suits="1"]')
        expect(page.locator("#status")).to_contain_text("daily deal", timeout=90_000)
        assert share_offered(page) == []
        line = line_of(server, dt.datetime.now(dt.UTC).date().isoformat())
        view = current(page)
        for action in line[:-1]:
            view = act(page, view, action)
        open_table(page)  # the day's game again, its last move still to make
        assert share_offered(page) == []
        play_with_mouse(page, view, line[-1])
        won = page.get_by_role("dialog", name="You won!")
        expect(won.get_by_role("button", name="Statistics")).to_be_visible()
        expect(won.get_by_role("button", name="Share this deal")).to_have_count(0)
        won.get_by_role("button", name="Statistics").focus()
        page.keyboard.press("Escape")
        expect(won).to_have_count(0)
        assert share_offered(page) == []  # won, and the day not over: its deal is still everyone's to play
    finally:
        context.close()


def test_leaving_the_days_game_after_a_move_warns_of_the_board(browser: Browser, server: Server) -> None:
    context = open_context(browser, server)
    page = context.new_page()
    try:
        open_table(page)
        open_daily_from_menu(page)
        page.click('#dialog [data-daily-suits="1"]')
        expect(page.locator("#status")).to_contain_text("daily deal", timeout=90_000)
        act(page, current(page), line_of(server, dt.datetime.now(dt.UTC).date().isoformat())[0])
        open_table(page)  # the page reloaded: the day's game, with its move
        expect(page.locator("[data-moves]")).to_have_text("1")
        page.keyboard.press("r")
        ask = page.get_by_role("dialog", name="Leave this game?")
        expect(ask).to_contain_text("on today's board as lost")
        expect(ask).not_to_contain_text("statistics")
        ask.get_by_role("button", name="Keep playing").click()
        # the More menu: no Share, as the deal is everyone's; no giving up for a line or an analysis, which the
        # day's deal keeps secret until the day is over (test_daily_secret.py)
        page.click('[data-menu="more"]')
        menu = page.get_by_role("menu", name="More")
        expect(menu.get_by_role("menuitem", name="Daily deal")).to_be_visible()
        expect(menu.get_by_role("menuitem", name="Give up and analyse")).to_have_count(0)
        expect(menu.get_by_role("menuitem", name="Share this deal")).to_have_count(0)
        assert current(page)["over"] is False
    finally:
        context.close()


def test_the_daily_dialog_speaks_each_language(browser: Browser, server: Server) -> None:
    for locale, word in (("he-IL", "החלוקה היומית"), ("pl-PL", "Rozdanie dnia"), ("nl-NL", "Spel van de dag"),
                         ("pt-PT", "Distribuição do dia")):
        context = open_context(browser, server, locale=locale)
        page = context.new_page()
        try:
            open_table(page)
            page.click('[data-menu="more"]')
            page.click('#more-menu [data-item="daily"]')
            expect(page.locator("#dialog h2")).to_have_text(word)
            expect(page.locator("#dialog .daily-deals button")).to_have_count(3)
            # the calendar: month by month, each day its number alone (a phone's narrow buttons do not wrap)
            days = page.locator("#dialog .daily-calendar button")
            expect(days).to_have_count(29)
            assert all(text.strip().isdigit() for text in days.all_inner_texts())
            assert page.locator("#dialog .daily-month").count() in (1, 2)
        finally:
            context.close()


def test_axe_finds_no_violation_in_the_daily_dialog(browser: Browser, server: Server) -> None:
    for locale in ("en-GB", "he-IL"):
        context = open_context(browser, server, locale=locale)
        page = context.new_page()
        try:
            open_table(page)
            page.click('[data-menu="more"]')
            page.click('#more-menu [data-item="daily"]')
            expect(page.locator("#dialog .daily-calendar button")).to_have_count(29)
            page.wait_for_timeout(300)  # the board filled in from the server
            assert summary(violations(page)) == []
        finally:
            context.close()
