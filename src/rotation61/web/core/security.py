"""Passwords, PINs, signed cookies, referee tokens and CSRF tokens.

- Organiser passwords are stored as scrypt hashes.
- The organiser's session cookie is a random token of a session stored server-side
  (see :mod:`rotation61.web.adapters.accounts`), so logging out revokes it.
- A match's referee token is an HMAC of the match number and its PIN: it stops working
  when the PIN changes, and it is what the console's cookie and the API's
  ``Authorization: Bearer`` header carry.
- CSRF: a random nonce in a cookie, and in every form or ``X-CSRF-Token`` header its
  HMAC (double submit, signed); a cross-site page can read neither.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Final

__all__ = [
    "Signer",
    "hash_password",
    "new_pin",
    "verify_password",
]

_SCRYPT_N: Final = 2**14
_SCRYPT_R: Final = 8
_SCRYPT_P: Final = 1
_DUMMY: Final = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hash_password(password: str) -> str:
    """A salted scrypt hash of a password."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P
    )
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str | None) -> bool:
    """Whether a password matches a stored hash (``None``: hash a dummy, return False)."""
    try:
        _, n, r, p, salt, digest = (stored or _DUMMY).split("$")
        actual = hashlib.scrypt(
            password.encode("utf-8"), salt=_unb64(salt), n=int(n), r=int(r), p=int(p)
        )
    except ValueError:
        return False
    return stored is not None and hmac.compare_digest(actual, _unb64(digest))


def new_pin() -> str:
    """A random six-digit referee PIN."""
    return f"{secrets.randbelow(1_000_000):06d}"


class Signer:
    """HMAC-SHA256 signatures under the app's secret."""

    def __init__(self, secret: str) -> None:
        self._key = secret.encode("utf-8")

    def mac(self, purpose: str, value: str) -> str:
        """The signature of ``value`` for one purpose (so tokens never cross purposes)."""
        message = f"{purpose}\x00{value}".encode()
        return _b64(hmac.new(self._key, message, hashlib.sha256).digest()[:24])

    def check(self, purpose: str, value: str, mac: str) -> bool:
        """Whether ``mac`` is the signature of ``value`` for ``purpose``."""
        return hmac.compare_digest(self.mac(purpose, value), mac)

    # Referee tokens.

    def referee_token(self, match_id: int, pin: str) -> str:
        """The referee token of a match with a given PIN."""
        return f"{match_id}.{self.mac('referee', f'{match_id}:{pin}')}"

    def referee_ok(self, token: str | None, match_id: int, pin: str) -> bool:
        """Whether a token is the referee token of this match and PIN."""
        if not token:
            return False
        return hmac.compare_digest(token, self.referee_token(match_id, pin))

    def table_token(self, table: int, pin: str) -> str:
        """The console token of a hall table with a given PIN."""
        return f"t{table}.{self.mac('table', f'{table}:{pin}')}"

    def table_ok(self, token: str | None, table: int, pin: str) -> bool:
        """Whether a token is the console token of this table and PIN."""
        if not token:
            return False
        return hmac.compare_digest(token, self.table_token(table, pin))

    # CSRF.

    def csrf_token(self, nonce: str) -> str:
        """The token forms must carry for a CSRF cookie nonce."""
        return self.mac("csrf", nonce)

    def csrf_ok(self, nonce: str | None, token: str | None) -> bool:
        """Whether a submitted token matches the CSRF cookie nonce."""
        if not nonce or not token:
            return False
        return self.check("csrf", nonce, token)
