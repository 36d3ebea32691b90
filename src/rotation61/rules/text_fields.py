r"""Person-facing text fields: the one validation of names, clubs, event names and notes.

Every way in (a library call, the terminal, the HTTP API, a CSV or record file) passes
its names through here, so a name that one layer accepts is never refused by the next
one (a player's name in an event becomes a match's header when the match is called).

:func:`clean_text` is what an input path calls: the text normalised to NFC, trimmed,
then checked. :func:`check_text` only checks (the pure layers' constructors, which hold
what they are given). A text is refused if it is empty (when required), longer than
its limit, or holds a character that is not printable: a control character (TAB, NUL,
ESC, DEL...), a bidirectional control (U+202E RIGHT-TO-LEFT OVERRIDE...), a line or
paragraph separator, or another invisible format character. The error names the
field, the character's position (1-based) and its code point.

>>> clean_text("  Nguye\u0302\u0303n Va\u0306n A  ", "name", max_length=100)
'Nguyễn Văn A'
>>> clean_text("An\tBình", "name", max_length=100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rotation61.rules.text_fields.TextFieldError: name 'An\tBình': character 3 is U+0009, a...
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import Final

from rotation61.rules.errors import Rotation61Error

__all__ = [
    "CLASS_MAX_LENGTH",
    "NAME_MAX_LENGTH",
    "TextFieldError",
    "TextProblem",
    "check_text",
    "clean_text",
    "printable_text",
    "search_key",
    "text_problem",
]

NAME_MAX_LENGTH: Final = 100
"""The longest name of a player, a club, an event or a table, in characters."""
CLASS_MAX_LENGTH: Final = 40
"""The longest player class or tier label, in characters."""

_BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder the text around them when it is shown (Unicode UAX #9)."""


class TextProblem(StrEnum):
    """Why a text field is refused; the value is the code the shells word."""

    NOT_TEXT = "not_text"
    EMPTY = "empty"
    TOO_LONG = "too_long"
    CONTROL = "control_character"
    BIDI = "bidi_control"
    INVISIBLE = "invisible_character"


_WORDS: Final = {
    TextProblem.CONTROL: "a control character",
    TextProblem.BIDI: "a bidirectional control",
    TextProblem.INVISIBLE: "an invisible or separator character",
}


class TextFieldError(Rotation61Error, ValueError):
    """A person-facing text refused: the field, the problem and where it is.

    Attributes:
        field: the field's name (``"name"``, ``"club"``, ``"event name"``...).
        problem: why it is refused.
        value: the text as given.
        position: the 1-based position of the refused character, or 0.
        limit: the length limit, for :attr:`TextProblem.TOO_LONG`.
    """

    def __init__(
        self, field: str, problem: TextProblem, value: object, *, position: int = 0, limit: int = 0
    ) -> None:
        self.field = field
        self.problem = problem
        self.value = value
        self.position = position
        self.limit = limit
        super().__init__(self._message())

    def _message(self) -> str:
        shown = _shown(self.value)
        if self.problem is TextProblem.NOT_TEXT:
            return f"{self.field} must be a text, got {shown}"
        if self.problem is TextProblem.EMPTY:
            return f"{self.field} must not be empty"
        if self.problem is TextProblem.TOO_LONG:
            return f"{self.field} {shown} is longer than {self.limit} characters"
        assert isinstance(self.value, str)
        char = self.value[self.position - 1]
        return (
            f"{self.field} {shown}: character {self.position} is U+{ord(char):04X}, "
            f"{_WORDS[self.problem]}"
        )


def _shown(value: object) -> str:
    if isinstance(value, str) and len(value) > 40:
        return f"{value[:20]!r}... ({len(value)} characters)"
    return repr(value)


def text_problem(value: str) -> tuple[TextProblem, int] | None:
    """The first character a text field may not hold, and its 1-based position."""
    for position, char in enumerate(value, start=1):
        if char.isprintable():
            continue
        if char in _BIDI_CONTROLS:
            return TextProblem.BIDI, position
        if unicodedata.category(char) == "Cc":
            return TextProblem.CONTROL, position
        return TextProblem.INVISIBLE, position
    return None


def check_text(value: object, field: str, *, max_length: int, required: bool = True) -> str:
    """Check a text field as it is (no normalisation); returns it.

    Raises:
        TextFieldError: not a str, empty (or only spaces) when ``required``, longer
            than ``max_length``, or holding a character that is not printable.
    """
    if not isinstance(value, str):
        raise TextFieldError(field, TextProblem.NOT_TEXT, value)
    if required and not value.strip():
        raise TextFieldError(field, TextProblem.EMPTY, value)
    if len(value) > max_length:
        raise TextFieldError(field, TextProblem.TOO_LONG, value, limit=max_length)
    found = text_problem(value)
    if found is not None:
        raise TextFieldError(field, found[0], value, position=found[1])
    return value


def clean_text(value: object, field: str, *, max_length: int, required: bool = True) -> str:
    """A text field as stored: normalised to NFC, trimmed, then checked.

    Raises:
        TextFieldError: see :func:`check_text` (positions count in the trimmed text).
    """
    if not isinstance(value, str):
        raise TextFieldError(field, TextProblem.NOT_TEXT, value)
    return check_text(
        unicodedata.normalize("NFC", value).strip(),
        field,
        max_length=max_length,
        required=required,
    )


def printable_text(value: str, *, max_length: int, fallback: str = "?") -> str:
    """A text made fit to show: refused characters taken out, NFC, trimmed, cut to length.

    For what was stored before this validation existed: a name that could not be held
    any more is still shown (and a match can still be called with it).
    """
    kept = "".join(c for c in unicodedata.normalize("NFC", value) if c.isprintable())
    return kept.strip()[:max_length].strip() or fallback


def search_key(value: str) -> str:
    """A text as a search by name compares it: accents, case and extra spaces set aside.

    ``"nguyen van an"`` and ``"Nguyễn  Văn An"`` have the same key (``đ`` reads ``d``).

    >>> search_key("Nguyễn  Văn An") == search_key("nguyen van AN")
    True
    >>> search_key("Đặng Thị Bình")
    'dang thi binh'
    """
    plain = unicodedata.normalize("NFD", value.replace("đ", "d").replace("Đ", "D"))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).casefold().split())
