r"""A reader and writer of gettext ``.po`` files, stdlib-only.

It reads what translators and their editors (Poedit, Lokalize, Weblate) write: comments
(``#``, ``#.``, ``#:``, ``#,``, ``#|``), ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr`` and ``msgstr[N]``, strings split over several lines, and the C escapes
``\\ \" \n \t \r \a \b \f \v`` and octal ``\NNN``. Obsolete entries (``#~``) are
skipped. A file that cannot be read raises :class:`~rotation61.text.errors.MalformedPoError`
naming the file, the line and what is wrong. :func:`format_po` writes a file back:
``parse_po(format_po(po)) == po``.

>>> po = parse_po('msgid ""\nmsgstr "Language: en\\n"\n\nmsgid "greeting"\nmsgstr "Hello"\n')
>>> po.header["Language"], po.entries[1].msgid, po.entries[1].msgstr
('en', 'greeting', ('Hello',))
>>> parse_po('msgid "a"\nmsgstr "b', source="x.po")
Traceback (most recent call last):
...
rotation61.text.errors.MalformedPoError: x.po:2: unterminated string: no closing quote
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from rotation61.text.errors import MalformedPoError

__all__ = ["PoEntry", "PoFile", "format_po", "parse_po"]

_KEYWORD: Final = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?(?=[\s\"]|$)")
_ESCAPES: Final = {
    "\\": "\\",
    '"': '"',
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
}
_OCTAL: Final = re.compile(r"[0-7]{1,3}")
_WIDTH: Final = 79
"""The widest line :func:`format_po` writes (as ``msgcat`` does), unless a word is wider."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PoEntry:
    """One message of a ``.po`` file.

    Attributes:
        msgid: the message id (``""`` for the header).
        msgstr: the translation: one string, or one per plural form (``msgstr[N]``).
        msgctxt: the context, if any.
        msgid_plural: the plural id; set exactly when the entry has plural forms.
        comments: the comment lines before the entry, as written (``"# ..."``,
            ``"#, fuzzy"``).
        line: the 1-based line where the entry's first keyword is (not compared).
    """

    msgid: str
    msgstr: tuple[str, ...]
    msgctxt: str | None = None
    msgid_plural: str | None = None
    comments: tuple[str, ...] = ()
    line: int = dataclasses.field(default=0, compare=False)

    @property
    def is_plural(self) -> bool:
        """Whether the entry has plural forms (``msgid_plural`` and ``msgstr[N]``)."""
        return self.msgid_plural is not None

    @property
    def flags(self) -> frozenset[str]:
        """The flags of the ``#,`` comments (``fuzzy``, ``python-brace-format``)."""
        return frozenset(
            flag.strip()
            for comment in self.comments
            if comment.startswith("#,")
            for flag in comment[2:].split(",")
            if flag.strip()
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PoFile:
    """The entries of a ``.po`` file, in file order, the header entry included.

    Attributes:
        entries: the entries.
        source: the file name used in error messages (not compared).
    """

    entries: tuple[PoEntry, ...]
    source: str = dataclasses.field(default="<string>", compare=False)

    @property
    def header_entry(self) -> PoEntry | None:
        """The header: the entry whose msgid is empty and that has no context."""
        for entry in self.entries:
            if entry.msgid == "" and entry.msgctxt is None:
                return entry
        return None

    @property
    def header(self) -> Mapping[str, str]:
        """The header's ``Name: value`` fields (empty when there is no header)."""
        entry = self.header_entry
        fields: dict[str, str] = {}
        if entry is not None and entry.msgstr:
            for line in entry.msgstr[0].splitlines():
                name, colon, value = line.partition(":")
                if colon:
                    fields[name.strip()] = value.strip()
        return MappingProxyType(fields)

    @property
    def messages(self) -> tuple[PoEntry, ...]:
        """Every entry but the header."""
        header = self.header_entry
        return tuple(entry for entry in self.entries if entry is not header)


def _unquote(text: str, source: str, line: int) -> str:
    r"""The value of one quoted string, the whole of ``text`` (spaces around it aside)."""
    text = text.strip()
    if not text.startswith('"'):
        raise MalformedPoError(
            f"expected a quoted string, found {text!r}", source=source, line=line
        )
    out: list[str] = []
    position = 1
    while position < len(text):
        char = text[position]
        if char == '"':
            rest = text[position + 1 :].strip()
            if rest:
                raise MalformedPoError(
                    f"text after the closing quote: {rest!r}", source=source, line=line
                )
            return "".join(out)
        if char == "\\":
            escape = text[position + 1 : position + 2]
            octal = _OCTAL.match(text, position + 1)
            if escape in _ESCAPES:
                out.append(_ESCAPES[escape])
                position += 2
            elif octal is not None:
                out.append(chr(int(octal.group(), 8)))
                position = octal.end()
            else:
                raise MalformedPoError(
                    f"unknown escape \\{escape} in {text!r}", source=source, line=line
                )
            continue
        out.append(char)
        position += 1
    raise MalformedPoError("unterminated string: no closing quote", source=source, line=line)


@dataclasses.dataclass(slots=True)
class _Draft:
    """The entry being read."""

    comments: list[str] = dataclasses.field(default_factory=list)
    line: int = 0
    msgctxt: str | None = None
    msgid: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = dataclasses.field(default_factory=list)
    plain_msgstr: bool = False
    last: tuple[str, int] | None = None
    """The keyword (and form index) a continued string adds to."""

    @property
    def started(self) -> bool:
        return self.line != 0


class _Reader:
    """Reads a file line by line into entries."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.entries: list[PoEntry] = []
        self.seen: dict[tuple[str | None, str], int] = {}
        self.draft = _Draft()

    def fail(self, detail: str, line: int) -> MalformedPoError:
        return MalformedPoError(detail, source=self.source, line=line)

    def finish(self) -> None:
        """Close the current entry, if one has begun; keep comments for the next."""
        draft = self.draft
        if not draft.started:
            return
        if draft.msgid is None:
            raise self.fail("entry without msgid", draft.line)
        if not draft.msgstr:
            raise self.fail(f"entry {draft.msgid!r} has no msgstr", draft.line)
        key = (draft.msgctxt, draft.msgid)
        if key in self.seen:
            raise self.fail(
                f"duplicate entry {draft.msgid!r}"
                + ("" if draft.msgctxt is None else f" in context {draft.msgctxt!r}")
                + f" (first at line {self.seen[key]})",
                draft.line,
            )
        self.seen[key] = draft.line
        self.entries.append(
            PoEntry(
                msgid=draft.msgid,
                msgstr=tuple(draft.msgstr),
                msgctxt=draft.msgctxt,
                msgid_plural=draft.msgid_plural,
                comments=tuple(draft.comments),
                line=draft.line,
            )
        )
        self.draft = _Draft()

    def comment(self, text: str) -> None:
        if self.draft.msgstr:
            self.finish()
        if text.startswith("#~"):
            return
        self.draft.comments.append(text)

    def continuation(self, text: str, number: int) -> None:
        last = self.draft.last
        if last is None:
            raise self.fail("a string that continues no keyword", number)
        value = _unquote(text, self.source, number)
        name, index = last
        draft = self.draft
        if name == "msgctxt":
            draft.msgctxt = (draft.msgctxt or "") + value
        elif name == "msgid":
            draft.msgid = (draft.msgid or "") + value
        elif name == "msgid_plural":
            draft.msgid_plural = (draft.msgid_plural or "") + value
        else:
            draft.msgstr[index] += value

    def keyword(self, text: str, number: int) -> None:
        found = _KEYWORD.match(text)
        if found is None:
            word = text.split()[0]
            raise self.fail(
                f"expected msgctxt, msgid, msgid_plural, msgstr or a quoted string, found {word!r}",
                number,
            )
        name, index_text = found.group(1), found.group(2)
        value = _unquote(text[found.end() :], self.source, number)
        if name in ("msgctxt", "msgid") and self.draft.msgstr:
            self.finish()
        draft = self.draft
        if not draft.started:
            draft.line = number
        if index_text is not None and name != "msgstr":
            raise self.fail(f"{name}[{index_text}]: only msgstr takes a form index", number)
        if name == "msgctxt":
            if draft.msgid is not None or draft.msgctxt is not None:
                raise self.fail("msgctxt must come first in an entry, once", number)
            draft.msgctxt = value
        elif name == "msgid":
            if draft.msgid is not None:
                raise self.fail(f"msgid after msgid {draft.msgid!r} (missing msgstr?)", number)
            draft.msgid = value
        elif name == "msgid_plural":
            if draft.msgid is None or draft.msgid_plural is not None or draft.msgstr:
                raise self.fail("msgid_plural must follow msgid, once, before msgstr", number)
            draft.msgid_plural = value
        else:
            self.translation(value, index_text, number)
        draft.last = (name, len(draft.msgstr) - 1 if name == "msgstr" else 0)

    def translation(self, value: str, index_text: str | None, number: int) -> None:
        draft = self.draft
        if draft.msgid is None:
            raise self.fail("msgstr before msgid", number)
        if draft.msgid_plural is None:
            if index_text is not None:
                raise self.fail(f"msgstr[{index_text}] in an entry without msgid_plural", number)
            if draft.msgstr:
                raise self.fail(f"second msgstr for {draft.msgid!r}", number)
        else:
            if index_text is None:
                raise self.fail(
                    f"plural entry {draft.msgid!r} needs msgstr[0], msgstr[1], ...", number
                )
            if int(index_text) != len(draft.msgstr):
                raise self.fail(
                    f"msgstr[{index_text}] out of order: expected msgstr[{len(draft.msgstr)}]",
                    number,
                )
        draft.msgstr.append(value)

    def read(self, text: str) -> PoFile:
        lines = text.splitlines()
        for number, raw in enumerate(lines, start=1):
            stripped = raw.strip()
            if not stripped:
                self.finish()
                self.draft.last = None
            elif stripped.startswith("#"):
                self.comment(stripped)
                self.draft.last = None
            elif stripped.startswith('"'):
                self.continuation(stripped, number)
            else:
                self.keyword(stripped, number)
        if self.draft.started and not self.draft.msgstr:
            raise self.fail(
                f"file ends inside entry {self.draft.msgid or ''!r}: no msgstr", len(lines)
            )
        self.finish()
        return PoFile(entries=tuple(self.entries), source=self.source)


def parse_po(text: str, *, source: str = "<string>") -> PoFile:
    """Read the text of a ``.po`` file.

    Args:
        text: the file's text (decoded; ``.po`` files are UTF-8).
        source: the file name that errors give.

    Returns:
        The file's entries.

    Raises:
        MalformedPoError: the text is not a ``.po`` file; the message names the source,
            the line and what is wrong.
    """
    return _Reader(source).read(text.removeprefix("\ufeff"))


_ESCAPED: Final = {value: "\\" + name for name, value in _ESCAPES.items()}


def _escape(text: str) -> str:
    return "".join(
        _ESCAPED.get(char, f"\\{ord(char):03o}" if ord(char) < 32 else char) for char in text
    )


def _chunks(text: str, width: int) -> list[str]:
    """Escaped pieces of ``text``: one per line of it, long lines broken after spaces."""
    pieces: list[str] = []
    for line in text.splitlines(keepends=True):
        escaped = ""
        for word in re.findall(r"[^ ]* *", line):
            if escaped and len(escaped) + len(_escape(word)) > width:
                pieces.append(escaped)
                escaped = ""
            escaped += _escape(word)
        pieces.append(escaped)
    return pieces


def _string(keyword: str, text: str) -> list[str]:
    one_line = f'{keyword} "{_escape(text)}"'
    if len(one_line) <= _WIDTH and "\n" not in text.rstrip("\n"):
        return [one_line]
    return [f'{keyword} ""', *(f'"{piece}"' for piece in _chunks(text, _WIDTH - 2))]


def format_po(po: PoFile) -> str:
    """Write a ``.po`` file.

    Args:
        po: the entries.

    Returns:
        The text: entries separated by a blank line, long and multi-line strings split
        over several lines, the file ending with a newline.
    """
    blocks: list[str] = []
    for entry in po.entries:
        lines = list(entry.comments)
        if entry.msgctxt is not None:
            lines += _string("msgctxt", entry.msgctxt)
        lines += _string("msgid", entry.msgid)
        if entry.msgid_plural is None:
            lines += _string("msgstr", entry.msgstr[0])
        else:
            lines += _string("msgid_plural", entry.msgid_plural)
            for index, form in enumerate(entry.msgstr):
                lines += _string(f"msgstr[{index}]", form)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
