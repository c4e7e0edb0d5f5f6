"""A duel at the table, in two browsers: the start says that cards are turned by hand, the first card a move
leaves face down is pointed at (once per duel), the table says whose game it shows once one's own has
ended, and when the duel ends each player's own table comes back with "The duel is over" in the status line;
ratings show as provisional ("1500?") in the lobby, the duel bar and the result with each change
("1500 → 1662? (+162)"), and another player's card speaks of them in the third person."""

from __future__ import annotations

import math
import re
import secrets
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from spider.server.http.identity import PLAYER_COOKIE
from tests.browser.harness import Server
from tests.browser.table import play_with_mouse
from tests.browser.test_duels import duel_of, finish, new_player, open_lobby
from tests.server.standing import in_good_standing


def rated(page: Page, server: Server, name: str) -> None:
    """Makes the page's player one whose duels change ratings: a name of their own, an account in good standing."""
    assert page.request.put("/api/me", data={"name": name}).ok
    token = next(c["value"] for c in page.context.cookies() if c["name"] == PLAYER_COOKIE)
    in_good_standing(f"sqlite:///{server.database}", [token])


def uncovering(view: dict[str, Any]) -> list[str]:
    """Moves that take a column's last face-up cards away and leave a face-down card behind."""
    found = []
    for group in view["groups"]:
        column = view["columns"][group["column"] - 1]
        if group["targets"] and column["down"] and group["count"] == len(column["up"]):
            found.append(f"{group['column']}>{group['targets'][0]}:{group['count']}")
    return found


def whole(x: float) -> int:
    """A number rounded as the page's Intl rounds it: halves away from zero."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def duel_with_a_card_to_uncover(first: Page, second: Page, creator: str) -> dict[str, Any]:
    """A duel of one suit made by ``first`` and joined by ``second`` from the lobby, whose deal has a move
    that leaves a face-down card at the end of a column (nearly every deal: a fresh one is made if not)."""
    for _ in range(4):
        table = first.request.post("/api/duels", data={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}})
        assert table.ok, table.text()
        open_lobby(second)
        row = second.locator("[data-tables] li", has_text=creator)
        expect(row).to_contain_text(f"{creator} (1500?)")  # a new player's rating, provisional, in the lobby
        expect(row.locator("[data-provisional]")).to_have_attribute("title", re.compile("Provisional rating"))
        row.get_by_role("button", name="Join").click()
        expect(first.locator("#duel-bar")).to_be_visible()
        duel = duel_of(first)
        if uncovering(duel["you"]):
            return duel
        for page in (first, second):
            page.request.post(f"/api/duels/{duel['id']}/finish")
        for page in (first, second):
            expect(page.get_by_role("dialog", name="Result")).to_be_visible()
            page.get_by_role("dialog", name="Result").get_by_role("button", name="Leave").click()
    raise AssertionError("no deal with a card to uncover in four duels")


def test_a_duel_says_how_cards_turn_whose_table_shows_and_the_ratings_it_changes(
    browser: Browser, server: Server
) -> None:
    contexts: list[BrowserContext] = []
    try:
        first_context, alice_page = new_player(browser, server)
        second_context, bob_page = new_player(browser, server)
        contexts += [first_context, second_context]
        alice, bob = f"Alice {secrets.token_hex(3)}", f"Bob {secrets.token_hex(3)}"
        rated(alice_page, server, alice)
        rated(bob_page, server, bob)
        duel = duel_with_a_card_to_uncover(alice_page, bob_page, alice)

        # the start says, in the status line and the duel bar's explanations, that cards are turned by hand
        for page in (alice_page, bob_page):
            expect(page.locator("#status")).to_contain_text("You turn cards up by hand (+2 points each).")
            page.locator("#duel-bar").get_by_role("button", name="About this duel").click()
            about = page.get_by_role("dialog", name="About this duel")
            expect(about.locator("[data-duel-manual]")).to_have_text("You turn cards up by hand (+2 points each).")
            about.get_by_role("button", name="Close").click()
            expect(about).to_be_hidden()
            # both ratings in the bar, provisional
            expect(page.locator("#duel-bar [data-rating]")).to_have_text(["1500?", "1500?"])

        # the first card a move leaves face down is pointed at, in words (for screen readers too) and on the card
        view = duel["you"]
        move = uncovering(view)[0]
        column = int(move.split(">")[0])
        play_with_mouse(alice_page, view, move)
        pointed = alice_page.locator(f'[data-column="{column}"][data-flip-pointer]')
        expect(pointed).to_have_count(1)
        sentence = f"Column {column}: this face-down card waits for you to turn it up."
        expect(alice_page.locator("#status")).to_contain_text(sentence)
        expect(alice_page.locator("#announce")).to_contain_text(sentence)
        card = pointed.locator(".card.flippable")
        expect(card).to_have_count(1)
        mark = card.evaluate("card => getComputedStyle(card, '::after').content")
        assert mark == '"↻"'
        card.click()  # turned up by hand: the mark goes
        expect(alice_page.locator("[data-flip-pointer]")).to_have_count(0)
        down = view["columns"][column - 1]["down"]
        expect(alice_page.locator(f'[data-column="{column}"] .card.down')).to_have_count(down - 1)
        expect(bob_page.locator("#duel-bar .duel-player", has_text=alice)).to_contain_text("1 turned up")

        # said once per duel: a second card left face down is not pointed at again
        later = uncovering(duel_of(alice_page)["you"])
        if later:
            play_with_mouse(alice_page, duel_of(alice_page)["you"], later[0])
            expect(alice_page.locator(".card.flippable")).not_to_have_count(0)
            alice_page.wait_for_timeout(300)
            expect(alice_page.locator("[data-flip-pointer]")).to_have_count(0)
            expect(alice_page.locator("#status")).not_to_contain_text("waits for you to turn it up")

        # Bob deals once (a duel in which a player made no move is not rated) and finishes: he watches Alice
        bob_page.locator("[data-stock]").click()
        expect(bob_page.locator("[data-score]")).to_have_text("-1")
        finish(bob_page)
        expect(bob_page.locator("#duel-bar")).to_have_attribute("data-watching", "true")
        expect(bob_page.locator("[data-table-owner]")).to_have_text(f"{alice}'s table")
        expect(bob_page.locator("#status")).to_have_text(f"You are watching {alice}'s table.")

        finish(alice_page)
        for page in (alice_page, bob_page):
            expect(page.get_by_role("dialog", name="Result")).to_be_visible()
        # the duel is over: nobody is watched any more; each player's own table is under the result that speaks of it
        expect(bob_page.locator("#status")).to_have_text(f"The duel is over: you lost to {alice}.")
        expect(alice_page.locator("#status")).to_have_text(f"The duel is over: you beat {bob}.")
        for page in (alice_page, bob_page):
            expect(page.locator("[data-table-owner]")).to_have_count(0)
            expect(page.locator("#duel-bar")).to_have_attribute("data-watching", "false")
        expect(bob_page.locator("[data-score]")).to_have_text("-1")  # Bob's own game: one deal

        # the result: each rating before, after (still provisional) and its change, and why it moved so far
        result = alice_page.request.get(f"/api/duels/{duel['id']}").json()["result"]
        assert result["outcomes"] == ["win", "loss"] and result["provisional"] == [True, True]
        dialog = alice_page.get_by_role("dialog", name="Result")
        expect(dialog.get_by_role("heading", name="You won")).to_be_visible()
        for seat in (0, 1):
            after, change = result["ratings"][seat], result["rating_changes"][seat]
            assert abs(change) > 100  # a first duel between new players: what the note explains
            sign = "+" if change > 0 else ""
            expected = f"{whole(after - change)} → {whole(after)}? ({sign}{whole(change)})"
            assert whole(after - change) == 1500
            expect(dialog.locator(f'[data-rating-of="{seat}"]')).to_have_text(expected)
        expect(dialog.locator("[data-provisional-note]")).to_contain_text("provisional")

        # Bob's card, opened from Alice's result, speaks of Bob: "Bob lost", never "You lost"
        dialog.get_by_role("button", name=bob).click()
        card_of_bob = alice_page.locator(".player-info")
        expect(card_of_bob.get_by_role("heading", name=bob)).to_be_visible()
        expect(card_of_bob.locator("tbody tr").first).to_contain_text(f"{bob} lost")
        expect(card_of_bob).not_to_contain_text("You lost")
        expect(card_of_bob.locator("[data-player-rating]")).to_contain_text(f"Rating {whole(result['ratings'][1])}?")
        expect(card_of_bob.locator("[data-provisional-note]")).to_be_visible()
    finally:
        for context in contexts:
            context.close()


def test_a_first_duel_without_a_card_turned_up_says_why_in_the_result(browser: Browser, server: Server) -> None:
    contexts: list[BrowserContext] = []
    try:
        first_context, first = new_player(browser, server)
        second_context, second = new_player(browser, server)
        contexts += [first_context, second_context]
        table = first.request.post("/api/duels", data={"suits": 1, "minutes": 5, "opponent": {"kind": "person"}}).json()
        assert second.request.post(f"/api/duels/{table['id']}/join", data={}).ok
        expect(first.locator("#duel-bar")).to_be_visible()
        expect(second.locator("#duel-bar")).to_be_visible()
        finish(second)
        finish(first)
        result = first.get_by_role("dialog", name="Result")
        expect(result.locator("[data-turned-none]")).to_have_text(
            "You turned up no card: in a duel a face-down card stays down until you click or tap it,"
            " and each card you turn up is worth 2 points."
        )
        # newcomers' duels change no rating: the result says so, and shows no change
        expect(result.locator('[data-rating-of="0"]')).to_have_text("1500 → 1500? (0)")
    finally:
        for context in contexts:
            context.close()
