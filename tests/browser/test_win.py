"""A game won: the completed runs cascade across the table, then the win dialog; a click or a key skips the
cascade, reduced motion shows the dialog at once, and the dialog's suits are the game's."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from playwright.sync_api import Browser, Page, expect

from spider.codes import GameCode
from tests.browser.harness import Server, open_context
from tests.browser.table import View, act, new_game, open_table, play_with_mouse, solve

CODE = "SP1-S1C-AAAAAAD"  # a 1-suit deal the solver wins quickly (test_winning.py plays it too)


@cache
def line() -> tuple[str, ...]:
    return tuple(solve(CODE))


def unseen_deal() -> tuple[str, tuple[str, ...]]:
    """A 1-suit deal nobody in this run has played, with its winning line: a game of a deal whose code has
    been shown (as every game of CODE's after the first to end) counts in no results, nor in the best so far."""
    for _ in range(10):
        code = str(GameCode.random(1))
        try:
            return code, tuple(solve(code))
        except RuntimeError:
            continue  # the rare 1-suit deal the solver does not win
    raise AssertionError("no winnable 1-suit deal in 10 random ones")


@pytest.fixture
def moving(browser: Browser, server: Server) -> Iterator[Page]:
    """A player whose system does not ask for reduced motion (the other tests' default asks for it)."""
    context = open_context(browser, server, reduced_motion="no-preference")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


def one_move_from_winning(page: Page, code: str = CODE, winning: tuple[str, ...] | None = None) -> View:
    """The deal played through the API up to its last move, then the table opened on it."""
    view = new_game(page, 1, code=code)
    for action in (winning or line())[:-1]:
        view = act(page, view, action)
    assert not view["won"]
    open_table(page)
    return view


def painted(page: Page) -> int:
    """How many of the cascade canvas's pixels are drawn on (0 when there is no canvas)."""
    count: int = page.evaluate("""() => {
        const canvas = document.querySelector('canvas.cascade');
        if (!canvas) return 0;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]) n += 1;
        return n;
    }""")
    return count


def test_the_runs_cascade_then_the_win_dialog_shows(moving: Page) -> None:
    page = moving
    code, winning = unseen_deal()
    view = one_move_from_winning(page, code, winning)
    play_with_mouse(page, view, winning[-1])
    expect(page.locator("html[data-cascade='running']")).to_have_count(1)
    expect(page.locator("canvas.cascade")).to_be_visible()
    expect(page.locator(".cascade-skip")).to_have_text("Tap or press any key to skip.")
    expect(page.locator("dialog[open]")).to_have_count(0)  # the cards fly first
    page.wait_for_timeout(400)
    first = painted(page)
    assert first > 0, "no card drawn on the cascade"
    page.wait_for_timeout(400)
    if page.locator("canvas.cascade").count():
        assert painted(page) > first, "the cards left no trail: nothing moved"
    # it ends on its own within a few seconds, and the dialog follows
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("You won!", timeout=6_000)
    expect(page.locator("canvas.cascade")).to_have_count(0)
    won = page.request.get(f"/api/games/{view['id']}").json()
    expect(dialog).to_contain_text(f"Score {won['score']:,} in {won['moves']} moves")
    # the best so far, from the statistics that now count this game
    expect(dialog.locator(".best")).to_contain_text(f"Your best so far (1 suit): score {won['score']:,}")
    expect(dialog.get_by_role("button", name="Share this deal")).to_be_visible()


def test_a_key_skips_the_cascade_and_does_nothing_else(moving: Page) -> None:
    page = moving
    view = one_move_from_winning(page)
    play_with_mouse(page, view, line()[-1])
    expect(page.locator("html[data-cascade='running']")).to_have_count(1)
    page.keyboard.press("n")  # the New game key: here it only skips
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("You won!", timeout=1_000)
    expect(page.locator("canvas.cascade")).to_have_count(0)
    expect(page.locator("html[data-cascade]")).to_have_count(0)
    expect(dialog.locator("h2")).to_have_text("You won!")  # not the new game dialog


def test_a_click_skips_the_cascade(moving: Page) -> None:
    page = moving
    view = one_move_from_winning(page)
    play_with_mouse(page, view, line()[-1])
    expect(page.locator("canvas.cascade")).to_be_visible()
    page.mouse.click(640, 400)
    expect(page.locator("dialog[open] h2")).to_have_text("You won!", timeout=1_000)
    expect(page.locator("canvas.cascade")).to_have_count(0)


def test_with_reduced_motion_the_dialog_is_there_at_once_with_only_spades(page: Page) -> None:
    # the default context asks for reduced motion
    view = one_move_from_winning(page)
    play_with_mouse(page, view, line()[-1])
    dialog = page.locator("dialog[open]")
    expect(dialog.locator("h2")).to_have_text("You won!", timeout=1_500)
    assert page.locator("canvas.cascade").count() == 0
    assert page.evaluate("() => document.documentElement.dataset.cascade") is None
    # a 1-suit game: the dialog's suits are spades alone
    symbols = dialog.locator(".big span").all_text_contents()
    assert symbols == ["♠"]


def test_the_animations_setting_off_shows_the_dialog_at_once(moving: Page) -> None:
    page = moving
    open_table(page)  # the page has saved its settings: the setting turned off is now the player's
    page.evaluate("localStorage.setItem('spider.settings', JSON.stringify({ animations: false }))")
    view = one_move_from_winning(page)
    play_with_mouse(page, view, line()[-1])
    expect(page.locator("dialog[open] h2")).to_have_text("You won!", timeout=1_500)
    assert page.locator("canvas.cascade").count() == 0


def test_the_cascade_stops_when_the_page_is_hidden(moving: Page) -> None:
    page = moving
    view = one_move_from_winning(page)
    play_with_mouse(page, view, line()[-1])
    expect(page.locator("canvas.cascade")).to_be_visible()
    # the player switches away: the browser says the page is hidden
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.locator("canvas.cascade")).to_have_count(0, timeout=500)
    expect(page.locator("dialog[open] h2")).to_have_text("You won!")


def test_a_two_suit_games_dialog_shows_spades_and_hearts(page: Page) -> None:
    code = "SP1-S2C-AAAAACA"  # a 2-suit deal the solver wins at once
    moves = solve(code)
    view = new_game(page, 2, code=code)
    for action in moves[:-1]:
        view = act(page, view, action)
    open_table(page)
    play_with_mouse(page, view, moves[-1])
    dialog = page.locator("dialog[open]")
    expect(dialog.locator("h2")).to_have_text("You won!")
    assert dialog.locator(".big span").all_text_contents() == ["♠", "♥"]
    expect(dialog.locator(".best")).to_contain_text("Your best so far (2 suits)")
