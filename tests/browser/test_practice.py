"""Practice in the page: the list from the New game dialog, an exercise played with the mouse and the
keyboard, its goal shown while playing, and the exercise marked solved after a reload."""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect

from tests.browser.table import column, drag, open_table

SHOTS = os.environ.get("SPIDER_PRACTICE_SHOTS")  # a folder: the test leaves its screenshots there


def open_practice(page: Page) -> None:
    page.get_by_role("button", name="New game").click()
    page.get_by_role("dialog").get_by_role("button", name="Practice").click()
    expect(page.get_by_role("dialog", name="Practice")).to_be_visible()
    expect(page.locator("[data-exercise]").first).to_be_visible()


def test_an_exercise_played_to_its_goal_is_solved_after_a_reload(page: Page) -> None:
    open_table(page)
    open_practice(page)
    entry = page.locator("[data-exercise]").filter(has_text="Build a run")
    expect(entry).to_contain_text("Complete a run. Use at most 3 moves.")
    expect(entry).to_contain_text("Not solved yet")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-list.png")
    entry.click()

    goal = page.locator("#practice-goal")
    expect(goal).to_be_visible()
    expect(goal).to_contain_text("Build a run")
    expect(goal).to_contain_text("Complete a run. Use at most 3 moves. 3 moves left.")
    expect(page.locator("[data-kind]")).to_contain_text("practice exercise")
    expect(page.locator("[data-share]")).to_be_hidden()

    drag(page, 2, 2, 1)  # the 8 and 7 onto the 9
    expect(goal).to_contain_text("2 moves left.")
    drag(page, 3, 3, 1)  # the 6, 5 and 4 onto the 7
    expect(goal).to_contain_text("1 move left.")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-goal.png")
    # the last move from the keyboard: the cursor to column 4, pick up its three cards, put them on column 1
    page.locator("#tableau").focus()
    page.keyboard.press("ArrowRight")  # the cursor appears on column 2
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(column(page, 4)).to_have_class(re.compile(r"\bcursor\b"))
    page.keyboard.press("ArrowDown")  # one card, then up to the three of the group
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    for _ in range(10):  # walk the cursor to column 1
        page.wait_for_timeout(50)
        if "cursor" in (column(page, 1).get_attribute("class") or "").split():
            break
        page.keyboard.press("ArrowLeft")
    expect(column(page, 1)).to_have_class(re.compile(r"\bcursor\b"))
    page.keyboard.press("Enter")

    done = page.get_by_role("dialog", name="Exercise solved")
    expect(done).to_be_visible()
    expect(done).to_contain_text("you reached the goal in 3 moves")
    expect(done.get_by_role("button", name="Next exercise")).to_be_focused()
    expect(goal).to_contain_text("Goal reached!")
    expect(page.locator(".run[data-run]")).to_have_count(7)  # six removed before, and this one
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/practice-solved.png")

    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    open_practice(page)
    entry = page.locator("[data-exercise]").filter(has_text="Build a run")
    expect(entry).to_contain_text("Solved in 3 moves")
    expect(page.locator(".exercise.solved")).to_have_count(1)


def test_next_exercise_opens_the_following_one_and_keeps_its_goal_after_a_reload(page: Page) -> None:
    open_table(page)
    open_practice(page)
    page.locator("[data-exercise]").filter(has_text="One rank higher").click()
    goal = page.locator("#practice-goal")
    expect(goal).to_contain_text("Exercise 1 of")
    drag(page, 1, 1, 2)  # the 5 onto the 6
    done = page.get_by_role("dialog", name="Exercise solved")
    done.get_by_role("button", name="Next exercise").click()
    expect(goal).to_contain_text(re.compile(r"Exercise 2 of \d+\. Turn up cards"))
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    expect(page.locator("#practice-goal")).to_contain_text("Turn up cards")
