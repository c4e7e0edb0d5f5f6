"""The statistics' last games: listed after they end, drawn on the chart, typed-in codes' games apart, and
opened in the replay viewer, over the player's own game, which stays as it was."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from spider.codes import GameCode
from tests.browser.access import in_language, summary, violations
from tests.browser.table import View, act, current, new_game, open_table

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
    expect(rows).to_have_count(1)  # the typed-in code's game is counted apart, shown on asking
    expect(rows.first).to_contain_text(dealt["code"])
    expect(rows.first).to_contain_text("Given up")
    expect(history.locator(".history-totals")).to_contain_text("Games of typed-in codes, counted apart: 1")
    history.get_by_label("Show games of typed-in codes").check()
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text(typed["code"])  # the latest first
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
