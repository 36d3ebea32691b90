"""A match's header as the hall holds it: the checks every way in passes, the desk's header.

The desk form, the JSON API and record imports all pass their header through
:func:`check_header` (the one set of limits, from :mod:`rotation61.web.core.limits` and
the text checks); a JSON record's size and nesting are checked before it is decoded
(:func:`check_record_shape`); :func:`desk_header` makes the header the desk asks for.
Pure functions over the records layer's values, used by the match service.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Final

from rotation61.geometry import get_table
from rotation61.records import RESERVED_TAGS, MalformedInputError, MatchHeader
from rotation61.rules import Seat
from rotation61.rules.text_fields import NAME_MAX_LENGTH, check_text, clean_text
from rotation61.web.core.errors import OutOfRangeError
from rotation61.web.core.limits import (
    MAX_DEPTH,
    MAX_ENTRIES_PER_RACK,
    MAX_INPUTS,
    MAX_RACE_TO,
    MAX_RACKS,
    MAX_TAG_VALUE_LENGTH,
    MAX_TAGS,
)
from rotation61.web.core.model import DEFAULT_TABLE_SIZE, TABLE_SIZE_TAG, TABLE_TAG

__all__ = ["check_header", "check_record_shape", "clean_names", "desk_header"]

_ROSTER: Final = {
    "event": "Event",
    "venue": "Venue",
    "date": "Date",
    "round": "Round",
    "referee": "Referee",
}
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")
_DESK_RESERVED: Final = RESERVED_TAGS | {TABLE_TAG, TABLE_SIZE_TAG}


def _desk_tags(tags: Mapping[str, str]) -> list[tuple[str, str]]:
    """Desk tags as header tags: ``event`` becomes ``Event``...; bad names are refused."""
    out: list[tuple[str, str]] = []
    for raw, value in tags.items():
        name = _ROSTER.get(raw.strip().lower(), raw.strip())
        if not _TAG_NAME.fullmatch(name) or name in _DESK_RESERVED:
            raise MalformedInputError(
                f"tag name {raw!r} must be a letter then letters, digits or '_' "
                f"(not one of {', '.join(sorted(_DESK_RESERVED))})"
            )
        out.append(
            (
                name,
                clean_text(value, f"tag {name}", max_length=MAX_TAG_VALUE_LENGTH, required=False),
            )
        )
    return out


def clean_names(players: tuple[str, str]) -> tuple[str, str]:
    """The two players' names as a match holds them (NFC, trimmed, checked).

    Raises:
        TextFieldError: an empty name, one over :data:`NAME_MAX_LENGTH` characters, or
            one holding a control, bidirectional or invisible character.
    """
    a, b = (
        clean_text(name, f"player {seat}'s name", max_length=NAME_MAX_LENGTH)
        for seat, name in zip("AB", players, strict=True)
    )
    return a, b


def _shown(value: str) -> str:
    return repr(value) if len(value) <= 40 else f"{value[:20]!r}... ({len(value)} characters)"


def check_header(header: MatchHeader) -> MatchHeader:
    """Refuse a match the app does not hold: the one set of limits of every way in.

    The desk form, the JSON API and record imports all pass their header here: player
    names of 1 to :data:`NAME_MAX_LENGTH` characters, a race to 1..:data:`MAX_RACE_TO`,
    at most :data:`MAX_TAGS` event tags of at most :data:`MAX_TAG_VALUE_LENGTH`
    characters each, a table name of at most :data:`NAME_MAX_LENGTH` characters and a
    known table size.

    Returns:
        The header, unchanged.

    Raises:
        OutOfRangeError: a value out of range, named with its field.
        UnknownTableError: an unknown table size.
    """
    for seat, name in zip("AB", header.players, strict=True):
        if not 1 <= len(name) <= NAME_MAX_LENGTH:
            raise OutOfRangeError(
                f"player {seat}'s name {_shown(name)} must have 1 to {NAME_MAX_LENGTH} characters"
            )
        check_text(name, f"player {seat}'s name", max_length=NAME_MAX_LENGTH)
    if not 1 <= header.race_to <= MAX_RACE_TO:
        raise OutOfRangeError(f"race_to {header.race_to} is outside 1..{MAX_RACE_TO}")
    events = [(n, v) for n, v in header.tags if n not in (TABLE_TAG, TABLE_SIZE_TAG)]
    if len(events) > MAX_TAGS:
        raise OutOfRangeError(f"{len(events)} tags: a match holds at most {MAX_TAGS}")
    for name, value in header.tags:
        if len(value) > MAX_TAG_VALUE_LENGTH:
            raise OutOfRangeError(
                f"tag {name}'s value {_shown(value)} is longer than "
                f"{MAX_TAG_VALUE_LENGTH} characters"
            )
    table_name = header.tag(TABLE_TAG) or ""
    if len(table_name) > NAME_MAX_LENGTH:
        raise OutOfRangeError(
            f"table name {_shown(table_name)} is longer than {NAME_MAX_LENGTH} characters"
        )
    get_table(header.tag(TABLE_SIZE_TAG) or DEFAULT_TABLE_SIZE)
    return header


_JSON_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_INNERMOST: Final = re.compile(r"\[\]|\{\}")


def _too_deep(text: str, limit: int) -> bool:
    """Whether JSON text nests arrays and objects deeper than ``limit``.

    Strings are dropped, then the innermost pairs of brackets are removed ``limit``
    times over: each pass is one regular-expression scan, so the whole check is linear
    and never recurses.
    """
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    for _ in range(limit):
        if not brackets:
            return False
        brackets = _INNERMOST.sub("", brackets)
    # What is left is deeper than ``limit``, or unmatched (a truncated file leaves a few
    # brackets, which the JSON decoder reports with their line and column).
    return _INNERMOST.search(brackets) is not None or len(brackets) > limit


def check_record_shape(text: str) -> None:
    """Refuse a JSON record too deep or too large before it is decoded into a record.

    The nesting depth is counted in one pass over the text (so a deeply nested document
    never reaches the JSON decoder's recursion); then the counts of racks, entries per
    rack and inputs in all are checked on the decoded document.

    Raises:
        OutOfRangeError: nesting deeper than :data:`MAX_DEPTH`, more than
            :data:`MAX_RACKS` racks, :data:`MAX_ENTRIES_PER_RACK` entries in a rack or
            :data:`MAX_INPUTS` inputs in all.
        NotationError: text that is not JSON.
    """
    if _too_deep(text, MAX_DEPTH):
        raise OutOfRangeError(
            f"the record nests arrays and objects deeper than {MAX_DEPTH} levels "
            "(or its brackets do not match)"
        )
    try:
        data = json.loads(text)
    except ValueError:
        return  # the records layer reports the syntax error, with its line and column
    racks = data.get("racks") if isinstance(data, dict) else None
    if not isinstance(racks, list):
        return
    if len(racks) > MAX_RACKS:
        raise OutOfRangeError(f"{len(racks)} racks: a record holds at most {MAX_RACKS}")
    total = 0
    for i, rack in enumerate(racks):
        entries = rack.get("entries") if isinstance(rack, dict) else None
        if not isinstance(entries, list):
            continue
        if len(entries) > MAX_ENTRIES_PER_RACK:
            raise OutOfRangeError(
                f"racks[{i}] holds {len(entries)} entries: at most {MAX_ENTRIES_PER_RACK}"
            )
        total += sum(
            2 if isinstance(e, dict) and e.get("override") is not None else 1 for e in entries
        )
        if total > MAX_INPUTS:
            raise OutOfRangeError(f"the record holds more than {MAX_INPUTS} inputs")


def desk_header(
    *,
    players: tuple[str, str],
    race_to: int,
    preset: str,
    overrides: Mapping[str, object],
    first_breaker: Seat,
    table_name: str = "",
    table_size: str = DEFAULT_TABLE_SIZE,
    tags: Mapping[str, str],
) -> MatchHeader:
    """The header of a match as the desk sets it up (the table as header tags).

    Raises:
        UnknownRuleSetError: an unknown preset, rule-set key or value.
        UnknownTableError: an unknown table size.
        MalformedInputError: a tag name a record cannot hold.
        InvalidRecordError: a player name, tag value or race a record cannot hold.
    """
    get_table(table_size)
    table_name = clean_text(table_name, "table name", max_length=NAME_MAX_LENGTH, required=False)
    table = [(TABLE_TAG, table_name)] if table_name else []
    return MatchHeader(
        players=clean_names(players),
        race_to=race_to,
        first_breaker=first_breaker,
        rules=preset,
        config=tuple(overrides.items()),  # type: ignore[arg-type]  # checked by the header
        tags=(*_desk_tags(tags), *table, (TABLE_SIZE_TAG, table_size)),
    )
