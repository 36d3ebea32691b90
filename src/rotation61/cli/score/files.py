"""The scorekeeper's record files: which format a path holds, atomic writes, reading back.

A file whose name ends in ``.r61`` or ``.txt`` holds the text notation; any other holds
JSON. :meth:`RecordFile.write` replaces the whole file atomically (a temporary file in
the same directory, flushed and synced, then renamed over it), so the file always
holds a whole record: the old one if the write fails. :func:`read_record` reads the one
match of a file back, its inputs checked by the referee.

Problems are :class:`RecordFileError`: a message key of the ``scorekeeper`` catalogue
(``score.file.<key>``) and the values it names; this module has no words.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import secrets
import stat
from enum import StrEnum
from pathlib import Path
from typing import Final

from rotation61.cli.record import brief, load_records
from rotation61.records import MatchRecord, format_match, to_json
from rotation61.rules import Rotation61Error

__all__ = [
    "TEXT_SUFFIXES",
    "RecordFile",
    "RecordFileError",
    "RecordFormat",
    "error_detail",
    "is_same_file",
    "read_record",
    "write_atomically",
]

TEXT_SUFFIXES: Final = frozenset({".r61", ".txt"})
"""A saved file whose name ends so holds the text notation; any other holds JSON."""


class RecordFileError(Exception):
    """A problem with the ``--save`` / ``--resume`` file, or an option at odds with it.

    Attributes:
        key: the message key, ``score.file.<key>`` in the ``scorekeeper`` catalogue.
        fields: the values of its placeholders (``count`` chooses a plural form).
    """

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


class RecordFormat(StrEnum):
    """The format of a saved record; the value is the name the scorekeeper shows."""

    JSON = "JSON"
    TEXT = "text"

    @classmethod
    def of(cls, path: Path) -> RecordFormat:
        """The format a file holds, by the ending of its name (see :data:`TEXT_SUFFIXES`).

        Args:
            path: the file.

        Returns:
            :attr:`TEXT` for a name ending in ``.r61`` or ``.txt`` (any case), else :attr:`JSON`.
        """
        return cls.TEXT if path.suffix.lower() in TEXT_SUFFIXES else cls.JSON


def error_detail(err: BaseException) -> str:
    """What went wrong, for a message: the OS's explanation of an ``OSError``, else the text.

    The text is cut to one short line (:func:`~rotation61.cli.record.brief`).

    Args:
        err: the error.

    Returns:
        Its detail.
    """
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return brief(str(err))


def _sync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` so that it always holds either the old or the new text.

    The file keeps its permissions; a new one gets the default ones.

    Args:
        path: the file.
        text: its new contents, written as UTF-8.

    Raises:
        OSError: the file cannot be written; ``path`` is unchanged.
    """
    directory = path.parent
    temp = directory / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temp, stat.S_IMODE(path.stat().st_mode))
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_directory(directory)


@dataclasses.dataclass(frozen=True, slots=True)
class RecordFile:
    """Where the record is saved; the format follows the file name's ending.

    Attributes:
        path: the file.
    """

    path: Path

    @property
    def format(self) -> RecordFormat:
        """The format the file holds."""
        return RecordFormat.of(self.path)

    def write(self, record: MatchRecord) -> None:
        """Write the whole record atomically.

        Args:
            record: the record.

        Raises:
            OSError: it cannot be written; the file is unchanged.
        """
        text = format_match(record) if self.format is RecordFormat.TEXT else to_json(record)
        write_atomically(self.path, text)


def is_same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file (by their resolved paths if either is missing).

    Args:
        a: a path.
        b: another path.

    Returns:
        True if they name the same file.
    """
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def read_record(path: Path) -> MatchRecord:
    """The one match of a file (JSON or text), its inputs checked by the referee.

    Args:
        path: the file.

    Returns:
        The record.

    Raises:
        RecordFileError: no file, an unreadable file, not a record, or not one match.
    """
    if not path.is_file():
        raise RecordFileError("err.missing", path=path)
    try:
        records = load_records(path)
    except OSError as err:
        raise RecordFileError("err.read", path=path, detail=error_detail(err)) from err
    except Rotation61Error as err:
        raise RecordFileError("err.invalid", path=path, detail=error_detail(err)) from err
    if len(records) != 1:
        raise RecordFileError("err.count", path=path, count=len(records))
    return records[0]
