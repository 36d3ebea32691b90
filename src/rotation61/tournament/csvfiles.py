r"""The event's CSV files: the players an organiser imports, the standings it exports.

One home for both formats, used by the terminal (``rotation61 tournament``) and the web
desk alike. A players file has the header ``name,club,rating,class`` and one player per
line (blank lines are skipped, a byte-order mark is allowed); players are numbered
``p1``, ``p2``, ... in file order (or from another first number, for a second import). A
malformed line is refused with :class:`PlayersCsvError`, naming the line and the column;
nothing of the file is taken.

A file comes as bytes from a disk or an upload: :func:`decode_text` is the one
decoding of every file the tournament commands read (players files and event files):
UTF-8 with or without a byte-order mark, or UTF-16 with one (what a spreadsheet's
"Unicode text" gives); anything else is refused with :class:`FileEncodingError`, naming
the file and what is wrong (a Latin-1 or Windows-1252 byte, UTF-16 without a mark...).

>>> decode_text("Bình".encode("utf-16"), source="players.csv")
'Bình'
>>> decode_text("Bình".encode("latin-1"), source="players.csv")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rotation61.tournament.csvfiles.FileEncodingError: players.csv: not UTF-8 text: byte 0xec at...

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

import codecs
import csv
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import Final

from rotation61.tournament.errors import ErrorCode, InvalidEventError, TournamentError
from rotation61.tournament.model import Entry
from rotation61.tournament.state import EventState

__all__ = [
    "PLAYER_COLUMNS",
    "STANDINGS_COLUMNS",
    "EncodingProblem",
    "FileEncodingError",
    "PlayersCsvError",
    "csv_text",
    "decode_text",
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


class EncodingProblem(StrEnum):
    """Why a file's bytes are not read as text."""

    NOT_UTF8 = "not_utf8"
    """No byte-order mark and not UTF-8 (Latin-1, Windows-1252, ...)."""
    UTF16_WITHOUT_MARK = "utf16_without_mark"
    """UTF-16 without its byte-order mark (every other byte zero)."""
    BAD_UTF8 = "bad_utf8"
    """A UTF-8 byte-order mark, then bytes that are not UTF-8."""
    BAD_UTF16 = "bad_utf16"
    """A UTF-16 byte-order mark, then bytes that are not UTF-16."""
    UTF32 = "utf32"
    """A UTF-32 byte-order mark (not read)."""


class FileEncodingError(InvalidEventError):
    """A file whose bytes are not UTF-8 (with or without a BOM) or UTF-16 with a BOM.

    Attributes:
        source: the file's name.
        problem: what is wrong.
        position: the offset of the first bad byte (0 if none is named).
    """

    def __init__(self, source: str, problem: EncodingProblem, *, position: int, byte: int) -> None:
        words = {
            EncodingProblem.NOT_UTF8: f"not UTF-8 text: byte 0x{byte:02x} at offset {position} "
            "(Latin-1 or Windows-1252?); save it as UTF-8 or UTF-16",
            EncodingProblem.UTF16_WITHOUT_MARK: "UTF-16 text without its byte-order mark; "
            "save it as UTF-8 or UTF-16 with a byte-order mark",
            EncodingProblem.BAD_UTF8: f"marked UTF-8, but byte 0x{byte:02x} at offset "
            f"{position} is not UTF-8",
            EncodingProblem.BAD_UTF16: f"marked UTF-16, but the bytes at offset {position} "
            "are not UTF-16",
            EncodingProblem.UTF32: "UTF-32 text is not read; save it as UTF-8 or UTF-16",
        }
        super().__init__(
            f"{source}: {words[problem]}",
            ErrorCode.FILE_ENCODING,
            file=source,
            problem=problem.value,
            position=position,
            byte=f"0x{byte:02x}",
        )
        self.source = source
        self.problem = problem
        self.position = position


_UTF16_MARKS: Final = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_UTF32_MARKS: Final = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)


def decode_text(data: bytes, *, source: str) -> str:
    """A file's text: UTF-8 (a byte-order mark allowed) or UTF-16 with a byte-order mark.

    Args:
        data: the file's bytes.
        source: the file's name, for the refusal.

    Returns:
        The text, without the byte-order mark.

    Raises:
        FileEncodingError: any other bytes, naming the file and the problem.
    """
    if data.startswith(_UTF32_MARKS):
        raise FileEncodingError(source, EncodingProblem.UTF32, position=0, byte=data[0])
    if data.startswith(_UTF16_MARKS):
        try:
            return data.decode("utf-16").removeprefix("\ufeff")
        except UnicodeDecodeError as err:
            raise FileEncodingError(
                source, EncodingProblem.BAD_UTF16, position=err.start, byte=data[err.start]
            ) from None
    marked = data.startswith(codecs.BOM_UTF8)
    if not marked and _looks_like_utf16(data):
        raise FileEncodingError(
            source, EncodingProblem.UTF16_WITHOUT_MARK, position=0, byte=data[0]
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        problem = EncodingProblem.BAD_UTF8 if marked else EncodingProblem.NOT_UTF8
        raise FileEncodingError(source, problem, position=err.start, byte=data[err.start]) from None


def _looks_like_utf16(data: bytes) -> bool:
    """Zero bytes at every other offset of the start (UTF-16 of Latin letters, no mark).

    UTF-8 text holds no zero byte; UTF-16 of Latin letters and digits is half zeros.
    """
    head = data[:200]
    if len(head) < 4:
        return False
    return max(head[0::2].count(0), head[1::2].count(0)) * 4 >= len(head)


class PlayersCsvError(InvalidEventError):
    """A malformed players file; the message names the line and the column.

    Attributes:
        line: the file's line (1 is the header), 0 if not known.
        column: the column's name, ``""`` if not known.
    """

    def __init__(
        self, message: str, code: ErrorCode, /, *, line: int = 0, column: str = "", **params: object
    ) -> None:
        super().__init__(message, code, line=line, column=column, **params)
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
        if "field limit" in str(err):
            limit = csv.field_size_limit()
            raise PlayersCsvError(
                f"line {reader.line_num}: a field is longer than {limit} characters",
                ErrorCode.CSV_FIELD_TOO_LONG,
                line=reader.line_num,
                limit=limit,
            ) from None
        raise PlayersCsvError(
            f"line {reader.line_num}: {err}",
            ErrorCode.CSV_SYNTAX,
            line=reader.line_num,
            detail=str(err),
        ) from None
    if not rows or [cell.strip().lower() for cell in rows[0]] != list(PLAYER_COLUMNS):
        raise PlayersCsvError(
            f"line 1: the header must be {','.join(PLAYER_COLUMNS)}",
            ErrorCode.CSV_HEADER,
            line=1,
            columns=",".join(PLAYER_COLUMNS),
        )
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
        raise PlayersCsvError(
            f"line {number}: {len(row)} columns, expected {len(PLAYER_COLUMNS)}",
            ErrorCode.CSV_COLUMNS,
            line=number,
            count=len(row),
            expected=len(PLAYER_COLUMNS),
        )
    name, club, rating, player_class = (unicodedata.normalize("NFC", cell).strip() for cell in row)
    if not name:
        raise PlayersCsvError(
            f"line {number}, column name: empty",
            ErrorCode.CSV_EMPTY_NAME,
            line=number,
            column="name",
        )
    value: int | None = None
    if rating:
        try:
            value = int(rating)
        except ValueError:
            raise PlayersCsvError(
                f"line {number}, column rating: {rating!r} is not an integer",
                ErrorCode.CSV_RATING,
                line=number,
                column="rating",
                value=rating,
            ) from None
    try:
        entry = Entry(id=player_id, name=name, club=club, rating=value, player_class=player_class)
        if check is not None:
            check(entry)
    except (TournamentError, ValueError) as err:
        column = _column_named(str(err))
        raise PlayersCsvError(
            f"line {number}, column {column}: {err}",
            ErrorCode.CSV_ENTRY,
            line=number,
            column=column,
            detail=str(err),
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
