"""Accounts (issue 51): a guest becomes an account with a passkey and keeps everything; another device signs in
with the passkey and is the same player; recovery codes, passkeys and sessions managed; sign-outs that hold at
once; an account deleted with its games kept anonymous; and the attacks on all of it (a stale or foreign
challenge, a replayed answer, a guessed code, a session fixed before sign-in, cross-site requests, floods of new
accounts from one address)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from spider.record import read_records
from spider.server.games.store import Store
from spider.server.http.identity import PLAYER_COOKIE
from spider.server.http.parts import parts_of
from spider.server.ops.prune import prune

from .authenticator import Authenticator
from .conftest import new_game


def refusal(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["message_id"]


def register(client: TestClient, device: Authenticator) -> dict[str, Any]:
    options = client.post("/api/account/register/options", json={})
    assert options.status_code == 200, options.text
    made = client.post("/api/account/register", json=device.create(options.json()))
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def sign_in(client: TestClient, device: Authenticator) -> httpx.Response:
    options = client.post("/api/account/login/options", json={})
    assert options.status_code == 200, options.text
    return client.post("/api/account/login", json=device.get(options.json()))


def account_of(client: TestClient) -> dict[str, Any]:
    answer = client.get("/api/account")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def new_account(client: TestClient, name: str = "Ada") -> tuple[Authenticator, dict[str, Any]]:
    assert client.put("/api/me", json={"name": name}).status_code == 200
    device = Authenticator()
    return device, register(client, device)


def second_device(client: TestClient) -> TestClient:
    """Another browser on the same server: no cookie of the first."""
    other = TestClient(client.app)
    other.portal = client.portal
    return other


# Making an account and signing in elsewhere.


def test_a_guest_needs_a_name_of_their_own_before_an_account(client: TestClient) -> None:
    assert refusal(client.post("/api/account/register/options", json={})) == (409, "account.name_first")
    assert account_of(client)["signed_in"] is False


def test_a_guest_becomes_an_account_and_a_second_device_signs_in_as_the_same_player(client: TestClient) -> None:
    new_game(client, suits=1)
    guest_cookie = client.cookies.get(PLAYER_COOKIE)
    device, made = new_account(client)
    assert made["signed_in"] is True and made["name"] == "Ada"
    codes = made["recovery_codes"]
    assert len(codes) == 10 and len(set(codes)) == 10
    assert made["games"] == 1
    assert len(made["passkeys"]) == 1 and len(made["sessions"]) == 1 and made["sessions"][0]["current"]
    assert client.cookies.get(PLAYER_COOKIE) != guest_cookie, "the sign-in gives the device a new cookie"

    other = second_device(client)
    assert account_of(other)["signed_in"] is False
    signed = sign_in(other, device)
    assert signed.status_code == 200, signed.text
    assert (signed.json()["name"], signed.json()["games"]) == ("Ada", 1)
    assert other.get("/api/me").json()["name"] == "Ada"
    assert [s["current"] for s in account_of(client)["sessions"]].count(True) == 1
    assert len(account_of(other)["sessions"]) == 2


def test_the_first_devices_old_guest_cookie_no_longer_opens_the_account(client: TestClient) -> None:
    client.get("/api/me")
    guest_cookie = client.cookies[PLAYER_COOKIE]
    new_account(client)
    account_cookie = client.cookies.get(PLAYER_COOKIE)
    late = second_device(client)  # a request the page sent with the old cookie before the new one came
    old = {"cookie": f"{PLAYER_COOKIE}={guest_cookie}"}
    refused = late.get("/api/account", headers=old)
    assert refusal(refused) == (403, "account.signed_out")
    assert "set-cookie" not in refused.headers, "the account's new cookie is not replaced"
    assert refusal(late.get("/api/me", headers=old)) == (403, "account.signed_out")
    assert client.cookies.get(PLAYER_COOKIE) == account_cookie and account_of(client)["signed_in"]
    page = late.get("/", headers=old)  # the page itself gives the device a new guest's cookie
    assert page.status_code == 200 and page.cookies.get(PLAYER_COOKIE) not in (None, guest_cookie)
    fresh = {"cookie": f"{PLAYER_COOKIE}={page.cookies[PLAYER_COOKIE]}"}
    assert late.get("/api/account", headers=fresh).json()["signed_in"] is False
    assert late.get("/api/me", headers=fresh).json()["name"] != "Ada"


def test_a_guest_who_signs_in_is_told_of_their_games_and_gets_them_back_on_signing_out(client: TestClient) -> None:
    device, _ = new_account(client)
    other = second_device(client)
    guest_game = new_game(other, suits=1)
    signed = sign_in(other, device).json()
    assert signed["guest_games"] == 1
    assert other.get(f"/api/games/{guest_game['id']}").status_code in (403, 404), "the account is not the guest"
    out = other.post("/api/account/logout", json={})
    assert out.status_code == 200, out.text
    assert out.json() == {"sessions_ended": 1, "guest_games": 1}
    assert other.get(f"/api/games/{guest_game['id']}").status_code == 200, "back to the guest's own game"


# Passkeys, codes, sessions.


def test_a_second_passkey_is_added_named_and_removed_never_the_last(client: TestClient) -> None:
    device, made = new_account(client)
    phone = Authenticator()
    again = register(client, phone)
    assert again["recovery_codes"] == [] and len(again["passkeys"]) == 2
    first, second = (key["id"] for key in again["passkeys"])
    renamed = client.patch(f"/api/account/passkeys/{second}", json={"name": "My phone"})
    assert [key["name"] for key in renamed.json()["passkeys"]][1] == "My phone"
    assert client.delete(f"/api/account/passkeys/{first}").status_code == 200
    assert refusal(client.delete(f"/api/account/passkeys/{second}")) == (409, "account.last_passkey")
    other = second_device(client)
    assert refusal(sign_in(other, device)) == (403, "account.not_signed_in"), "a removed passkey signs in no more"
    assert sign_in(other, phone).status_code == 200


def test_a_recovery_code_signs_in_once(client: TestClient) -> None:
    _, made = new_account(client)
    code = made["recovery_codes"][3]
    other = second_device(client)
    recovered = other.post("/api/account/recover", json={"code": code.upper()})
    assert recovered.status_code == 200, recovered.text
    assert recovered.json()["add_passkey"] is True and recovered.json()["name"] == "Ada"
    assert account_of(other)["recovery_codes_left"] == 9
    third = second_device(client)
    assert refusal(third.post("/api/account/recover", json={"code": code})) == (403, "account.not_signed_in")
    assert refusal(third.post("/api/account/recover", json={"code": "2222-2222-2222-2222-2222"})) == (
        403, "account.not_signed_in")
    assert refusal(third.post("/api/account/recover", json={"code": "nonsense"})) == (403, "account.not_signed_in")


def test_a_revoked_session_and_sign_out_everywhere_stop_at_once(client: TestClient) -> None:
    device, _ = new_account(client)
    other = second_device(client)
    sign_in(other, device)
    theirs = next(s for s in account_of(client)["sessions"] if not s["current"])
    left = client.delete(f"/api/account/sessions/{theirs['id']}")
    assert left.status_code == 200 and len(left.json()["sessions"]) == 1
    assert account_of(other)["signed_in"] is False
    assert refusal(client.delete(f"/api/account/sessions/{theirs['id']}")) == (404, "account.no_such_session")
    sign_in(other, device)
    out = other.post("/api/account/logout", json={"everywhere": True}).json()
    assert out["sessions_ended"] == 2
    assert account_of(client)["signed_in"] is False and account_of(other)["signed_in"] is False


# Leaving.


def test_an_export_holds_the_accounts_games_as_records(client: TestClient) -> None:
    new_account(client)
    game = new_game(client, suits=1)
    assert client.post(f"/api/games/{game['id']}/resign").status_code == 200
    exported = client.get("/api/account/export")
    assert exported.status_code == 200, exported.text
    data = exported.json()
    assert data["account"]["name"] == "Ada" and data["rating"]["duels"] == 0
    records = [record for text in data["games"] for record in read_records(text)]
    shown = read_records(client.get(f"/api/games/{game['id']}/record").text)
    assert [(record.code, record.player, record.result) for record in records] == [
        (shown[0].code, "Ada", "resigned")]


def test_a_deleted_account_is_gone_and_its_devices_signed_out(client: TestClient) -> None:
    device, _ = new_account(client)
    other = second_device(client)
    sign_in(other, device)
    gone = client.delete("/api/account")
    assert gone.status_code == 200 and gone.json()["sessions_ended"] == 2
    assert account_of(other)["signed_in"] is False
    assert refusal(sign_in(second_device(client), device)) == (403, "account.not_signed_in")
    assert client.get("/api/players/Ada").status_code == 404, "the name is gone"


# Attacks.


def test_an_answer_is_taken_once_and_only_by_who_asked(client: TestClient) -> None:
    device, _ = new_account(client)
    other, thief = second_device(client), second_device(client)
    options = other.post("/api/account/login/options", json={}).json()
    answer = device.get(options)
    assert refusal(thief.post("/api/account/login", json=answer)) == (422, "account.challenge_stale")
    assert other.post("/api/account/login", json=answer).status_code == 200
    assert refusal(other.post("/api/account/login", json=answer)) == (422, "account.challenge_stale")


def test_a_passkey_made_for_another_site_is_refused(client: TestClient) -> None:
    client.put("/api/me", json={"name": "Ada"})
    options = client.post("/api/account/register/options", json={}).json()
    forged = Authenticator(origin="https://spider.example.evil").create(options)
    assert refusal(client.post("/api/account/register", json=forged)) == (422, "account.passkey_refused")
    assert account_of(client)["signed_in"] is False


def test_account_routes_refuse_other_sites_even_to_read(client: TestClient) -> None:
    new_account(client)
    elsewhere = {"sec-fetch-site": "cross-site"}
    assert refusal(client.get("/api/account", headers=elsewhere)) == (403, "server.cross_site")
    assert refusal(client.get("/api/account/export", headers=elsewhere)) == (403, "server.cross_site")
    assert refusal(client.post("/api/account/logout", json={}, headers=elsewhere)) == (403, "server.cross_site")


def test_one_address_makes_few_accounts_a_day(make_client: Callable[..., TestClient]) -> None:
    client = make_client(accounts_per_address_per_day=2)
    for n in range(2):
        fresh = second_device(client)
        new_account(fresh, f"Throwaway{n}")
    third = second_device(client)
    third.put("/api/me", json={"name": "Throwaway2"})
    options = third.post("/api/account/register/options", json={}).json()
    refused = third.post("/api/account/register", json=Authenticator().create(options))
    assert refusal(refused) == (429, "account.too_many_accounts")
    assert int(refused.headers["retry-after"]) > 3600


def test_sign_in_tries_are_limited_per_address(make_client: Callable[..., TestClient]) -> None:
    client = make_client(account_tries_per_minute=3)
    for _ in range(3):
        assert client.post("/api/account/login/options", json={}).status_code == 200
    assert refusal(client.post("/api/account/login/options", json={})) == (429, "account.too_many_tries")


@pytest.mark.parametrize("body", [{"id": "x"}, {"id": 1, "rawId": "x", "type": "public-key", "response": {}}])
def test_a_malformed_answer_is_named(client: TestClient, body: dict[str, Any]) -> None:
    client.put("/api/me", json={"name": "Ada"})
    status, message_id = refusal(client.post("/api/account/register", json=body))
    assert status == 422 and message_id in ("server.missing_field", "server.bad_field")


def test_a_revoked_sessions_open_socket_is_closed_at_once(client: TestClient) -> None:
    device, _ = new_account(client)
    other = second_device(client)
    sign_in(other, device)
    with other.websocket_connect("/api/socket") as socket:
        hello = socket.receive_json()
        assert hello["type"] == "hello"
        theirs = next(s for s in account_of(client)["sessions"] if not s["current"])
        assert client.delete(f"/api/account/sessions/{theirs['id']}").status_code == 200
        frame = socket.receive_json()
        while frame["type"] != "error":
            frame = socket.receive_json()
        assert frame["message_id"] == "account.signed_out"


def test_an_account_resting_for_years_is_never_pruned_though_a_guest_is(client: TestClient) -> None:
    new_account(client)
    game = new_game(client, suits=1)
    client.post(f"/api/games/{game['id']}/resign")
    guest = second_device(client)
    new_game(guest, suits=1)
    prune(parts_of(client.app)[Store], at=time.time() + 3 * 365 * 24 * 3600)
    assert account_of(guest)["games"] == 0, "the guest, resting for years, is gone"
    assert account_of(client)["games"] == 1 and account_of(client)["signed_in"] is True


def test_a_guest_and_a_new_account_are_told_in_one_sentence_why_they_are_unranked(client: TestClient) -> None:
    guest = account_of(client)
    assert guest["ranked"] is False and guest["unranked"].startswith("As a guest you play unranked")
    _, made = new_account(client)
    assert made["ranked"] is False and made["unranked"].startswith("Your account plays unranked until it is a day old")
    assert "so far you have 0 games and 0 minutes" in made["unranked"]


def test_signing_in_again_on_a_signed_in_device_ends_its_old_session(client: TestClient) -> None:
    device, _ = new_account(client)
    other = second_device(client)
    sign_in(other, device)
    assert sign_in(other, device).status_code == 200
    sessions = account_of(client)["sessions"]
    assert len(sessions) == 2, "one for each device, none left behind by the second sign-in"
