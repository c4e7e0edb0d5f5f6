"""Arenas in players' browsers: one opens an arena from the duel lobby and joins, the others find it and join;
each sees the others come into the standings live. A pairing closes the arena's dialog and puts the duel on the
table with a sound, berserk offered beside it before the first move; a player who makes no move is told they were
withdrawn, with the way back; an arena's duel ends with the way back to the arena, never a rematch; and a whole
arena of three, paired three times, ends with its podium in places."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import create_engine, update

from spider.server.arenas.tables import arenas
from spider.server.http.identity import PLAYER_COOKIE
from tests.browser.harness import Server, open_context
from tests.browser.table import open_table
from tests.browser.test_duels import finish
from tests.browser.test_sound import COUNTING, sounds
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

        open_arenas(second)
        listed = second.get_by_role("dialog", name="Arenas").locator("li", has_text=opened_by)
        listed.get_by_role("button", name="Open").click()
        board = second.get_by_role("dialog", name="Arenas").locator("[data-standings]")
        expect(board.locator("li")).to_have_count(0)

        arena.get_by_role("button", name="Join").click()
        expect(arena.locator("[data-standings] li")).to_have_count(1)
        expect(arena.get_by_role("button", name="Leave")).to_be_visible()
        # the second player sees the first come in, live (their name made up: on no board, "A player" there)
        expect(board.locator("li")).to_have_count(1, timeout=15_000)
        expect(board).to_contain_text("A player")
        expect(board).not_to_contain_text(names[0])

        # both are paired into one duel, which the arena's dialog steps aside for (a busy machine, as CI's with
        # every test running, takes seconds)
        second.get_by_role("dialog", name="Arenas").get_by_role("button", name="Join").click()
        for page in (first, second):
            expect(page.locator("#duel-bar")).to_be_visible(timeout=15_000)
            expect(page.locator("dialog[open]")).to_have_count(0)
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


# A newcomer's arena, as the players' report of issue 54 went: paired, and then?


class Players:
    """Browsers of players, each its own profile (so its own cookie) with the table open and a name chosen; their
    sound effects counted (test_sound), and their pages' script errors kept."""

    def __init__(self, browser: Browser, server: Server) -> None:
        self.browser, self.server = browser, server
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def new(self, name: str, *, ranked: bool = False, **options: object) -> Page:
        context = open_context(self.browser, self.server, **options)
        context.add_init_script(COUNTING)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{name}: {error}"))
        open_table(page)
        if ranked:  # an account in good standing: only such accounts open arenas, score points and stand on podiums
            token = next(c["value"] for c in context.cookies() if c["name"] == PLAYER_COOKIE)
            in_good_standing(f"sqlite:///{self.server.database}", [token])
        assert page.request.put("/api/me", data={"name": name}).ok
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def players(browser: Browser, server: Server) -> Iterator[Players]:
    made = Players(browser, server)
    yield made
    made.close()
    assert made.errors == [], f"script errors on the pages: {made.errors}"


def join_from_the_list(page: Page, opened_by: str) -> None:
    """Duels, Arenas, the arena's Open, Join: the report's steps."""
    open_arenas(page)
    listed = page.get_by_role("dialog", name="Arenas").locator("li", has_text=f"Opened by \u2068{opened_by}\u2069")
    listed.get_by_role("button", name="Open").click()
    page.get_by_role("dialog", name="Arenas").get_by_role("button", name="Join").click()


def at_the_table(page: Page) -> None:
    """The player is at a duel's table with nothing over it (no dialog takes the clicks)."""
    expect(page.locator("#duel-bar")).to_be_visible(timeout=15_000)
    expect(page.locator("dialog[open]")).to_have_count(0, timeout=5_000)


def started(page: Page) -> int:
    """How many times the page sounded a duel's start."""
    return sounds(page).count("start")


def heard(page: Page, times: int) -> None:
    """Waits until the page has sounded a duel's start ``times`` times (a pairing comes over the socket)."""
    page.wait_for_function("(n) => window.__spiderSounds.filter((s) => s === 'start').length >= n", arg=times,
                           timeout=15_000)
    assert started(page) == times


def deal(page: Page, score: int) -> None:
    """A deal, clicked on the table as a player would: it costs the duel a point."""
    page.locator("[data-stock]").click()
    expect(page.locator("[data-score]")).to_have_text(str(score))


def playing(page: Page) -> str | None:
    duel: str | None = page.request.get("/api/me").json()["playing"]
    return duel


def test_a_pairing_puts_newcomers_at_the_table_and_one_who_never_moves_is_told_and_may_come_back(
    players: Players,
) -> None:
    host = players.new("Hostess", ranked=True)
    opened = host.request.post("/api/arenas", data={"suits": 1, "minutes": 3, "length": 15})
    assert opened.status == 201, opened.text()
    carol, dave = players.new("Carol"), players.new("Dave")
    join_from_the_list(carol, "Hostess")
    join_from_the_list(dave, "Hostess")

    # paired: the dialog goes, the table shows the duel, with a sound, and the table takes the clicks
    for page in (carol, dave):
        heard(page, 1)
        at_the_table(page)
    expect(carol.locator("#status")).to_contain_text("The duel has begun against Dave")
    first = playing(carol)
    assert first and playing(dave) == first
    deal(carol, -1)

    # Dave never moves: 30 s into the duel the arena withdraws him, and says so, with the way back
    withdrawn = dave.get_by_role("dialog", name="Withdrawn from the arena")
    expect(withdrawn).to_contain_text("You were withdrawn from the arena for making no move in your duel.",
                                      timeout=45_000)
    expect(dave.locator("#status")).to_contain_text("You were withdrawn from the arena")
    expect(carol.locator("dialog[open]")).to_have_count(0)  # Carol plays on
    withdrawn.get_by_role("button", name="Close").click()

    # the duel's end: the way back to the arena, never a rematch
    finish(carol)
    result = carol.get_by_role("dialog", name="Result")
    expect(result.get_by_role("button", name="Back to the arena")).to_be_visible()
    expect(result).to_contain_text("The arena pairs you again as soon as another player is free.")
    expect(result.get_by_role("button", name="Rematch")).to_have_count(0)
    expect(carol.locator("#duel-bar").get_by_role("button", name="Rematch")).to_have_count(0)
    told = dave.get_by_role("dialog", name="Result")
    expect(told).to_contain_text("You were withdrawn from the arena")
    expect(told.get_by_role("button", name="Rematch")).to_have_count(0)

    # Dave joins again: with nobody else free, the two meet again rather than wait for nobody
    told.get_by_role("button", name="Join again").click()
    for page in (carol, dave):
        heard(page, 2)
        at_the_table(page)
    again = playing(carol)
    assert again and again != first and playing(dave) == again


def end_now(server: Server, arena_id: str) -> None:
    """The arena's time passes: its end is moved to now, as the server's tests move their clock (an arena lasts 15
    minutes at least). The duels in play are played to their end, and then the arena is over."""
    engine = create_engine(f"sqlite:///{server.database}")
    try:
        with engine.begin() as connection:
            connection.execute(update(arenas).where(arenas.c.id == arena_id).values(ends_at=time.time()))
    finally:
        engine.dispose()


def test_three_players_play_a_whole_arena_of_three_pairings_to_its_podium(players: Players) -> None:
    names = ("Ann", "Ben", "Cid")
    pages = dict(zip(names, (players.new(name, ranked=True) for name in names), strict=True))
    ann = pages["Ann"]
    open_arenas(ann)
    dialog = ann.get_by_role("dialog", name="Arenas")
    dialog.get_by_label("1 suit").check()
    dialog.get_by_label("Each duel").select_option(label="3 minutes")
    dialog.get_by_label("Arena length").select_option(label="15 minutes")
    dialog.get_by_role("button", name="Open the arena").click()
    arena_id = ann.locator("dialog[data-arena]").get_attribute("data-arena")
    assert arena_id
    ann.get_by_role("dialog", name="Arenas").get_by_role("button", name="Join").click()
    for name in ("Ben", "Cid"):
        join_from_the_list(pages[name], "Ann")

    # each duel: Cid always loses; between Ann and Ben, whoever has fewer points wins (Ann on a tie). The winner
    # deals once, the loser twice, and both finish. The points as the rule gives them: 2 a win, double from the
    # third win in a row.
    points = dict.fromkeys(names, 0)
    streaks = dict.fromkeys(names, 0)
    duels = dict.fromkeys(names, 0)
    met: list[set[str]] = []
    seen: set[str] = set()
    for pairing in range(3):
        deadline = time.monotonic() + 20
        while True:
            now = {name: playing(page) for name, page in pages.items()}
            fresh = {duel for duel in now.values() if duel and duel not in seen and list(now.values()).count(duel) == 2}
            if fresh:
                break
            assert time.monotonic() < deadline, f"no pairing {pairing + 1}"
            ann.wait_for_timeout(200)
        (duel_id,) = fresh
        seen.add(duel_id)
        pair = {name for name, duel in now.items() if duel == duel_id}
        if met:  # never the same two twice in a row while the third is free
            assert pair != met[-1]
        met.append(pair)
        (waiting,) = set(names) - pair
        for name in pair:
            duels[name] += 1
            heard(pages[name], duels[name])
            at_the_table(pages[name])
        if pairing == 0:  # the one left waits in the arena's dialog
            expect(pages[waiting].get_by_role("dialog", name="Arenas")).to_contain_text("Waiting for an opponent")
        else:  # the one left played the last duel: its result stays, with the way back to the arena, not a rematch
            result = pages[waiting].get_by_role("dialog", name="Result")
            expect(result.locator("[data-arena-note]")).to_have_text(
                "The arena pairs you again as soon as another player is free."
            )
            expect(result.get_by_role("button", name="Back to the arena")).to_be_visible()
            expect(result.get_by_role("button", name="Rematch")).to_have_count(0)
        if pairing == 2:
            end_now(players.server, arena_id)  # the last pairing: the arena ends as its duel does
        first, second = sorted(pair, key=names.index)
        winner = first if "Cid" in pair or points[first] <= points[second] else second
        loser = second if winner == first else first
        deal(pages[winner], -1)
        deal(pages[loser], -1)
        deal(pages[loser], -2)
        finish(pages[loser])
        finish(pages[winner])
        points[winner] += 4 if streaks[winner] >= 2 else 2
        streaks[winner] += 1
        streaks[loser] = 0

    # the arena is over: each finds its podium in places, without whoever scored nothing
    scored = sorted((name for name in names if points[name] > 0), key=lambda name: -points[name])
    assert "Cid" not in scored and len(scored) == 2 and points[scored[0]] > points[scored[1]]
    for page in pages.values():
        result = page.get_by_role("dialog", name="Result")
        expect(result).to_contain_text("The arena has ended", timeout=15_000)
        expect(result.get_by_role("button", name="Rematch")).to_have_count(0)
        result.get_by_role("button", name="Back to the arena").click()
        podium = page.get_by_role("dialog", name="Arenas").locator("[data-podium] li")
        expect(podium).to_have_count(len(scored))
        for place, winner in enumerate(scored, start=1):
            expect(podium.nth(place - 1)).to_have_text(f"{place}. {winner} · {points[winner]} points")
        expect(page.locator("[data-podium]")).not_to_contain_text("Cid")
