"""Accounts: a player kept behind passkeys (WebAuthn), so that their name, games and rating follow them to every
device, with ten recovery codes for the day every passkey is lost.

An account keeps the player id of the guest who made it, so every table that names that player goes on naming the
account. A device is signed in by a *session*: its cookie's token, hashed as a guest's is, names the account in
``sessions``. The guest's own first cookie dies when the account is made (its hash is the account's id, and no
session names it), so the first device is a session like every other and can be signed out like them.

The options and answers are WebAuthn's JSON both ways: the options as the ``webauthn`` library writes them, the
answers as the browser's ``PublicKeyCredential.toJSON()`` gives them. A challenge is kept in the database between
the two (any process may take the answer) for ``CHALLENGE_SECONDS``, and answered once.

Recovery codes are five groups of four letters and digits: the first two groups find the code, the whole is kept
as an Argon2id hash. Refusals never say whether an account, a passkey or a code exists: one sentence for every
failure, and an unknown code costs the same hashing as a wrong one.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import VerificationError
from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, literal, select, update
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, options_to_json_dict
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from spider.server.people.service import People, add_account, made_up
from spider.server.people.tables import accounts, challenges, passkeys, recovery_codes, sessions
from spider.server.refusals import Conflict, Forbidden, Invalid, NotFound

CHALLENGE_SECONDS = 300.0
"""How long a passkey's options stay good for their answer (the browser's own timeout is a minute)."""
SEEN_EVERY = 60.0
"""Seconds between two writes of a session's last sign of life: a session's ``last_seen`` is this coarse."""
RECOVERY_CODES = 10
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: read off a sheet of paper without doubt
CODE_GROUPS, GROUP_LENGTH, FINDING_GROUPS = 5, 4, 2
_CODE = re.compile(rf"[{CODE_ALPHABET}]{{{GROUP_LENGTH}}}(-[{CODE_ALPHABET}]{{{GROUP_LENGTH}}}){{{CODE_GROUPS - 1}}}")
MAX_PASSKEY_NAME = 48
DEAD = ""
"""What :meth:`Accounts.signed_in` answers for a cookie that no longer holds: the first cookie of a guest
who made an account. The device is then given a new guest's cookie."""
RP_NAME = "Spider"
_HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
"""Argon2id at OWASP's least (19 MiB, two passes): a code holds 60 random bits, so the hash guards against a
stolen table, not a guessed password, and ten codes are made in a fifth of a second."""
_UNKNOWN_CODE = _HASHER.hash("spider recovery code that nobody holds")  # hashed against for an unknown code


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A device just signed in to ``account`` by the session ``session`` (the hash of its new cookie's token)."""

    account: str
    session: str
    recovery_codes: list[str] | None = None
    """A new account's recovery codes, shown once: never stored in the clear."""


def device_name(user_agent: str) -> str:
    """A device as a player recognises it in their list of sessions: the browser and the system.

    >>> device_name("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")
    'Chrome, Linux'
    >>> device_name("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1")
    'Safari, iPhone'
    >>> device_name("curl/8.5.0")
    'curl/8.5.0'
    """
    browsers = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
                ("Safari/", "Safari"))
    systems = (("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
               ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))
    browser = next((name for mark, name in browsers if mark in user_agent), None)
    system = next((name for mark, name in systems if mark in user_agent), None)
    if browser is None and system is None:
        return user_agent.strip()[:80] or "?"
    return ", ".join(part for part in (browser, system) if part)


def new_recovery_code() -> str:
    groups = ("".join(secrets.choice(CODE_ALPHABET) for _ in range(GROUP_LENGTH)) for _ in range(CODE_GROUPS))
    return "-".join(groups)


def _code_id(code: str) -> str:
    return code[: FINDING_GROUPS * (GROUP_LENGTH + 1) - 1]


def _refused() -> Forbidden:
    """The one refusal of a passkey or a code that does not sign in, whatever the reason."""
    return Forbidden("account.not_signed_in")


class Accounts:
    """Accounts, their passkeys, sessions and recovery codes, in the server's database.

    ``rp_id`` is the site's host name and ``origin`` its origin (``Settings.origin``): a passkey made for
    one site never signs in to another.
    """

    def __init__(self, engine: Engine, people: People, *, rp_id: str, origin: str) -> None:
        self.engine = engine
        self.people = people
        self.rp_id = rp_id
        self.origin = origin
        self._seen: dict[str, float] = {}  # sessions' last sign of life written by this process

    # A device's cookie.

    def signed_in(self, session: str) -> str | None:
        """The account the cookie whose token hashes to ``session`` is signed in to; ``None`` for a guest's
        cookie; :data:`DEAD` for the first cookie of a guest who made an account. Asked on every request, so
        that a session ended on any process ends here too: one query on two primary keys (about 60 µs)."""
        with self.engine.connect() as connection:
            account: str | None = connection.execute(_SIGNED_IN, {"session": session}).scalar()
        return account

    def seen(self, session: str, at: float) -> None:
        """A request from the session: its ``last_seen``, written at most every ``SEEN_EVERY`` seconds."""
        if at - self._seen.get(session, -SEEN_EVERY) < SEEN_EVERY:
            return
        if len(self._seen) > 100_000:
            self._seen.clear()
        self._seen[session] = at
        with self.engine.begin() as connection:
            connection.execute(update(sessions).where(sessions.c.id == session).values(seen_at=at))

    # Registration: a new account, or a passkey more for one.

    def registration_options(self, player: str, at: float) -> dict[str, Any]:
        """The options for a new passkey: the player's account's next one, or the one that makes the guest an
        account. A guest must have chosen a name first (an account's name is its own, never a made-up one)."""
        duelist = self.people.get(player, at)
        with self.engine.begin() as connection:
            account = _live_account(connection, player)
            if account is None and made_up(duelist.name):
                raise Conflict("account.name_first")
            handle = account.handle if account is not None else bytes_to_base64url(secrets.token_bytes(32))
            known = [
                PublicKeyCredentialDescriptor(id=_bytes(row.id))
                for row in connection.execute(select(passkeys.c.id).where(passkeys.c.account == player))
            ]
            options = generate_registration_options(
                rp_id=self.rp_id,
                rp_name=RP_NAME,
                user_name=duelist.name,
                user_id=_bytes(handle),
                user_display_name=duelist.name,
                exclude_credentials=known,
                authenticator_selection=AuthenticatorSelectionCriteria(
                    resident_key=ResidentKeyRequirement.REQUIRED,
                    user_verification=UserVerificationRequirement.PREFERRED,
                ),
            )
            self._keep_challenge(connection, options.challenge, "register", player, at, handle)
        return options_to_json_dict(options)

    def register(
        self, player: str, credential: dict[str, Any], *, device: str, session: str, at: float, address: str = ""
    ) -> SignedIn:
        """Stores the new passkey the browser made from :meth:`registration_options`. A guest becomes an account,
        signed in on this device by ``session``, and gets its recovery codes; an account has one passkey more."""
        with self.engine.begin() as connection:
            challenge = self._take_challenge(connection, credential, "register", player, at)
            try:
                verified = verify_registration_response(
                    credential=credential,
                    expected_challenge=_bytes(challenge.id),
                    expected_rp_id=self.rp_id,
                    expected_origin=self.origin,
                )
            except WebAuthnException:
                raise Invalid("account.passkey_refused") from None
            credential_id = bytes_to_base64url(verified.credential_id)
            if connection.execute(select(passkeys.c.id).where(passkeys.c.id == credential_id)).first() is not None:
                raise Conflict("account.passkey_known")
            account = _live_account(connection, player)
            codes: list[str] | None = None
            if account is None:
                if connection.execute(select(accounts.c.id).where(accounts.c.id == player)).first() is not None:
                    raise _refused()  # a deleted account's id: never an account again
                add_account(connection, player, challenge.handle, at)
                codes = self._new_codes(connection, player)
                connection.execute(
                    insert(sessions).values(id=session, account=player, device=device, created_at=at, seen_at=at)
                )
            connection.execute(
                insert(passkeys).values(
                    id=credential_id, account=player, public_key=verified.credential_public_key,
                    sign_count=verified.sign_count, name=device[:MAX_PASSKEY_NAME], created_at=at, used_at=at,
                )
            )
        self.people.addresses.seen(player, address, at)  # the address an account was made from
        return SignedIn(player, session, codes)

    # Signing in.

    def login_options(self, player: str, at: float) -> dict[str, Any]:
        """Options for signing in with any passkey of this site the device holds (no name asked: the passkey
        says whose it is)."""
        options = generate_authentication_options(
            rp_id=self.rp_id, user_verification=UserVerificationRequirement.PREFERRED
        )
        with self.engine.begin() as connection:
            self._keep_challenge(connection, options.challenge, "login", player, at, None)
        return options_to_json_dict(options)

    def login(
        self, player: str, credential: dict[str, Any], *, device: str, session: str, at: float, address: str = ""
    ) -> SignedIn:
        """Signs the device in to the account whose passkey answered :meth:`login_options`, by ``session``."""
        with self.engine.begin() as connection:
            challenge = self._take_challenge(connection, credential, "login", player, at)
            key = connection.execute(select(passkeys).where(passkeys.c.id == str(credential.get("id", "")))).first()
            if key is None:
                raise _refused()
            account = _live_account(connection, key.account)
            handle = (credential.get("response") or {}).get("userHandle")
            if account is None or (handle is not None and not secrets.compare_digest(str(handle), account.handle)):
                raise _refused()
            try:
                verified = verify_authentication_response(
                    credential=credential,
                    expected_challenge=_bytes(challenge.id),
                    expected_rp_id=self.rp_id,
                    expected_origin=self.origin,
                    credential_public_key=key.public_key,
                    credential_current_sign_count=key.sign_count,
                )
            except WebAuthnException:
                raise _refused() from None
            connection.execute(
                update(passkeys).where(passkeys.c.id == key.id).values(sign_count=verified.new_sign_count, used_at=at)
            )
            connection.execute(
                insert(sessions).values(id=session, account=key.account, device=device, created_at=at, seen_at=at)
            )
        self.people.addresses.seen(key.account, address, at)
        return SignedIn(key.account, session)

    def recover(self, code: str, *, device: str, session: str, at: float, address: str = "") -> SignedIn:
        """Signs the device in with a recovery code, which is then used up."""
        code = code.strip().lower()
        well_formed = _CODE.fullmatch(code) is not None
        with self.engine.begin() as connection:
            row = connection.execute(
                select(recovery_codes).where(recovery_codes.c.id == _code_id(code))
            ).first() if well_formed else None
            try:
                _HASHER.verify(row.hash if row is not None else _UNKNOWN_CODE, code)
            except VerificationError:
                raise _refused() from None
            if row is None or _live_account(connection, row.account) is None:
                raise _refused()
            connection.execute(delete(recovery_codes).where(recovery_codes.c.id == row.id))
            connection.execute(
                insert(sessions).values(id=session, account=row.account, device=device, created_at=at, seen_at=at)
            )
        self.people.addresses.seen(row.account, address, at)
        return SignedIn(row.account, session)

    # The account's own page.

    def describe(self, account: str, session: str) -> dict[str, Any]:
        """The account, its passkeys and its sessions (``current``: the one asking)."""
        with self.engine.connect() as connection:
            row = _live_account(connection, account)
            if row is None:
                raise NotFound("account.none")
            keys = connection.execute(
                select(passkeys.c.id, passkeys.c.name, passkeys.c.created_at, passkeys.c.used_at)
                .where(passkeys.c.account == account)
                .order_by(passkeys.c.created_at)
            ).all()
            signed = connection.execute(
                select(sessions).where(sessions.c.account == account).order_by(sessions.c.seen_at.desc())
            ).all()
            codes = connection.execute(
                select(func.count()).select_from(recovery_codes).where(recovery_codes.c.account == account)
            ).scalar_one()
        return {
            "created_at": row.created_at,
            "recovery_codes_left": codes,
            "passkeys": [
                {"id": key.id, "name": key.name, "created_at": key.created_at, "used_at": key.used_at} for key in keys
            ],
            "sessions": [
                {
                    "id": public_session_id(one.id), "device": one.device, "created_at": one.created_at,
                    "last_seen": one.seen_at, "current": secrets.compare_digest(one.id, session),
                }
                for one in signed
            ],
        }

    def rename_passkey(self, account: str, passkey: str, name: str) -> None:
        name = name.strip()
        if not 1 <= len(name) <= MAX_PASSKEY_NAME:
            raise Invalid("account.passkey_name", n=MAX_PASSKEY_NAME)
        with self.engine.begin() as connection:
            done = connection.execute(
                update(passkeys).where(passkeys.c.id == passkey, passkeys.c.account == account).values(name=name)
            )
            if done.rowcount == 0:
                raise NotFound("account.no_such_passkey")

    def remove_passkey(self, account: str, passkey: str) -> None:
        """Removes one of the account's passkeys; never its last one (the account could then only be recovered)."""
        with self.engine.begin() as connection:
            owned = connection.execute(select(passkeys.c.id).where(passkeys.c.account == account)).scalars().all()
            if passkey not in owned:
                raise NotFound("account.no_such_passkey")
            if len(owned) == 1:
                raise Conflict("account.last_passkey")
            connection.execute(delete(passkeys).where(passkeys.c.id == passkey))

    def new_recovery_codes(self, account: str) -> list[str]:
        """Ten new recovery codes for the account; the ones it had no longer work."""
        with self.engine.begin() as connection:
            if _live_account(connection, account) is None:
                raise NotFound("account.none")
            return self._new_codes(connection, account)

    def sign_out(self, account: str, session: str) -> None:
        """Ends this device's session (``session``: the hash of its cookie's token)."""
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.account == account, sessions.c.id == session))

    def sign_out_everywhere(self, account: str) -> list[str]:
        """Ends every session of the account; answers them."""
        with self.engine.begin() as connection:
            ended = connection.execute(delete(sessions).where(sessions.c.account == account).returning(sessions.c.id))
            return list(ended.scalars())

    def revoke(self, account: str, public_id: str) -> str:
        """Ends one session of the account, named by its public id (``public_session_id``); answers it."""
        with self.engine.begin() as connection:
            ended = connection.execute(
                delete(sessions)
                .where(sessions.c.account == account, func.substr(sessions.c.id, 1, PUBLIC_SESSION_ID) == public_id)
                .returning(sessions.c.id)
            ).scalars().all()
        if not ended:
            raise NotFound("account.no_such_session")
        return str(ended[0])

    def sessions_of(self, account: str) -> list[str]:
        """The hashes of the account's sessions' cookies (for the sockets to close when they end)."""
        with self.engine.connect() as connection:
            return list(connection.execute(select(sessions.c.id).where(sessions.c.account == account)).scalars())

    @staticmethod
    def forget(connection: Connection, account: str, at: float) -> None:
        """What deleting an account deletes of the people's: its passkeys, sessions and codes; the account's row is
        kept, marked deleted and holding nothing personal, so that the first device's old cookie stays dead."""
        for table in (passkeys, sessions, recovery_codes):
            connection.execute(delete(table).where(table.c.account == account))
        connection.execute(delete(challenges).where(challenges.c.player == account))
        connection.execute(
            update(accounts).where(accounts.c.id == account).values(deleted_at=at, handle=secrets.token_urlsafe(32))
        )

    # What the steps above share.

    def _new_codes(self, connection: Connection, account: str) -> list[str]:
        connection.execute(delete(recovery_codes).where(recovery_codes.c.account == account))
        codes = [new_recovery_code() for _ in range(RECOVERY_CODES)]
        for code in codes:
            kept = insert(recovery_codes).values(id=_code_id(code), account=account, hash=_HASHER.hash(code))
            connection.execute(kept)
        return codes

    @staticmethod
    def _keep_challenge(
        connection: Connection, challenge: bytes, purpose: str, player: str, at: float, handle: str | None
    ) -> None:
        connection.execute(delete(challenges).where(challenges.c.created_at < at - CHALLENGE_SECONDS))
        connection.execute(
            insert(challenges).values(
                id=bytes_to_base64url(challenge), purpose=purpose, player=player, created_at=at, handle=handle
            )
        )

    @staticmethod
    def _take_challenge(
        connection: Connection, credential: dict[str, Any], purpose: str, player: str, at: float
    ) -> Any:
        """The challenge the answer answers, used up: asked by this player for this purpose, and not too old."""
        try:
            data = _client_data(credential)
        except (ValueError, TypeError, KeyError):
            raise Invalid("account.passkey_refused") from None
        found = connection.execute(
            select(challenges).where(
                challenges.c.id == str(data.get("challenge", "")), challenges.c.purpose == purpose,
                challenges.c.player == player, challenges.c.created_at >= at - CHALLENGE_SECONDS,
            )
        ).first()
        if found is None:
            raise Invalid("account.challenge_stale")
        connection.execute(delete(challenges).where(challenges.c.id == found.id))
        return found


_SIGNED_IN = (
    select(sessions.c.account)
    .where(sessions.c.id == bindparam("session"))
    .union_all(select(literal(DEAD)).where(accounts.c.id == bindparam("session")))
    .limit(1)
)
"""Made once: building the statement anew costs five times its running (``bench/sessions.py``)."""

PUBLIC_SESSION_ID = 16
"""Characters of a session's hash that name it in the account's list (the whole hash stays the server's)."""


def public_session_id(session: str) -> str:
    return session[:PUBLIC_SESSION_ID]


def _live_account(connection: Connection, player: str) -> Any:
    """The account's row, if the player is an account not deleted."""
    return connection.execute(
        select(accounts).where(accounts.c.id == player, accounts.c.deleted_at.is_(None))
    ).first()


def _bytes(text: str) -> bytes:
    return base64url_to_bytes(text)


def _client_data(credential: dict[str, Any]) -> dict[str, Any]:
    response = credential["response"]
    data: dict[str, Any] = json.loads(base64url_to_bytes(str(response["clientDataJSON"])))
    if not isinstance(data, dict):
        raise ValueError("client data is not an object")
    return data
