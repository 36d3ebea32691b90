"""Use cases of access: organiser logins and referee PINs, throttled against guessing.

Passwords are checked by the accounts repository, PINs by the match service. Failures
are counted in the database (:class:`~rotation61.web.adapters.accounts.FailureLog`), so
every worker sees the same counts, per *target* (a match, a table, the organisers'
login) and per who tried:

- a device that has opened the target before (its signed device cookie says so) is
  counted on its own: ``client_limit`` failures in all, ``pin_limit`` for the target.
  Nobody else's failures refuse it, whatever its address;
- any other client is counted per address (``client_limit`` in all, ``pin_limit`` for a
  match or table), and every such failure also counts for the target
  (``target_limit``): the budget of guesses at one PIN, whatever the addresses and
  devices used. One address alone cannot spend it (``pin_limit`` is smaller).

A client over a limit is refused before anything is checked. The arithmetic of how
likely a guessed PIN is: docs/web.md, "Lockouts".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from rotation61.web.adapters.accounts import Accounts, FailureLog
from rotation61.web.core.errors import AuthenticationError, TooManyAttemptsError
from rotation61.web.core.security import Signer
from rotation61.web.core.settings import (
    DEFAULT_CLIENT_LIMIT,
    DEFAULT_PIN_LIMIT,
    DEFAULT_TARGET_LIMIT,
    Limit,
)
from rotation61.web.services.matches import MatchService

__all__ = [
    "CLIENT_LIMIT",
    "ORGANISER_TARGET",
    "PIN_LIMIT",
    "SESSION_TTL_S",
    "AccountService",
    "Limit",
    "match_target",
    "table_target",
]


SESSION_TTL_S: Final = 12 * 3600
"""How long an organiser session lasts."""
CLIENT_LIMIT: Final = DEFAULT_CLIENT_LIMIT
"""Wrong passwords and PINs of one client address, whatever it tried (the default)."""
PIN_LIMIT: Final = DEFAULT_PIN_LIMIT
"""Wrong PINs of one client address for one match (the default)."""
ORGANISER_TARGET: Final = "o"
"""The target of the organisers' login (every username)."""


def match_target(match_id: int) -> str:
    """The target of a match's referee PIN."""
    return f"m{match_id}"


def table_target(table: int) -> str:
    """The target of a hall table's PIN."""
    return f"t{table}"


class AccountService:
    """Organiser logins and referee tokens, for one client (see :meth:`for_client`).

    Args:
        accounts: where organisers are stored.
        matches: the match service (for the referee PINs).
        signer: signs session cookies and referee tokens.
        failures: where failed attempts are counted.
        client: the client's address (the request's peer, or the proxy's forwarded one).
        device: the client's device (its cookie's id), if it has one.
        opened: the targets the device opened before (its cookie's, signed).
        client_limit: the failures one client (or device) may make.
        pin_limit: the wrong PINs one client (or device) may enter for one target.
        target_limit: the failures of every client but the target's own devices.
        clock: seconds since the epoch.
    """

    def __init__(
        self,
        accounts: Accounts,
        matches: MatchService,
        signer: Signer,
        failures: FailureLog,
        *,
        client: str = "unknown",
        device: str | None = None,
        opened: frozenset[str] = frozenset(),
        client_limit: Limit = CLIENT_LIMIT,
        pin_limit: Limit = PIN_LIMIT,
        target_limit: Limit = DEFAULT_TARGET_LIMIT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._accounts = accounts
        self._matches = matches
        self._signer = signer
        self._failures = failures
        self._client = client or "unknown"
        self._device = device
        self._opened = opened if device is not None else frozenset()
        self._client_limit = client_limit
        self._pin_limit = pin_limit
        self._target_limit = target_limit
        self._clock = clock

    def for_client(
        self, client: str | None, device: tuple[str, tuple[str, ...]] | None = None
    ) -> AccountService:
        """The same service, counting the failures of another client address (and device).

        Args:
            client: the client's address.
            device: the client's device and the targets it opened (its signed cookie).
        """
        return AccountService(
            self._accounts,
            self._matches,
            self._signer,
            self._failures,
            client=client or "unknown",
            device=device[0] if device is not None else None,
            opened=frozenset(device[1]) if device is not None else frozenset(),
            client_limit=self._client_limit,
            pin_limit=self._pin_limit,
            target_limit=self._target_limit,
            clock=self._clock,
        )

    def _keys(self, target: str, per_client: str | None) -> list[tuple[str, Limit, str]]:
        """What a failure at ``target`` counts under: (key, limit, who is refused)."""
        if self._device is not None and target in self._opened:
            return [
                (f"device {self._device}", self._client_limit, "this device"),
                (f"device {self._device} {target}", self._pin_limit, "this device"),
            ]
        keys = [(f"client {self._client}", self._client_limit, self._client)]
        if per_client is not None:
            keys.append((per_client, self._pin_limit, self._client))
        keys.append((f"target {target}", self._target_limit, "devices new to it"))
        return keys

    def _check(self, keys: list[tuple[str, Limit, str]], what: str) -> None:
        for key, limit, who in keys:
            since = self._clock() - limit.window_s
            if self._failures.count(key, since=since) >= limit.failures:
                minutes = max(1, round(limit.window_s / 60))
                raise TooManyAttemptsError(
                    f"too many wrong {what} from {who}; wait up to {minutes} minutes and try again"
                )

    def _failed(self, keys: list[tuple[str, Limit, str]]) -> None:
        now = self._clock()
        longest = max(
            self._client_limit.window_s, self._pin_limit.window_s, self._target_limit.window_s
        )
        self._failures.add([key for key, _, _ in keys], at=now, forget_before=now - longest)

    def check_organiser(self, username: str, password: str) -> bool:
        """Whether the username and password match an organiser (a failure is counted).

        Raises:
            TooManyAttemptsError: too many failures from this client lately.
        """
        keys = self._keys(ORGANISER_TARGET, None)
        self._check(keys, "passwords or PINs")
        if self._accounts.check_organiser(username, password):
            return True
        self._failed(keys)
        return False

    def log_in(self, username: str, password: str) -> str | None:
        """A new session of an organiser (its cookie value), or ``None`` for a wrong password.

        Sessions are kept server-side: :meth:`log_out` ends one for good.

        Raises:
            TooManyAttemptsError: too many failures from this client lately.
        """
        if not self.check_organiser(username, password):
            return None
        now = self._clock()
        return self._accounts.open_session(username, expires_at=now + SESSION_TTL_S, now=now)

    def session_user(self, cookie: str | None) -> str | None:
        """The organiser whose open session a cookie names, if any."""
        if not cookie or len(cookie) > 128:
            return None
        return self._accounts.session_user(cookie, now=self._clock())

    def log_out(self, cookie: str | None) -> None:
        """End the session a cookie names (the cookie then opens nothing, anywhere)."""
        if cookie and len(cookie) <= 128:
            self._accounts.close_session(cookie)

    def referee_token(self, match_id: int, pin: str) -> str:
        """The referee token of a match, for its PIN (any failure is counted).

        Raises:
            TooManyAttemptsError: too many failures from this client lately, or too
                many wrong PINs from it for this match.
            MatchNotFoundError: no match has that number.
            AuthenticationError: the PIN is wrong.
        """
        keys = self._keys(match_target(match_id), f"pin {self._client} {match_id}")
        self._check(keys, f"PINs for match {match_id}")
        try:
            stored = self._matches.check_pin(match_id, pin)
        except Exception:
            self._failed(keys)
            raise
        return self._signer.referee_token(stored.id, stored.pin)

    def table_token(self, table: int, pin: str, expected: str | None) -> str:
        """The console token of a hall table, for its PIN (any failure is counted).

        Raises:
            TooManyAttemptsError: too many failures from this client lately, or too
                many wrong PINs from it for this table.
            AuthenticationError: no such table, or the PIN is wrong.
        """
        keys = self._keys(table_target(table), f"table {self._client} {table}")
        self._check(keys, f"PINs for table {table}")
        if expected is None or not self._signer.same(pin.strip(), expected):
            self._failed(keys)
            raise AuthenticationError(f"wrong PIN for table {table}")
        return self._signer.table_token(table, expected)
