"""Use cases of access: organiser logins and referee PINs, throttled against guessing.

Passwords are checked by the accounts repository, PINs by the match service. Failures
are counted per client address, and PIN failures also per client and match, in the
database (:class:`~rotation61.web.adapters.accounts.FailureLog`), so every worker sees
the same counts. A client over a limit is refused before anything is checked; a client
that has not failed is never refused, however often others fail (a stranger guessing
cannot lock the real referee or organiser out).
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from typing import Final

from rotation61.web.adapters.accounts import Accounts, FailureLog
from rotation61.web.core.errors import AuthenticationError, TooManyAttemptsError
from rotation61.web.core.security import Signer
from rotation61.web.core.settings import DEFAULT_CLIENT_LIMIT, DEFAULT_PIN_LIMIT, Limit
from rotation61.web.services.matches import MatchService

__all__ = ["CLIENT_LIMIT", "PIN_LIMIT", "SESSION_TTL_S", "AccountService", "Limit"]


SESSION_TTL_S: Final = 12 * 3600
"""How long an organiser session lasts."""
CLIENT_LIMIT: Final = DEFAULT_CLIENT_LIMIT
"""Wrong passwords and PINs of one client address, whatever it tried (the default)."""
PIN_LIMIT: Final = DEFAULT_PIN_LIMIT
"""Wrong PINs of one client address for one match (the default)."""


class AccountService:
    """Organiser logins and referee tokens, for one client (see :meth:`for_client`).

    Args:
        accounts: where organisers are stored.
        matches: the match service (for the referee PINs).
        signer: signs session cookies and referee tokens.
        failures: where failed attempts are counted.
        client: the client's address (the request's peer, or the proxy's forwarded one).
        client_limit: the failures one client may make.
        pin_limit: the wrong PINs one client may enter for one match.
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
        client_limit: Limit = CLIENT_LIMIT,
        pin_limit: Limit = PIN_LIMIT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._accounts = accounts
        self._matches = matches
        self._signer = signer
        self._failures = failures
        self._client = client or "unknown"
        self._client_limit = client_limit
        self._pin_limit = pin_limit
        self._clock = clock

    def for_client(self, client: str | None) -> AccountService:
        """The same service, counting the failures of another client address."""
        return AccountService(
            self._accounts,
            self._matches,
            self._signer,
            self._failures,
            client=client or "unknown",
            client_limit=self._client_limit,
            pin_limit=self._pin_limit,
            clock=self._clock,
        )

    def _check(self, key: str, limit: Limit, what: str) -> None:
        since = self._clock() - limit.window_s
        if self._failures.count(key, since=since) >= limit.failures:
            minutes = max(1, round(limit.window_s / 60))
            raise TooManyAttemptsError(
                f"too many wrong {what} from {self._client}; wait up to {minutes} minutes "
                "and try again"
            )

    def _failed(self, *keys: str) -> None:
        now = self._clock()
        longest = max(self._client_limit.window_s, self._pin_limit.window_s)
        self._failures.add(keys, at=now, forget_before=now - longest)

    @property
    def _client_key(self) -> str:
        return f"client {self._client}"

    def _pin_key(self, match_id: int) -> str:
        return f"pin {self._client} {match_id}"

    def check_organiser(self, username: str, password: str) -> bool:
        """Whether the username and password match an organiser (a failure is counted).

        Raises:
            TooManyAttemptsError: too many failures from this client lately.
        """
        self._check(self._client_key, self._client_limit, "passwords or PINs")
        if self._accounts.check_organiser(username, password):
            return True
        self._failed(self._client_key)
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
        self._check(self._client_key, self._client_limit, "passwords or PINs")
        self._check(self._pin_key(match_id), self._pin_limit, f"PINs for match {match_id}")
        try:
            stored = self._matches.check_pin(match_id, pin)
        except Exception:
            self._failed(self._client_key, self._pin_key(match_id))
            raise
        return self._signer.referee_token(stored.id, stored.pin)

    def table_token(self, table: int, pin: str, expected: str | None) -> str:
        """The console token of a hall table, for its PIN (any failure is counted).

        Raises:
            TooManyAttemptsError: too many failures from this client lately, or too
                many wrong PINs from it for this table.
            AuthenticationError: no such table, or the PIN is wrong.
        """
        key = f"table {self._client} {table}"
        self._check(self._client_key, self._client_limit, "passwords or PINs")
        self._check(key, self._pin_limit, f"PINs for table {table}")
        if expected is None or not hmac.compare_digest(expected.encode(), pin.strip().encode()):
            self._failed(self._client_key, key)
            raise AuthenticationError(f"wrong PIN for table {table}")
        return self._signer.table_token(table, expected)
