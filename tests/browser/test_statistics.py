"""The statistics' last games: listed after they end, drawn on the chart, typed-in codes' games among them as the
statistics count them, and opened in the replay viewer, over the player's own game, which stays as it was; a won
game's time, the same in the win dialog, the statistics, the history and its record."""

from __future__ import annotations

import re
import sqlite3
import time

from playwright.sync_api import Locator, Page, Route, expect

from spider.codes import GameCode
from tests.browser.access import in_language, summary, violations
from tests.browser.harness import Server
from tests.browser.table import View, act, current, new_game, open_table, play_with_mouse, solve

CODE = str(GameCode.random(1))  # a deal nobody has played in this run: a game of a shown code never counts


def resigned(page: Page, deals: int, **body: object) -> View:
    view = new_game(page, 1, **body)  # type: ignore[arg-type]
    for _ in range(deals):
        view = act(page, view, "d")
    response = page.request.post(f"/api/games/{view['id']}/resign")
    assert response.ok, response.text()
    ended: View = response.json()
    return ended


def test_the_history_lists_finished_games_charts_them_and_replays_one(page: Page) -> None:
    dealt = resigned(page, 2)
    typed = resigned(page, 1, code=CODE)
    playing = act(page, new_game(page, 1), "d")
    open_table(page)
    page.locator('[data-command="stats"]').first.click()
    history = page.locator("dialog[open] .history")
    rows = history.locator("tbody tr")
    expect(rows).to_have_count(2)  # the typed-in code's game among the others, as the statistics count it
    expect(rows.first).to_contain_text(typed["code"])  # the latest first
    expect(rows.first.locator(".badge")).to_have_text("typed-in code")
    expect(rows.nth(1)).to_contain_text(dealt["code"])
    expect(rows.nth(1)).to_contain_text("Given up")
    chart = history.locator("svg.results-chart")
    expect(chart).to_have_attribute("aria-label", "Chart of your last games (2), oldest to newest: wins marked "
                                    "at the top, losses at the bottom, and the line of their scores.")
    expect(chart.locator("g.mark.lost")).to_have_count(2)

    rows.nth(1).get_by_role("button", name="Replay").click()
    viewer = page.locator("dialog.viewer[open]")  # the replay viewer, over the statistics
    expect(viewer.locator(".viewer-step")).to_have_text("The opening deal. Actions to come: 2.")
    viewer.get_by_role("button", name="To the end").click()
    expect(viewer.locator(".viewer-step")).to_have_text("Action 2 of 2: a deal from the stock.")
    expect(viewer.locator(".viewer-facts")).to_contain_text(f"moves {dealt['moves']}")
    viewer.get_by_role("button", name="Close the replay").click()
    expect(viewer).to_have_count(0)
    expect(page.locator("dialog[open] .history")).to_be_visible()  # back to the statistics
    # the player's game stays as it was
    assert current(page)["id"] == playing["id"] and current(page)["moves"] == playing["moves"]


def test_the_history_speaks_hebrew_right_to_left(page: Page) -> None:
    resigned(page, 1)
    open_table(page)
    in_language(page, "he")
    page.locator('[data-command="stats"]').first.click()
    history = page.locator("dialog[open] .history")
    expect(history.locator("h3")).to_have_text("המשחקים האחרונים")
    expect(history.locator("tbody tr")).to_have_count(1)
    expect(history.locator("tbody tr").first).to_contain_text("ויתור")
    expect(history.locator("svg.results-chart g.mark")).to_have_count(1)
    assert summary(violations(page, "dialog[open]")) == []  # the chart and the table, named for everyone


def played_for(server: Server, game_id: str) -> float:
    """The game's playing time now, as the server's clock counts it (from its database): played while on screen."""
    with sqlite3.connect(server.database) as connection:
        played, since = connection.execute("SELECT played, clock_at FROM games WHERE id = ?", (game_id,)).fetchone()
    return float(played) + (time.time() - float(since) if since is not None else 0.0)


def test_a_typed_in_codes_win_counts_alike_everywhere_with_one_time(page: Page, server: Server) -> None:
    resigned(page, 1)  # a deal the server dealt, given up
    code = str(GameCode.random(1))
    line = solve(code)
    view = new_game(page, 1, code=code)
    for action in line[:-1]:
        view = act(page, view, action)
    open_table(page)

    def some_way_into_a_second(route: Route) -> None:
        # the last action reaches the server some way into a second of play, as a player's does: the time's fraction
        # is where two ways of making it whole differ (1:24.6 once showed 1:24 in the dialog and 1:25 in the record)
        while not 0.55 <= played_for(server, view["id"]) % 1 <= 0.65:
            time.sleep(0.02)
        route.continue_()

    page.route("**/api/games/*/actions", some_way_into_a_second)
    play_with_mouse(page, view, line[-1])
    dialog = page.get_by_role("dialog", name="You won!")
    expect(dialog.locator(".best")).to_be_visible()
    found = re.search(r"Time (\d+:\d\d)", dialog.inner_text())
    assert found is not None
    shown = found.group(1)
    expect(dialog.locator(".best")).to_contain_text(f"best time {shown}")
    dialog.get_by_role("button", name="Statistics").click()
    stats = page.get_by_role("dialog", name="Statistics")

    def one_suit(row: str) -> Locator:
        """The statistics' figure for one suit, in the row named ``row`` of their first table."""
        named = stats.locator(".stats table").first.locator("tr", has=page.locator("th", has_text=row))
        return named.locator("td").first

    expect(one_suit("Best time")).to_have_text(shown)
    # the typed-in code's game counted in the table as in the list under it: two games, one won, the list's two
    expect(one_suit("Games")).to_have_text("2")
    expect(one_suit("Wins")).to_have_text("1")
    rows = stats.locator(".history tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("typed-in code")
    expect(rows.first.locator("td").nth(4)).to_have_text(shown)
    expect(stats).not_to_contain_text("Games of typed-in codes")  # no second count of them, apart
    record = page.request.get(f"/api/games/{view['id']}/record")
    assert record.ok and f"\nTime: {shown}\n" in record.text()
