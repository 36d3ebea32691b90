"""Passwords, PINs, signed cookies, referee tokens and CSRF tokens.

- Organiser passwords are stored as scrypt hashes.
- The organiser's session cookie is a random token of a session stored server-side
  (see :mod:`rotation61.web.adapters.accounts`), so logging out revokes it.
- A match's referee token is an HMAC of the match number and its PIN: it stops working
  when the PIN changes, and it is what the console's cookie and the API's
  ``Authorization: Bearer`` header carry.
- CSRF: a random nonce in a cookie, and in every form or ``X-CSRF-Token`` header its
  HMAC (double submit, signed); a cross-site page can read neither.
- A device cookie names a browser and the targets (a match, a table, the organisers'
  login) it has opened with the right PIN or password, signed: the lockouts count the
  failures of such a browser apart from everyone else's.

Credentials arrive in headers and cookies, which may hold any byte: every comparison is
of bytes, so a non-ASCII value is a wrong credential, never a server error.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable
from typing import Final

__all__ = [
    "PIN_DIGITS",
    "Signer",
    "hash_password",
    "new_pin",
    "verify_password",
]

_SCRYPT_N: Final = 2**14
_SCRYPT_R: Final = 8
_SCRYPT_P: Final = 1
_DUMMY: Final = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA"
PIN_DIGITS: Final = 8
"""The digits of a referee or table PIN: 10**8 PINs (docs/web.md, "Lockouts")."""
_DEVICE_TARGETS: Final = 32
"""The targets a device cookie remembers (the most recent)."""


def _same(actual: str, expected: str) -> bool:
    """Constant-time equality of two texts of any characters."""
    return hmac.compare_digest(
        actual.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass")
    )


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
    """A random referee PIN of :data:`PIN_DIGITS` digits."""
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


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
        return _same(mac, self.mac(purpose, value))

    # Referee tokens.

    def referee_token(self, match_id: int, pin: str) -> str:
        """The referee token of a match with a given PIN."""
        return f"{match_id}.{self.mac('referee', f'{match_id}:{pin}')}"

    def referee_ok(self, token: str | None, match_id: int, pin: str) -> bool:
        """Whether a token is the referee token of this match and PIN."""
        if not token:
            return False
        return _same(token, self.referee_token(match_id, pin))

    def table_token(self, table: int, pin: str) -> str:
        """The console token of a hall table with a given PIN."""
        return f"t{table}.{self.mac('table', f'{table}:{pin}')}"

    def table_ok(self, token: str | None, table: int, pin: str) -> bool:
        """Whether a token is the console token of this table and PIN."""
        if not token:
            return False
        return _same(token, self.table_token(table, pin))

    # CSRF.

    def csrf_token(self, nonce: str) -> str:
        """The token forms must carry for a CSRF cookie nonce."""
        return self.mac("csrf", nonce)

    def csrf_ok(self, nonce: str | None, token: str | None) -> bool:
        """Whether a submitted token matches the CSRF cookie nonce."""
        if not nonce or not token:
            return False
        return self.check("csrf", nonce, token)

    def same(self, actual: str, expected: str) -> bool:
        """Whether a credential equals the expected one (constant time, any characters)."""
        return _same(actual, expected)

    # Devices.

    def device_cookie(self, device: str, targets: Iterable[str]) -> str:
        """The cookie of a device that opened ``targets`` (the newest last, 32 at most)."""
        kept = list(dict.fromkeys(targets))[-_DEVICE_TARGETS:]
        listed = "-".join(kept)
        return f"{device}.{listed}.{self.mac('device', f'{device}.{listed}')}"

    def device(self, cookie: str | None) -> tuple[str, tuple[str, ...]] | None:
        """The device a cookie names and the targets it opened (``None``: not a device cookie).

        >>> signer = Signer("k")
        >>> signer.device(signer.device_cookie("d1", ["m5", "t2"]))
        ('d1', ('m5', 't2'))
        >>> signer.device("d1.m5-t2-m6.forged") is None
        True
        """
        if not cookie or len(cookie) > 1024:
            return None
        device, _, rest = cookie.partition(".")
        listed, _, mac = rest.rpartition(".")
        if not device or not self.check("device", f"{device}.{listed}", mac):
            return None
        return device, tuple(target for target in listed.split("-") if target)
