"""The errors of the tournament layer: every one a ``ValueError`` naming the bad input."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rotation61.rules.errors import Rotation61Error

__all__ = [
    "CorrectionRefusedError",
    "DrawError",
    "DuplicateEntryError",
    "InvalidEventError",
    "InvalidResultError",
    "MatchNotReadyError",
    "SeedProblem",
    "SeedProblemKind",
    "SeedingError",
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


class SeedProblemKind(StrEnum):
    """What is wrong with a hand seeding given as a seed number per player."""

    UNKNOWN_PLAYER = "unknown_player"
    """A seed for a player id that is not entered."""
    NO_SEED = "no_seed"
    """An entered player without a seed."""
    OUT_OF_RANGE = "out_of_range"
    """A seed outside 1..N (N players entered)."""
    DUPLICATE = "duplicate"
    """A seed given to two players or more."""
    UNUSED = "unused"
    """A seed of 1..N given to nobody."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeedProblem:
    """One problem of a hand seeding.

    Attributes:
        kind: what is wrong.
        seed: the seed concerned (``None`` for a player without one).
        players: the player ids concerned (none for an unused seed).
    """

    kind: SeedProblemKind
    seed: int | None = None
    players: tuple[str, ...] = ()


class SeedingError(InvalidEventError):
    """A hand seeding that does not give every seed 1..N to exactly one entered player.

    Attributes:
        problems: every problem found, in a stable order (unknown players, players
            without a seed, seeds out of range, seeds given twice, unused seeds).
        field: N, the number of players entered.
    """

    def __init__(self, message: str, problems: tuple[SeedProblem, ...], field: int) -> None:
        super().__init__(message)
        self.problems = problems
        self.field = field
