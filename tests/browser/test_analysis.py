"""Analysis after giving up (SPEC 2.6): the verdict, going back to where the deal could still be won,
and the winning line from there."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.table import View, act, confirm_giving_up, new_game, open_table

CODE = "SP1-S1C-AAAAAAD"


def played_a_while(page: Page) -> View:
    view = new_game(page, 1, code=CODE)
    for _ in range(4):
        group = next(group for group in view["groups"] if group["targets"])
        view = act(page, view, f"{group['column']}>{group['targets'][0]}:{group['count']}")
    for _ in range(5):
        view = act(page, view, "d")
    return view


def give_up_and_analyse(page: Page, view: View) -> dict[str, Any]:
    open_table(page)
    page.keyboard.press("n")
    page.locator("dialog[open]").get_by_role("button", name="Give up and analyse").click()
    confirm_giving_up(page)
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("This deal could be won", timeout=60_000)
    found: dict[str, Any] = page.request.get(f"/api/games/{view['id']}/analysis").json()
    assert found["opening"] == "win" and found["actions"] == view["moves"]
    return found


def test_going_back_to_where_the_deal_could_still_be_won(page: Page) -> None:
    view = played_a_while(page)
    found = give_up_and_analyse(page, view)
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text(f"it wins in {len(found['line'])} actions")
    expect(dialog).to_contain_text("counts in no results")
    dialog.get_by_role("button", name="Go back there").click()
    expect(page.locator("#status")).to_contain_text("Back where the deal could still be won")
    expect(page.locator("[data-moves]")).to_have_text(str(found["moves"]))
    resumed = page.request.get("/api/games/current").json()
    assert resumed["id"] != view["id"] and resumed["moves"] == found["moves"] and not resumed["over"]
    assert page.request.get(f"/api/games/{view['id']}").json()["result"] == "resigned"


def test_the_winning_line_from_there_then_back_to_the_game_given_up(page: Page) -> None:
    view = played_a_while(page)
    found = give_up_and_analyse(page, view)
    page.evaluate("document.documentElement.dataset.replayMs = '5'")
    page.locator("dialog[open]").get_by_role("button", name="Show the winning line from there").click()
    viewer = page.locator("dialog.viewer[open]")  # the replay viewer, from that point on
    total = found["last_winnable"] + len(found["line"])
    expect(viewer.get_by_role("slider", name="Action")).to_have_value(str(total), timeout=60_000)
    expect(viewer.locator(".viewer-facts")).to_contain_text("runs removed 8")
    expect(viewer.locator(".viewer-facts")).to_contain_text(f"moves {found['moves'] + len(found['line'])}")
    page.keyboard.press("Home")
    expect(viewer.locator(".viewer-step")).to_have_text(f"The opening deal. Actions to come: {total}.")
    viewer.get_by_role("button", name="Close the replay").click()
    # then the table shows the game that was given up, still over and the player's own
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))
    expect(page.locator("[data-code]")).to_have_text(CODE)
