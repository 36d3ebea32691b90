"""The errors of the tournament layer: every one a ``ValueError`` naming the bad input."""

from __future__ import annotations

from rotation61.rules.errors import Rotation61Error

__all__ = [
    "CorrectionRefusedError",
    "DrawError",
    "DuplicateEntryError",
    "InvalidEventError",
    "InvalidResultError",
    "MatchNotReadyError",
    "TournamentError",
    "UnknownMatchError",
    "UnknownPlayerError",
]


class TournamentError(Rotation61Error, ValueError):
    """Base class of the tournament layer's errors."""


class InvalidEventError(TournamentError):
    """An entry, a setting or a stored event whose fields are malformed or contradict."""


class DuplicateEntryError(TournamentError):
    """A player entered twice (the same id, or the same name and club)."""


class UnknownPlayerError(TournamentError):
    """A player id that is not among the entries."""


class UnknownMatchError(TournamentError):
    """A match id that is not in the event (or not yet drawn or paired)."""


class DrawError(TournamentError):
    """A draw that is not allowed now (a match has started), or an input before the draw."""


class MatchNotReadyError(TournamentError):
    """A call, result or walkover for a match whose players are not both known, or busy."""


class InvalidResultError(TournamentError):
    """A rack score that does not finish the race (exactly one player reaches it)."""


class CorrectionRefusedError(TournamentError):
    """A corrected result that would change a match that has already started."""
