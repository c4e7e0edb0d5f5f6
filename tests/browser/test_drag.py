"""Dragging cards across the table, and input while cards are still sliding.

What is carried is drawn above every column on its way, in either direction, mirrored or not, with the
mouse or a finger. A press made while the table is still moving (an action not yet answered, cards still
sliding) acts on the table as it lands: the slides are cut short and the press takes what is then drawn
under the pointer, so it never picks up a card that is in flight, nor a group the player cannot see.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import View, column, current, drag, new_game, open_table, play_until

# The element drawn on top at the centre of the carried group's first card: the card itself, or inside it.
ON_TOP = """() => {
  const card = document.querySelector('.card.dragged');
  if (!card) return 'nothing is carried';
  const r = card.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (card.contains(top)) return 'carried';
  const under = top && top.closest('.column');
  return `${top ? top.className : 'nothing'} of column ${under ? under.dataset.column : '-'}`;
}"""

Point = tuple[float, float]


def carry_path(page: Page, source: int, target: int) -> tuple[Point, list[Point]]:
    """Where to press on the last card of the source column, and the points on the way to the target."""
    box = column(page, source).locator(".card").last.bounding_box()
    goal = column(page, target).bounding_box()
    assert box is not None and goal is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + 8
    tx, ty = goal["x"] + goal["width"] / 2, y + 30
    return (x, y), [(x + (tx - x) * i / 12, y + (ty - y) * i / 12) for i in range(1, 13)]


class Mouse:
    def __init__(self, page: Page) -> None:
        self.page = page

    def press(self, x: float, y: float) -> None:
        self.page.mouse.move(x, y)
        self.page.mouse.down()

    def move(self, x: float, y: float) -> None:
        self.page.mouse.move(x, y)

    def release(self) -> None:
        self.page.mouse.up()


class Finger:
    """Touch through the browser's own input (Chromium turns it into pointer events, as on a phone)."""

    def __init__(self, page: Page) -> None:
        self.cdp: CDPSession = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[dict[str, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def press(self, x: float, y: float) -> None:
        self.send("touchStart", [{"x": x, "y": y, "id": 1}])

    def move(self, x: float, y: float) -> None:
        self.send("touchMove", [{"x": x, "y": y, "id": 1}])

    def release(self) -> None:
        self.send("touchEnd", [])


def check_carry(page: Page, pointer: Mouse | Finger, source: int, target: int) -> None:
    """At every point on the way, what is carried is what the player sees there."""
    (x, y), path = carry_path(page, source, target)
    pointer.press(x, y)
    pointer.move(x + 4, y + 3)  # past the few pixels that keep a tap a tap
    seen = []
    for px, py in path:
        pointer.move(px, py)
        seen.append(page.evaluate(ON_TOP))
    pointer.release()
    page.wait_for_timeout(300)  # the drop, refused or not, settles
    assert seen == ["carried"] * len(path), f"from column {source} to {target}: {seen}"


@pytest.fixture
def desktop(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    ctx = open_context(browser, server)
    yield ctx
    ctx.close()


def mouse_table(context: BrowserContext) -> Page:
    page = context.new_page()
    new_game(page, 1)
    open_table(page)
    return page


@pytest.mark.parametrize(("source", "target"), [(1, 10), (10, 1), (3, 8)])
def test_carried_cards_are_drawn_above_every_column(desktop: BrowserContext, source: int, target: int) -> None:
    page = mouse_table(desktop)
    check_carry(page, Mouse(page), source, target)


def test_carried_cards_are_drawn_above_every_column_in_hebrew(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, locale="he-IL")
    page = mouse_table(context)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    for source, target in ((1, 10), (10, 1)):
        check_carry(page, Mouse(page), source, target)
    context.close()


def test_carried_cards_are_drawn_above_every_column_under_a_finger(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True)
    page = context.new_page()
    new_game(page, 1)
    open_table(page)
    finger = Finger(page)
    for source, target in ((1, 10), (10, 1)):
        check_carry(page, finger, source, target)
    context.close()


# ---- input while the table moves ----

# A network that answers actions late, as a phone's often does: the page's fetch waits before handing back.
SLOW_ANSWERS = """
const sent = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const answer = await sent(input, init);
  if (String(input).includes('/actions')) await new Promise((done) => setTimeout(done, 250));
  return answer;
};
"""

SELECTED = "els => els.filter(e => e.classList.contains('selected')).map(e => e.dataset.card)"


def moving_table(browser: Browser, server: Server, slow: bool) -> tuple[BrowserContext, Page]:
    context = open_context(browser, server, reduced_motion="no-preference")  # with the animations
    if slow:
        context.add_init_script(SLOW_ANSWERS)
    page = context.new_page()
    return context, page


def centre(page: Page, n: int) -> Point:
    """The centre of the last card of column n as it is drawn now."""
    box = column(page, n).locator(".card").last.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drawn_at(page: Page, point: Point) -> str | None:
    """The card drawn at a point once nothing moves: what the player sees under the pointer."""
    card: str | None = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y); const c = e && e.closest('.card');"
        " return c ? c.dataset.card : null; }", list(point))
    return card


def selected(page: Page) -> list[str]:
    found: list[str] = page.locator("#tableau .card").evaluate_all(SELECTED)
    return found


def settled(page: Page) -> None:
    page.wait_for_function("() => !document.getAnimations().some(a => a.playState === 'running')")


@pytest.mark.parametrize("slow", [True, False], ids=["answer-late", "cards-sliding"])
def test_a_tap_just_after_a_deal_takes_the_card_landing_there(browser: Browser, server: Server, slow: bool) -> None:
    context, page = moving_table(browser, server, slow)
    view = new_game(page, 1)
    open_table(page)
    point = centre(page, 10)  # where column 10's dealt card lands, over the card it covers
    before = column(page, 10).locator(".card").count()
    page.locator("[data-stock]").click()
    if slow:
        page.wait_for_timeout(30)  # the deal is not answered yet
    else:
        # the deal is drawn, and its cards set off from the stock one after the other: column 10's is last
        expect(column(page, 10).locator(".card")).to_have_count(before + 1)
    page.mouse.click(*point)
    expect(page.locator("[data-stock]")).to_have_attribute("data-deals-left", str(view["stock"]["deals_left"] - 1))
    expect(column(page, 10).locator(".card.selected")).to_have_count(1)
    settled(page)
    dealt = column(page, 10).locator(".card").last.get_attribute("data-card")
    assert selected(page) == [dealt]  # the dealt card alone, not the card it covers with it
    assert drawn_at(page, point) == dealt  # and the player sees it under the pointer
    expect(page.locator("#status")).not_to_have_class("error")
    context.close()


def group_with_target(view: View) -> tuple[int, int, int]:
    """The smallest group that can go onto a card: its first card then covers the middle of that card."""
    for g in sorted(view["groups"], key=lambda g: g["count"]):
        onto = [t for t in g["targets"] if view["columns"][t - 1]["up"]]
        if onto:
            return g["column"], g["count"], onto[0]
    raise AssertionError("no group has a column to go to")


@pytest.mark.parametrize("slow", [True, False], ids=["answer-late", "cards-sliding"])
def test_a_tap_just_after_a_move_takes_the_moved_cards(browser: Browser, server: Server, slow: bool) -> None:
    context, page = moving_table(browser, server, slow)
    view = play_until(page, new_game(page, 1), lambda v: any(
        v["columns"][t - 1]["up"] for g in v["groups"] for t in g["targets"]))
    source, count, target = group_with_target(view)
    moved = view["columns"][source - 1]["up"][-count:]
    open_table(page)
    point = centre(page, target)  # the moved cards land over the card they go onto
    drag(page, source, count, target)
    if slow:
        page.wait_for_timeout(30)  # the move is not answered yet: the cards wait where they were dropped
    else:
        expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))  # drawn, and sliding
    page.mouse.click(*point)
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"] + 1))
    expect(column(page, target).locator(".card.selected")).to_have_count(count)
    settled(page)
    assert selected(page) == moved  # the moved group, as it now lies on its new column
    assert drawn_at(page, point) == moved[0]
    expect(page.locator("#status")).not_to_have_class("error")
    assert current(page)["moves"] == view["moves"] + 1  # nothing else was sent
    context.close()


def test_the_stock_takes_a_click_while_the_dealt_cards_fly_over_it(browser: Browser, server: Server) -> None:
    context, page = moving_table(browser, server, slow=False)
    view = new_game(page, 1)
    open_table(page)
    stock = page.locator("[data-stock]")
    box = stock.bounding_box()
    assert box is not None
    before = column(page, 10).locator(".card").count()
    stock.click()
    expect(column(page, 10).locator(".card")).to_have_count(before + 1)  # drawn: its cards leave the stock
    page.mouse.click(box["x"] + box["width"] - 12, box["y"] + box["height"] / 2)  # over the stock's top card
    expect(stock).to_have_attribute("data-deals-left", str(view["stock"]["deals_left"] - 2))
    expect(column(page, 10).locator(".card")).to_have_count(before + 2)
    expect(page.locator("#status")).not_to_have_class("error")
    context.close()
