"""A match as the event sees it now: its players, status, table and result."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rotation61.tournament.model import BYE, Stage, WalkoverReason

__all__ = ["DECIDED", "Match", "Status"]


class Status(StrEnum):
    """Where a match stands."""

    PENDING = "pending"
    """A player is not known yet."""
    READY = "ready"
    """Both players known, waiting for a table."""
    PLAYING = "playing"
    """Called to a table."""
    DONE = "done"
    """Played: a result is in."""
    WALKOVER = "walkover"
    """Decided without play: a no-show, a forfeit or a withdrawal."""
    BYE = "bye"
    """One side (or both) is a bye: decided at once, not a match."""
    VOID = "void"
    """Not needed (the grand-final reset after the winners' side champion wins)."""


DECIDED = frozenset({Status.DONE, Status.WALKOVER, Status.BYE, Status.VOID})
"""The statuses of a match whose winner (if any) is known."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Match:
    """A match of the event, derived from the structure and the inputs.

    Attributes:
        id: the match id.
        stage: the stage.
        round: the round within the stage.
        index: the position within the round (bracket order).
        group: the round-robin group, 0 elsewhere.
        players: the two players; ``None`` while unknown, ``""`` for a bye.
        status: where the match stands.
        race: the race length.
        table: the table it was called to, ``""`` if none.
        featured: marked for the TV table.
        winner: the winner's id, ``""`` until decided (and for a bye against a bye).
        loser: the loser's id, ``""`` until decided (and when a bye lost).
        racks: racks won by each player (0, 0 until played).
        points: points scored by each player.
        record: a link to the match record, may be empty.
        walkover: why it was a walkover, ``None`` otherwise.
    """

    id: str
    stage: Stage
    round: int
    index: int
    group: int = 0
    players: tuple[str | None, str | None] = (None, None)
    status: Status = Status.PENDING
    race: int = 1
    table: str = ""
    featured: bool = False
    winner: str = ""
    loser: str = ""
    racks: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    record: str = ""
    walkover: WalkoverReason | None = None

    @property
    def decided(self) -> bool:
        """Whether the winner (if any) is known."""
        return self.status in DECIDED

    @property
    def started(self) -> bool:
        """Whether the match has been called, played or walked over."""
        return self.status in (Status.PLAYING, Status.DONE, Status.WALKOVER)

    @property
    def real(self) -> bool:
        """Whether both players are known players (no bye, none unknown)."""
        return all(p is not None and p != BYE for p in self.players)

    def has(self, player: str) -> bool:
        """Whether ``player`` plays in this match."""
        return player in self.players
