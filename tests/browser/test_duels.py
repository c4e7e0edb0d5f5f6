"""Duels in the browser: two players make, join and play a duel to its result (one finishes early and
watches the other's table), a duel against a computer player, and a reload in the middle of a duel."""

from __future__ import annotations

import math
import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from spider.players.strengths import RATINGS
from tests.browser.harness import Server, open_context
from tests.browser.table import cards, open_table, shown


def duel_of(page: Page) -> dict[str, Any]:
    """The duel the page's player is in, as the server tells that player."""
    playing = page.request.get("/api/me").json()["playing"]
    assert playing, "the player is in no duel"
    state: dict[str, Any] = page.request.get(f"/api/duels/{playing}").json()
    return state


def expect_columns(page: Page, view: dict[str, Any]) -> None:
    for n in range(1, 11):
        expect(page.locator(f'[data-column="{n}"] .card')).to_have_count(len(shown(view, n)))
        assert cards(page, n) == shown(view, n), f"column {n}"


def open_lobby(page: Page) -> None:
    page.get_by_role("button", name="Duels").click()
    expect(page.get_by_role("heading", name="Duels")).to_be_visible()


def make_table(page: Page, opponent: str, suits: str = "1 suit") -> None:
    open_lobby(page)
    lobby = page.get_by_role("dialog", name="Duels")
    lobby.get_by_label(suits).check()
    lobby.get_by_label("Time").select_option(label="3 minutes")
    lobby.get_by_label("Opponent").select_option(label=opponent)
    lobby.get_by_role("button", name="Make the table").click()


def finish(page: Page) -> None:
    # the bar is drawn again on each of the opponent's progress frames: a click that lands as a computer
    # opponent's frame redraws it is clicked again, as a player would
    confirm = page.locator("[data-confirm-finish]")
    for _ in range(5):
        page.locator("#duel-bar").get_by_role("button", name="Finish", exact=True).click()
        try:
            confirm.wait_for(timeout=2000)
            break
        except PlaywrightTimeoutError:
            continue
    confirm.click()


ERRORS: list[str] = []


def new_player(browser: Browser, server: Server) -> tuple[BrowserContext, Page]:
    """A second player's browser (its own profile, so its own cookie), with the table open."""
    context = open_context(browser, server)
    page = context.new_page()
    page.on("pageerror", lambda error: ERRORS.append(str(error)))
    open_table(page)
    return context, page


def test_two_players_duel_to_the_result_and_the_first_to_finish_watches(browser: Browser, server: Server) -> None:
    first_context, first = new_player(browser, server)
    second_context, second = new_player(browser, server)
    try:
        open_lobby(second)  # the lobby is open before the table exists: it comes live
        make_table(first, "A person")
        expect(first.get_by_role("heading", name="Waiting for an opponent")).to_be_visible()
        creator = first.request.get("/api/me").json()["name"]
        row = second.locator("[data-tables] li", has_text=creator)
        row.get_by_role("button", name="Join").click()

        for page in (first, second):
            expect(page.locator("#duel-bar")).to_be_visible()
            expect(page.locator("[data-duel-clock]")).to_have_text(re.compile(r"^[0-3]:[0-5][0-9]$"))
        duel = duel_of(first)
        expect_columns(first, duel["you"])
        expect_columns(second, duel_of(second)["you"])  # the same deal on both tables
        assert duel["code"] is None

        first.locator("[data-stock]").click()  # a deal costs a point: the other table hears of it
        progress = second.locator(".duel-player", has_text=creator).locator("[data-progress]")
        expect(progress).to_contain_text("-1 point · 0 runs")

        finish(second)
        expect(second.locator("#duel-bar")).to_have_attribute("data-watching", "true")
        expect_columns(second, duel_of(first)["you"])  # exactly the opponent's own table
        first.locator("[data-stock]").click()
        expect(first.locator("[data-score]")).to_have_text("-2")
        watched = duel_of(first)["you"]
        expect(second.locator('[data-column="1"] .card')).to_have_count(len(shown(watched, 1)))
        expect_columns(second, watched)

        finish(first)
        for page, heading in ((first, "You lost"), (second, "You won")):
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
            expect(page.locator(".duel-result")).to_contain_text("The deal: SP1-")
        second.get_by_role("dialog", name="Result").get_by_role("button", name="Rematch").click()
        expect(second.get_by_role("heading", name="Waiting for an opponent")).to_be_visible()
        invitation = first.get_by_role("dialog", name="An invitation")
        invitation.get_by_role("button", name="Accept").click()
        for page in (first, second):  # the rematch begins on both tables, on a fresh deal
            expect(page.locator("#duel-bar .duel-player").first).to_contain_text("0 points")
            expect(page.locator("#duel-bar").get_by_role("button", name="Finish", exact=True)).to_be_visible()
        assert duel_of(first)["id"] != duel["id"]
        assert ERRORS == []
    finally:
        first_context.close()
        second_context.close()


def test_a_duel_against_a_computer_player(page: Page) -> None:
    open_table(page)
    make_table(page, f"Computer: beginner · rating {RATINGS['beginner']}")
    bar = page.locator("#duel-bar")
    expect(bar).to_contain_text("Spider Beginner")
    computer = bar.locator(".duel-player", has_text="Spider Beginner").locator("[data-progress]")
    expect(computer).not_to_have_text("0 points · 0 runs · 0 turned up")  # it plays, live
    finish(page)
    expect(bar).to_have_attribute("data-watching", "true")
    expect(page.get_by_role("heading", name="You lost")).to_be_visible(timeout=60_000)
    expect(page.locator(".duel-result")).to_contain_text("Spider Beginner")
    page.locator(".duel-result").get_by_role("button", name="Spider Beginner").click()  # its player info
    expect(page.get_by_role("heading", name="Spider Beginner")).to_be_visible()
    expect(page.locator(".player-info")).to_contain_text(re.compile(r"[1-9][0-9]* won"))  # this duel among them


def test_a_reload_in_the_middle_of_a_duel_goes_on(browser: Browser, server: Server, page: Page) -> None:
    other_context, other = new_player(browser, server)
    try:
        open_table(page)
        table = page.request.post(
            "/api/duels", data={"suits": 2, "minutes": 5, "opponent": {"kind": "person"}}
        ).json()
        assert other.request.post(f"/api/duels/{table['id']}/join", data={}).ok
        expect(page.locator("#duel-bar")).to_be_visible()  # the page heard the duel start
        page.locator("[data-stock]").click()
        expect(page.locator("[data-score]")).to_have_text("-1")
        page.wait_for_timeout(1500)  # time passes on the server's clock
        before = duel_of(page)

        page.reload()
        page.wait_for_selector('html[data-ready="true"]')
        expect(page.locator("#duel-bar")).to_be_visible()
        expect_columns(page, before["you"])
        expect(page.locator("[data-score]")).to_have_text("-1")
        clock = page.locator("[data-duel-clock]").inner_text()
        minutes, seconds = (int(part) for part in clock.split(":"))
        assert 0 < minutes * 60 + seconds <= math.ceil(before["remaining_ms"] / 1000) < 300  # it ran on, not anew
        page.locator("[data-stock]").click()
        expect(page.locator("[data-score]")).to_have_text("-2")
        assert duel_of(page)["players"][0]["score"] == -2
        assert ERRORS == []
    finally:
        other_context.close()


def test_a_friend_is_invited_from_the_waiting_table_and_declines(browser: Browser, server: Server, page: Page) -> None:
    other_context, other = new_player(browser, server)
    try:
        open_table(page)
        friend = other.request.get("/api/me").json()["name"]
        assert page.request.put(f"/api/friends/{friend}", data={}).ok
        make_table(page, "A person")
        waiting = page.get_by_role("dialog", name="Waiting for an opponent")
        waiting.locator("li", has_text=friend).get_by_role("button", name="Invite").click()
        invitation = other.get_by_role("dialog", name="An invitation")
        expect(invitation).to_contain_text(page.request.get("/api/me").json()["name"])
        invitation.get_by_role("button", name="Decline").click()
        expect(page.locator("#status")).to_have_text(f"{friend} declined your invitation.")
        assert ERRORS == []
    finally:
        other_context.close()
