"""A passkey authenticator in software, for the server's tests: it answers WebAuthn's options as a browser's
``PublicKeyCredential.toJSON()`` does (ES256, no attestation, a discoverable credential per account).

The browser tests use Chromium's own virtual authenticator instead (``tests/browser/test_accounts.py``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.encode_cbor import encode_cbor

ORIGIN = "http://localhost:8000"
USER_PRESENT, USER_VERIFIED, ATTESTED = 0x01, 0x04, 0x40


@dataclass
class Credential:
    id: bytes
    key: ec.EllipticCurvePrivateKey
    handle: str
    count: int = 0


@dataclass
class Authenticator:
    """One device's passkeys, for the site at ``origin``."""

    origin: str = ORIGIN
    credentials: list[Credential] = field(default_factory=list)

    @property
    def rp_id(self) -> str:
        return self.origin.split("://", 1)[1].split(":", 1)[0]

    def create(self, options: dict[str, Any], *, origin: str | None = None) -> dict[str, Any]:
        """A new passkey for the options of ``POST /api/account/register/options``."""
        key = ec.generate_private_key(ec.SECP256R1())
        credential = Credential(secrets.token_bytes(16), key, options["user"]["id"])
        self.credentials.append(credential)
        numbers = key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}
        attested = bytes(16) + struct.pack(">H", len(credential.id)) + credential.id + encode_cbor(cose)
        data = self._data(USER_PRESENT | USER_VERIFIED | ATTESTED, 0) + attested
        client = self._client("webauthn.create", options["challenge"], origin)
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": data})
        return {
            "id": bytes_to_base64url(credential.id),
            "rawId": bytes_to_base64url(credential.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client),
                "attestationObject": bytes_to_base64url(attestation),
                "transports": ["internal"],
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], *, credential: Credential | None = None) -> dict[str, Any]:
        """The answer of this device's passkey (its last, unless told) to ``POST /api/account/login/options``."""
        chosen = credential or self.credentials[-1]
        chosen.count += 1
        data = self._data(USER_PRESENT | USER_VERIFIED, chosen.count)
        client = self._client("webauthn.get", options["challenge"], None)
        signature = chosen.key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": bytes_to_base64url(chosen.id),
            "rawId": bytes_to_base64url(chosen.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client),
                "authenticatorData": bytes_to_base64url(data),
                "signature": bytes_to_base64url(signature),
                "userHandle": chosen.handle,
            },
            "authenticatorAttachment": "platform",
            "clientExtensionResults": {},
        }

    def _data(self, flags: int, count: int) -> bytes:
        return hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", count)

    def _client(self, kind: str, challenge: str, origin: str | None) -> bytes:
        base64url_to_bytes(challenge)  # a challenge the server wrote as base64url
        written = {"type": kind, "challenge": challenge, "origin": origin or self.origin, "crossOrigin": False}
        return json.dumps(written).encode()
