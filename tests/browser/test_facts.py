"""The game's facts on the page come from the server (``GET /api/presets``'s ``constants``), none from the
page's own code: served a changed answer, the toolbar, the new-game dialog and the duel lobby follow it."""

from __future__ import annotations

import json

from playwright.sync_api import Page, Route


def changed_facts(route: Route) -> None:
    answer = route.fetch().json()
    answer["constants"].update(
        suit_counts=[1, 2], duel_minutes=[7, 20, 30], strengths=["casual", "master"], name_length=12
    )
    route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))


def values(page: Page, selector: str) -> list[str]:
    found: list[str] = page.eval_on_selector_all(selector, "(all) => all.map((e) => e.value)")
    return found


def test_the_table_and_its_dialogs_show_the_servers_facts(page: Page) -> None:
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]")
    real = page.request.get("/api/presets").json()["constants"]
    assert page.locator(".column").count() == real["columns"] == 10
    assert page.locator(".run").count() == real["runs_to_win"] == 8
    choices = page.eval_on_selector_all(".suit-choice", "(all) => all.map((e) => Number(e.dataset.suits))")
    assert choices == real["suit_counts"] == [1, 2, 4]

    page.route("**/api/presets", changed_facts)
    page.reload()
    page.wait_for_selector("html[data-ready=true]")
    assert page.locator(".suit-choice").count() == 2  # the toolbar's choices
    page.click("[data-command='new']")
    assert values(page, "dialog[open] input[name='suits']") == ["1", "2"]
    page.keyboard.press("Escape")

    page.click("[data-command='duels']")
    page.wait_for_selector("dialog[open] form.lobby")
    assert values(page, "dialog[open] select[name='minutes'] option") == ["7", "20", "30"]
    assert values(page, "dialog[open] select[name='opponent'] option") == ["person", "casual", "master"]
    assert values(page, "dialog[open] input[name='suits']") == ["1", "2"]
    assert page.get_attribute("#duel-name", "maxlength") == "12"


def test_the_signs_of_life_come_as_often_as_the_server_says(page: Page) -> None:
    def quick_heartbeat(route: Route) -> None:
        answer = route.fetch().json()
        answer["constants"]["heartbeat_ms"] = 200  # the server's is 15 s: three would not come within the wait
        route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))

    page.route("**/api/presets", quick_heartbeat)
    page.goto("/")
    page.wait_for_selector("html[data-ready=true]")
    for _ in range(3):
        with page.expect_request(lambda request: request.url.endswith("/clock"), timeout=5_000):
            pass
