"""The account's routes, ``/api/account/...``: passkeys made and used (WebAuthn's JSON both ways), recovery codes,
the devices signed in, signing out, and leaving (``accounts.leaving``).

A sign-in gives the device a new cookie (a new token, never the one it came with: no session is fixed by
whoever set the old one) and a sign-out another. A guest who signs in keeps their guest's cookie aside
(``spider_guest``), so that signing out brings the device back to the guest's games. Every route here refuses a
request another site's page asked for, reads included, and a session that ended stops at once: each request
asks the database which account its cookie is signed in to, and each socket of that session, in every process,
is closed (``realtime.sockets.SIGNED_OUT``).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, ClassVar

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from spider.server.accounts.answers import (
    Account,
    Export,
    PasskeyOptions,
    RecoveryCodes,
    Registered,
    SignedIn,
    SignedOut,
)
from spider.server.accounts.leaving import Leaving
from spider.server.fairplay.service import Fairplay
from spider.server.games.store import Store, now
from spider.server.http.bodies import YES_OR_NO, Body, Nothing, json_object, text_up_to
from spider.server.http.errors import RequestError, refused
from spider.server.http.identity import client_address, cookie_token, header, new_token, player_id
from spider.server.http.limits import SharedCounts, TokenBuckets
from spider.server.http.middleware import player_cookie
from spider.server.http.openapi import Endpoint
from spider.server.http.parts import part
from spider.server.http.replies import answer, player_of
from spider.server.http.security import SameOrigin
from spider.server.people.accounts import MAX_PASSKEY_NAME, Accounts, device_name
from spider.server.people.service import People, made_up
from spider.server.realtime.broker import Broker, Unreachable
from spider.server.realtime.sockets import SIGNED_OUT, session_topic
from spider.server.results.standing import unranked
from spider.text import Phrase, message

GUEST_COOKIE = "spider_guest"
"""The guest's own cookie, kept aside while the device is signed in, so that signing out gives it back."""
DAY_SECONDS = 24 * 3600.0


@dataclass(frozen=True, slots=True)
class AccountLimits:
    """How often one client address may try to register, sign in or recover, and make a new account."""

    tries: TokenBuckets
    new_accounts: TokenBuckets
    exports: TokenBuckets

    @classmethod
    def made(cls, shared: SharedCounts | None, *, tries_per_minute: int, accounts_a_day: int) -> AccountLimits:
        return cls(
            tries=TokenBuckets(tries_per_minute, message_id="account.too_many_tries", name="account-tries",
                               shared=shared),
            # a day's accounts, in a burst or spread out: as many tokens a day, refilled over the day
            new_accounts=TokenBuckets(accounts_a_day, message_id="account.too_many_accounts", name="accounts-here",
                                      window=DAY_SECONDS, shared=shared),
            exports=TokenBuckets(2, message_id="account.too_many_exports", name="account-exports",
                                 window=3600.0, shared=shared),
        )


class Credential(Body):
    """A passkey's answer as ``PublicKeyCredential.toJSON()`` gives it (registration or authentication)."""

    id: str
    rawId: str  # noqa: N815 - WebAuthn's own names
    type: str
    response: dict[str, Any]
    authenticatorAttachment: str | None = None  # noqa: N815
    clientExtensionResults: dict[str, Any] = {}  # noqa: N815, RUF012 - a frozen model's default

    EXPECTED: ClassVar[dict[str, Phrase]] = {
        "id": Phrase("expected.base64url"),
        "rawId": Phrase("expected.base64url"),
        "type": Phrase("expected.public_key"),
        "response": Phrase("expected.object"),
        "authenticatorAttachment": Phrase("expected.text", {"limit": 32}),
        "clientExtensionResults": Phrase("expected.object"),
    }


class RecoveryCode(Body):
    """``POST /api/account/recover``: one of the ten codes shown when the account was made."""

    code: str

    EXPECTED: ClassVar[dict[str, Phrase]] = {"code": text_up_to(40)}


class PasskeyName(Body):
    """``PATCH /api/account/passkeys/{id}``: the name a passkey goes by in the account's list."""

    name: str

    EXPECTED: ClassVar[dict[str, Phrase]] = {"name": text_up_to(MAX_PASSKEY_NAME)}


class SignOut(Body):
    """``POST /api/account/logout``: this device, or every device signed in to the account."""

    everywhere: bool = False

    EXPECTED: ClassVar[dict[str, Phrase]] = {"everywhere": YES_OR_NO}


def _guarded(request: Request) -> None:
    """Refuses a request another site's page asked for: a read of the account, too, is nobody else's."""
    if not SameOrigin.allowed(request.scope):
        raise refused("server.cross_site")


def _try(request: Request) -> None:
    """Counts one try at registering, signing in or recovering against the client address's bound."""
    part(request, AccountLimits).tries.take(_address(request))


def _address(request: Request) -> str:
    return client_address(request.scope)


def _device(request: Request) -> str:
    return device_name(header(request.scope, b"user-agent") or "")


def _account(request: Request) -> str:
    """The account the request's cookie is signed in to; 401 for a guest's cookie."""
    player = player_of(request)
    if player == request.state.session:  # a guest: the cookie is the player
        raise RequestError(HTTPStatus.UNAUTHORIZED, "account.guest")
    return player


def about(request: Request) -> Account:
    """Who this device plays as: an account with its passkeys and sessions, or a guest; ranked or not, and why."""
    player, session, at = player_of(request), request.state.session, now()
    accounts, people, store = part(request, Accounts), part(request, People), part(request, Store)
    name = people.get(player, at).name
    shown = None if made_up(name) else name
    games = store.begun(player)
    with store.engine.connect() as connection:
        why = unranked(connection, player, at)
    if why is None and part(request, Fairplay).is_marked(player):
        why = message("standing.marked")  # a moderator's mark: its results are on no board, whatever its standing
    if player == session:
        return Account(
            signed_in=False, name=shown, games=games, ranked=why is None, unranked=why, created_at=None,
            recovery_codes_left=0, passkeys=[], sessions=[],
        )
    account = accounts.describe(player, session)
    return Account(
        signed_in=True, name=shown, games=games, ranked=why is None, unranked=why, created_at=account["created_at"],
        recovery_codes_left=account["recovery_codes_left"], passkeys=account["passkeys"], sessions=account["sessions"],
    )


def _with_cookie(content: Any, request: Request, token: str, status_code: int = HTTPStatus.OK) -> JSONResponse:
    """An answer that gives the device the cookie ``token``."""
    response = answer(content, status_code)
    response.headers.append("set-cookie", player_cookie(token, secure=request.state.secure_cookie))
    return response


def _keep_guest(response: Response, request: Request, token: str | None) -> None:
    """Keeps the guest's cookie aside (``token``), or forgets the one kept (``None``)."""
    secure = request.state.secure_cookie
    if token is None:
        response.headers.append("set-cookie", player_cookie("", secure=secure, name=GUEST_COOKIE, max_age=0))
    else:
        response.headers.append("set-cookie", player_cookie(token, secure=secure, name=GUEST_COOKIE))


async def _ended(request: Request, sessions: list[str]) -> None:
    """Tells every process that these sessions ended: their sockets close."""
    broker = part(request, Broker)
    for session in sessions:
        with contextlib.suppress(Unreachable):  # the socket's next request finds the session gone
            await broker.publish(session_topic(session), {"type": SIGNED_OUT})


# The routes.


async def get_account(request: Request) -> Response:
    _guarded(request)
    return answer(await to_thread.run_sync(about, request))


async def register_options(request: Request) -> Response:
    return await _options(request, part(request, Accounts).registration_options)


async def _options(request: Request, options: Callable[[str, float], dict[str, Any]]) -> Response:
    """The options of a passkey to make or to use, counted as a try."""
    _guarded(request)
    Nothing.from_json(await json_object(request, required=False))
    _try(request)
    return answer(await to_thread.run_sync(options, player_of(request), now()))


async def register(request: Request) -> Response:
    _guarded(request)
    credential = Credential.from_json(await json_object(request)).model_dump()
    _try(request)
    accounts, player = part(request, Accounts), player_of(request)
    guest = player == request.state.session
    if guest:
        part(request, AccountLimits).new_accounts.take(_address(request))
    token = new_token()
    made = await to_thread.run_sync(
        functools.partial(
            accounts.register, player, credential, device=_device(request), session=player_id(token), at=now(),
            address=_address(request),
        )
    )
    if guest:
        request.state.session = made.session  # the account's first session: the one asking now
    shown = await to_thread.run_sync(about, request)
    content = Registered(**shown, recovery_codes=made.recovery_codes or [])
    if not guest:
        return answer(content, HTTPStatus.CREATED)
    return _with_cookie(content, request, token, HTTPStatus.CREATED)


async def login_options(request: Request) -> Response:
    return await _options(request, part(request, Accounts).login_options)


async def login(request: Request) -> Response:
    _guarded(request)
    credential = Credential.from_json(await json_object(request)).model_dump()
    _try(request)
    accounts, player, token = part(request, Accounts), player_of(request), new_token()
    signed = await to_thread.run_sync(
        functools.partial(
            accounts.login, player, credential, device=_device(request), session=player_id(token), at=now(),
            address=_address(request),
        )
    )
    return await _signed_in(request, signed.account, token, add_passkey=False)


async def recover(request: Request) -> Response:
    _guarded(request)
    body = RecoveryCode.from_json(await json_object(request))
    _try(request)
    accounts, token = part(request, Accounts), new_token()
    signed = await to_thread.run_sync(
        functools.partial(
            accounts.recover, body.code, device=_device(request), session=player_id(token), at=now(),
            address=_address(request),
        )
    )
    return await _signed_in(request, signed.account, token, add_passkey=True)


async def _signed_in(request: Request, account: str, token: str, *, add_passkey: bool) -> Response:
    """The answer to a device just signed in with ``token``: the guest it was kept aside, or the session it was
    in ended."""
    was, session = player_of(request), request.state.session
    guest_games, guest_token = 0, None
    if was == session:  # a guest: their games stay theirs, and signing out comes back to them
        guest_games = await to_thread.run_sync(part(request, Store).begun, was)
        guest_token = cookie_token(request.scope) if guest_games else None
    else:  # signed in already (to this account or another): that session ends, the new one stands alone
        await to_thread.run_sync(part(request, Accounts).sign_out, was, session)
        await _ended(request, [session])
    request.state.player, request.state.session = account, player_id(token)
    shown = await to_thread.run_sync(about, request)
    response = _with_cookie(SignedIn(**shown, guest_games=guest_games, add_passkey=add_passkey), request, token)
    if guest_token is not None:
        _keep_guest(response, request, guest_token)
    return response


async def logout(request: Request) -> Response:
    _guarded(request)
    body = SignOut.from_json(await json_object(request, required=False))
    account, session, accounts = _account(request), request.state.session, part(request, Accounts)
    if body.everywhere:
        ended = await to_thread.run_sync(accounts.sign_out_everywhere, account)
    else:
        await to_thread.run_sync(accounts.sign_out, account, session)
        ended = [session]
    await _ended(request, ended)
    return await _back_to_guest(request, len(ended))


async def _back_to_guest(request: Request, sessions_ended: int) -> Response:
    """The answer that gives the device back the guest kept aside when it signed in, or a new guest."""
    kept = request.cookies.get(GUEST_COOKIE, "")
    accounts = part(request, Accounts)
    guest = None
    if len(kept) >= 32 and await to_thread.run_sync(accounts.signed_in, player_id(kept)) is None:
        guest = kept  # still a guest's (not an account's first cookie)
    token = guest or new_token()
    games = await to_thread.run_sync(part(request, Store).begun, player_id(token)) if guest else 0
    response = _with_cookie(SignedOut(sessions_ended=sessions_ended, guest_games=games), request, token)
    _keep_guest(response, request, None)
    return response


async def rename_passkey(request: Request) -> Response:
    _guarded(request)
    body = PasskeyName.from_json(await json_object(request))
    account, accounts = _account(request), part(request, Accounts)
    passkey = request.path_params["passkey_id"]
    await to_thread.run_sync(accounts.rename_passkey, account, passkey, body.name)
    return answer(await to_thread.run_sync(about, request))


async def remove_passkey(request: Request) -> Response:
    _guarded(request)
    account, accounts = _account(request), part(request, Accounts)
    await to_thread.run_sync(accounts.remove_passkey, account, request.path_params["passkey_id"])
    return answer(await to_thread.run_sync(about, request))


async def revoke_session(request: Request) -> Response:
    _guarded(request)
    account, accounts = _account(request), part(request, Accounts)
    ended = await to_thread.run_sync(accounts.revoke, account, request.path_params["session_id"])
    await _ended(request, [ended])
    if ended == request.state.session:
        return await _back_to_guest(request, 1)
    return answer(await to_thread.run_sync(about, request))


async def new_recovery_codes(request: Request) -> Response:
    _guarded(request)
    Nothing.from_json(await json_object(request, required=False))
    account, accounts = _account(request), part(request, Accounts)
    codes = await to_thread.run_sync(accounts.new_recovery_codes, account)
    return answer(RecoveryCodes(recovery_codes=codes))


async def export(request: Request) -> Response:
    _guarded(request)
    account = _account(request)
    part(request, AccountLimits).exports.take(account)
    shown = await to_thread.run_sync(about, request)  # the database's, off the event loop like the rest
    everything: Export = await to_thread.run_sync(part(request, Leaving).export, account, shown, now())
    response = answer(everything)
    response.headers["content-disposition"] = 'attachment; filename="spider-account.json"'
    return response


async def delete_account(request: Request) -> Response:
    _guarded(request)
    account = _account(request)
    ended = await to_thread.run_sync(part(request, Leaving).delete, account, now())
    await _ended(request, ended)
    response = await _back_to_guest(request, len(ended))
    return response


UNAUTHORIZED, NOT_FOUND, CONFLICT = HTTPStatus.UNAUTHORIZED, HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT
FORBIDDEN, TOO_MANY = HTTPStatus.FORBIDDEN, HTTPStatus.TOO_MANY_REQUESTS
WEBAUTHN = "WebAuthn's JSON"
ACCOUNT_API = (
    Endpoint("GET", "/api/account", get_account, "Who this device plays as: the account with its passkeys and the "
             "devices signed in to it, or a guest", Account, refusals=(FORBIDDEN,)),
    Endpoint("POST", "/api/account/register/options", register_options, "Options for a new passkey (navigator."
             "credentials.create): the one that makes this guest an account, or one more for the account",
             PasskeyOptions, body=Nothing, body_required=False, refusals=(CONFLICT, TOO_MANY),
             about="409 (account.name_first) for a guest who has not chosen a name: an account's name is its own."),
    Endpoint("POST", "/api/account/register", register, "Stores the passkey made from the options: a guest becomes "
             "an account, signed in on this device, and gets ten recovery codes, shown this once", Registered,
             HTTPStatus.CREATED, body=Credential, refusals=(CONFLICT, TOO_MANY),
             about=f"The body is the browser's PublicKeyCredential.toJSON() ({WEBAUTHN}). The name, games, ratings, "
             "streaks, friends and bots of the guest all stay the account's. A new account sets a new cookie."),
    Endpoint("POST", "/api/account/login/options", login_options, "Options for signing in with a passkey "
             "(navigator.credentials.get): any passkey of this site the device holds, no name asked", PasskeyOptions,
             body=Nothing, body_required=False, refusals=(TOO_MANY,)),
    Endpoint("POST", "/api/account/login", login, "Signs this device in to the account whose passkey answered",
             SignedIn, body=Credential, refusals=(FORBIDDEN, TOO_MANY),
             about="A new cookie. A guest's games on this device stay the guest's (guest_games says how many), and "
             "signing out brings the device back to them. 403 (account.not_signed_in) for any passkey that does "
             "not sign in, whatever the reason."),
    Endpoint("POST", "/api/account/recover", recover, "Signs this device in with a recovery code, which is then "
             "used up; the page then asks for a new passkey", SignedIn, body=RecoveryCode,
             refusals=(FORBIDDEN, TOO_MANY)),
    Endpoint("POST", "/api/account/recovery-codes", new_recovery_codes, "Ten new recovery codes, shown this once; "
             "the account's earlier ones stop working", RecoveryCodes, body=Nothing, body_required=False,
             refusals=(UNAUTHORIZED, NOT_FOUND)),
    Endpoint("PATCH", "/api/account/passkeys/{passkey_id}", rename_passkey, "Renames one of the account's passkeys",
             Account, body=PasskeyName, refusals=(UNAUTHORIZED, NOT_FOUND)),
    Endpoint("DELETE", "/api/account/passkeys/{passkey_id}", remove_passkey, "Removes one of the account's passkeys",
             Account, refusals=(UNAUTHORIZED, NOT_FOUND, CONFLICT),
             about="409 (account.last_passkey) for the last one: an account always has a passkey."),
    Endpoint("DELETE", "/api/account/sessions/{session_id}", revoke_session, "Signs one device out of the account, "
             "at once", Account, refusals=(UNAUTHORIZED, NOT_FOUND),
             about="Its next request is a new guest's, and its open sockets close. This device's own session "
             "answers as logout does."),
    Endpoint("POST", "/api/account/logout", logout, "Signs this device out, or with everywhere every device",
             SignedOut, body=SignOut, body_required=False, refusals=(UNAUTHORIZED,),
             about="The device gets back the guest it was before it signed in, if any, else a new guest's cookie."),
    Endpoint("GET", "/api/account/export", export, "Everything the server keeps of the account's own, as one JSON "
             "file: its games as game records", Export, refusals=(UNAUTHORIZED, FORBIDDEN, TOO_MANY)),
    Endpoint("DELETE", "/api/account", delete_account, "Deletes the account: its name, passkeys, sessions, friends "
             "and bots; its games stay, under a made-up name, so that its opponents' results stand", SignedOut,
             refusals=(UNAUTHORIZED, FORBIDDEN)),
)
