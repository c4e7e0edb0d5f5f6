"""A ghost race in the page, with two players' browsers: one plays a game, the other races it from the duel
lobby, which offers a race only where a ghost exists (greyed out with the reason elsewhere); the duel bar shows
the race's time, the racer's progress and the ghost's (never a card) and a close button, and once the racer's
game is over the verdict: "You beat the ghost by 2 points". The race's game is dealt on the table with its code
hidden."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.harness import CHROMIUM, Server, open_context
from tests.browser.table import act, new_game, open_table

MARGINS = {"score": ("point", "points"), "seconds": ("second", "seconds"), "runs": ("run", "runs"),
           "turned_up": ("card turned up", "cards turned up")}


def verdict(result: dict[str, Any]) -> str:
    """The sentence a player reads at the race's end, in English, from what decided it and by how much."""
    if result["ahead"] == "even":
        return "You and the ghost finished level."
    if result["by"] == "won":
        return {"you": "You beat the ghost: you won the deal and it did not.",
                "ghost": "The ghost beat you: it won the deal and you did not."}[result["ahead"]]
    one, many = MARGINS[result["by"]]
    margin = f"by {result['margin']} {one if result['margin'] == 1 else many}"
    return f"You beat the ghost {margin}." if result["ahead"] == "you" else f"The ghost beat you {margin}."


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
        # the race's time runs, the racer's line beside the ghost's, a close button all along; why it counts
        # nowhere is behind the "i"
        clock = ghost_bar.locator("[data-ghost-clock]")
        expect(clock).to_have_text(re.compile(r"^0:0[0-9]$"))
        first_time = clock.inner_text()
        expect(clock).not_to_have_text(first_time, timeout=3000)
        expect(ghost_bar.locator("[data-ghost-you]")).to_contain_text("You 500 points · 0 runs · 0 turned up · playing")
        expect(ghost_bar.get_by_role("button", name="Close")).to_be_visible()
        ghost_bar.get_by_role("button", name="About this race").click()
        expect(bea.get_by_role("dialog", name="About this race")).to_contain_text(
            "A ghost race is unrated and counts in no results.")
        bea.keyboard.press("Escape")
        # played within a second, the ghost has soon finished: its last score (Ada's three deals, when hers is the
        # one picked among the server's counted games: other tests' games may be), and never a card
        ghost = ghost_bar.locator("[data-ghost]")
        expect(ghost).to_contain_text("finished", timeout=15_000)
        shown = ghost.inner_text()
        assert name not in shown or "497 points" in shown, shown
        expect(bea.locator("#status")).to_contain_text("The ghost has finished")  # said once, as it happens
        open_table(bea)  # a reload takes the race up again, over its game, as it stood
        expect(ghost).to_contain_text("finished", timeout=15_000)
        assert ghost.inner_text() == shown
        if name not in ghost_bar.inner_text():  # another run's ghost was picked: it is named or not, never Ada's id
            assert view["id"] not in bea.content()
        expect(bea.locator("[data-ghost-result]")).to_have_count(0)
        game = bea.evaluate("() => fetch('/api/games/current').then((r) => r.json())")
        assert game["code"] is None  # the race's deal stays unnamed while it is played
        bea.locator("[data-stock]").click()  # the racer's own line follows the table at once
        expect(ghost_bar.locator("[data-ghost-you]")).to_contain_text("499 points")
        assert bea.request.post(f"/api/games/{game['id']}/resign").ok
        result = bea.locator("[data-ghost-result]")
        expect(result).to_have_count(1, timeout=10_000)
        race_id = bea.evaluate("() => localStorage.getItem('spider.ghost')")
        said = verdict(bea.request.get(f"/api/ghosts/{race_id}").json()["result"])
        expect(result).to_have_text(said)
        expect(bea.locator("#status")).to_have_text(said)
        bea.locator("[data-ghost-close]").click()
        expect(ghost_bar).to_be_hidden()
        open_table(bea)  # closed: a reload does not bring it back
        bea.wait_for_timeout(500)
        expect(ghost_bar).to_be_hidden()
        assert errors == []
    finally:
        ada_context.close()
        bea_context.close()


@pytest.fixture
def empty_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own, with no game on it yet: nothing to race."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    running = Server(tmp_path)
    running.start()
    yield running
    running.kill()


def lobby_offer(page: Page, suits: str) -> Any:
    """The lobby's ghost race offer, the suit count chosen."""
    page.get_by_role("button", name="Duels").click()
    lobby = page.get_by_role("dialog", name="Duels")
    lobby.get_by_label(suits).check()
    return lobby.locator("[data-ghost-offer]")


def test_a_ghost_race_is_offered_only_where_a_ghost_exists(browser: Browser, empty_server: Server) -> None:
    ada_context, bea_context = open_context(browser, empty_server), open_context(browser, empty_server)
    try:
        ada, bea = ada_context.new_page(), bea_context.new_page()
        for page in (ada, bea):
            open_table(page)
        # a new server: no earlier game to race, and the lobby says so instead of offering a race that fails
        offer = lobby_offer(bea, "1 suit")
        expect(offer.get_by_role("button", name="Race a ghost")).to_be_disabled()
        expect(offer.get_by_role("button", name="Race your best game")).to_be_disabled()
        nothing = "No game with {} to race yet: none of your own, and none of another player's on a deal new to you."
        expect(offer.locator("[data-ghost-why]")).to_have_text(nothing.format("1 suit"))
        bea.keyboard.press("Escape")

        view = new_game(ada, 1)
        for _ in range(3):
            view = act(ada, view, "d")
        assert ada.request.post(f"/api/games/{view['id']}/resign").ok

        # Ada's game is a ghost for Bea; Ada may race her own
        offer = lobby_offer(bea, "1 suit")
        expect(offer.get_by_role("button", name="Race a ghost")).to_be_enabled()
        expect(offer.get_by_role("button", name="Race your best game")).to_be_disabled()
        expect(offer.locator("[data-ghost-why]")).to_have_text("None of your own games with 1 suit to race yet.")
        bea.get_by_role("dialog", name="Duels").get_by_label("2 suits").check()  # none at two suits
        expect(offer.get_by_role("button", name="Race a ghost")).to_be_disabled()
        expect(offer.locator("[data-ghost-why]")).to_have_text(nothing.format("2 suits"))
        bea.keyboard.press("Escape")
        mine = lobby_offer(ada, "1 suit")
        expect(mine.get_by_role("button", name="Race your best game")).to_be_enabled()
        expect(mine.get_by_role("button", name="Race a ghost")).to_be_disabled()
        expect(mine.locator("[data-ghost-why]")).to_have_text(
            "No other player's game with 1 suit to race yet (a ghost is always a deal new to you).")
        ada.keyboard.press("Escape")

        # Bea races it (one race, for one click, however often the lobby was opened before): its deal is hers now,
        # so no ghost is left for her
        lobby_offer(bea, "1 suit").get_by_role("button", name="Race a ghost").click()
        expect(bea.locator("#duel-bar [data-ghost]")).to_be_visible()
        bea.wait_for_timeout(500)
        game = bea.evaluate("() => fetch('/api/games/current').then((r) => r.json())")
        race = bea.request.get(f"/api/ghosts/{bea.evaluate('() => localStorage.getItem(`spider.ghost`)')}").json()
        assert game["id"] == race["game"]  # the race on the table is the player's one game in play
        assert bea.request.post(f"/api/games/{game['id']}/resign").ok
        expect(bea.locator("[data-ghost-result]")).to_have_count(1, timeout=10_000)
        offer = lobby_offer(bea, "1 suit")
        expect(offer.get_by_role("button", name="Race a ghost")).to_be_disabled()
        expect(offer.locator("[data-ghost-why]")).to_have_text(nothing.format("1 suit"))
    finally:
        ada_context.close()
        bea_context.close()
