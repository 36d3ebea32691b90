"""The bounds of numbers and text the app accepts: what both databases can store.

One home for them, read by the request schemas, the CSV import and the services: a
value past a bound is refused with 422 naming the field, before anything is stored
(PostgreSQL's ``INTEGER`` holds up to 2**31 - 1, SQLite's up to 2**63 - 1; the smaller
one binds, so that a database can move from one to the other).
"""

from __future__ import annotations

from typing import Final

from rotation61.web.core.errors import OutOfRangeError

__all__ = [
    "MAX_SEQ",
    "MAX_STORED_INT",
    "RATING_MAX",
    "RATING_MIN",
    "check_rating",
]

MAX_STORED_INT: Final = 2**31 - 1
"""The largest integer an ``INTEGER`` column holds on every backend (PostgreSQL's)."""
MAX_SEQ: Final = MAX_STORED_INT
"""The largest input count a screen may say it showed (``expected_seq``)."""
RATING_MIN: Final = -100_000
"""The lowest player rating."""
RATING_MAX: Final = 100_000
"""The highest player rating."""


def check_rating(rating: int | None) -> None:
    """Refuse a rating out of range (the message starts with the field's name).

    >>> check_rating(720)
    >>> check_rating(10**6)
    Traceback (most recent call last):
    ...
    rotation61.web.core.errors.OutOfRangeError: rating 1000000 is outside -100000..100000

    Raises:
        OutOfRangeError: a rating below :data:`RATING_MIN` or above :data:`RATING_MAX`.
    """
    if rating is not None and not RATING_MIN <= rating <= RATING_MAX:
        raise OutOfRangeError(f"rating {rating} is outside {RATING_MIN}..{RATING_MAX}")
