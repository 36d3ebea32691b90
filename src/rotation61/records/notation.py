"""The text notation of match records: PGN-like, for people and for golden files.

A match is a section of tag pairs, then its racks: a header ``R1 A:`` (rack number and
breaker), then one token per input: a shot (``1:3.9``: the cue ball hit the 1 first,
the 3 and the 9 were pocketed), a decision (``B>cih``), an official event
(``=concede_rack(B)``), each optionally followed by its stored ruling (``<legal
+12>``) and, for a shot, by a cue-ball placement, ball positions and a referee's
override (``! 1:5 <legal +5> "the 1 was hit first"``). Comments go in braces and are
not stored. The grammar, with examples, is in ``docs/notation.md``.

The parser is hand-written over compiled regular expressions. A syntax error raises
:class:`~rotation61.records.errors.NotationError` with the line and column of the bad
token and names it; a well-formed record whose inputs the referee rejects raises
:class:`~rotation61.records.errors.IllegalEntryError` at the input. Nothing is
returned until a whole match has been read and checked.

>>> record = parse_match('''
... [PlayerA "An"] [PlayerB "Binh"] [RaceTo "1"]
... R1 A: 1:5.12b2.3.4.5k <legal +17> 1:1 <legal +1> 2- <foul:no_rail_after_contact
... offer:accept,cih,spot> B>accept 2:2.3.4.6.7.8.9.10.11.13.14.15 <legal +102
... end:reached_61>
... ''')
>>> record.players, len(record.racks[0].entries)
(('An', 'Binh'), 5)
>>> print(format_match(record), end="")  # doctest: +NORMALIZE_WHITESPACE
[Schema "1.1"]
[Engine "0.1.0"]
[PlayerA "An"]
[PlayerB "Binh"]
[RaceTo "1"]
[FirstBreaker "A"]
[Rules "standard"]
<BLANKLINE>
R1 A:
  1:5.12b2.3.4.5k <legal +17>
  1:1 <legal +1>
  2- <foul:no_rail_after_contact offer:accept,cih,spot>
  B>accept
  2:2.3.4.6.7.8.9.10.11.13.14.15 <legal +102 end:reached_61>
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import re
from collections.abc import Callable, Iterator
from enum import StrEnum
from fractions import Fraction
from typing import Final, TextIO, TypeVar

from rotation61.geometry import Point
from rotation61.records import _check
from rotation61.records._format import (
    CROSSING_WORDS,
    OPTION_CODES,
    TIME_FOUL_WORD,
    format_entry,
    format_match,
    format_ruling,
    format_shot,
)
from rotation61.records.discrepancy import Discrepancy
from rotation61.records.errors import NotationError, SchemaVersionError
from rotation61.records.model import (
    ENGINE_VERSION,
    SCHEMA_MAJOR,
    SCHEMA_VERSION,
    BallPosition,
    ConfigValue,
    DecisionEntry,
    Entry,
    EventEntry,
    MatchHeader,
    MatchRecord,
    Override,
    RackRecord,
    RulingSummary,
    ShotEntry,
    TimeFoulEntry,
)
from rotation61.rules import (
    CUE_BALL,
    DEFAULT_RULESET,
    RULESET_KEYS,
    Ball,
    ContactType,
    FoulKind,
    KitchenFacts,
    MovedBy,
    ObstacleMove,
    OfficialEvent,
    RackResultType,
    Rotation61Error,
    Seat,
    Shot,
    Zone,
    is_general_rules_foul_name,
)

__all__ = [
    "format_entry",
    "format_match",
    "format_ruling",
    "format_shot",
    "parse_match",
    "parse_ruling",
    "parse_shot",
    "read_matches",
]

_T = TypeVar("_T")

# --- Lexical structure -----------------------------------------------------------------

_WS: Final = re.compile(r"\s+")
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_RACK: Final = re.compile(r"R(\d+)[ \t]+([AB]):(?=\s|$)")
_RULING: Final = re.compile(r"<([^<>]*)>")
_NOTE: Final = re.compile(r'"((?:[^"\\\n]|\\["\\])*)"')
_WORD: Final = re.compile(r'[^\s{}<\[\]"]+')
_ESCAPE: Final = re.compile(r"\\([\"\\])")
_OPTIONS_BY_CODE: Final = {code: option for option, code in OPTION_CODES.items()}
_DECISION: Final = re.compile(r"([AB])>(" + "|".join(_OPTIONS_BY_CODE) + r")")
_EVENT: Final = re.compile(r"=(" + "|".join(e.value for e in OfficialEvent) + r")(?:\(([AB])\))?")
_NUM: Final = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_PLACEMENT: Final = re.compile(rf"@\(({_NUM}),({_NUM})\)")
_POSITIONS: Final = re.compile(r"pos\((.*)\)")
_POSITION: Final = re.compile(rf"(\d+)=({_NUM}),({_NUM})")
_EXTENSIONS: Final = re.compile(r"ext\((\d+)\)")
_TIME: Final = re.compile(r"t\((\d+)(?:\.(\d{1,3}))?\)")
_ITEM: Final = re.compile(r"\S+")

# --- Shot tokens -----------------------------------------------------------------------

_BALLS: Final = r"\d+(?:\.\d+)*"
_HEAD: Final = re.compile(rf"(\d+)(?::({_BALLS}))?")
_FLAGS: Final[dict[str, re.Pattern[str]]] = {
    "o": re.compile(rf"o({_BALLS})"),
    "x": re.compile(r"x"),
    "-": re.compile(r"-"),
    "r": re.compile(rf"r({_BALLS})"),
    "b": re.compile(rf"b((?:{_BALLS})?)"),
    "k": re.compile(r"k(?:\(([^()]*)\))?"),
    "l": re.compile(r"l\(([^()]*)\)"),
    "m": re.compile(r"m\(([^()]*)\)"),
    "g": re.compile(r"g\(([^()]*)\)"),
}
_FLAG_HELP: Final[dict[str, str]] = {
    "o": "o<balls>, e.g. o12 or o0.12 (0 = the cue ball)",
    "x": "x",
    "-": "-",
    "r": "r<balls>, e.g. r0.4 (0 = the cue ball)",
    "b": "b<balls>, e.g. b2.3.4.5, or b alone for none",
    "k": "k or k(ball|rail|none,kitchen|on_line|outside|-,early|late|never)",
    "l": "l(kitchen) or l(on_line)",
    "m": "m(<ball>) or m(<ball>,hand|bridge|cue)",
    "g": "g(<name>), e.g. g(double_hit)",
}
_SLOT: Final = {"-": "r"}
_CROSSING: Final = {word: flags for flags, word in CROSSING_WORDS.items()}
_CONTACT_TYPES: Final = frozenset(kind.value for kind in ContactType)
_ZONES: Final = frozenset(zone.value for zone in Zone)
_MOVERS: Final = frozenset(by.value for by in MovedBy)
_FOUL_KINDS: Final = frozenset(kind.value for kind in FoulKind)


class _Kind(StrEnum):
    TAG = "tag"
    RACK = "rack header"
    SHOT = "shot"
    DECISION = "decision"
    EVENT = "event"
    RULING = "ruling"
    OVERRIDE = "override marker '!'"
    NOTE = "note"
    PLACEMENT = "placement"
    POSITIONS = "positions"
    EXTENSIONS = "extensions"
    TIME = "shot time"
    TIME_FOUL = "time foul"


@dataclasses.dataclass(frozen=True, slots=True)
class _Token:
    kind: _Kind
    text: str
    line: int
    column: int
    groups: tuple[str | None, ...]


def _error(detail: str, line: int, column: int, text: str | None = None) -> NotationError:
    return NotationError(detail, line=line, column=column, text=text)


class _Lexer:
    """Splits the text into tokens, lazily, with their line and column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def where(self, pos: int) -> tuple[int, int]:
        line = bisect.bisect_left(self.newlines, pos)
        start = self.newlines[line - 1] + 1 if line else 0
        return line + 1, pos - start + 1

    def fail(self, pos: int, detail: str, text: str | None = None) -> NotationError:
        line, column = self.where(pos)
        return _error(detail, line, column, text)

    def tokens(self) -> Iterator[_Token]:
        text = self.text
        while True:
            ws = _WS.match(text, self.pos)
            if ws:
                self.pos = ws.end()
            if self.pos >= len(text):
                return
            start = self.pos
            ch = text[start]
            if ch == "{":
                end = text.find("}", start)
                if end < 0:
                    raise self.fail(start, "unterminated comment: '{' without '}'")
                self.pos = end + 1
                continue
            token = self._token(start, ch)
            self.pos = start + len(token.text)
            yield token

    def _token(self, start: int, ch: str) -> _Token:
        text = self.text
        line, column = self.where(start)
        if ch == "[":
            m = _TAG.match(text, start)
            if not m:
                bad = text[start : text.find("\n", start) if "\n" in text[start:] else None]
                raise _error(
                    f'bad tag pair {bad.strip()!r}; expected [Name "value"]', line, column, bad
                )
            return _Token(_Kind.TAG, m[0], line, column, (m[1], _ESCAPE.sub(r"\1", m[2])))
        if ch == "<":
            m = _RULING.match(text, start)
            if not m:
                raise _error("unterminated ruling: '<' without '>'", line, column)
            return _Token(_Kind.RULING, m[0], line, column, (m[1],))
        if ch == '"':
            m = _NOTE.match(text, start)
            if not m:
                raise _error("unterminated note: '\"' without its closing '\"'", line, column)
            return _Token(_Kind.NOTE, m[0], line, column, (_ESCAPE.sub(r"\1", m[1]),))
        if ch == "R":
            m = _RACK.match(text, start)
            if m:
                return _Token(_Kind.RACK, m[0], line, column, (m[1], m[2]))
        m = _WORD.match(text, start)
        if not m:
            raise _error(f"unexpected character {ch!r}", line, column, ch)
        word = m[0]
        kinds = (
            (_DECISION, _Kind.DECISION),
            (_EVENT, _Kind.EVENT),
            (_PLACEMENT, _Kind.PLACEMENT),
            (_POSITIONS, _Kind.POSITIONS),
            (_EXTENSIONS, _Kind.EXTENSIONS),
            (_TIME, _Kind.TIME),
        )
        for pattern, kind in kinds:
            found = pattern.fullmatch(word)
            if found:
                return _Token(kind, word, line, column, found.groups())
        if word == "!":
            return _Token(_Kind.OVERRIDE, word, line, column, ())
        if word == TIME_FOUL_WORD:
            return _Token(_Kind.TIME_FOUL, word, line, column, ())
        if word[0].isdigit():
            return _Token(_Kind.SHOT, word, line, column, ())
        raise _error(f"unknown token {word!r}{_hint(word)}", line, column, word)


def _hint(word: str) -> str:
    if word.startswith("R"):
        return "; a rack header reads 'R1 A:' (number, space, breaker, colon)"
    if ">" in word:
        return f"; a decision reads 'B>cih' (options: {', '.join(_OPTIONS_BY_CODE)})"
    if word.startswith("="):
        return f"; events: {', '.join('=' + e.value for e in OfficialEvent)}"
    if word.startswith("!"):
        return "; '!' stands alone, followed by the corrected shot"
    return ""


# --- Values ----------------------------------------------------------------------------


def _ball_list(
    text: str, token: str, line: int, column: int, *, low: int, what: str
) -> tuple[Ball, ...]:
    balls: list[Ball] = []
    for part in text.split("."):
        ball = int(part)
        if not low <= ball <= 15:
            allowed = "1..15" if low else "0..15, 0 = the cue ball"
            raise _error(
                f"{what}: {ball} is not a ball ({allowed}) in {token!r}", line, column, token
            )
        if ball in balls:
            raise _error(f"{what}: ball {ball} is listed twice in {token!r}", line, column, token)
        balls.append(ball)
    return tuple(balls)


def _kitchen(content: str | None, token: str, line: int, column: int) -> KitchenFacts:
    if content is None:
        return KitchenFacts()
    parts = content.split(",")
    if len(parts) == 3:
        kind, zone, crossing = parts
        if kind in _CONTACT_TYPES and (zone == "-" or zone in _ZONES) and crossing in _CROSSING:
            before, crossed = _CROSSING[crossing]
            try:
                return KitchenFacts(
                    crossed_before_first_contact=before,
                    first_contact_type=ContactType(kind),
                    first_ball_zone=None if zone == "-" else Zone(zone),
                    crossed=crossed,
                )
            except Rotation61Error as err:
                raise _error(f"shot {token!r}: {err}", line, column, token) from err
    raise _error(
        f"bad kitchen facts 'k({content})' in {token!r}; expected {_FLAG_HELP['k']}",
        line,
        column,
        token,
    )


@dataclasses.dataclass
class _ShotDraft:
    first: Ball | None = None
    pocketed: tuple[Ball, ...] = ()
    off: tuple[Ball, ...] = ()
    cue_off: bool = False
    scratch: bool = False
    rails: frozenset[Ball] = frozenset({CUE_BALL})
    break_rails: frozenset[Ball] | None = None
    kitchen: KitchenFacts | None = None
    lowest_zone: Zone = Zone.OUTSIDE
    moved: ObstacleMove | None = None
    label: str | None = None


def _flag(draft: _ShotDraft, flag: str, m: re.Match[str], token: str, line: int, col: int) -> None:
    value = m[1] if m.groups() else None
    match flag:
        case "o":
            balls = _ball_list(m[1], token, line, col, low=0, what="off the table")
            draft.cue_off = CUE_BALL in balls
            draft.off = tuple(ball for ball in balls if ball != CUE_BALL)
        case "x":
            draft.scratch = True
        case "-":
            draft.rails = frozenset()
        case "r":
            draft.rails = frozenset(_ball_list(m[1], token, line, col, low=0, what="cushion"))
        case "b":
            draft.break_rails = frozenset(
                _ball_list(m[1], token, line, col, low=1, what="break cushion") if m[1] else ()
            )
        case "k":
            draft.kitchen = _kitchen(value, token, line, col)
        case "l":
            if value not in _ZONES:
                raise _bad_flag(flag, m[0], token, line, col)
            draft.lowest_zone = Zone(value)
        case "m":
            parts = (value or "").split(",")
            if (
                not 1 <= len(parts) <= 2
                or not parts[0].isdigit()
                or not 1 <= int(parts[0]) <= 15
                or (len(parts) == 2 and parts[1] not in _MOVERS)
            ):
                raise _bad_flag(flag, m[0], token, line, col)
            by = MovedBy(parts[1]) if len(parts) == 2 else MovedBy.CUE
            draft.moved = ObstacleMove(ball=int(parts[0]), moved_by=by)
        case "g":
            if value is None or not is_general_rules_foul_name(value):
                raise _bad_flag(flag, m[0], token, line, col)
            draft.label = value


def _bad_flag(flag: str, text: str, token: str, line: int, column: int) -> NotationError:
    return _error(
        f"bad flag {text!r} in shot {token!r}; expected {_FLAG_HELP[flag]}", line, column, token
    )


def _shot(token: str, line: int, column: int) -> Shot:
    head = _HEAD.match(token)
    if not head:
        raise _error(
            f"bad shot {token!r}; expected a first contact then flags, e.g. '1:3.9'",
            line,
            column,
            token,
        )
    draft = _ShotDraft()
    first = int(head[1])
    if first > 15:
        raise _error(
            f"first contact {first} in {token!r} is not a ball (1..15, or 0 for none)",
            line,
            column,
            token,
        )
    draft.first = first or None
    if head[2]:
        draft.pocketed = _ball_list(head[2], token, line, column, low=1, what="pocketed")
    pos = head.end()
    seen: set[str] = set()
    while pos < len(token):
        flag = token[pos]
        pattern = _FLAGS.get(flag)
        at = column + pos
        if pattern is None:
            raise _error(
                f"unknown flag {token[pos:]!r} in shot {token!r}; flags are "
                "o x - r b k l m g (see docs/notation.md)",
                line,
                at,
                token,
            )
        m = pattern.match(token, pos)
        if not m:
            raise _bad_flag(flag, token[pos:], token, line, at)
        slot = _SLOT.get(flag, flag)
        if slot in seen:
            raise _error(f"flag {flag!r} given twice in shot {token!r}", line, at, token)
        seen.add(slot)
        _flag(draft, flag, m, token, line, at)
        pos = m.end()
    try:
        return Shot(
            first_contact=draft.first,
            pocketed=draft.pocketed,
            off_table=draft.off,
            rail_after_contact=draft.rails,
            break_rail_balls=draft.break_rails,
            cue_pocketed=draft.scratch,
            cue_off_table=draft.cue_off,
            kitchen=draft.kitchen,
            lowest_rest_zone=draft.lowest_zone,
            obstacle_moved=draft.moved,
            general_rules_foul=draft.label,
        )
    except Rotation61Error as err:
        raise _error(f"shot {token!r}: {err}", line, column, token) from err


def parse_shot(token: str) -> Shot:
    """Read one shot token.

    Args:
        token: e.g. ``1:3.9``, ``2o12x-``, ``1:5.12b2.3.4.5k``.

    Returns:
        The shot.

    Raises:
        NotationError: the token is not a shot, with the column of the bad part.

    >>> parse_shot("1:3.9").pocketed
    (3, 9)
    >>> parse_shot(format_shot(parse_shot("3o0.12-g(double_hit)"))).cue_off_table
    True
    """
    return _shot(token.strip(), 1, 1 + len(token) - len(token.lstrip()))


def _summary(content: str, token: str, line: int, column: int) -> RulingSummary:
    words = [(m[0], column + 1 + m.start()) for m in _ITEM.finditer(content)]
    if not words:
        raise _error("empty ruling '<>'", line, column, token)
    verdict, at = words[0]
    legal: bool | None
    fouls: tuple[FoulKind, ...] = ()
    if verdict == "legal":
        legal = True
    elif verdict == "event":
        legal = None
    elif verdict.startswith("foul:"):
        legal = False
        kinds: list[FoulKind] = []
        for name in verdict[5:].split(","):
            if name not in _FOUL_KINDS:
                raise _error(
                    f"unknown foul kind {name!r} in {token!r}; known: "
                    + ", ".join(k.value for k in FoulKind),
                    line,
                    at,
                    token,
                )
            kinds.append(FoulKind(name))
        fouls = tuple(kinds)
    else:
        raise _error(
            f"bad ruling {token!r}: it starts with 'legal', 'foul:<kinds>' or 'event'",
            line,
            at,
            token,
        )
    fields: dict[str, object] = {}
    for word, at in words[1:]:
        key = "points" if word.startswith("+") else word.partition(":")[0]
        if _SUMMARY_FIELDS.get(key) in fields:
            raise _error(f"{key!r} given twice in ruling {token!r}", line, at, token)
        value = word[1:] if key == "points" else word.partition(":")[2]
        try:
            fields[_SUMMARY_FIELDS[key]] = _summary_item(key, value)
        except (KeyError, ValueError):
            raise _error(
                f"bad item {word!r} in ruling {token!r}; expected +<points>, spot:<balls>, "
                "offer:<options> or end:<result>",
                line,
                at,
                token,
            ) from None
    try:
        return RulingSummary(legal=legal, fouls=fouls, **fields)  # type: ignore[arg-type]
    except Rotation61Error as err:
        raise _error(f"ruling {token!r}: {err}", line, column, token) from err


_SUMMARY_FIELDS: Final = {
    "points": "points",
    "spot": "spotted",
    "offer": "options",
    "end": "result",
}


def _summary_item(key: str, value: str) -> object:
    match key:
        case "points":
            if not value.isdigit():
                raise ValueError(value)
            return int(value)
        case "spot":
            if not re.fullmatch(_BALLS, value):
                raise ValueError(value)
            return tuple(int(b) for b in value.split("."))
        case "offer":
            return tuple(_OPTIONS_BY_CODE[code] for code in value.split(","))
        case "end":
            return RackResultType(value)
        case _:
            raise KeyError(key)


def parse_ruling(token: str) -> RulingSummary:
    """Read one ruling annotation.

    Args:
        token: e.g. ``<legal +12>`` or ``<foul:scratch spot:3 offer:cih,spot>``.

    Returns:
        The ruling summary.

    Raises:
        NotationError: the token is not a ruling.

    >>> parse_ruling("<foul:scratch spot:3 offer:cih,spot>").options[0].value
    'cue_in_hand_kitchen'
    """
    m = _RULING.fullmatch(token.strip())
    if not m:
        raise _error(f"bad ruling {token!r}; expected <...>", 1, 1, token)
    return _summary(m[1], m[0], 1, 1)


# --- Matches ---------------------------------------------------------------------------


@dataclasses.dataclass
class _Draft:
    """A match being read: its tokens, for the places of errors."""

    first: _Token
    tags: dict[str, tuple[str, _Token]] = dataclasses.field(default_factory=dict)
    racks: list[tuple[_Token, list[tuple[Entry, _Token]]]] = dataclasses.field(default_factory=list)


def _config(value: str, tag: _Token) -> tuple[tuple[str, ConfigValue], ...]:
    out: list[tuple[str, ConfigValue]] = []
    for item in value.split(",") if value else ():
        key, sep, raw = item.partition("=")
        if not sep or key not in RULESET_KEYS:
            raise _error(
                f"bad Config item {item!r}; expected key=value with a key among: "
                + ", ".join(RULESET_KEYS),
                tag.line,
                tag.column,
                item,
            )
        default = getattr(DEFAULT_RULESET, key)
        typed: ConfigValue = raw
        if default is None:  # A50: a shot-clock key, off or following the limit
            if raw != "none" and not re.fullmatch(r"\d+", raw):
                raise _error(
                    f"Config {key} must be an integer or none, got {raw!r}",
                    tag.line,
                    tag.column,
                    item,
                )
            typed = None if raw == "none" else int(raw)
        elif key == "target_points" and re.fullmatch(r"\d+:\d+", raw):
            typed = raw  # A51: a target per player, "61:50"
        elif isinstance(default, bool):
            if raw not in ("true", "false"):
                raise _error(
                    f"Config {key} must be true or false, got {raw!r}", tag.line, tag.column, item
                )
            typed = raw == "true"
        elif isinstance(default, int) and not isinstance(default, Fraction):
            if not re.fullmatch(r"-?\d+", raw):
                raise _error(
                    f"Config {key} must be an integer, got {raw!r}", tag.line, tag.column, item
                )
            typed = int(raw)
        out.append((key, typed))
    return tuple(out)


class _Parser:
    def __init__(self, text: str, *, check: bool) -> None:
        self.lexer = _Lexer(text)
        self.stream = self.lexer.tokens()
        self.check = check
        self.ahead: _Token | None = None
        self.done = False

    def peek(self) -> _Token | None:
        if self.ahead is None and not self.done:
            self.ahead = next(self.stream, None)
            self.done = self.ahead is None
        return self.ahead

    def take(self) -> _Token:
        token = self.peek()
        if token is None:  # callers peek first
            raise _error("unexpected end of text", *self.lexer.where(len(self.lexer.text)))
        self.ahead = None
        return token

    def take_if(self, kind: _Kind) -> _Token | None:
        token = self.peek()
        return self.take() if token is not None and token.kind is kind else None

    def matches(self) -> Iterator[MatchRecord]:
        while self.peek() is not None:
            yield self.match()

    def match(self) -> MatchRecord:
        first = self.take()
        if first.kind is not _Kind.TAG:
            raise _error(
                f'expected tag pairs such as [PlayerA "..."] before {first.text!r}',
                first.line,
                first.column,
                first.text,
            )
        draft = _Draft(first=first)
        token = first
        while True:
            draft.tags[token.groups[0] or ""] = (token.groups[1] or "", token)
            ahead = self.peek()
            if ahead is None or ahead.kind is not _Kind.TAG or ahead.groups[0] in draft.tags:
                break  # a repeated tag begins the next match
            token = self.take()
        while (ahead := self.peek()) is not None and ahead.kind is not _Kind.TAG:
            self.movetext(draft)
        record = self.build(draft)
        if self.check:
            _check.legal_or_raise(record, lambda found: _place(draft, found))
        return record

    def movetext(self, draft: _Draft) -> None:
        token = self.take()
        if token.kind is _Kind.RACK:
            number = int(token.groups[0] or "0")
            if number != len(draft.racks) + 1:
                raise _error(
                    f"rack header {token.text!r} is out of order: expected R{len(draft.racks) + 1}",
                    token.line,
                    token.column,
                    token.text,
                )
            draft.racks.append((token, []))
            return
        if not draft.racks:
            raise _error(
                f"expected a rack header such as 'R1 A:' before {token.text!r}",
                token.line,
                token.column,
                token.text,
            )
        entries = draft.racks[-1][1]
        match token.kind:
            case _Kind.SHOT:
                entries.append((self.shot_entry(token), token))
            case _Kind.DECISION:
                option = _OPTIONS_BY_CODE[token.groups[1] or ""]
                entries.append(
                    (DecisionEntry(option=option, by=Seat[token.groups[0] or ""]), token)
                )
            case _Kind.EVENT:
                ruling = self.ruling()
                player = None if token.groups[1] is None else Seat[token.groups[1]]
                event = OfficialEvent(token.groups[0] or "")
                entry = _build(token, lambda: EventEntry(event=event, player=player, ruling=ruling))
                entries.append((entry, token))
            case _Kind.TIME_FOUL:
                time_ms, extensions = self.clock()
                ruling = self.ruling()
                foul = _build(
                    token,
                    lambda: TimeFoulEntry(time_ms=time_ms, extensions=extensions, ruling=ruling),
                )
                entries.append((foul, token))
            case _:
                raise _error(
                    f"a {token.kind.value} {token.text!r} must follow "
                    f"{'a shot or an event' if token.kind is _Kind.RULING else 'a shot'}",
                    token.line,
                    token.column,
                    token.text,
                )

    def clock(self) -> tuple[int | None, int]:
        """The optional ``ext(N)`` and ``t(SECONDS)`` of a shot or time foul (A50)."""
        ext = self.take_if(_Kind.EXTENSIONS)
        extensions = 0 if ext is None else int(ext.groups[0] or "0")
        time = self.take_if(_Kind.TIME)
        if time is None:
            return None, extensions
        seconds, fraction = time.groups
        return int(seconds or "0") * 1000 + int((fraction or "").ljust(3, "0")), extensions

    def ruling(self) -> RulingSummary | None:
        token = self.take_if(_Kind.RULING)
        return (
            None
            if token is None
            else _summary(token.groups[0] or "", token.text, token.line, token.column)
        )

    def shot_entry(self, token: _Token) -> ShotEntry:
        shot = _shot(token.text, token.line, token.column)
        placement: Point | None = None
        positions: tuple[BallPosition, ...] = ()
        at = self.take_if(_Kind.PLACEMENT)
        if at is not None:
            placement = _build(
                at, lambda: Point(float(at.groups[0] or ""), float(at.groups[1] or ""))
            )
        pos = self.take_if(_Kind.POSITIONS)
        if pos is not None:
            positions = _positions(pos)
        time_ms, extensions = self.clock()
        ruling = self.ruling()
        override: Override | None = None
        mark = self.take_if(_Kind.OVERRIDE)
        if mark is not None:
            corrected = self.take_if(_Kind.SHOT)
            if corrected is None:
                raise _error(
                    "'!' (override) must be followed by the corrected shot",
                    mark.line,
                    mark.column,
                    mark.text,
                )
            new_shot = _shot(corrected.text, corrected.line, corrected.column)
            new_ruling = self.ruling()
            note = self.take_if(_Kind.NOTE)
            text = "" if note is None else note.groups[0] or ""
            override = _build(
                note or mark, lambda: Override(shot=new_shot, note=text, ruling=new_ruling)
            )
        return _build(
            token,
            lambda: ShotEntry(
                shot=shot,
                ruling=ruling,
                override=override,
                placement=placement,
                positions=positions,
                time_ms=time_ms,
                extensions=extensions,
            ),
        )

    def build(self, draft: _Draft) -> MatchRecord:
        tags = draft.tags
        where = draft.first

        def tag(name: str) -> tuple[str, _Token] | None:
            return tags.get(name)

        for name in ("PlayerA", "PlayerB", "RaceTo"):
            if name not in tags:
                raise _error(
                    f'missing tag [{name} "..."] in the match that begins here',
                    where.line,
                    where.column,
                )
        schema = tag("Schema")
        if schema is not None:
            _check_schema(*schema)
        race_value, race_token = tags["RaceTo"]
        if not re.fullmatch(r"[1-9]\d{0,5}", race_value):
            raise _error(
                f"RaceTo must be a positive integer, got {race_value!r}",
                race_token.line,
                race_token.column,
                race_value,
            )
        racks: list[RackRecord] = []
        for header, entries in draft.racks:
            breaker = Seat[header.groups[1] or ""]
            racks.append(
                _build(
                    header,
                    functools.partial(
                        RackRecord, breaker=breaker, entries=tuple(e for e, _ in entries)
                    ),
                )
            )
        first_breaker = racks[0].breaker if racks else Seat.A
        fb = tag("FirstBreaker")
        if fb is not None:
            if fb[0] not in ("A", "B"):
                raise _error(
                    f'FirstBreaker must be "A" or "B", got {fb[0]!r}', fb[1].line, fb[1].column
                )
            first_breaker = Seat[fb[0]]
        names = (tags["PlayerA"][0], tags["PlayerB"][0])
        engine, engine_token = tags.get("Engine", (ENGINE_VERSION, where))
        preset, rules_token = tags.get("Rules", ("standard", where))
        config_value, config_token = tags.get("Config", ("", where))
        config = _config(config_value, config_token)
        free = [
            (name, value, token) for name, (value, token) in tags.items() if name not in _RESERVED
        ]
        anon = ("A", "B")
        _build(tags["PlayerA"][1], lambda: MatchHeader(players=(names[0], "B"), race_to=1))
        _build(tags["PlayerB"][1], lambda: MatchHeader(players=("A", names[1]), race_to=1))
        _build(engine_token, lambda: MatchHeader(players=anon, race_to=1, engine=engine))
        _build(rules_token, lambda: MatchHeader(players=anon, race_to=1, rules=preset))
        _build(
            config_token,
            lambda: MatchHeader(players=anon, race_to=1, rules=preset, config=config),
        )
        for name, value, token in free:
            _build(
                token,
                functools.partial(MatchHeader, players=anon, race_to=1, tags=((name, value),)),
            )
        return _build(
            where,
            lambda: MatchRecord(
                header=MatchHeader(
                    players=names,
                    race_to=int(race_value),
                    first_breaker=first_breaker,
                    rules=preset,
                    config=config,
                    tags=tuple((name, value) for name, value, _ in free),
                    engine=engine,
                ),
                racks=tuple(racks),
            ),
        )


_RESERVED: Final = frozenset(
    {"Schema", "Engine", "PlayerA", "PlayerB", "RaceTo", "FirstBreaker", "Rules", "Config"}
)


def _build(token: _Token, make: Callable[[], _T]) -> _T:
    try:
        return make()
    except NotationError:
        raise
    except Rotation61Error as err:
        raise _error(f"{token.text!r}: {err}", token.line, token.column, token.text) from err


def _positions(token: _Token) -> tuple[BallPosition, ...]:
    out: list[BallPosition] = []
    for item in (token.groups[0] or "").split(";"):
        m = _POSITION.fullmatch(item)
        if not m:
            raise _error(
                f"bad position {item!r} in {token.text!r}; expected <ball>=<x>,<y>",
                token.line,
                token.column,
                token.text,
            )
        ball = int(m[1])
        point = _build(token, functools.partial(Point, float(m[2]), float(m[3])))
        out.append((ball, point))
    return tuple(out)


def _check_schema(value: str, token: _Token) -> None:
    m = re.fullmatch(r"(\d+)\.(\d+)", value)
    if not m or int(m[1]) != SCHEMA_MAJOR:
        raise SchemaVersionError(
            f"schema version {value!r} is not supported: this reader knows major version "
            f"{SCHEMA_MAJOR} (writes {SCHEMA_VERSION!r})",
            version=value,
            line=token.line,
            column=token.column,
        )


def _place(draft: _Draft, found: Discrepancy) -> _check.Place:
    header, entries = draft.racks[found.rack]
    token = header if found.entry is None else entries[found.entry][1]
    return token.line, token.column, None


def read_matches(handle: TextIO, *, check: bool = True) -> Iterator[MatchRecord]:
    """Read every match of a text stream, one after the other.

    A match begins with its tag pairs; the next match begins at the next tag pair
    after a rack, or at a tag that repeats one of the current match.

    Args:
        handle: an open text stream.
        check: replay each match and reject an input the referee rejects.

    Yields:
        Each match, once it has been read and checked in full.

    Raises:
        NotationError: a syntax error, with its line and column (lines count from the
            start of the stream).
        SchemaVersionError: a ``[Schema]`` tag of an unknown major version.
        IllegalEntryError: with ``check``, an input the referee rejects.
    """
    yield from _Parser(handle.read(), check=check).matches()


def parse_match(text: str, *, check: bool = True) -> MatchRecord:
    """Read exactly one match from text.

    Args:
        text: the notation.
        check: replay the match and reject an input the referee rejects.

    Returns:
        The record.

    Raises:
        NotationError: a syntax error, no match, or a second match.
        SchemaVersionError: a ``[Schema]`` tag of an unknown major version.
        IllegalEntryError: with ``check``, an input the referee rejects (e.g. a shot
            after the match ended), at its line and column.
    """
    parser = _Parser(text, check=check)
    matches = parser.matches()
    record = next(matches, None)
    if record is None:
        raise _error('no match found: expected tag pairs such as [PlayerA "..."]', 1, 1)
    extra = parser.peek()
    if extra is not None:
        raise _error(
            "a second match begins here; read several with read_matches()",
            extra.line,
            extra.column,
            extra.text,
        )
    return record
