"""axe-core on the table, every dialog and the rules page, in each language.

``python -m tests.browser.access`` prints the violations found per language and page (it starts its own
server); tests/browser/test_access.py asserts there are none. axe-core comes bundled in
``axe-playwright-python``; it runs under the page's own Content-Security-Policy, no bypass needed.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, Server, open_context

LANGUAGES = ("en", "he", "nl", "pl", "pt")
# A lost game's analysis, as the server answers it: the dialog is what is checked, not the solver.
ANALYSIS = {"code": "SP1-S1C-AAAAAAD", "opening": "win", "last_winnable": 3, "actions": 9, "moves": 3,
            "line": ["1>2", "3>4"]}


def in_language(page: Page, lang: str) -> None:
    """Open the table speaking ``lang``, as a player who picked it in Settings."""
    page.goto("/static/rules/en.html")  # the origin, for its localStorage
    page.evaluate("(lang) => localStorage.setItem('spider.settings', JSON.stringify({ language: lang }))", lang)
    page.goto("/")
    page.wait_for_selector('html[data-ready="true"]')


def _module(page: Page, path: str, call: str) -> None:
    page.evaluate(f"async () => {{ const m = await import('/static/js/{path}'); m.{call}; }}")


def _on_the_table(page: Page, dialog: str) -> None:
    """The win or "no more moves" dialog, for the view on the table."""
    page.evaluate(
        f"""async () => {{
            const {{ dialogs }} = await import('/static/js/dialogs.js');
            const {{ state }} = await import('/static/js/state.js');
            dialogs.{dialog}(state.view);
        }}"""
    )


def _button(name: str) -> Callable[[Page], None]:
    return lambda page: page.locator(f'[data-command="{name}"]').click()


def _menu(item: str) -> Callable[[Page], None]:
    def opening(page: Page) -> None:
        page.locator('[data-menu="more"]').click()
        page.locator(f'[data-item="{item}"]').click()

    return opening


# What opens each dialog, as a player (or the game, for the win and "no more moves") would.
DIALOGS: dict[str, Callable[[Page], None]] = {
    "new game": _button("new"),
    "settings": _button("settings"),
    "statistics": _button("stats"),
    "rules": _button("rules"),
    "win": lambda page: _on_the_table(page, "win"),
    "no more moves": lambda page: _on_the_table(page, "stuck"),
    "share": lambda page: page.locator("[data-share]").click(),
    "practice": lambda page: _module(page, "practice.js", "practiceDialog()"),
    "analysis": lambda page: _module(page, "analysis.js", "analyseGame()"),
    "duel lobby": _button("duels"),
    "account": _menu("account"),
}


def violations(page: Page, context: str | None = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = Axe().run(page, context=context).response["violations"]
    return found


def summary(found: list[dict[str, Any]]) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]} {v['help']}" for v in found]


def check_language(page: Page, lang: str) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """The violations of the table, each dialog and the rules page, in one language."""
    page.route("**/api/games/*/analysis", lambda route: route.fulfill(json=ANALYSIS))
    in_language(page, lang)
    yield "table", violations(page)
    for name, opening in DIALOGS.items():
        opening(page)
        dialog = page.locator("dialog[open]")
        expect(dialog).to_have_count(1)
        page.wait_for_timeout(300)  # lists filled in from the server
        yield name, violations(page)
        page.evaluate("() => { const d = document.querySelector('dialog[open]'); if (d) d.close('close'); }")
        expect(page.locator("dialog[open]")).to_have_count(0)
        if name == "analysis":  # analysing gave the game up: start a fresh one for the next dialogs
            in_language(page, lang)
    page.goto(f"/static/rules/{lang}.html")
    yield "rules page", violations(page)


def report(browser: Browser, server: Server) -> dict[str, dict[str, int]]:
    figures: dict[str, dict[str, int]] = {}
    for lang in LANGUAGES:
        context = open_context(browser, server)
        page = context.new_page()
        for name, found in check_language(page, lang):
            figures.setdefault(name, {})[lang] = sum(len(v["nodes"]) for v in found)
            for line in summary(found):
                print(f"{lang} {name}: {line}", file=sys.stderr)
        context.close()
    return figures


def main() -> None:
    server = Server(Path(tempfile.mkdtemp(prefix="spider-axe-")))
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            figures = report(browser, server)
            browser.close()
    finally:
        server.kill()
    print(f"axe-core violations (elements) per page and language\n{'page':14}" + "".join(f"{x:>5}" for x in LANGUAGES))
    for name, counts in figures.items():
        print(f"{name:14}" + "".join(f"{counts[lang]:>5}" for lang in LANGUAGES))
    print(json.dumps({"total": sum(sum(c.values()) for c in figures.values())}))


if __name__ == "__main__":
    main()
