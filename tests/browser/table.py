"""Helpers for the browser tests: the game through the API (fast set-up) and the table through the page."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

View = dict[str, Any]
RANKS = "A23456789TJQK"


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def spider_command() -> list[str]:
    """The ``spider`` command of the running interpreter's environment."""
    script = Path(sys.executable).parent / "spider"
    if script.exists():
        return [str(script)]
    found = shutil.which("spider")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from spider.cli import main; sys.exit(main())"]


# ---- the API, sharing the page's cookie ----

def new_game(page: Page, suits: int = 1, code: str | None = None, **extra: Any) -> View:
    body: dict[str, Any] = {"suits": suits, "deal": "random", **extra}
    if code:
        body["code"] = code
    # A verified deal may be solved on the spot when the pool is empty: give it the server's own budget.
    response = page.request.post("/api/games", data=body, timeout=90_000)
    assert response.status == 201, response.text()
    view: View = response.json()
    return view


def confirm_giving_up(page: Page) -> None:
    """Says Give up when the page asks first: it does for a game in play that counts (a typed-in code counts in the
    player's own statistics until another game makes its deal known, which other tests on the server may)."""
    asked = page.get_by_role("dialog", name="Give up this game?")
    if asked.is_visible():  # opened by the click itself, or not at all
        asked.get_by_role("button", name="Give up").click()


def act(page: Page, view: View, action: str) -> View:
    response = page.request.post(f"/api/games/{view['id']}/actions", data={"action": action})
    assert response.ok, f"{action}: {response.text()}"
    answer: View = response.json()["view"]
    return answer


def refusal(page: Page, view: View, action: str) -> str:
    """The server's own sentence for a refused action (a refused action changes nothing)."""
    response = page.request.post(f"/api/games/{view['id']}/actions", data={"action": action})
    assert response.status == 409, response.text()
    message: str = response.json()["error"]
    return message


def current(page: Page) -> View:
    response = page.request.get("/api/games/current")
    assert response.ok, response.text()
    view: View = response.json()
    return view


def stuck(page: Page) -> Callable[[View], bool]:
    """A goal for play_until: the server says "no more moves" (asking again while its search runs)."""

    def goal(view: View) -> bool:
        for _ in range(10):
            if not view.get("stuck_pending"):
                break
            page.wait_for_timeout(300)
            view = page.request.get(f"/api/games/{view['id']}").json()
        return bool(view["stuck"])

    return goal


def moves(view: View) -> list[tuple[int, int, int]]:
    return [(g["column"], t, g["count"]) for g in view["groups"] for t in g["targets"]]


def progress_score(view: View, move: tuple[int, int, int]) -> int:
    """How much a move helps a simple player: uncovering and emptying first, sideways shuffles never."""
    source, target, count = move
    column = view["columns"][source - 1]
    up = column["up"]
    target_up = view["columns"][target - 1]["up"]
    if count == len(up):
        if column["down"] == 0:
            return 30 if target_up else -1  # from one empty column to another gains nothing
        return 20
    above = up[-count - 1]
    if rank(above) == rank(up[-count]) + 1:
        return -1  # already sitting on a card that fits: moving it gains nothing
    same_suit = bool(target_up) and target_up[-1][1] == up[-count][1]
    return 10 + (5 if same_suit else 0)


def play_until(page: Page, view: View, goal: Callable[[View], bool], seed: int = 1, steps: int = 600) -> View:
    """Plays through the API (a simple greedy player with some chance) until goal(view) holds."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(steps):
        if goal(view):
            return view
        position = json.dumps(view["columns"])
        repeated = position in seen
        seen.add(position)
        scored = sorted(((progress_score(view, m), rng.random(), m) for m in moves(view)), reverse=True)
        scored = [s for s in scored if s[0] >= 0]
        progress = bool(scored) and scored[0][0] >= 20
        if scored and (progress or not view["deal_possible"] or (not repeated and rng.random() < 0.7)):
            source, target, count = scored[0][2] if progress or rng.random() < 0.7 else rng.choice(scored)[2]
            view = act(page, view, f"{source}>{target}:{count}")
        elif view["deal_possible"]:
            view = act(page, view, "d")
        else:
            view = new_game(page, view["suits"])
    raise AssertionError("no position reached the goal")


def solve(code: str) -> list[str]:
    """A winning line for a code, from the solver's command ``spider solve CODE --json``."""
    result = subprocess.run([*spider_command(), "solve", code, "--json"], capture_output=True, text=True,
                            timeout=120, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"spider solve {code}: {result.stderr or result.stdout}")
    answer = json.loads(result.stdout)
    line = answer.get("line") if isinstance(answer, dict) else answer
    if not line:
        raise RuntimeError(f"spider solve {code} found no line: {result.stdout[:300]}")
    return [str(action) for action in line]


# ---- the page ----

def open_table(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')


def column(page: Page, n: int) -> Locator:
    return page.locator(f'[data-column="{n}"]')


def cards(page: Page, n: int) -> list[str]:
    found: list[str] = column(page, n).locator(".card").evaluate_all("els => els.map(e => e.dataset.card)")
    return found


def shown(view: View, n: int) -> list[str]:
    """A column as the page should draw it: 'down' for each face-down card, then the face-up cards."""
    col = view["columns"][n - 1]
    return ["down"] * col["down"] + list(col["up"])


def expect_table(page: Page, view: View) -> None:
    """The page draws exactly the view: every column, the counters, the stock and the runs."""
    expect(page.locator("[data-moves]")).to_have_text(str(view["moves"]))
    expect(page.locator("[data-score]")).to_have_text(str(view["score"]))
    expect(page.locator("[data-stock]")).to_have_attribute("data-deals-left", str(view["stock"]["deals_left"]))
    for n in range(1, 11):
        expect(column(page, n).locator(".card")).to_have_count(len(shown(view, n)))
        assert cards(page, n) == shown(view, n), f"column {n}"
    runs = page.locator(".run[data-run]").evaluate_all("els => els.map(e => e.dataset.run)")
    assert runs == view["runs"]


def group_cards(page: Page, n: int, count: int) -> Locator:
    """The first card of the group of `count` cards at the end of column n."""
    total = column(page, n).locator(".card").count()
    return column(page, n).locator(".card").nth(total - count)


def drag(page: Page, source: int, count: int, target: int) -> None:
    """Drags the group with the mouse by its first card's corner onto the target column."""
    card = group_cards(page, source, count).bounding_box()
    assert card is not None
    x, y = card["x"] + card["width"] / 2, card["y"] + 6
    target_cards = column(page, target).locator(".card")
    box = (target_cards.last if target_cards.count() else column(page, target)).bounding_box()
    assert box is not None
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 3, y + 2)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 20, steps=8)
    page.mouse.up()


def parse_move(view: View, action: str) -> tuple[int, int, int]:
    """Source, target and group size of a move in notation ("3>7" moves the group whose first card fits)."""
    source, _, rest = action.partition(">")
    target, _, count_text = rest.partition(":")
    s, t = int(source), int(target)
    if count_text:
        return s, t, int(count_text)
    onto = view["columns"][t - 1]["up"]
    up = view["columns"][s - 1]["up"]
    fits = [g["count"] for g in view["groups"] if g["column"] == s and t in g["targets"]
            and (not onto or rank(up[-g["count"]]) + 1 == rank(onto[-1]))]
    return s, t, max(fits)


def play_with_mouse(page: Page, view: View, action: str) -> None:
    """Plays one action in the page the way a player would: the stock, or dragging a group."""
    if action == "d":
        page.locator("[data-stock]").click()
        return
    source, target, count = parse_move(view, action)
    drag(page, source, count, target)


def cursor_to(page: Page, n: int) -> None:
    """Walks the keyboard cursor to column n, the short way round (right to left, the arrows follow the
    eye: ArrowLeft goes on to the next column)."""
    at = page.locator(".column.cursor")
    current = int(at.get_attribute("data-column") or 1) if at.count() else 1
    if not at.count():
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
    onward, back = ("ArrowLeft", "ArrowRight") if page.evaluate("() => document.dir") == "rtl" else (
        "ArrowRight", "ArrowLeft")
    right = (n - current) % 10
    key, steps = (onward, right) if right <= 5 else (back, 10 - right)
    for _ in range(steps):
        page.keyboard.press(key)
    expect(column(page, n)).to_have_class(re.compile(r"\bcursor\b"))  # drawn at the next frame


def play_with_keyboard(page: Page, view: View, action: str) -> None:
    """Plays one action with the keyboard only: D, or arrows to choose the cards and Enter to move them."""
    if action == "d":
        page.keyboard.press("d")
        return
    source, target, count = parse_move(view, action)
    cursor_to(page, source)
    chosen = column(page, source).locator(".card.cursor-card").count()
    key = "ArrowUp" if count > chosen else "ArrowDown"
    for _ in range(abs(count - chosen)):
        page.keyboard.press(key)
    expect(column(page, source).locator(".card.cursor-card")).to_have_count(count)
    page.keyboard.press("Enter")
    expect(column(page, source).locator(".card.held")).to_have_count(count)
    cursor_to(page, target)
    page.keyboard.press("Enter")
