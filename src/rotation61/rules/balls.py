"""Ball identities: the cue ball and the fifteen numbered object balls.

A ball is a plain ``int``: 0 is the cue ball and 1..15 are object balls, each worth
its number in points (§II).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

from rotation61.rules.errors import Rotation61Error

__all__ = [
    "CUE_BALL",
    "OBJECT_BALLS",
    "TOTAL_POINTS",
    "Ball",
    "check_object_ball",
    "lowest",
]

Ball: TypeAlias = int

CUE_BALL: Final[Ball] = 0
OBJECT_BALLS: Final[frozenset[Ball]] = frozenset(range(1, 16))
TOTAL_POINTS: Final[int] = 120
"""1 + 2 + ... + 15: the points of a full rack (§II)."""


def check_object_ball(ball: object, what: str, *, error: type[Rotation61Error]) -> Ball:
    """Return ``ball`` if it is an object ball number: an ``int`` (not a ``bool``) in 1..15.

    The one check of a ball number, shared by every layer; each layer raises its own
    error type, so that a bad shot stays an :class:`InvalidShotError`, a bad state an
    :class:`InvalidStateError`, a bad spotting request a ``GeometryError`` and a bad
    record an ``InvalidRecordError``.

    Args:
        ball: the value to check.
        what: where the value comes from, for the message (``"pocketed"``,
            ``"events.first_contact"``, ...).
        error: the error class to raise, a ``ValueError`` subclass of
            :class:`Rotation61Error`.

    Returns:
        ``ball``, unchanged.

    Raises:
        Rotation61Error: ``error``, with the message
            ``"<what>: <ball!r> is not an object ball (1..15)"``.

    >>> from rotation61.rules.errors import InvalidShotError
    >>> check_object_ball(7, "pocketed", error=InvalidShotError)
    7
    >>> check_object_ball(16, "pocketed", error=InvalidShotError)
    Traceback (most recent call last):
    ...
    rotation61.rules.errors.InvalidShotError: pocketed: 16 is not an object ball (1..15)
    """
    if type(ball) is not int or not 1 <= ball <= 15:
        raise error(f"{what}: {ball!r} is not an object ball (1..15)")
    return ball


def lowest(balls: Iterable[Ball]) -> Ball | None:
    """The lowest-numbered ball, or ``None`` for an empty table (§I, §VI).

    >>> lowest({9, 4, 12})
    4
    """
    return min(balls, default=None)
