"""The BOT mark: a bot's table in the lobby, its player card and the duel bar say it is a bot, in words a
screen reader gives too (the mark's title), and a person is never marked."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.harness import Server, open_context
from tests.browser.table import open_table
from tests.browser.test_duels import open_lobby


def test_a_bot_is_marked_in_the_lobby_its_card_and_the_duel_bar(browser: Browser, server: Server) -> None:
    context = open_context(browser, server, locale="en-GB")
    try:
        page = context.new_page()
        open_table(page)
        assert page.request.put("/api/me", data={"name": "Ada"}).ok
        made = page.request.post("/api/bots", data={"name": "Robo"})
        assert made.status == 201, made.text()
        bearer = {"authorization": f"Bearer {made.json()['token']}"}
        table = page.request.post(
            "/api/duels", data={"suits": 1, "minutes": 3, "opponent": {"kind": "person"}}, headers=bearer
        )
        assert table.status == 201, table.text()
        open_lobby(page)
        lobby = page.get_by_role("dialog", name="Duels")
        row = lobby.locator("li", has=page.locator('[data-name="Robo"]'))
        mark = row.locator("[data-bot]")
        expect(mark).to_have_text("BOT")
        expect(mark).to_have_attribute("title", "A bot: a program plays for this player")
        row.locator('[data-name="Robo"]').click()  # the bot's player card
        card = page.locator(".player-info")
        expect(card.locator("h2 [data-bot]")).to_have_text("BOT")
        page.keyboard.press("Escape")
        assert page.request.post(f"/api/duels/{table.json()['id']}/join").ok
        page.reload()  # the page takes the duel up
        bar = page.locator("#duel-bar")
        expect(bar.locator(".duel-player", has_text="Robo").locator("[data-bot]")).to_have_text("BOT")
        expect(bar.locator(".duel-player", has_text="Ada").locator("[data-bot]")).to_have_count(0)
        page.screenshot(path="/tmp/bot_mark_bar.png")
    finally:
        context.close()
