"""What replay finds when a record and the engine disagree: :class:`Discrepancy`.

A module of its own so that the error types (:mod:`rotation61.records.errors`) and
replay (:mod:`rotation61.records.replay`) both depend on it, and not on each other.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum

__all__ = ["Discrepancy", "DiscrepancyKind"]


class DiscrepancyKind(StrEnum):
    """What kind of difference replay found."""

    RULING = "ruling"
    """A stored ruling summary field differs from the engine's (the audit trail)."""
    REJECTED = "rejected"
    """The referee rejects the input at its place (not allowed now, or impossible)."""
    STRUCTURE = "structure"
    """The racks do not follow the match: a wrong breaker, a rack that ends too early,
    a rack after the match is over."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Discrepancy:
    """One difference between a record and its replay.

    Attributes:
        kind: what kind of difference.
        rack: the rack index (from 0).
        entry: the entry index in the rack (from 0), or ``None`` for the rack itself.
        field: what differs: ``ruling.points``, ``override.ruling.fouls``, ``breaker``,
            ``rack``, ``input`` (the input is rejected), ``shot`` (the original facts of
            an overridden shot are rejected).
        stored: the stored value, as the notation writes it.
        recomputed: the engine's value, or why it rejects the input.
    """

    kind: DiscrepancyKind
    rack: int
    entry: int | None
    field: str
    stored: str
    recomputed: str

    @property
    def path(self) -> str:
        """The JSON path of the place: ``racks[1].entries[4]`` or ``racks[1]``."""
        rack = f"racks[{self.rack}]"
        return rack if self.entry is None else f"{rack}.entries[{self.entry}]"

    @property
    def where(self) -> str:
        """The place, for people: ``rack 2, entry 5``."""
        rack = f"rack {self.rack + 1}"
        return rack if self.entry is None else f"{rack}, entry {self.entry + 1}"

    @property
    def detail(self) -> str:
        """What differs, without the place."""
        if self.kind is DiscrepancyKind.REJECTED:
            return f"the referee rejects {self.stored!r}: {self.recomputed}"
        return f"{self.field}: stored {self.stored}, recomputed {self.recomputed}"

    def describe(self) -> str:
        """One line: the place then what differs."""
        return f"{self.path} ({self.where}): {self.detail}"
