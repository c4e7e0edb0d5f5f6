"""What the account's routes answer: the account with its passkeys and sessions, the WebAuthn options as the
``webauthn`` library writes them, and the export of one's own data."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import WithJsonSchema, with_config
from typing_extensions import TypedDict  # Pydantic reads TypedDicts from here before Python 3.12

from spider.server.http.answers import FORBID

PasskeyOptions = Annotated[
    dict[str, Any],
    WithJsonSchema(
        {
            "type": "object",
            "title": "PasskeyOptions",
            "description": "WebAuthn's options as JSON (PublicKeyCredentialCreationOptionsJSON or "
            "PublicKeyCredentialRequestOptionsJSON): the page passes them to PublicKeyCredential.parse*OptionsFromJSON "
            "and navigator.credentials.create or get.",
        }
    ),
]


@with_config(FORBID)
class Passkey(TypedDict):
    """One of the account's passkeys: its credential's id (base64url), the name it goes by, when it was made and
    last signed in with."""

    id: str
    name: str
    created_at: float
    used_at: float | None


@with_config(FORBID)
class Session(TypedDict):
    """A device signed in to the account: ``current`` for the one asking."""

    id: str
    device: str
    created_at: float
    last_seen: float
    current: bool


@with_config(FORBID)
class Account(TypedDict):
    """Who this device plays as. A guest (``signed_in`` false) has no passkeys nor sessions; ``games`` are the
    games this player has begun (on this device only, for a guest), ``name`` the name they chose (``None`` for a
    made-up one)."""

    signed_in: bool
    name: str | None
    games: int
    ranked: bool
    """Whether boards and rated duels count this player now (``results.standing``)."""
    unranked: str | None
    """Why not, and how to be, in one sentence; ``None`` when ranked."""
    created_at: float | None
    recovery_codes_left: int
    passkeys: list[Passkey]
    sessions: list[Session]


@with_config(FORBID)
class Registered(Account):
    """A passkey stored: a new account's ten recovery codes, shown this once (empty for a passkey more)."""

    recovery_codes: list[str]


@with_config(FORBID)
class SignedIn(Account):
    """A device signed in. ``guest_games``: the games the guest who played on this device before had begun;
    they stay that guest's, and signing out brings this device back to them. ``add_passkey``: signed in with a
    recovery code, so the page asks for a new passkey."""

    guest_games: int
    add_passkey: bool


@with_config(FORBID)
class SignedOut(TypedDict):
    """Sessions ended, and whether this device is back to the guest it was before signing in."""

    sessions_ended: int
    guest_games: int


@with_config(FORBID)
class RecoveryCodes(TypedDict):
    recovery_codes: list[str]


@with_config(FORBID)
class Export(TypedDict):
    """Everything the server keeps of the account's own: the account, its passkeys (never their keys), sessions,
    friends, ignored players and bots, its duel rating, and every finished game as a game record."""

    exported_at: float
    account: Account
    rating: dict[str, float | int]
    friends: list[str]
    ignored: list[str]
    bots: list[dict[str, Any]]
    games: list[str]
