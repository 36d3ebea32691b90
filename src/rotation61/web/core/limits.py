"""The web app's limits on what a request, a record or an event may hold.

One home for each bound: the services check them (naming the bad value) and the HTTP
schemas declare them, so the OpenAPI document states the same numbers the services
enforce, and a value past a bound is refused with 422 naming the field, before anything
is stored. Numbers stay within what both databases can store (PostgreSQL's ``INTEGER``
holds up to 2**31 - 1, SQLite's up to 2**63 - 1; the smaller one binds, so that a
database can move from one to the other). Text lengths live with the text checks
(:mod:`rotation61.rules.text_fields`), stroke bounds with the engine
(:data:`rotation61.sim.STROKE_LIMITS`).
"""

from __future__ import annotations

from typing import Final

from rotation61.web.core.errors import OutOfRangeError

__all__ = [
    "MAX_DEPTH",
    "MAX_ENTRIES_PER_RACK",
    "MAX_INPUTS",
    "MAX_RACE_TO",
    "MAX_RACKS",
    "MAX_SEQ",
    "MAX_STORED_INT",
    "MAX_TABLES",
    "MAX_TAGS",
    "MAX_TAG_VALUE_LENGTH",
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
MAX_RACE_TO: Final = 99
"""Races run from 1 to this many racks."""
MAX_TAGS: Final = 16
"""The most event tags a match carries (the table's own tags not counted)."""
MAX_TAG_VALUE_LENGTH: Final = 200
"""The longest tag value."""
MAX_DEPTH: Final = 16
"""The deepest nesting of arrays and objects an imported record may have (a record needs 6)."""
MAX_RACKS: Final = 10_000
"""The most racks an imported record may hold."""
MAX_ENTRIES_PER_RACK: Final = 100_000
"""The most entries one rack of an imported record may hold."""
MAX_INPUTS: Final = 100_000
"""The most inputs an imported record may hold in all (overrides count as inputs)."""
MAX_TABLES: Final = 64
"""The most tables an event (and the hall) may have."""


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
        raise OutOfRangeError(
            f"rating {rating} is outside {RATING_MIN}..{RATING_MAX}",
            key="error.rating_range",
            rating=rating,
            low=RATING_MIN,
            high=RATING_MAX,
        )
