"""The account dialog (issue 51) in Chromium, with its virtual authenticator standing in for a device's passkeys.

A guest keeps their games on every device: a name of their own, a passkey, ten recovery codes kept before the
dialog lets go. A second device signs in with the same passkey (copied to its authenticator, as a synced passkey
would be) and is the same player: name, rating and history. A passkey is added, renamed and removed; a third
device comes in with a recovery code and adds its own passkey; a device signed out from another is told at once;
and the account is deleted. WebAuthn wants a secure context with a domain: the page is opened at localhost, the
origin the server's passkeys are made for by default (``Settings.origin``).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from tests.browser.access import summary, violations
from tests.browser.harness import Server, open_context
from tests.browser.table import current, new_game, open_table

PHONE = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 "
         "Mobile Safari/537.36")
WINDOWS = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 "
           "Safari/537.36 Edg/131.0")


@pytest.fixture
def site(server: Server) -> Server:
    """The server as passkeys need it: at http://localhost:PORT, the origin it makes passkeys for."""
    if "127.0.0.1" not in server.url:
        pytest.skip("passkeys need the test server's own origin, http://localhost:PORT")
    local = Server.__new__(Server)
    local.__dict__.update(server.__dict__)
    local.url = server.url.replace("127.0.0.1", "localhost")
    return local


class Device:
    """A browser profile with its own authenticator: a phone or a computer of the player's."""

    def __init__(self, browser: Browser, site: Server, **options: Any) -> None:
        self.context: BrowserContext = open_context(browser, site, **options)
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.cdp: CDPSession = self.context.new_cdp_session(self.page)
        self.cdp.send("WebAuthn.enable")
        self.authenticator: str = self.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
            "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
            "isUserVerified": True,
        }})["authenticatorId"]

    def passkeys(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.authenticator})[
            "credentials"]
        return found

    def hold(self, passkey: dict[str, Any]) -> None:
        """The passkey synced to this device."""
        self.cdp.send("WebAuthn.addCredential", {"authenticatorId": self.authenticator, "credential": passkey})

    def forget_passkeys(self) -> None:
        self.cdp.send("WebAuthn.clearCredentials", {"authenticatorId": self.authenticator})

    def account(self) -> Page:
        """More → Account."""
        page = self.page
        page.locator('[data-menu="more"]').click()
        page.get_by_role("menuitem", name="Account").click()
        expect(page.locator("dialog[open] h2")).to_be_visible()
        return page

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"script errors on the page: {self.errors}"


@pytest.fixture
def devices(browser: Browser, site: Server) -> Iterator[list[Device]]:
    made: list[Device] = []
    yield made
    for device in made:
        device.close()


def dialog(page: Page) -> Any:
    return page.locator("dialog[open]")


def said(page: Page) -> Any:
    return dialog(page).locator("[data-said]")


def devices_listed(page: Page) -> list[str]:
    return [text.split("\n")[0] for text in dialog(page).get_by_role("list", name="Devices signed in").locator(
        "li .what b").all_inner_texts()]


def lobby_me(page: Page) -> tuple[str, str]:
    """The name and the rating the duel lobby shows."""
    page.locator('[data-command="duels"]').click()
    name = dialog(page).locator("#duel-name")
    expect(name).to_be_visible()
    shown = (name.input_value(), dialog(page).locator("[data-me]").inner_text())
    page.keyboard.press("Escape")
    return shown


def history(page: Page) -> list[str]:
    """The finished games the statistics list."""
    tool = page.locator('[data-command="stats"]')
    if tool.is_visible():
        tool.click()
    else:  # a phone: in the More menu
        page.locator('[data-menu="more"]').click()
        page.locator('[data-item="stats"]').click()
    rows = dialog(page).locator("tr[data-game]")
    expect(rows.first).to_be_visible()
    games = sorted(rows.evaluate_all("(rows) => rows.map((row) => row.dataset.game)"))
    page.keyboard.press("Escape")
    return games


def make_account(device: Device, name: str, tmp_path: Path) -> list[str]:
    """A guest with a made-up name makes an account; the codes are downloaded and kept. Returns the codes."""
    page = device.account()
    expect(dialog(page)).to_contain_text("You play as a guest")
    expect(dialog(page)).to_contain_text("As a guest you play unranked: create an account, and once it is a day old")
    keep = dialog(page).get_by_role("button", name="Keep my games on every device")
    keep.click()  # no name yet: asked for first
    expect(said(page)).to_have_text("Write the name your account will have first.")
    dialog(page).get_by_label("A name of your own").fill(name)
    keep.click()
    expect(dialog(page).locator("h2")).to_have_text("Your recovery codes")
    codes = dialog(page).locator("[data-codes] code").all_inner_texts()
    assert len(codes) == 10 and len(set(codes)) == 10
    done = dialog(page).get_by_role("button", name="Done")
    expect(done).to_be_disabled()
    page.keyboard.press("Escape")  # the codes are shown once: the dialog stays until they are kept
    expect(dialog(page).locator("h2")).to_have_text("Your recovery codes")
    with page.expect_download() as download:
        dialog(page).get_by_role("button", name="Download").click()
    kept = tmp_path / "codes.txt"
    download.value.save_as(kept)
    assert kept.read_text().split()[-10:] == codes and name in kept.read_text()
    dialog(page).get_by_label("I have kept them").check()
    done.click()
    expect(dialog(page).locator("h2")).to_have_text("Account")
    expect(said(page)).to_contain_text(f"Your account is made, {name}")
    return codes


def test_an_account_follows_the_player_to_every_device(browser: Browser, site: Server, devices: list[Device],
                                                       tmp_path: Path) -> None:
    name = f"Ada {secrets.token_hex(3)}"
    laptop = Device(browser, site)
    devices.append(laptop)
    open_table(laptop.page)
    view = current(laptop.page)
    assert laptop.page.request.post(f"/api/games/{view['id']}/resign", data={}).ok  # a finished game in the history
    open_table(laptop.page)
    codes = make_account(laptop, name, tmp_path)
    page = laptop.page
    assert len(laptop.passkeys()) == 1
    expect(dialog(page)).to_contain_text(name)
    expect(dialog(page)).to_contain_text("10 recovery codes left.")
    assert devices_listed(page) == ["Chrome, Linux"]
    expect(dialog(page).locator(".account-list li").nth(1)).to_contain_text("This device")
    page.keyboard.press("Escape")
    me, games = lobby_me(page), history(page)

    # A phone that played as a guest signs in with the same passkey (synced): told first what becomes of its game.
    phone = Device(browser, site, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                   user_agent=PHONE)
    devices.append(phone)
    phone.hold(laptop.passkeys()[0])
    open_table(phone.page)
    new_game(phone.page, 1)  # a second game: the first was dealt as the table opened
    open_table(phone.page)
    phone_page = phone.account()
    expect(dialog(phone_page)).to_contain_text(
        "the 2 games you played here as a guest stay with this device's guest: they come back when you sign out")
    dialog(phone_page).get_by_role("button", name="Sign in with a passkey").click()
    expect(phone_page.locator("#status")).to_have_text(
        f"Signed in as {name}. The guest's 2 games on this device come back when you sign out.")
    assert lobby_me(phone_page) == me
    assert history(phone_page) == games

    # The phone adds a passkey of its own, names it, and removes it again.
    phone.forget_passkeys()  # the synced passkey stays the laptop's: this one is made here
    phone.account()
    dialog(phone_page).get_by_role("button", name="Add a passkey on this device").click()
    expect(said(phone_page)).to_have_text("The passkey is added: it signs you in from now on.")
    passkeys = dialog(phone_page).get_by_role("list", name="Passkeys").locator("li")
    expect(passkeys).to_have_count(2)
    passkeys.nth(1).get_by_role("button", name="Rename").click()
    field = dialog(phone_page).get_by_label("Passkey's name")
    field.fill("My phone")
    field.press("Enter")
    expect(said(phone_page)).to_have_text("The passkey is renamed.")
    expect(passkeys.nth(1).locator("b")).to_have_text("My phone")
    passkeys.nth(1).get_by_role("button", name="Remove My phone").click()
    expect(dialog(phone_page).locator("h2")).to_have_text("Remove this passkey?")
    dialog(phone_page).get_by_role("button", name="Remove").click()
    expect(said(phone_page)).to_have_text("The passkey is removed.")
    expect(passkeys).to_have_count(1)
    expect(passkeys.get_by_role("button", name="Remove")).to_have_count(0)  # the last one stays
    phone_page.keyboard.press("Escape")

    # A third device comes in with a recovery code, and is asked for a passkey of its own.
    desk = Device(browser, site, user_agent=WINDOWS)
    devices.append(desk)
    open_table(desk.page)
    desk_page = desk.account()
    dialog(desk_page).get_by_role("button", name="Use a recovery code").click()
    code = dialog(desk_page).get_by_label("Recovery code")
    code.fill("aaaa-bbbb-cccc-dddd-eeee")
    code.press("Enter")
    expect(said(desk_page)).to_have_text("That passkey or code did not sign you in.")
    code.fill(codes[0].upper())
    dialog(desk_page).get_by_role("button", name="Sign in").click()
    expect(desk_page.locator("#status")).to_have_text(
        f"Signed in as {name}. The guest's game on this device comes back when you sign out.")
    expect(dialog(desk_page).locator("h2")).to_have_text("Add a passkey on this device")
    dialog(desk_page).get_by_role("button", name="Add a passkey on this device").click()
    expect(said(desk_page)).to_have_text("The passkey is added: it signs you in from now on.")
    expect(dialog(desk_page)).to_contain_text("9 recovery codes left.")
    desk_page.keyboard.press("Escape")

    # The laptop sees three devices, and signs the phone out: the phone is told at once.
    laptop.account()
    assert sorted(devices_listed(page)) == ["Chrome, Android", "Chrome, Linux", "Edge, Windows"]
    dialog(page).get_by_role("button", name="Sign out Chrome, Android").click()
    expect(said(page)).to_have_text("That device is signed out.")
    assert sorted(devices_listed(page)) == ["Chrome, Linux", "Edge, Windows"]
    expect(phone_page.locator("#status")).to_have_text(
        "This device was signed out of its account: you play as a guest.", timeout=15_000)
    page.keyboard.press("Escape")

    # The desk signs itself out.
    desk.account()
    dialog(desk_page).get_by_role("button", name="Sign out", exact=True).click()
    expect(desk_page.locator("#status")).to_have_text("Signed out: the game you played here as a guest is back.")

    # New recovery codes replace the old; the laptop downloads its data, then deletes the account.
    laptop.account()
    dialog(page).get_by_role("button", name="New recovery codes").click()
    dialog(page).get_by_role("button", name="Make new codes").click()
    expect(dialog(page).locator("[data-codes] code")).to_have_count(10)
    fresh = dialog(page).locator("[data-codes] code").all_inner_texts()
    assert len(fresh) == 10 and not set(fresh) & set(codes)
    dialog(page).get_by_label("I have kept them").check()
    dialog(page).get_by_role("button", name="Done").click()
    expect(said(page)).to_have_text("Your new recovery codes are ready; the earlier ones no longer work.")
    with page.expect_download() as download:
        dialog(page).get_by_role("button", name="Download my data").click()
    assert name in Path(download.value.path()).read_text()
    dialog(page).get_by_role("button", name="Delete my account").click()
    expect(dialog(page)).to_contain_text("Your finished games stay, under a made-up name")
    delete = dialog(page).get_by_role("button", name="Delete my account")
    expect(delete).to_be_disabled()
    dialog(page).get_by_label(f"Yes, delete the account {name} for good").check()
    delete.click()
    expect(page.locator("#status")).to_have_text("Your account is deleted. You play as a new guest.")
    laptop.account()
    expect(dialog(page)).to_contain_text("You play as a guest")
    assert page.request.get(f"/api/players/{name}").status == 404


def test_a_guests_sign_in_is_kept_apart_and_signing_out_brings_their_game_back(
    browser: Browser, site: Server, devices: list[Device], tmp_path: Path
) -> None:
    owner = Device(browser, site)
    devices.append(owner)
    open_table(owner.page)
    name = f"Bea {secrets.token_hex(3)}"
    make_account(owner, name, tmp_path)
    other = Device(browser, site)
    devices.append(other)
    other.hold(owner.passkeys()[0])
    open_table(other.page)
    guest_game = new_game(other.page, 2)
    open_table(other.page)
    other.account()
    dialog(other.page).get_by_role("button", name="Sign in with a passkey").click()
    expect(other.page.locator("#status")).to_contain_text(f"Signed in as {name}.")
    assert current(other.page)["id"] != guest_game["id"]
    other.account()
    dialog(other.page).get_by_role("button", name="Sign out", exact=True).click()
    expect(other.page.locator("#status")).to_have_text("Signed out: the 2 games you played here as a guest are back.")
    assert current(other.page)["id"] == guest_game["id"]


def test_a_page_opened_at_a_numeric_address_says_where_passkeys_work(
    browser: Browser, server: Server, devices: list[Device]
) -> None:
    if "127.0.0.1" not in server.url:
        pytest.skip("needs the test server at its numeric address")
    device = Device(browser, server)  # http://127.0.0.1:PORT: WebAuthn takes no address for a site
    devices.append(device)
    open_table(device.page)
    page = device.account()
    dialog(page).get_by_label("A name of your own").fill(f"Numeric {secrets.token_hex(3)}")
    dialog(page).get_by_role("button", name="Keep my games on every device").click()
    expect(said(page)).to_contain_text("Passkeys work only at the site's own name, not at a numeric address such as")
    expect(said(page)).to_contain_text("open the page at localhost")
    assert device.passkeys() == []


SHOTS = ("guest", "codes", "account")
OVERFLOWING = """(d) => [...d.querySelectorAll('*')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
  .map((e) => e.className || e.tagName)"""
"""The dialog's boxes whose content is wider than they are and would scroll sideways or be cut."""


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_account_dialogs_fit_a_phone_and_pass_axe(browser: Browser, site: Server, devices: list[Device], lang: str,
                                         tmp_path: Path) -> None:
    phone = Device(browser, site, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                   user_agent=PHONE)
    devices.append(phone)
    page = phone.page
    page.goto("/static/rules/en.html")
    page.evaluate("(lang) => localStorage.setItem('spider.settings', JSON.stringify({ language: lang }))", lang)
    open_table(page)
    assert page.request.put("/api/me", data={"name": f"Ziva {secrets.token_hex(3)}"}).ok
    shots = Path(tmp_path)
    menu = page.locator('[data-menu="more"]')

    def fits(shot: str) -> None:
        expect(dialog(page).locator("h2")).to_be_visible()
        page.wait_for_timeout(200)
        page.screenshot(path=str(shots / f"account-{lang}-{shot}.png"))
        box = dialog(page).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        overflow = dialog(page).evaluate(OVERFLOWING)
        assert overflow == [], overflow
        assert summary(violations(page)) == []  # axe-core finds nothing in the dialog
        for button in dialog(page).get_by_role("button").all():
            if button.is_visible():
                size = button.bounding_box()
                assert size is not None and size["height"] >= 44, button.inner_text()

    menu.click()
    page.locator('[data-item="account"]').click()
    fits("guest")
    dialog(page).locator("[data-create]").click()
    expect(dialog(page).locator("[data-codes]")).to_be_visible()
    fits("codes")
    dialog(page).locator("[data-kept]").check()
    dialog(page).locator("[data-done]").click()
    expect(dialog(page).locator(".account-list").first).to_be_visible()
    fits("account")
    kept = os.environ.get("SPIDER_SHOTS")  # a folder to keep them in, for a person to look at
    if kept:
        keep = Path(kept)
        for shot in SHOTS:
            (keep / f"account-{lang}-{shot}.png").write_bytes((shots / f"account-{lang}-{shot}.png").read_bytes())
