"""The statistics' last games: listed after they end, drawn on the chart, typed-in codes' games apart, and
played again on the table, after which the player's own game comes back as it was."""

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

    page.evaluate("document.documentElement.dataset.replayMs = '5'")
    rows.nth(1).get_by_role("button", name="Replay").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.locator("[data-kind]")).to_have_text("· your finished game, replayed")
    expect(page.locator("#status")).to_have_text("That is how the game went.", timeout=60_000)
    expect(page.locator("[data-moves]")).to_have_text(str(dealt["moves"]))
    # then back to the player's game, unchanged
    expect(page.locator("[data-moves]")).to_have_text(str(playing["moves"]), timeout=10_000)
    expect(page.locator("[data-kind]")).not_to_have_text("· your finished game, replayed")
    assert current(page)["id"] == playing["id"] and current(page)["moves"] == playing["moves"]

    # stopped part-way, the replay gives the table back at once
    page.evaluate("document.documentElement.dataset.replayMs = '2000'")
    page.locator('[data-command="stats"]').first.click()
    page.locator("dialog[open] .history tbody tr").first.get_by_role("button", name="Replay").click()
    expect(page.locator("[data-kind]")).to_have_text("· your finished game, replayed")
    page.locator("#replay-stop").click()
    expect(page.locator("#status")).to_have_text("Replay stopped: back to your game.", timeout=10_000)
    expect(page.locator("[data-kind]")).not_to_have_text("· your finished game, replayed", timeout=10_000)
    expect(page.locator("[data-moves]")).to_have_text(str(playing["moves"]))
    assert current(page)["id"] == playing["id"]


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
