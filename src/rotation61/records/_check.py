"""The loaders' legality check: replay what was read and reject an input the referee rejects."""

from __future__ import annotations

from collections.abc import Callable

from rotation61.records.discrepancy import Discrepancy, DiscrepancyKind
from rotation61.records.errors import IllegalEntryError
from rotation61.records.model import MatchRecord
from rotation61.records.replay import replay

__all__ = ["Place", "json_place", "legal_or_raise"]

Place = tuple[int | None, int | None, str | None]
"""Where a discrepancy lies in its source: line, column, JSON path."""


def json_place(found: Discrepancy) -> Place:
    """The JSON path of a discrepancy."""
    return None, None, found.path


def legal_or_raise(record: MatchRecord, place: Callable[[Discrepancy], Place]) -> None:
    """Raise at the first input the referee rejects, or the first rack out of line.

    Stored rulings that differ from the engine's are not checked here: they are the
    audit trail that :func:`rotation61.records.verify` reports.

    Raises:
        IllegalEntryError: at the place ``place`` gives.
    """
    for found in replay(record).discrepancies:
        if found.kind is not DiscrepancyKind.RULING:
            line, column, path = place(found)
            raise IllegalEntryError(
                f"{found.where}: {found.detail}",
                line=line,
                column=column,
                path=path,
                text=found.stored,
            )
