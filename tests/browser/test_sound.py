"""Sound: the effects are played at a move, a deal, a refusal, a completed run and a win; the audio context is
made only after the player's first gesture; the Sound setting is remembered and the M key toggles it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.table import act, drag, new_game, open_table, play_with_mouse, solve

CODE = "SP1-S1C-AAAAAAD"

# The page's effects are counted in a list it fills only when the test sets it, and each AudioContext made
# is counted by a wrapper round the browser's own.
COUNTING = """
window.__spiderSounds = [];
window.__audioContexts = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.__audioContexts += 1; }
};
"""


def sounds(page: Page) -> list[str]:
    played: list[str] = page.evaluate("() => window.__spiderSounds")
    return played


def contexts(page: Page) -> int:
    made: int = page.evaluate("() => window.__audioContexts")
    return made


def saved(page: Page) -> dict[str, Any]:
    stored: dict[str, Any] = page.evaluate("() => JSON.parse(localStorage.getItem('spider.settings') || '{}')")
    return stored


def test_effects_at_a_move_a_deal_and_a_refusal_and_no_audio_before_a_gesture(page: Page) -> None:
    page.add_init_script(COUNTING)
    view = new_game(page, 1, code=CODE)
    open_table(page)
    page.wait_for_timeout(300)
    assert contexts(page) == 0, "an AudioContext was made before the player touched the page"
    assert sounds(page) == []
    first = solve(CODE)[0]
    assert first != "d"
    play_with_mouse(page, view, first)
    expect(page.locator("[data-moves]")).to_have_text("1")
    assert sounds(page) == ["move"]
    assert contexts(page) == 1
    page.locator("[data-stock]").click()
    expect(page.locator("[data-stock]")).to_have_attribute("data-deals-left", "4")
    assert sounds(page) == ["move", "deal"]
    # a refused move: a card dragged where it does not go (the server names the rule)
    view = page.request.get(f"/api/games/{view['id']}").json()
    group, target = next((g, n) for g in view["groups"] for n in range(1, 11)
                         if n != g["column"] and n not in g["targets"] and g["count"] == 1)
    drag(page, group["column"], 1, target)
    expect(page.locator("#status.error")).not_to_be_empty()
    assert sounds(page) == ["move", "deal", "refuse"]
    assert contexts(page) == 1  # one context for the page's life


def test_a_completed_run_and_a_win_are_heard(page: Page) -> None:
    page.add_init_script(COUNTING)
    line = solve(CODE)
    view = new_game(page, 1, code=CODE)
    # up to the move that completes the first run, then that move in the page
    played = 0
    while True:
        after = act(page, view, line[played])
        if after["runs"]:
            break
        view = after
        played += 1
    page.request.post(f"/api/games/{view['id']}/actions", data={"action": "u"})
    open_table(page)
    play_with_mouse(page, view, line[played])
    expect(page.locator(".run[data-run]")).to_have_count(1)
    assert sounds(page) == ["run"]
    # then on to the last move: the win's fanfare, not the run's chord as well
    view = page.request.get(f"/api/games/{view['id']}").json()
    for action in line[played + 1:-1]:
        view = act(page, view, action)
    open_table(page)
    play_with_mouse(page, view, line[-1])
    expect(page.locator("dialog[open] h2")).to_have_text("You won!")
    assert sounds(page) == ["win"]


def test_the_m_key_mutes_and_the_setting_is_remembered(page: Page) -> None:
    page.add_init_script(COUNTING)
    view = new_game(page, 1, code=CODE)
    open_table(page)
    page.keyboard.press("m")
    expect(page.locator("#status")).to_have_text("Sound off.")
    assert saved(page)["sound"] is False
    play_with_mouse(page, view, solve(CODE)[0])
    expect(page.locator("[data-moves]")).to_have_text("1")
    assert sounds(page) == []  # muted: nothing played
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Settings").click()
    box = page.get_by_role("checkbox", name="Sound effects")
    expect(box).not_to_be_checked()  # remembered across the reload
    box.check()
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert saved(page)["sound"] is True
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("checkbox", name="Sound effects")).to_be_checked()
    page.keyboard.press("Escape")
    page.keyboard.press("m")
    expect(page.locator("#status")).to_have_text("Sound off.")
    page.keyboard.press("m")
    expect(page.locator("#status")).to_have_text("Sound on.")
    page.locator("[data-stock]").click()
    expect(page.locator("[data-stock]")).to_have_attribute("data-deals-left", "4")
    assert sounds(page) == ["deal"]
