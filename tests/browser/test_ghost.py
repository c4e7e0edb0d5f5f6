"""A ghost race in the page, with two players' browsers: one plays a game, the other races it from the duel
lobby; the duel bar shows the ghost's progress (never a card), and once the racer's game is over, who
finished ahead. The race's game is dealt on the table with its code hidden."""

from __future__ import annotations

import secrets

from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import act, new_game, open_table

AHEAD = ("You finished ahead of the ghost.", "The ghost finished ahead of you.", "You and the ghost finished level.")


def start_race(page: Page) -> None:
    """From the duel lobby, when nobody is waiting; otherwise (tables left by other tests) as its button does."""
    page.locator('[data-command="duels"]').first.click()
    offer = page.locator("dialog[open] [data-ghost-offer]")
    expect(offer).to_have_count(1)
    if offer.is_visible():
        expect(offer).to_contain_text("Race a ghost")
        page.locator("dialog[open] input[name='suits'][value='1']").check()
        offer.get_by_role("button", name="Race a ghost").click()
    else:
        page.keyboard.press("Escape")
        page.evaluate("import('/static/js/duel/ghost.js').then((m) => m.raceGhost(1))")


def test_a_ghost_race_from_the_lobby(browser: Browser, server: Server) -> None:
    name = f"Ghost {secrets.token_hex(3)}"
    ada_context, bea_context = open_context(browser, server), open_context(browser, server)
    try:
        ada = ada_context.new_page()
        open_table(ada)
        assert ada.request.put("/api/me", data={"name": name}).ok
        view = new_game(ada, 1)
        for _ in range(3):
            view = act(ada, view, "d")  # three deals: 497 points, nothing turned up
        assert ada.request.post(f"/api/games/{view['id']}/resign").ok

        bea = bea_context.new_page()
        errors: list[str] = []
        bea.on("pageerror", lambda error: errors.append(str(error)))
        open_table(bea)
        start_race(bea)
        ghost_bar = bea.locator("#duel-bar")
        expect(ghost_bar).to_be_visible()
        expect(ghost_bar).to_contain_text("A ghost race is unrated and counts in no results.")
        # played within a second, the ghost has soon finished: its last score (Ada's three deals, when hers is the
        # one picked among the server's counted games: other tests' games may be), and never a card
        ghost = ghost_bar.locator("[data-ghost]")
        expect(ghost).to_contain_text("finished", timeout=15_000)
        shown = ghost.inner_text()
        assert name not in shown or "497 points" in shown, shown
        open_table(bea)  # a reload takes the race up again, over its game, as it stood
        expect(ghost).to_contain_text("finished", timeout=15_000)
        assert ghost.inner_text() == shown
        expect(ghost_bar).to_contain_text("A ghost race is unrated")
        if name not in ghost_bar.inner_text():  # another run's ghost was picked: it is named or not, never Ada's id
            assert view["id"] not in bea.content()
        expect(bea.locator("[data-ghost-result]")).to_have_count(0)
        game = bea.evaluate("() => fetch('/api/games/current').then((r) => r.json())")
        assert game["code"] is None  # the race's deal stays unnamed while it is played
        assert bea.request.post(f"/api/games/{game['id']}/resign").ok
        result = bea.locator("[data-ghost-result]")
        expect(result).to_have_count(1, timeout=10_000)
        assert result.inner_text() in AHEAD
        bea.locator("[data-ghost-close]").click()
        expect(ghost_bar).to_be_hidden()
        open_table(bea)  # closed: a reload does not bring it back
        bea.wait_for_timeout(500)
        expect(ghost_bar).to_be_hidden()
        assert errors == []
    finally:
        ada_context.close()
        bea_context.close()
