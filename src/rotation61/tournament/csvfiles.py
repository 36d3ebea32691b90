r"""The event's CSV files: the players an organiser imports, the standings it exports.

One home for both formats, used by the terminal (``rotation61 tournament``) and the web
desk alike. A players file has the header ``name,club,rating,class`` and one player per
line (blank lines are skipped, a byte-order mark is allowed); players are numbered
``p1``, ``p2``, ... in file order (or from another first number, for a second import). A
malformed line is refused with :class:`PlayersCsvError`, naming the line and the column;
nothing of the file is taken.

The standings file starts with a UTF-8 byte-order mark (spreadsheet programs then read
Vietnamese names right), and a text cell that a spreadsheet would run as a formula
(starting with ``=``, ``+``, ``-``, ``@``, a TAB or a CR) is written after a ``'``:

>>> spreadsheet_cell("=HYPERLINK(1)"), spreadsheet_cell("Bình"), spreadsheet_cell(-3)
("'=HYPERLINK(1)", 'Bình', -3)

>>> entries = read_players_csv("name,club,rating,class\nAn,CLB Q1,720,A\nBình,,,\n")
>>> [(e.id, e.name, e.rating) for e in entries]
[('p1', 'An', 720), ('p2', 'Bình', None)]
>>> read_players_csv("name,club,rating,class\nAn,CLB Q1,seven,A\n")
Traceback (most recent call last):
...
rotation61.tournament.csvfiles.PlayersCsvError: line 2, column rating: 'seven' is not an integer
"""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from rotation61.tournament.errors import InvalidEventError, TournamentError
from rotation61.tournament.model import Entry
from rotation61.tournament.state import EventState

__all__ = [
    "PLAYER_COLUMNS",
    "STANDINGS_COLUMNS",
    "PlayersCsvError",
    "csv_text",
    "read_players_csv",
    "spreadsheet_cell",
    "standings_csv",
]

_FORMULA_LEADS: Final = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet cell starts with to be run as a formula (or hide one)."""

PLAYER_COLUMNS: Final = ("name", "club", "rating", "class")
"""The header of a players file, in order."""

STANDINGS_COLUMNS: Final = (
    "place",
    "id",
    "name",
    "club",
    "played",
    "won",
    "lost",
    "racks_won",
    "racks_lost",
    "points_for",
    "points_against",
    "out",
)
"""The header of the standings file, in order."""


class PlayersCsvError(InvalidEventError):
    """A malformed players file; the message names the line and the column.

    Attributes:
        line: the file's line (1 is the header), 0 if not known.
        column: the column's name, ``""`` if not known.
    """

    def __init__(self, message: str, *, line: int = 0, column: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.column = column


def read_players_csv(
    text: str,
    *,
    first_number: int = 1,
    check: Callable[[Entry], None] | None = None,
) -> list[Entry]:
    """The entries of a players file.

    Args:
        text: the file's text.
        first_number: the number of the first player's id (``p<first_number>``).
        check: further checks of each entry (a caller's own limits); what it raises
            (a ``ValueError`` whose message starts with the column's name) is reported
            with the line.

    Raises:
        PlayersCsvError: a wrong header, a line with the wrong number of columns, an
            empty name, a rating that is not an integer, a field over
            the csv module's limit (128 KB), or an entry the event or ``check`` refuses.
    """
    reader = csv.reader(text.removeprefix("\ufeff").splitlines(keepends=True))
    rows: list[list[str]] = []
    try:
        rows.extend(reader)
    except csv.Error as err:  # a field over the csv module's limit (128 KB), a stray quote
        raise PlayersCsvError(f"line {reader.line_num}: {err}") from None
    if not rows or [cell.strip().lower() for cell in rows[0]] != list(PLAYER_COLUMNS):
        raise PlayersCsvError(f"line 1: the header must be {','.join(PLAYER_COLUMNS)}")
    entries: list[Entry] = []
    for number, row in enumerate(rows[1:], start=2):
        if any(cell.strip() for cell in row):
            entries.append(_player(row, number, f"p{first_number + len(entries)}", check))
    return entries


def _player(
    row: list[str], number: int, player_id: str, check: Callable[[Entry], None] | None
) -> Entry:
    """One line of a players file as an entry."""
    if len(row) != len(PLAYER_COLUMNS):
        raise PlayersCsvError(f"line {number}: {len(row)} columns, expected {len(PLAYER_COLUMNS)}")
    name, club, rating, player_class = (unicodedata.normalize("NFC", cell).strip() for cell in row)
    if not name:
        raise PlayersCsvError(f"line {number}, column name: empty", line=number, column="name")
    value: int | None = None
    if rating:
        try:
            value = int(rating)
        except ValueError:
            raise PlayersCsvError(
                f"line {number}, column rating: {rating!r} is not an integer"
            ) from None
    try:
        entry = Entry(id=player_id, name=name, club=club, rating=value, player_class=player_class)
        if check is not None:
            check(entry)
    except (TournamentError, ValueError) as err:
        column = _column_named(str(err))
        raise PlayersCsvError(
            f"line {number}, column {column}: {err}", line=number, column=column
        ) from err
    return entry


def _column_named(message: str) -> str:
    """The column a refusal names first (``name``, ``club``, ``rating``, ``class``)."""
    first = message.split(" ", 1)[0].rstrip(":")
    return first if first in PLAYER_COLUMNS else "name"


def spreadsheet_cell(value: int | str) -> int | str:
    """A cell as written to a CSV file: text a spreadsheet would run is quoted with ``'``."""
    if isinstance(value, str) and value.startswith(_FORMULA_LEADS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Sequence[int | str]]) -> str:
    r"""Rows as the text of a CSV file, the one way rotation61 writes CSV.

    The text starts with a UTF-8 byte-order mark (so spreadsheet programs read
    Vietnamese names as written), lines end with ``\r\n`` (RFC 4180, so a cell holding a
    line break is quoted), and every cell goes through :func:`spreadsheet_cell`.

    >>> csv_text([["name", "points"], ["=1+1", 61]])
    "\ufeffname,points\r\n'=1+1,61\r\n"
    """
    out = _Lines()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([spreadsheet_cell(cell) for cell in row])
    return out.text()


def standings_csv(state: EventState | None, entries: list[Entry] | None = None) -> str:
    """The standings as CSV (:func:`csv_text`): place, player id, name, club, the counts, out.

    Args:
        state: the event (``None`` before the draw: the header only).
        entries: the players' names and clubs, if not the event's own entries.
    """
    rows: list[Sequence[int | str]] = [STANDINGS_COLUMNS]
    if state is None:
        return csv_text(rows)
    by_id = {e.id: e for e in (state.event.entries if entries is None else entries)}
    for line in state.standings():
        entry = by_id[line.player]
        rows.append(
            [
                line.place,
                line.player,
                entry.name,
                entry.club,
                line.played,
                line.won,
                line.lost,
                line.racks_won,
                line.racks_lost,
                line.points_for,
                line.points_against,
                int(line.out),
            ]
        )
    return csv_text(rows)


class _Lines:
    """Where the csv writer writes: the lines kept in memory."""

    def __init__(self) -> None:
        self._parts: list[str] = []

    def write(self, part: str) -> int:
        self._parts.append(part)
        return len(part)

    def text(self) -> str:
        return "".join(self._parts)
