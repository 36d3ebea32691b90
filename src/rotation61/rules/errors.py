"""The exception hierarchy shared by every layer of rotation61.

Fouls are never exceptions: they are data in a :class:`~rotation61.rules.referee.Ruling`.
Only input that is malformed, impossible or not allowed now raises, and every error
is a :class:`ValueError` naming the offending value.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "InvalidShotError",
    "InvalidStateError",
    "Rotation61Error",
    "UnknownRuleSetError",
]


class Rotation61Error(Exception):
    """Base class of every error raised by rotation61."""


class InvalidShotError(Rotation61Error, ValueError):
    """A shot that is malformed or impossible on the current table.

    Examples: ball 16, a ball pocketed twice, a pocketed ball that is not on the table.
    """


class IllegalActionError(Rotation61Error, ValueError):
    """A well-formed input that is not allowed now.

    Examples: a shot while a decision is pending, an option not offered, input after
    the rack or the match is over, a stale ruling.
    """


class InvalidStateError(Rotation61Error, ValueError):
    """A rack or match state whose fields contradict each other."""


class UnknownRuleSetError(Rotation61Error, ValueError):
    """A rule-set preset name or configuration key that does not exist."""
