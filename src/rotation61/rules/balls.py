"""Ball identities: the cue ball and the fifteen numbered object balls.

A ball is a plain ``int``: 0 is the cue ball and 1..15 are object balls, each worth
its number in points (§II).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

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


def check_object_ball(ball: object, *, what: str = "ball") -> Ball:
    """Return ``ball`` if it is an object ball number (1..15).

    Raises:
        ValueError: ``ball`` is not an int in 1..15.

    >>> check_object_ball(7)
    7
    """
    if type(ball) is not int or not 1 <= ball <= 15:
        raise ValueError(f"{what} {ball!r} is not an object ball (expected an int in 1..15)")
    return ball


def lowest(balls: Iterable[Ball]) -> Ball | None:
    """The lowest-numbered ball, or ``None`` for an empty table (§I, §VI).

    >>> lowest({9, 4, 12})
    4
    """
    return min(balls, default=None)
