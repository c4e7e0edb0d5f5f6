"""Fair play in the page (issue 53, item 6): a daily entry won with the solver's line goes from the day's board to
the moderation view and back. Its player sees "Your result is being checked" where their place would be; a
moderator (given the role by ``spider mod grant``) opens /?moderation, sees the result with why it was flagged,
opens the replay viewer at the flagged action, and clears it; the player's place is on the board again. A player
who is no moderator opening /?moderation is told the view is not theirs.

A server of its own, whose ranked results are checked (the shared one's are not: ``harness``). The day's 1-suit deal
is set in its database before anyone asks for it: a deal whose solver's line the measure flags. Left to the
server's random secret, the deal would change with every run, and the measure's figures are rates measured on
some deals (bench/NOTES.md), not a promise for every deal: the test would depend on the day."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from spider import Game
from spider.cli import main
from spider.fairplay import fairplay
from spider.server.games.kinds import Kind
from spider.server.http.identity import PLAYER_COOKIE
from spider.solver import solve
from tests.browser.harness import CHROMIUM, Server, open_context
from tests.browser.table import act, current, open_table
from tests.browser.test_daily import line_of, open_daily_from_menu
from tests.server.standing import in_good_standing

SEEN_DEAL = "SP1-S1C-AAAAAHT"
"""The day's 1-suit deal in this test: its solver's line (within :data:`SOLVER_NODES` positions) is flagged."""
SOLVER_NODES = 200_000


def set_days_deal(server: Server, day: str, code: str) -> None:
    """Keeps ``code`` as the day's 1-suit deal, with the solver's line, as the server keeps a deal it chose; the
    line is flagged by the measure (asserted here, so that a change to the measure shows up as itself)."""
    found = solve(Game.from_code(code), max_nodes=SOLVER_NODES)
    assert found.verdict == "win"
    assert fairplay(code, None, list(found.line)).flagged
    with sqlite3.connect(server.database) as connection:
        connection.execute(
            "INSERT INTO daily_deals (day, suits, code, line, chosen_at) VALUES (?, 1, ?, ?, ?)",
            (day, code, json.dumps(list(found.line)), time.time()),
        )


@pytest.fixture(scope="module")
def checking_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    running = Server(tmp_path_factory.mktemp("spider-checking"), SPIDER_FAIRPLAY_CHECKS="1")
    running.start()
    yield running
    running.kill()


def named_account(page: Page, server: Server, name: str) -> None:
    """The page's player: an account in good standing (made in the database, as passkeys need a device), named."""
    open_table(page)
    assert page.request.put("/api/me", data={"name": name}).ok
    token = next(c["value"] for c in page.context.cookies() if c["name"] == PLAYER_COOKIE)
    in_good_standing(f"sqlite:///{server.database}", [token], kind=Kind.DAILY)


def test_a_flagged_daily_entry_goes_from_the_board_to_the_moderation_view_and_back(
    browser: Browser, checking_server: Server
) -> None:
    server = checking_server
    today = dt.datetime.now(dt.UTC).date().isoformat()
    player_context, warden_context = open_context(browser, server), open_context(browser, server)
    player, warden = player_context.new_page(), warden_context.new_page()
    try:
        named_account(player, server, "Seer")
        named_account(warden, server, "Warden")
        # before the role, the view is refused in the server's words
        warden.goto("/?moderation")
        expect(warden.locator("#status")).to_contain_text("Only moderators can see this")
        assert main(["mod", "grant", "Warden", "--database", str(server.database)]) == 0

        set_days_deal(server, today, SEEN_DEAL)
        open_daily_from_menu(player)
        player.click('#dialog [data-daily-suits="1"]')
        expect(player.locator("#status")).to_contain_text("daily deal", timeout=90_000)
        player.keyboard.press("Escape")
        view = current(player)
        for action in line_of(server, today):
            view = act(player, view, action)
        assert view["won"]
        open_daily_from_menu(player)
        board = player.locator("#dialog .daily-board")
        expect(board.locator("[data-checking]")).to_have_text(
            "Your result is being checked: it takes its place on the board once the check is done."
        )
        expect(board.locator("tr.you")).to_have_count(0)
        expect(board).not_to_contain_text("Nobody has finished")  # the player's own entry is there, held

        flagged = warden.locator("#dialog .moderation-flagged")
        for _ in range(60):  # the view lists the result once its check has flagged it (slow on a busy machine:
            # the check runs in the niced worker process, behind every test running beside it)
            warden.goto("/?moderation")
            expect(warden.locator("#dialog .moderation")).to_be_visible()
            if flagged.count():
                break
            warden.wait_for_timeout(3000)
        expect(flagged).to_have_count(1)
        expect(flagged.locator("h3")).to_have_text("Seer")
        expect(flagged).to_contain_text("Daily deal")
        flagged.locator("button[data-replay]").first.click()
        viewer = warden.locator("dialog.viewer")
        expect(viewer).to_be_visible()
        expect(warden.locator("#dialog")).to_be_hidden()  # the viewer in the moderation view's place
        viewer.press("Escape")
        expect(flagged).to_be_visible()  # and back to it
        flagged.locator("button[data-clear]").click()
        expect(warden.locator("#dialog [data-none]")).to_have_text("No flagged result is waiting for a moderator.")
        expect(warden.locator("#dialog .moderation-log tbody tr").first).to_contain_text("result cleared")
        expect(warden.locator("#dialog .moderation-log tbody tr").first).to_contain_text("Warden")

        player.keyboard.press("Escape")
        open_daily_from_menu(player)
        expect(player.locator("#dialog .daily-board tr.you")).to_have_count(1)
        expect(player.locator("#dialog .daily-board [data-checking]")).to_have_count(0)
    finally:
        player_context.close()
        warden_context.close()
