"""An exercise's moves running out in the page: said at once (and heard once), with an offer to try again or
choose another; a further move refused with why; undo takes the failure back. Leaving or restarting an
exercise never warns of a loss, by any path: New game, R, the restart button, the suits, the More menu."""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect

from tests.browser.table import column, drag, open_table

SHOTS = os.environ.get("SPIDER_PRACTICE_SHOTS")  # a folder: the test leaves its screenshots there
FAILED_SAID = "One rank higher: out of moves, and the goal was not reached."
# every text the live region is given, in order (status.js empties it, then sets the text)
HEARD = """(() => {
  window.heard = [];
  new MutationObserver(() => {
    const text = document.getElementById('announce').textContent;
    if (text) window.heard.push(text);
  }).observe(document.getElementById('announce'), { childList: true, characterData: true, subtree: true });
})()"""


TITLES = {"one-rank-higher": "One rank higher", "build-a-run": "Build a run", "complete-a-run": "Complete a run"}


def choose(page: Page, exercise_id: str) -> None:
    """An exercise chosen from the open practice list."""
    page.locator(f'[data-exercise="{exercise_id}"]').click()


def open_exercise(page: Page, exercise_id: str) -> None:
    """An exercise chosen from the More menu's practice list."""
    page.locator('[data-menu="more"]').click()
    page.get_by_role("menu", name="More").get_by_role("menuitem", name="Practice").click()
    choose(page, exercise_id)
    expect(page.locator("#practice-goal")).to_contain_text(TITLES[exercise_id])
    expect(page.locator("[data-moves]")).to_have_text("0")


def no_question_asked(page: Page) -> None:
    page.wait_for_timeout(200)
    expect(page.get_by_role("dialog", name="Leave this game?")).to_have_count(0)
    expect(page.get_by_text("counts as a loss")).to_have_count(0)


def test_out_of_moves_is_said_once_and_offers_to_try_again(page: Page) -> None:
    open_table(page)
    open_exercise(page, "one-rank-higher")  # turn up a card in column 1, in 1 move
    goal = page.locator("#practice-goal")
    page.evaluate(HEARD)
    drag(page, 9, 1, 8)  # the ace onto the two: the one move, spent elsewhere

    failed = page.get_by_role("dialog", name="Out of moves")
    expect(failed).to_be_visible()
    expect(failed).to_contain_text("Try the exercise again from the start, or choose another.")
    expect(failed.get_by_role("button", name="Try again")).to_be_focused()
    expect(failed.get_by_role("button", name="All exercises")).to_be_visible()
    expect(goal).to_contain_text("Out of moves: the goal was not reached.")
    expect(goal).not_to_contain_text("0 moves left")
    expect(goal).to_have_class(re.compile(r"\bfailed\b"))
    expect(page.locator("#status")).to_have_text(FAILED_SAID)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-failed.png")

    page.keyboard.press("Escape")  # the player looks at the table instead
    expect(failed).to_be_hidden()
    drag(page, 1, 1, 2)  # the move that would have reached the goal: refused, with why
    expect(page.locator("#status")).to_have_text(
        "No moves left: this exercise allows only 1 move. Undo it, or start the exercise again."
    )
    expect(page.locator("[data-moves]")).to_have_text("1")
    expect(column(page, 1).locator(".card").first).to_have_attribute("data-card", "down")
    page.keyboard.press("h")  # a hint says the same, and points at no move
    expect(page.locator("#status")).to_contain_text("No moves left")
    page.wait_for_timeout(500)
    heard = page.evaluate("window.heard")
    assert heard.count(FAILED_SAID) == 1, heard  # the failure is heard once, however often the table redraws

    page.keyboard.press("u")  # undo gives the move back, and the exercise with it
    expect(goal).to_contain_text("1 move left.")
    expect(goal).not_to_have_class(re.compile(r"\bfailed\b"))
    drag(page, 1, 1, 2)
    expect(page.get_by_role("dialog", name="Exercise solved")).to_be_visible()


def test_try_again_restarts_the_exercise_and_all_exercises_opens_the_list(page: Page) -> None:
    open_table(page)
    open_exercise(page, "one-rank-higher")
    drag(page, 9, 1, 8)
    page.get_by_role("dialog", name="Out of moves").get_by_role("button", name="Try again").click()
    goal = page.locator("#practice-goal")
    expect(goal).to_contain_text("1 move left.")
    expect(page.locator("[data-moves]")).to_have_text("0")
    no_question_asked(page)

    drag(page, 9, 1, 8)
    page.get_by_role("dialog", name="Out of moves").get_by_role("button", name="All exercises").click()
    expect(page.get_by_role("dialog", name="Practice")).to_be_visible()
    choose(page, "build-a-run")
    no_question_asked(page)
    expect(goal).to_contain_text("3 moves left.")


def test_no_way_of_leaving_an_exercise_warns_of_a_loss(page: Page) -> None:
    open_table(page)
    goal = page.locator("#practice-goal")
    moves = page.locator("[data-moves]")

    open_exercise(page, "build-a-run")
    drag(page, 2, 2, 1)  # a move: an ordinary game would now count as a loss if left
    expect(moves).to_have_text("1")
    page.keyboard.press("r")
    no_question_asked(page)
    expect(moves).to_have_text("0")
    expect(goal).to_contain_text("3 moves left.")

    drag(page, 2, 2, 1)
    expect(moves).to_have_text("1")
    page.locator('[data-command="restart"]').click()
    no_question_asked(page)
    expect(moves).to_have_text("0")

    drag(page, 2, 2, 1)
    expect(moves).to_have_text("1")
    page.locator('[data-menu="more"]').click()
    items = page.get_by_role("menu", name="More").get_by_role("menuitem")
    expect(items.first).to_be_visible()
    expect(items.filter(has_text="Give up")).to_have_count(0)  # an exercise is never given up
    items.filter(has_text="Practice").click()
    choose(page, "complete-a-run")
    no_question_asked(page)
    expect(goal).to_contain_text("Complete a run")

    drag(page, 3, 1, 10)  # the jack into the empty column: its one move, missed
    page.get_by_role("dialog", name="Out of moves").get_by_role("button", name="All exercises").click()
    choose(page, "build-a-run")
    no_question_asked(page)
    drag(page, 2, 2, 1)
    expect(moves).to_have_text("1")
    page.get_by_role("button", name="New game").click()
    new_game = page.get_by_role("dialog", name="New game")
    expect(new_game).to_be_visible()
    expect(new_game).not_to_contain_text("counts as a loss")
    expect(new_game.get_by_role("button", name=re.compile("Give up"))).to_have_count(0)
    new_game.get_by_role("button", name="Practice").click()
    choose(page, "build-a-run")
    no_question_asked(page)

    drag(page, 2, 2, 1)
    expect(moves).to_have_text("1")
    page.locator('.suit-choice[data-suits="2"]').click()  # the suit switch: a new game of two suits
    no_question_asked(page)
    expect(goal).to_be_hidden()
    expect(moves).to_have_text("0")

    open_exercise(page, "build-a-run")
    expect(column(page, 2).locator(".card")).to_have_count(2)  # the exercise's table, drawn
    drag(page, 2, 2, 1)
    expect(moves).to_have_text("1")
    page.get_by_role("button", name="New game").click()
    page.get_by_role("dialog", name="New game").get_by_role("button", name="Deal the cards").click()
    no_question_asked(page)
    expect(goal).to_be_hidden()
