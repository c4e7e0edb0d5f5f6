"""The review of a finished game in the page: asked for from the More menu once a game is over, or from the
statistics' last games; its progress while it is made, then the accuracy, the costliest moves and every move,
and "try again from here": a practice game at the table as it was, kept across a reload."""

from __future__ import annotations

import math
import re

from playwright.sync_api import Locator, Page, Route, expect

from spider.game import Game
from spider.rules import TableRules
from tests.browser.access import in_language
from tests.browser.table import View, act, cards, confirm_giving_up, current, new_game, open_table

CODE = "SP1-S1C-AAAAAAD"
MOVES = ["1>8", "9>4", "10>2", "d"]


def played(page: Page, moves: list[str] = MOVES, **body: object) -> View:
    view = new_game(page, 1, **body)  # type: ignore[arg-type]
    for action in moves:
        view = act(page, view, action)
    return view


def reviewed_from_the_statistics(page: Page, moves: list[str]) -> tuple[View, Locator]:
    """A fresh deal played (so that the game counts) and given up, then its review, asked for from the statistics'
    last games, once made."""
    view = played(page, moves)
    assert page.request.post(f"/api/games/{view['id']}/resign").ok
    open_table(page)
    page.locator('[data-command="stats"]').first.click()
    row = page.locator(f'dialog[open] .history tbody tr[data-game="{view["id"]}"]')
    row.get_by_role("button", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review of the game")
    expect(dialog).to_contain_text("Accuracy:", timeout=90_000)
    return view, dialog


def test_a_game_given_up_is_reviewed_from_the_more_menu(page: Page) -> None:
    view = played(page, code=CODE)
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    confirm_giving_up(page)
    expect(page.locator("dialog[open]")).to_contain_text("This deal could be won", timeout=60_000)
    expect(page.locator("dialog[open]").get_by_role("button", name="Review")).to_be_visible()  # offered at once
    page.keyboard.press("Escape")
    page.locator('[data-menu="more"]').click()
    page.get_by_role("menu", name="More").get_by_role("menuitem", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review of the game")
    expect(dialog).to_contain_text("Master is going through your game")
    expect(dialog.get_by_role("status")).to_contain_text(f"of {len(MOVES)} moves reviewed")
    expect(dialog).to_contain_text("Accuracy:", timeout=90_000)
    expect(dialog.get_by_role("heading", name="Your costliest moves")).to_be_visible()
    dialog.get_by_text("Every move", exact=True).click()
    rows = dialog.locator(".review-table tbody tr")
    expect(rows).to_have_count(len(MOVES))
    expect(rows.nth(0)).to_contain_text("the 2 of spades from column 1 onto the 3 of spades in column 8")
    expect(rows.nth(3)).to_contain_text("a deal from the stock")
    found = page.request.get(f"/api/games/{view['id']}/review").json()
    assert found["state"] == "done"
    accuracy = math.floor(found["review"]["accuracy"] + 0.5)  # as the page's Math.round: 98.5 is 99, not 98
    expect(dialog.locator(".review-accuracy")).to_have_text(f"Accuracy: {accuracy}%")
    costly = found["review"]["costliest"]
    expect(dialog.locator(".review-costliest li")).to_have_count(len(costly))
    expect(dialog.locator("tr.costly")).to_have_count(len(costly))


def test_try_again_from_here_opens_a_practice_game_at_the_table_as_it_was(page: Page) -> None:
    costly = 3  # the last deal, made from the table after three: marked costliest, whatever master says

    marked_costliest(page, costly)
    view, dialog = reviewed_from_the_statistics(page, ["d", "d", "d", "d"])
    expect(dialog).to_contain_text("opens a practice game")
    dialog.locator(".review-costliest li").first.get_by_role("button", name="Try again from here").click()
    expect(dialog).to_be_hidden()
    goal = page.locator("#practice-goal")
    expect(goal).to_be_visible()
    expect(goal).to_contain_text("Try again from your game")
    expect(goal).to_contain_text("Win the game.")
    expect(goal).not_to_contain_text("Exercise")
    expect(page.locator("[data-kind]")).to_have_text("· from your own game")
    practice = current(page)
    assert practice["id"] != view["id"] and practice["practice"]["id"] == "from_review"
    game = page.request.get(f"/api/games/{view['id']}/played").json()  # over: its code may be told now
    real = Game.replay(game["code"], TableRules.from_json(game["rules"]), game["actions"][:costly]).public_position()

    def as_it_was() -> None:
        for n, (down, up) in enumerate(zip(real.face_down, real.columns, strict=True), start=1):
            expect(page.locator(f'[data-column="{n}"] .card')).to_have_count(down + len(up))
            assert cards(page, n) == ["down"] * down + [str(card) for card in up], f"column {n}"

    as_it_was()
    open_table(page)  # a reload keeps the game
    expect(goal).to_contain_text("Try again from your game")
    assert current(page)["id"] == practice["id"]
    as_it_was()


def test_a_lost_game_is_reviewed_from_its_analysis(page: Page) -> None:
    played(page, code=CODE)
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    confirm_giving_up(page)
    expect(page.locator("dialog[open]")).to_contain_text("This deal could be won", timeout=60_000)
    page.locator("dialog[open]").get_by_role("button", name="Review").click()
    dialog = page.get_by_role("dialog", name="Review of the game")
    expect(dialog).to_contain_text("Accuracy:", timeout=90_000)


def test_a_counted_game_is_reviewed_from_the_statistics(page: Page) -> None:
    _, dialog = reviewed_from_the_statistics(page, ["d", "d"])
    dialog.get_by_text("Every move", exact=True).click()
    expect(dialog.locator(".review-table tbody tr")).to_have_count(2)


def marked_costliest(page: Page, costly: int) -> None:
    """The review's answer with the step at ``costly`` marked costliest, whatever master says (master's choice is
    its own; which steps are costliest is the review's rule, tested beside it)."""

    def marked(route: Route) -> None:
        response = route.fetch()
        found = response.json()
        if found.get("review"):
            found["review"]["costliest"] = [costly]
            for index, step in enumerate(found["review"]["steps"]):
                step["costly"] = index == costly
        route.fulfill(response=response, json=found)

    page.route(re.compile(r".*/api/games/[^/]+/review$"), marked)


def review_of(page: Page, game_id: str, title: str) -> Locator:
    """The review of a finished game, as its Review button opens it, once made."""
    page.evaluate("async (id) => (await import('/static/js/review.js')).reviewGame(id)", game_id)
    dialog = page.get_by_role("dialog", name=title)
    expect(dialog.locator(".review-accuracy")).to_be_visible(timeout=90_000)
    return dialog


def test_the_review_speaks_in_cards_and_shows_the_table_with_masters_move(page: Page) -> None:
    # 1>8: the 2 of spades onto the 3; 9>4: the 8 of spades onto the 9 in column 4; 10>2; then a deal
    view = played(page, code=CODE)
    assert page.request.post(f"/api/games/{view['id']}/resign").ok
    marked_costliest(page, 1)
    open_table(page)
    dialog = review_of(page, view["id"], "Review of the game")
    costly = dialog.locator(".review-costliest li")
    expect(costly).to_have_count(1)
    expect(costly).to_contain_text("Action 2: chance of winning")
    expect(costly).to_contain_text("Your move: the 8 of spades from column 9 onto the 9 of spades in column 4.")
    expect(costly).to_contain_text("Master's move: ")
    dialog.get_by_text("Every move", exact=True).click()
    rows = dialog.locator(".review-table tbody tr")
    expect(rows.nth(3).locator("td").nth(1)).to_have_text("a deal from the stock")
    said = dialog.inner_text()
    assert not re.search(r"\b\d+>\d+", said), said  # no move notation anywhere: every action in cards
    assert not any(cell.strip() == "d" for cell in rows.locator("td").all_inner_texts())

    step = page.request.get(f"/api/games/{view['id']}/review").json()["review"]["steps"][1]
    costly.get_by_role("button", name="Show the table").click()
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.get_by_role("slider", name="Action")).to_have_value("1")  # the table the move was made from
    mark = viewer.locator(".viewer-mark")
    expect(mark).to_contain_text("Your move: the 8 of spades from column 9 onto the 9 of spades in column 4.")
    expect(mark).to_contain_text("Master's move: " + ("the same" if step["agrees"] else step["master_words"] or ""))
    move = step["master_move"]
    if move is not None:  # master's cards lit where they lie, and the column they would go onto
        columns = viewer.locator('[data-board="0"] .viewer-column')
        expect(columns.nth(move["column"] - 1).locator(".viewer-marked")).to_have_count(move["count"])
        expect(viewer.locator(".viewer-marked")).to_have_count(move["count"])
        expect(columns.nth(move["target"] - 1)).to_have_class(re.compile("viewer-target"))
    viewer.get_by_role("button", name="One action forward").click()  # the mark belongs to its action alone
    expect(mark).to_be_hidden()
    expect(viewer.locator(".viewer-marked")).to_have_count(0)
    page.keyboard.press("Escape")

    in_language(page, "he")
    hebrew = review_of(page, view["id"], "סקירת המשחק")
    costly = hebrew.locator(".review-costliest li")
    expect(costly).to_contain_text("המהלך שלכם: העברת ה־8 עלה מעמודה 9 אל ה־9 עלה בעמודה 4.")
    expect(costly).to_contain_text("המהלך של האלוף: ")
    hebrew.get_by_text("כל המהלכים", exact=True).click()
    expect(hebrew.locator(".review-table tbody tr").nth(3).locator("td").nth(1)).to_have_text("חלוקה מהקופה")
    assert not re.search(r"\b\d+>\d+", hebrew.inner_text())
    hebrew.locator(".review-table tbody tr").nth(1).get_by_role("button").click()  # an action's number: its table
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.get_by_role("slider")).to_have_value("1")
    expect(viewer.locator(".viewer-mark")).to_contain_text("המהלך של האלוף: ")
