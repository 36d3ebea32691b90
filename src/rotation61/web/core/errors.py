"""The web app's own errors, and the single place every error becomes an HTTP status.

Domain errors keep their engine message and are named in the response:
``{"error": "IllegalActionError", "detail": "option 'accept_table' was not offered ..."}``.
"""

from __future__ import annotations

from typing import Final

from rotation61.geometry import GeometryError
from rotation61.records import NotationError
from rotation61.rules import (
    IllegalActionError,
    InvalidShotError,
    InvalidStateError,
    Rotation61Error,
    UnknownRuleSetError,
)
from rotation61.tournament import (
    CorrectionRefusedError,
    DrawError,
    DuplicateEntryError,
    MatchNotReadyError,
    UnknownMatchError,
)

__all__ = [
    "AuthenticationError",
    "CsrfError",
    "DuplicateFormError",
    "EntriesClosedError",
    "MatchFinalError",
    "MatchInEventError",
    "MatchNotFoundError",
    "OutOfRangeError",
    "PayloadTooLargeError",
    "PlayerNotFoundError",
    "RateLimitedError",
    "SeedsRefusedError",
    "ServerBusyError",
    "StaleInputError",
    "TooManyAttemptsError",
    "TooManyStreamsError",
    "TournamentNotFoundError",
    "WebError",
    "WordedError",
    "WrongTableError",
    "status_for",
]


class WebError(Exception):
    """An error of the web layer; ``status`` is its HTTP status code."""

    status: int = 400


class WordedError(WebError):
    """A web error that may carry its words: a catalogue key and its placeholders."""

    def __init__(self, detail: str, *, key: str = "", **fields: object) -> None:
        super().__init__(detail)
        self.key = key
        """The web catalogue's key that words it in the page's language (``""``: none)."""
        self.fields = fields
        """The key's placeholders."""


class MatchNotFoundError(WordedError, LookupError):
    """No match has that number."""

    status = 404


class TournamentNotFoundError(WordedError, LookupError):
    """No event has that number."""

    status = 404


class PlayerNotFoundError(WebError, LookupError):
    """No player of the event has that id."""

    status = 404


class EntriesClosedError(WebError):
    """Entries cannot change once the event is drawn."""

    status = 409


class WrongTableError(WebError):
    """A table reported a match that is not the one on that table."""

    status = 409


class OutOfRangeError(WordedError, ValueError):
    """A value beyond the app's limits: a name too long, a race too long, a record too deep."""

    status = 422


class SeedsRefusedError(WebError, ValueError):
    """A hand seeding refused by the tournament layer, worded in the request's language.

    Every problem of the seeds is named (players without a seed, seeds out of range,
    given twice or to nobody, players not entered); nothing is stored.
    """

    status = 422


class PayloadTooLargeError(WebError):
    """A request body over the upload limit."""

    status = 413


class StaleInputError(WebError):
    """The input was made against an older state of the match (stale or replayed form)."""

    status = 409


class MatchFinalError(WebError):
    """The match is final: an event has stored its result, so it takes no more inputs.

    A change goes through the event's correction on the desk (audited).
    """

    status = 409


class MatchInEventError(WebError):
    """The match was called by an event: it is removed through the event, not on its own."""

    status = 409


class DuplicateFormError(WebError):
    """A form that was already submitted was submitted again."""

    status = 409


class AuthenticationError(WebError):
    """No valid organiser login or referee PIN/token."""

    status = 401


class CsrfError(WebError):
    """A cookie-authenticated form or request without a valid CSRF token."""

    status = 403


class TooManyAttemptsError(WebError):
    """Too many wrong PINs or passwords in a short time."""

    status = 429


class TooManyStreamsError(WebError):
    """A client address already holds as many live-update streams as it may."""

    status = 429


class RateLimitedError(WebError):
    """A client made too many requests of a kind lately (a rate limit, not a lockout).

    Attributes:
        retry_after: whole seconds until the next request is allowed (``Retry-After``).
    """

    status = 429

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ServerBusyError(WebError):
    """The pool that simulates strokes and thinks for the computer is full.

    Attributes:
        retry_after: whole seconds after which to try again (``Retry-After``).
    """

    status = 503

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


_DOMAIN_STATUS: Final[tuple[tuple[type[Exception], int], ...]] = (
    (NotationError, 422),
    (DuplicateEntryError, 409),
    (DrawError, 409),
    (MatchNotReadyError, 409),
    (CorrectionRefusedError, 409),
    (UnknownMatchError, 404),
    (IllegalActionError, 409),
    (InvalidShotError, 422),
    (UnknownRuleSetError, 422),
    (InvalidStateError, 422),
    (GeometryError, 422),
    (Rotation61Error, 422),
)


def status_for(err: Exception) -> int:
    """The HTTP status of an error: 409 not allowed now, 422 malformed, 4xx web errors.

    A record whose inputs the referee rejects (``IllegalEntryError``) is a malformed
    document: 422.
    """
    if isinstance(err, WebError):
        return err.status
    for kind, status in _DOMAIN_STATUS:
        if isinstance(err, kind):
            return status
    return 500
