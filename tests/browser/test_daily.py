"""The daily deal in the page, with several players' browsers: each opens it from the More menu or the New game
dialog and gets the same deal, code unseen; the day's board ranks the finished games, marks the player and
their friends, and links no game of today's to the replay viewer, as the deal is secret until the day is over; the
statistics show the daily streaks; an earlier day's deal is played from the calendar, off the board. No Share is
offered for a daily game; the calendar names the weekdays from the reader's first day of the week and marks the days
played and won; the dialog fits a phone in Portuguese."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sqlite3
import uuid
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from spider.server.daily.store import DailyStore
from spider.server.games.kinds import Kind
from spider.server.games.records import Finish, GameRecord
from spider.server.games.store import Store
from spider.server.http.identity import PLAYER_COOKIE, player_id
from tests.browser.access import summary, violations
from tests.browser.harness import Server, open_context
from tests.browser.table import act, current, open_table, play_with_mouse
from tests.server.standing import in_good_standing

SHOTS = Path(os.environ.get("SPIDER_SHOTS", "/tmp/spider-shots"))  # the screenshots, for a person to look at


def line_of(server: Server, day: str, suits: int = 1) -> list[str]:
    """The day's winning line, read from the server's database as only the server can."""
    with sqlite3.connect(server.database) as connection:
        row = connection.execute("SELECT line FROM daily_deals WHERE day = ? AND suits = ?", (day, suits)).fetchone()
    assert row is not None
    return list(json.loads(row[0]))


def days_back(days: int) -> str:
    return (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=days)).isoformat()


def token_of(page: Page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == PLAYER_COOKIE)


def ranked(server: Server, page: Page, name: str) -> None:
    """The page's player, named, made an account in good standing: only such players are on the boards."""
    page.request.put("/api/me", data={"name": name})
    in_good_standing(f"sqlite:///{server.database}", [token_of(page)], kind=Kind.DAILY)


def earlier_entries(server: Server, page: Page, results: dict[str, str], suits: int = 1) -> None:
    """The page's player's entries on earlier days' boards, each day's ended as ``results`` says (won, resigned) after
    90 s: stored through the server's own stores, as they are when a game of the day's deal begins and ends on its
    day (which a test cannot wait for)."""
    player = player_id(token_of(page))
    store = Store(f"sqlite:///{server.database}")
    try:
        for day, result in results.items():
            # the day's deal, chosen by the server as its first game asks for it (one played again, off the board)
            assert page.request.post("/api/games", data={"daily": day, "suits": suits}, timeout=90_000).ok
            with sqlite3.connect(server.database) as connection:
                query = "SELECT code FROM daily_deals WHERE day = ? AND suits = ?"
                code = connection.execute(query, (day, suits)).fetchone()[0]
            began = dt.datetime.fromisoformat(f"{day}T12:00:00+00:00").timestamp()
            game = GameRecord(id=f"d{uuid.uuid4().hex[:20]}", player=player, code=code,
                              suits=suits, rules={"scoring": "standard"}, verified=True, created_at=began,
                              kind=Kind.DAILY)
            store.add_game(game)
            with store.engine.begin() as connection:
                DailyStore.add_game(connection, game.id, player, day, suits, ranked=True)
            store.finish(Finish(game.id, result, began + 90, 560, 40, 90.0))
            game.result, game.finished_at, game.score, game.moves, game.seconds = result, began + 90, 560, 40, 90.0
            with store.engine.begin() as connection:
                DailyStore.ended(connection, game)
    finally:
        store.close()


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
            ranked(server, page, f"Daily{'One' if page is first else 'Two'}")
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
        expect(page.locator("[data-share]")).to_be_hidden()  # the table is drawn on the next frame
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
            # the calendar: month by month, each day its number alone, no mark for a newcomer (a phone's narrow
            # buttons do not wrap)
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


def weekday_of(day: str) -> int:
    """0 for Sunday to 6 for Saturday, as the page counts them."""
    return (dt.date.fromisoformat(day).weekday() + 1) % 7


def centre(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2


def test_the_calendar_names_the_weekdays_and_marks_each_day_played(browser: Browser, server: Server) -> None:
    first = open_context(browser, server, locale="en-US")
    page = first.new_page()
    try:
        open_table(page)
        earlier_entries(server, page, {days_back(5): "won", days_back(4): "resigned"})
        today = days_back(0)
        view = page.request.post("/api/games", data={"daily": today, "suits": 1}, timeout=90_000).json()
        act(page, view, line_of(server, today)[0])  # today's entry, in progress
        state = first.storage_state()
    finally:
        first.close()
    # the same player in three languages and regions: American and Hebrew weeks start on Sunday, British on Monday
    for locale, names, rtl, won, playing in (
        ("en-US", ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], False, "(1 suit: won)", "(1 suit: in progress)"),
        ("en-GB", ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], False, "(1 suit: won)", "(1 suit: in progress)"),
        ("he-IL", ["יום א׳", "יום ב׳", "יום ג׳", "יום ד׳", "יום ה׳", "יום ו׳", "שבת"], True, "(סדרה אחת: ניצחון)",
         "(סדרה אחת: במשחק)"),
    ):
        context = open_context(browser, server, locale=locale, storage_state=state)
        page = context.new_page()
        try:
            open_table(page)
            open_daily_from_menu(page)
            month = page.locator("#dialog .daily-calendar").last  # this month's, today's in it
            headings = month.locator(".daily-weekday .short")
            assert headings.all_inner_texts() == names, locale
            # each day stands under its weekday's name, the week's first on the left, or on the right in Hebrew
            assert (centre(headings.first) > centre(headings.last)) is rtl, locale
            day = page.locator(f'#dialog [data-day="{today}"]')
            first_day = 1 if locale == "en-GB" else 0
            assert abs(centre(day) - centre(headings.nth((weekday_of(today) - first_day) % 7))) < 1, locale
            # each day's mark: won, played (lost or still going), none
            marks = {back: page.locator(f'#dialog [data-day="{days_back(back)}"]') for back in (5, 4, 1, 0)}
            expect(marks[5].locator(".daily-mark")).to_have_text("✓")
            expect(marks[5]).to_have_attribute("aria-label", re.compile(re.escape(won) + "$"))
            expect(marks[4].locator(".daily-mark")).to_have_text("●")
            expect(marks[0].locator(".daily-mark")).to_have_text("●")
            expect(marks[0]).to_have_attribute("aria-label", re.compile(re.escape(playing) + "$"))
            expect(marks[1].locator(".daily-mark")).to_have_text("")
            expect(marks[1]).not_to_have_attribute("aria-label", re.compile(r"\)$"))
            expect(page.locator("#dialog .daily-key")).to_contain_text("✓")
        finally:
            context.close()


def test_the_portuguese_daily_dialog_fits_a_phone(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, locale="pt-PT", viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    try:
        open_table(page)
        ranked(server, page, "Joaquina Valadares Magalhães")  # a long name, on the board with its "(você)"
        earlier_entries(server, page, {days_back(3): "won"})
        open_table(page)
        open_daily_from_menu(page)
        for day in (days_back(0), days_back(3)):  # today's board, and a past day's, its entry with "Rever"
            page.click(f'#dialog [data-day="{day}"]')
            if day != days_back(0):
                expect(page.locator("#dialog .daily-board-table tbody tr").first).to_contain_text("Rever")
            page.wait_for_timeout(300)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"daily-pt-phone-{'past' if day != days_back(0) else 'today'}.png"))
            sideways = page.evaluate("""() => [document.documentElement.scrollWidth - innerWidth,
                ...[...document.querySelectorAll('#dialog, #dialog .daily-board')]
                    .map((e) => e.scrollWidth - e.clientWidth)]""")
            assert max(sideways) <= 0, sideways
            # nothing cut: no element wider than its box, nothing past the dialog's edges
            cut = page.evaluate("""() => {
                const edge = document.querySelector('#dialog .body').getBoundingClientRect();
                return [...document.querySelectorAll('#dialog .body *')].filter((e) => e.offsetParent).filter((e) => {
                    const r = e.getBoundingClientRect();
                    return (e.clientWidth && e.scrollWidth > e.clientWidth + 0.5) || r.left < edge.left - 0.5
                        || r.right > edge.right + 0.5;
                }).map((e) => e.outerHTML.slice(0, 100));
            }""")
            assert cut == []
        expect(page.locator("#dialog .daily-board-table thead")).to_contain_text("Pontuação")
        expect(page.locator("#dialog .daily-board-table thead")).to_contain_text("Tempo")
    finally:
        context.close()
