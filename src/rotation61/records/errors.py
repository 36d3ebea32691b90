"""Errors of the records layer: bad records, bad notation, unknown versions, mismatches.

Every error names its place: a JSON path (``racks[0].entries[3].shot.pocketed``) or a
line and column of the text notation, and the offending value with ``!r``.
"""

from __future__ import annotations

from rotation61.records.discrepancy import Discrepancy
from rotation61.rules import IllegalActionError, Rotation61Error

__all__ = [
    "IllegalEntryError",
    "InvalidRecordError",
    "MalformedInputError",
    "NotationError",
    "ReplayMismatchError",
    "SchemaVersionError",
]


class InvalidRecordError(Rotation61Error, ValueError):
    """A record value whose fields contradict each other or are out of range.

    Examples: an empty player name, a tag that is not a name, a ruling summary that is
    legal and lists a foul. The loaders translate it into a :class:`NotationError`
    naming the place.
    """


class MalformedInputError(InvalidRecordError):
    """An input whose shape is wrong: an unknown kind, a missing, unknown or mistyped field."""


class NotationError(Rotation61Error, ValueError):
    """Text notation or JSON that cannot be read: a syntax error or a bad value.

    Attributes:
        line: the 1-based line of the bad token, when known.
        column: the 1-based column of the bad token, when known.
        path: the JSON path of the bad value (``racks[0].entries[3].shot``), when known.
        text: the offending token or value as written, when known.
        detail: the message without its place.
    """

    def __init__(
        self,
        detail: str,
        *,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
        text: str | None = None,
    ) -> None:
        self.detail = detail
        self.line = line
        self.column = column
        self.path = path
        self.text = text
        super().__init__(self._full())

    def _full(self) -> str:
        where: list[str] = []
        if self.line is not None:
            where.append(f"line {self.line}")
            if self.column is not None:
                where.append(f"column {self.column}")
        if self.path is not None and not self.detail.startswith(self.path):
            where.append(self.path)
        return f"{', '.join(where)}: {self.detail}" if where else self.detail


class SchemaVersionError(NotationError):
    """A record of an unknown schema major version, or another format altogether.

    Attributes:
        version: the schema version the record declares.
    """

    def __init__(
        self,
        detail: str,
        *,
        version: str,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
    ) -> None:
        self.version = version
        super().__init__(detail, line=line, column=column, path=path, text=version)


class IllegalEntryError(NotationError, IllegalActionError):
    """A well-formed record whose inputs the referee rejects when they are replayed.

    Examples: a shot after the match ended, a decision that was not offered, a ball
    pocketed that is no longer on the table, a rack that ends before its last entry.
    Raised by the loaders (which replay what they read) at the entry's place.
    """


class ReplayMismatchError(Rotation61Error):
    """A strict replay found a stored value that differs from the recomputed one.

    Attributes:
        discrepancy: the first difference found.
    """

    def __init__(self, discrepancy: Discrepancy) -> None:
        self.discrepancy = discrepancy
        super().__init__(discrepancy.describe())
