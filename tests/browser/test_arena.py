"""An arena in two players' browsers: one opens it from the duel lobby and joins, the other finds it and
joins; each sees the other come into the standings live, both are paired into a duel that opens on the
duel table, and berserk is offered there before the first move."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from spider.server.http.identity import PLAYER_COOKIE
from tests.browser.harness import Server, open_context
from tests.browser.table import open_table
from tests.server.standing import in_good_standing


def open_arenas(page: Page) -> None:
    page.get_by_role("button", name="Duels").click()
    page.get_by_role("dialog", name="Duels").get_by_role("button", name="Arenas").click()
    expect(page.get_by_role("heading", name="Arenas")).to_be_visible()


def test_two_players_join_an_arena_see_the_standings_live_and_are_paired(browser: Browser, server: Server) -> None:
    first_context, second_context = open_context(browser, server), open_context(browser, server)
    first, second = first_context.new_page(), second_context.new_page()
    try:
        for page in (first, second):
            open_table(page)
        names = [page.request.get("/api/me").json()["name"] for page in (first, second)]
        token = next(c["value"] for c in first_context.cookies() if c["name"] == PLAYER_COOKIE)
        in_good_standing(f"sqlite:///{server.database}", [token])  # only accounts in good standing open arenas

        open_arenas(first)
        arenas = first.get_by_role("dialog", name="Arenas")
        arenas.get_by_label("1 suit").check()
        arenas.get_by_label("Each duel").select_option(label="3 minutes")
        arenas.get_by_role("button", name="Open the arena").click()
        arena = first.get_by_role("dialog", name="Arenas")
        opened_by = f"Opened by \u2068{names[0]}\u2069"  # the name kept in its own direction
        expect(arena.locator("[data-summary]")).to_contain_text(opened_by)
        arena.get_by_role("button", name="Join").click()
        expect(arena.locator("[data-standings] li")).to_have_count(1)
        expect(arena.get_by_role("button", name="Leave")).to_be_visible()

        open_arenas(second)
        listed = second.get_by_role("dialog", name="Arenas").locator("li", has_text=opened_by)
        listed.get_by_role("button", name="Open").click()
        second.get_by_role("dialog", name="Arenas").get_by_role("button", name="Join").click()

        # the first player sees the second come in, live (their name made up: on no board, "A player" there);
        # then both are paired into one duel (a busy machine, as CI's with every test running, takes seconds)
        expect(first.locator("[data-standings] li")).to_have_count(2, timeout=15_000)
        expect(first.locator("[data-standings]")).to_contain_text("A player")
        expect(first.locator("[data-standings]")).not_to_contain_text(names[1])
        for page in (first, second):
            expect(page.locator("#duel-bar")).to_be_visible(timeout=15_000)
            expect(page.locator("#arena-berserk")).to_be_visible(timeout=15_000)
        duels = [page.request.get("/api/me").json()["playing"] for page in (first, second)]
        assert duels[0] and duels[0] == duels[1]

        first.locator("#arena-berserk").click()
        expect(first.locator("#arena-berserk")).to_have_count(0)
        arena_id = first.request.get("/api/arenas").json()["arenas"]
        joined = next(a for a in arena_id if a["joined"] and a["opened_by"] == names[0])
        you = first.request.get(f"/api/arenas/{joined['id']}").json()["you"]
        assert you["berserk"] and you["duel"] == duels[0] and not you["may_berserk"]
    finally:
        first_context.close()
        second_context.close()
