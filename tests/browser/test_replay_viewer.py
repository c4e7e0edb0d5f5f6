"""The replay viewer in a real browser: a finished game opened by its link at a move, stepped with buttons,
the slider and keys, played and paused, its record downloaded; a duel's two tables side by side; a record
file opened; the winning line played through it; Hebrew and a phone. It takes the place of the dialog it was
opened from (the statistics, the daily board), which comes back when it closes; it draws the stock and the
completed runs; its steps name the cards moved; its corners on a phone are as large as the table's; in Hebrew
Play points the way the slider runs."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, Route, expect

from spider.server.solving.deal_pool import Pool
from tests.browser.access import in_language, summary, violations
from tests.browser.harness import Server, open_context
from tests.browser.pngsmall import pixels
from tests.browser.table import View, act, confirm_giving_up, new_game, open_table, solve
from tests.browser.test_daily import open_daily_from_menu

RECORDS = Path(__file__).parents[1] / "data" / "records"
VERIFIED = "SP1-S1C-AAAAAABAAAAAAB"
WON = "won-1-suit.txt"  # SP1-S1C-AAAAAAD won in 100 actions: deals at 8, 17, 26, 29 and 34, the first run at 36


def finished(page: Page, actions: list[str]) -> View:
    view = new_game(page, 1)
    for action in actions:
        view = act(page, view, action)
    response = page.request.post(f"/api/games/{view['id']}/resign")
    assert response.ok, response.text()
    ended: View = response.json()
    return ended


def open_record(page: Page, name: str) -> Locator:
    """Opens a record file from the statistics (the More menu's on a phone), as a player does: the viewer."""
    toolbar = page.locator('.toolbar [data-command="stats"]')
    if toolbar.is_visible():
        toolbar.click()
    else:
        page.click('[data-menu="more"]')
        page.click('#more-menu [data-item="stats"]')
    with page.expect_file_chooser() as choosing:
        page.locator("#dialog [data-open-record]").click()  # its name in the page's language
    choosing.value.set_files(str(RECORDS / name))
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-column")).to_have_count(10)
    return viewer


def seek(viewer: Locator, step: int) -> None:
    viewer.get_by_role("slider", name="Action").fill(str(step))
    expect(viewer.get_by_role("slider", name="Action")).to_have_value(str(step))


def test_a_link_opens_a_finished_game_at_a_move_and_the_keys_step_it(page: Page) -> None:
    ended = finished(page, ["d", "d", "d"])
    page.goto(f"/?replay={ended['id']}&move=2")
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-step")).to_have_text("Action 2 of 3: a deal from the stock.")
    assert page.evaluate("location.search") == ""  # the address is plain again: a reload opens the player's game
    expect(viewer.locator(".viewer-column")).to_have_count(10)
    expect(viewer.locator(".viewer-facts")).to_have_text("Score 498 · moves 2 · deals left 3 · runs removed 0")
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("2")
    assert viewer.locator('[data-card="down"]').count() == 44  # face-down cards drawn as backs, never named
    expect(viewer.locator(".card[role=listitem]")).to_have_count(30)
    expect(viewer.get_by_role("link", name="Link to this action")).to_have_attribute(
        "href", f"/?replay={ended['id']}&move=2"
    )
    assert summary(violations(page, "dialog.viewer")) == []  # every control named, contrast, roles (axe-core)

    page.keyboard.press("ArrowLeft")
    expect(viewer.locator(".viewer-step")).to_have_text("Action 1 of 3: a deal from the stock.")
    page.keyboard.press("Home")
    expect(viewer.locator(".viewer-step")).to_have_text("The opening deal. Actions to come: 3.")
    page.keyboard.press("End")
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("3")
    viewer.get_by_role("slider", name="Action").fill("1")
    expect(viewer.locator(".viewer-facts")).to_contain_text("moves 1")

    page.evaluate("document.documentElement.dataset.replayMs = '40'")
    viewer.get_by_role("button", name="Play", exact=True).click()
    expect(viewer.locator(".viewer-step")).to_have_text("Action 3 of 3: a deal from the stock.")
    expect(viewer.get_by_role("button", name="Play", exact=True)).to_be_visible()  # at the end it stops by itself

    with page.expect_download() as waiting:
        viewer.get_by_role("button", name="Download the record").click()
    text = Path(waiting.value.path()).read_text(encoding="utf-8")
    assert text.startswith("Spider game record 1\n") and f"\nCode: {ended['code']}\n" in text
    assert re.search(r"\n1\. d \[\d+:\d\d\]\n2\. d \[\d+:\d\d\]\n3\. d \[\d+:\d\d\]\n$", text)
    page.keyboard.press("Escape")
    expect(viewer).to_have_count(0)


def test_a_game_in_play_opens_no_viewer(page: Page) -> None:
    view = act(page, new_game(page, 1), "d")
    page.goto(f"/?replay={view['id']}")
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("#status")).to_have_text("A game's moves can be replayed only once it is over.")
    expect(page.locator("dialog.viewer")).to_have_count(0)


def test_a_duel_record_file_shows_both_tables_side_by_side(page: Page, tmp_path: Path) -> None:
    open_table(page)
    page.locator('[data-command="stats"]').first.click()
    with page.expect_file_chooser() as choosing:
        page.locator("dialog[open]").get_by_role("button", name="Open a game record").click()
    choosing.value.set_files(str(RECORDS / "duel-4-suits.txt"))
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator("h2")).to_have_text("Duel: Ana and Bram")
    boards = viewer.locator(".viewer-board")
    expect(boards).to_have_count(2)
    expect(boards.nth(0)).to_have_attribute("aria-label", "Ana")
    first, second = (boards.nth(i).bounding_box() for i in range(2))
    assert first and second and abs(first["y"] - second["y"]) < 2 and second["x"] > first["x"] + first["width"] / 2
    viewer.get_by_role("button", name="To the end").click()
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("12")  # the longer game's length
    expect(boards.nth(1).locator(".viewer-facts")).to_contain_text("deals left 4")


def test_the_winning_line_plays_in_the_viewer(page: Page, server: Server) -> None:
    line = solve(VERIFIED)
    Pool(server.database).add(VERIFIED, 1, line)
    view = new_game(page, 1, deal="verified")
    view = act(page, view, line[0])
    open_table(page)
    page.evaluate("document.documentElement.dataset.replayMs = '5'")
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and show a winning line").click()
    confirm_giving_up(page)
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator("h2")).to_have_text(f"A winning line for {VERIFIED}")
    expect(viewer.locator(".viewer-facts")).to_contain_text("runs removed 8", timeout=60_000)
    expect(viewer.locator(".viewer-column .card")).to_have_count(0)
    viewer.get_by_role("button", name="Close the replay").click()
    given_up = page.request.get(f"/api/games/{view['id']}").json()
    assert given_up["result"] == "resigned"
    expect(page.locator("[data-moves]")).to_have_text("1")  # the player's game, as it was left


def test_hebrew_on_a_phone(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')
    ended = finished(page, ["d"])
    in_language(page, "he")
    page.goto(f"/?replay={ended['id']}&move=1")
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-step")).to_have_text("פעולה 1 מתוך 1: חלוקה מהקופה.")
    box = viewer.bounding_box()
    assert box and box["width"] <= 390
    table = viewer.locator(".viewer-table").bounding_box()
    assert table and table["x"] >= 0 and table["x"] + table["width"] <= 390
    page.keyboard.press("ArrowRight")  # right to left: the right arrow goes back
    expect(viewer.locator(".viewer-step")).to_have_text("החלוקה הפותחת. פעולות בהמשך: 1.")
    context.close()


def test_opened_from_the_statistics_it_takes_their_place_and_closing_it_goes_back(page: Page) -> None:
    finished(page, ["d"])
    open_table(page)
    page.locator('[data-command="stats"]').first.click()
    stats = page.locator("#dialog")
    replay = stats.locator(".history tbody tr").first.get_by_role("button", name="Replay")
    replay.click()
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-step")).to_have_text("The opening deal. Actions to come: 1.")
    expect(stats).to_be_hidden()  # the viewer alone, not piled on the statistics
    expect(page.locator("dialog:visible")).to_have_count(1)
    # a record opened from the viewer replaces it; the statistics still wait behind
    viewer.locator('[data-viewer="file"]').set_input_files(str(RECORDS / WON))
    expect(viewer.locator("h2")).to_have_text("Replay of SP1-S1C-AAAAAAD")
    expect(page.locator("dialog:visible")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("dialog.viewer")).to_have_count(0)
    expect(stats.locator(".history tbody tr")).to_have_count(1)  # the statistics as the player left them
    expect(stats).to_be_visible()
    expect(replay).to_be_focused()  # on the button that opened the first viewer


def test_a_daily_boards_replay_opens_in_the_boards_place_without_loading_the_page(page: Page) -> None:
    ended = finished(page, ["d", "d"])
    # a past day's board links each finished game; today's links none, so its answer is given one here
    entry = {"place": 1, "name": "Ana", "value": ended["score"], "won": False, "score": ended["score"], "moves": 2,
             "seconds": 30, "helped": False, "game": ended["id"], "friend": False, "you": False}

    def board(route: Route) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "entries": [entry], "you": None})

    page.route(re.compile(r"/api/daily/\d{4}-\d\d-\d\d/\d+(\?.*)?$"), board)
    open_table(page)
    open_daily_from_menu(page)
    daily = page.locator("#dialog")
    page.evaluate("window.notLoadedAgain = true")
    daily.locator(".daily-board-table").get_by_role("link", name="Replay").click()
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer-step")).to_have_text("The opening deal. Actions to come: 2.")
    expect(daily).to_be_hidden()
    assert page.evaluate("window.notLoadedAgain") is True
    viewer.get_by_role("button", name="Close the replay").click()
    expect(daily.locator(".daily-board-table")).to_be_visible()


def test_the_stock_and_the_runs_are_drawn_and_change_at_a_deal_and_a_run(page: Page) -> None:
    open_table(page)
    viewer = open_record(page, WON)
    stock, runs = viewer.locator(".viewer-top .stock"), viewer.locator(".viewer-top .run")
    expect(runs).to_have_count(8)
    seek(viewer, 7)
    expect(stock.locator(".stock-cards i")).to_have_count(5)
    expect(stock.locator(".stock-count")).to_have_text("5")
    seek(viewer, 8)
    expect(viewer.locator(".viewer-step")).to_contain_text("Action 8 of 100: a deal from the stock.")
    expect(stock.locator(".stock-cards i")).to_have_count(4)
    expect(stock.locator(".stock-count")).to_have_text("4")
    seek(viewer, 35)
    expect(viewer.locator(".run[data-run]")).to_have_count(0)
    expect(stock.locator(".stock-cards i")).to_have_count(0)  # the last deal was at 34
    seek(viewer, 36)
    expect(viewer.locator(".run[data-run]")).to_have_count(1)
    expect(runs.first).to_have_text("♠")
    expect(runs.first).to_have_attribute("aria-label", "Run slot 1: spades")
    viewer.get_by_role("button", name="To the end").click()
    expect(viewer.locator('.run[data-run="s"]')).to_have_count(8)
    expect(viewer.locator(".viewer-column .card")).to_have_count(0)


def test_a_step_names_the_cards_it_moves_as_the_table_shows_them(page: Page) -> None:
    view = act(page, new_game(page, 1, code="SP1-S1C-AAAAAAD"), "1>8")
    ended = page.request.post(f"/api/games/{view['id']}/resign").json()
    page.goto(f"/?replay={ended['id']}&move=0")
    viewer = page.locator("dialog.viewer[open]")
    columns = viewer.locator(".viewer-column")
    # before the move: the 2 of spades ends column 1, the 3 of spades column 8
    expect(columns.nth(0).locator(".card").last).to_have_attribute("data-card", "2s")
    expect(columns.nth(7).locator(".card").last).to_have_attribute("data-card", "3s")
    page.keyboard.press("ArrowRight")
    expect(viewer.locator(".viewer-step")).to_have_text(
        "Action 1 of 1: the 2 of spades from column 1 onto the 3 of spades in column 8."
    )
    expect(columns.nth(7).locator(".card").last).to_have_attribute("data-card", "2s")
    in_language(page, "pl")
    page.goto(f"/?replay={ended['id']}&move=1")
    expect(page.locator("dialog.viewer[open] .viewer-step")).to_have_text(
        "Ruch 1 z 1: przeniesienie dwójki pik z kolumny 1 na trójkę pik w kolumnie 8."
    )


RANK_CLEAR = """viewer => [...viewer.querySelectorAll('.viewer-column')].every((column) => {
  const cards = [...column.querySelectorAll('.card:not(.down)')];
  const rankBottom = (card) => card.querySelector('.corner b').getBoundingClientRect().bottom;
  const top = (card) => card.getBoundingClientRect().top;
  return cards.every((card, i) => i === cards.length - 1 || rankBottom(card) <= top(cards[i + 1]) + 0.5);
})"""


def test_on_a_phone_the_viewers_corners_are_as_large_as_the_tables(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 360, "height": 740}, has_touch=True)
    page = context.new_page()
    open_table(page)
    table_rank = page.locator("#tableau .card:not(.down) .corner b").first.bounding_box()
    table_suit = page.locator("#tableau .card:not(.down) .corner i").first.bounding_box()
    viewer = open_record(page, WON)
    seek(viewer, 40)  # long columns: nine face-up cards in column 2, sixteen in column 8
    rank = viewer.locator(".card:not(.down) .corner b").first.bounding_box()
    suit = viewer.locator(".card:not(.down) .corner i").first.bounding_box()
    assert table_rank and table_suit and rank and suit
    assert table_rank["height"] >= 11  # the table's own floor (layout.js), so the comparison means something
    assert rank["height"] >= table_rank["height"] and suit["height"] >= table_suit["height"], (rank, table_rank)
    assert viewer.evaluate(RANK_CLEAR)  # every rank clear of the card below it
    table = viewer.locator(".viewer-table").bounding_box()
    assert table and table["x"] >= 0 and table["x"] + table["width"] <= 360
    context.close()


def glyph_points(button: Locator) -> str:
    """Which way a triangle on a button points, as drawn: its ink is heavier on the side of its base."""
    rows = pixels(button.screenshot())
    assert rows is not None
    ink = [(x, y) for y, row in enumerate(rows[3:-3]) for x in range(3, len(row) // 3 - 3)
           if sum(row[3 * x:3 * x + 3]) / 3 > 200]
    assert len(ink) > 20, "no glyph drawn"
    xs = [x for x, _ in ink]
    middle, centroid = (min(xs) + max(xs)) / 2, sum(xs) / len(xs)
    return "right" if centroid < middle else "left"


def test_play_points_the_way_the_slider_runs_in_english_and_hebrew(page: Page) -> None:
    for lang, end in (("en", "right"), ("he", "left")):
        in_language(page, lang)
        viewer = open_record(page, WON)
        slider = viewer.locator('[data-viewer="seek"]')
        box = slider.bounding_box()
        assert box
        page.mouse.click(box["x"] + (3 if end == "left" else box["width"] - 3), box["y"] + box["height"] / 2)
        expect(slider).to_have_value("100")  # the end of the game lies on this side
        viewer.locator('[data-viewer="first"]').click()
        assert glyph_points(viewer.locator('[data-viewer="play"]')) == end
        page.keyboard.press("Escape")
