"""Use cases of access: organiser logins and referee PINs, throttled against guessing.

Passwords are checked by the accounts repository, PINs by the match service; each
failure counts towards :class:`~rotation61.web.core.security.Attempts`' limit, and a key
over the limit is refused before anything is checked.
"""

from __future__ import annotations

from rotation61.web.adapters.accounts import Accounts
from rotation61.web.core.security import Attempts, Signer
from rotation61.web.services.matches import MatchService

__all__ = ["AccountService"]


class AccountService:
    """Organiser logins and referee tokens.

    Args:
        accounts: where organisers are stored.
        matches: the match service (for the referee PINs).
        signer: signs session cookies and referee tokens.
        attempts: counts failed logins.
    """

    def __init__(
        self, accounts: Accounts, matches: MatchService, signer: Signer, attempts: Attempts
    ) -> None:
        self._accounts = accounts
        self._matches = matches
        self._signer = signer
        self._attempts = attempts

    def check_organiser(self, username: str, password: str) -> bool:
        """Whether the username and password match an organiser (a failure is counted).

        Raises:
            TooManyAttemptsError: too many wrong passwords for this username lately.
        """
        key = f"organiser {username}"
        self._attempts.check(key)
        if self._accounts.check_organiser(username, password):
            return True
        self._attempts.failed(key)
        return False

    def log_in(self, username: str, password: str) -> str | None:
        """The session cookie of an organiser, or ``None`` for a wrong password.

        Raises:
            TooManyAttemptsError: too many wrong passwords for this username lately.
        """
        if not self.check_organiser(username, password):
            return None
        return self._signer.session_cookie(username)

    def referee_token(self, match_id: int, pin: str) -> str:
        """The referee token of a match, for its PIN (any failure is counted).

        Raises:
            TooManyAttemptsError: too many failures for this match lately.
            MatchNotFoundError: no match has that number.
            AuthenticationError: the PIN is wrong.
        """
        key = f"match {match_id} PIN"
        self._attempts.check(key)
        try:
            stored = self._matches.check_pin(match_id, pin)
        except Exception:
            self._attempts.failed(key)
            raise
        return self._signer.referee_token(stored.id, stored.pin)
