"""The JSON codec of match records: the canonical machine format (schema 1.x).

Hand-written in both directions (no pickle, no reflection). Writing is canonical: keys
in a fixed order, balls sorted where their order is not meaningful, one entry per line.
Reading checks the header first (``format``, then ``schema``: an unknown major version
raises :class:`~rotation61.records.errors.SchemaVersionError`), then every value, and
names the JSON path of the first bad one (``racks[0].entries[3].shot.pocketed``). It
builds nothing until everything has been read, so a bad file never half-loads. The
published JSON Schema is ``schemas/match-record.schema.json``.

>>> from rotation61.records.model import MatchHeader, MatchRecord
>>> text = to_json(MatchRecord(header=MatchHeader(players=("An", "Binh"), race_to=3)))
>>> from_json(text).players
('An', 'Binh')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Final, TypeVar

from rotation61.geometry import Point
from rotation61.records import _check
from rotation61.records.errors import NotationError, SchemaVersionError
from rotation61.records.model import (
    FORMAT_NAME,
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
from rotation61.records.shot_codec import SHOT_FIELDS, shot_from_dict, shot_to_dict
from rotation61.rules import (
    FoulKind,
    InvalidShotError,
    OfficialEvent,
    Option,
    RackResultType,
    Rotation61Error,
    Seat,
    Shot,
)

__all__ = ["from_dict", "from_json", "to_dict", "to_json"]

_VERSION: Final = re.compile(r"(\d+)\.(\d+)")
_E = TypeVar("_E", FoulKind, OfficialEvent, Option, RackResultType)
_T = TypeVar("_T")

# --- Writing ---------------------------------------------------------------------------


def _summary_dict(summary: RulingSummary | None) -> dict[str, object] | None:
    if summary is None:
        return None
    return {
        "legal": summary.legal,
        "fouls": [kind.value for kind in summary.fouls],
        "points": summary.points,
        "spotted": list(summary.spotted),
        "options": [option.value for option in summary.options],
        "result": None if summary.result is None else summary.result.value,
    }


def _entry_dict(entry: Entry) -> dict[str, object]:
    match entry:
        case ShotEntry():
            out: dict[str, object] = {"type": "shot", "shot": shot_to_dict(entry.shot, notes=False)}
            out["ruling"] = _summary_dict(entry.ruling)
            if entry.override is not None:
                out["override"] = {
                    "shot": shot_to_dict(entry.override.shot, notes=False),
                    "note": entry.override.note,
                    "ruling": _summary_dict(entry.override.ruling),
                }
            if entry.placement is not None:
                out["placement"] = [entry.placement.x, entry.placement.y]
            if entry.positions:
                out["positions"] = [[ball, p.x, p.y] for ball, p in entry.positions]
            _clock_dict(out, entry.time_ms, entry.extensions)
            return out
        case DecisionEntry():
            return {"type": "decision", "option": entry.option.value, "by": entry.by.name}
        case EventEntry():
            return {
                "type": "event",
                "event": entry.event.value,
                "player": None if entry.player is None else entry.player.name,
                "ruling": _summary_dict(entry.ruling),
            }
        case TimeFoulEntry():
            out = {"type": "time_foul"}
            _clock_dict(out, entry.time_ms, entry.extensions)
            out["ruling"] = _summary_dict(entry.ruling)
            return out


def _clock_dict(out: dict[str, object], time_ms: int | None, extensions: int) -> None:
    """A shot's time and extensions (schema 1.1, A50), written only when set."""
    if time_ms is not None:
        out["time_ms"] = time_ms
    if extensions:
        out["extensions"] = extensions


def to_dict(record: MatchRecord) -> dict[str, object]:
    """A record as a JSON-ready dict (canonical: fixed key order, every field present).

    Args:
        record: the record.

    Returns:
        The dict that :func:`to_json` writes.
    """
    return {
        "format": FORMAT_NAME,
        "schema": SCHEMA_VERSION,
        "engine": record.engine,
        "players": {"A": record.players[0], "B": record.players[1]},
        "race_to": record.race_to,
        "first_breaker": record.first_breaker.name,
        "rules": {"preset": record.rules, "config": dict(record.config)},
        "tags": dict(record.tags),
        "racks": [
            {"breaker": rack.breaker.name, "entries": [_entry_dict(e) for e in rack.entries]}
            for rack in record.racks
        ],
    }


def _dump(value: object, depth: int, out: list[str]) -> None:
    """Indent the outer levels; write each rack entry (depth 4) on one line."""
    pad = "  " * depth
    if depth >= 4 or not isinstance(value, dict | list) or not value:
        out.append(json.dumps(value, ensure_ascii=False, separators=(", ", ": ")))
        return
    items: list[tuple[str | None, object]] = (
        [(key, item) for key, item in value.items()]
        if isinstance(value, dict)
        else [(None, item) for item in value]
    )
    out.append("{\n" if isinstance(value, dict) else "[\n")
    for i, (key, item) in enumerate(items):
        out.append(pad + "  ")
        if key is not None:
            out.append(json.dumps(key, ensure_ascii=False) + ": ")
        _dump(item, depth + 1, out)
        out.append(",\n" if i < len(items) - 1 else "\n")
    out.append(pad + ("}" if isinstance(value, dict) else "]"))


def to_json(record: MatchRecord) -> str:
    """A record as canonical JSON text, ending with a newline.

    Args:
        record: the record.

    Returns:
        The text: the outer levels indented by two spaces, one rack entry per line.
    """
    out: list[str] = []
    _dump(to_dict(record), 0, out)
    out.append("\n")
    return "".join(out)


# --- Reading ---------------------------------------------------------------------------


class _Reader:
    """Reads a decoded document, naming the path of every bad value."""

    def __init__(self, *, ignore_unknown: bool) -> None:
        self.ignore_unknown = ignore_unknown

    @staticmethod
    def fail(path: str, detail: str) -> NotationError:
        return NotationError(detail, path=path)

    def obj(
        self, value: object, path: str, required: frozenset[str], optional: frozenset[str]
    ) -> Mapping[str, object]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {_short(value)}")
        missing = sorted(required - value.keys())
        if missing:
            raise self.fail(path, f"missing field(s) {missing!r}")
        unknown = sorted(value.keys() - required - optional)
        if unknown and not self.ignore_unknown:
            raise self.fail(path, f"unknown field(s) {unknown!r}")
        return value

    def seq(self, value: object, path: str) -> list[object]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {_short(value)}")
        return value

    def text(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a string, got {_short(value)}")
        return value

    def integer(self, value: object, path: str) -> int:
        if type(value) is not int:
            raise self.fail(path, f"expected an integer, got {_short(value)}")
        return value

    def number(self, value: object, path: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(path, f"expected a number, got {_short(value)}")
        return float(value)

    def seat(self, value: object, path: str) -> Seat:
        if value not in ("A", "B"):
            raise self.fail(path, f'expected "A" or "B", got {_short(value)}')
        return Seat[str(value)]

    def enum(self, kind: type[_E], value: object, path: str) -> _E:
        try:
            if not isinstance(value, str):
                raise ValueError(value)
            return kind(value)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise self.fail(
                path, f"{_short(value)} is not a known {_kind_name(kind)} ({allowed})"
            ) from None

    def optional(self, read: Callable[[object, str], _T], value: object, path: str) -> _T | None:
        return None if value is None else read(value, path)

    def build(self, path: str, make: Callable[[], _T]) -> _T:
        """Construct a model value, translating its invariant errors to this path."""
        try:
            return make()
        except Rotation61Error as err:
            if isinstance(err, NotationError):
                raise
            raise self.fail(path, str(err)) from err

    # -- the document --------------------------------------------------------------

    def summary(self, value: object, path: str) -> RulingSummary:
        data = self.obj(value, path, _SUMMARY_KEYS, frozenset())
        legal = data["legal"]
        if legal is not None and not isinstance(legal, bool):
            raise self.fail(f"{path}.legal", f"expected true, false or null, got {legal!r}")
        fouls = tuple(
            self.enum(FoulKind, v, f"{path}.fouls[{i}]")
            for i, v in enumerate(self.seq(data["fouls"], f"{path}.fouls"))
        )
        spotted = tuple(
            self.integer(v, f"{path}.spotted[{i}]")
            for i, v in enumerate(self.seq(data["spotted"], f"{path}.spotted"))
        )
        options = tuple(
            self.enum(Option, v, f"{path}.options[{i}]")
            for i, v in enumerate(self.seq(data["options"], f"{path}.options"))
        )
        result = data["result"]
        points = self.integer(data["points"], f"{path}.points")
        return self.build(
            path,
            lambda: RulingSummary(
                legal=legal,
                fouls=fouls,
                points=points,
                spotted=spotted,
                options=options,
                result=(
                    None if result is None else self.enum(RackResultType, result, f"{path}.result")
                ),
            ),
        )

    def shot(self, value: object, path: str) -> Shot:
        if isinstance(value, dict) and "notes" in value:
            raise self.fail(f"{path}.notes", "a recorded shot has no notes; use an override note")
        data = self.obj(value, path, _NONE, SHOT_FIELDS)
        try:
            return shot_from_dict(data, path=path)
        except InvalidShotError as err:
            where, _, detail = str(err).partition(": ")
            if not where.startswith(path) or not detail:
                where, detail = path, str(err)
            raise NotationError(detail, path=where) from err

    def point(self, value: object, path: str) -> Point:
        pair = self.seq(value, path)
        if len(pair) != 2:
            raise self.fail(path, f"expected [x, y], got {_short(value)}")
        x, y = (self.number(v, f"{path}[{i}]") for i, v in enumerate(pair))
        return self.build(path, lambda: Point(x, y))

    def positions(self, value: object, path: str) -> tuple[BallPosition, ...]:
        out: list[BallPosition] = []
        for i, item in enumerate(self.seq(value, path)):
            where = f"{path}[{i}]"
            triple = self.seq(item, where)
            if len(triple) != 3:
                raise self.fail(where, f"expected [ball, x, y], got {_short(item)}")
            ball = self.integer(triple[0], f"{where}[0]")
            out.append((ball, self.point(triple[1:], where)))
        return tuple(out)

    def override(self, value: object, path: str) -> Override:
        data = self.obj(value, path, frozenset({"shot"}), frozenset({"note", "ruling"}))
        shot = self.shot(data["shot"], f"{path}.shot")
        note = self.text(data.get("note", ""), f"{path}.note")
        ruling = self.optional(self.summary, data.get("ruling"), f"{path}.ruling")
        return self.build(path, lambda: Override(shot=shot, note=note, ruling=ruling))

    def entry(self, value: object, path: str) -> Entry:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an entry object, got {_short(value)}")
        kind = value.get("type")
        if kind == "shot":
            data = self.obj(value, path, _SHOT_ENTRY_REQ, _SHOT_ENTRY_OPT)
            shot = self.shot(data["shot"], f"{path}.shot")
            ruling = self.optional(self.summary, data.get("ruling"), f"{path}.ruling")
            override = self.optional(self.override, data.get("override"), f"{path}.override")
            placement = self.optional(self.point, data.get("placement"), f"{path}.placement")
            positions = self.optional(self.positions, data.get("positions"), f"{path}.positions")
            time_ms, extensions = self.clock(data, path)
            return self.build(
                path,
                lambda: ShotEntry(
                    shot=shot,
                    ruling=ruling,
                    override=override,
                    placement=placement,
                    positions=positions or (),
                    time_ms=time_ms,
                    extensions=extensions,
                ),
            )
        if kind == "decision":
            data = self.obj(value, path, _DECISION_KEYS, frozenset())
            option = self.enum(Option, data["option"], f"{path}.option")
            by = self.seat(data["by"], f"{path}.by")
            return self.build(path, lambda: DecisionEntry(option=option, by=by))
        if kind == "event":
            data = self.obj(value, path, _EVENT_REQ, frozenset({"player", "ruling"}))
            event = self.enum(OfficialEvent, data["event"], f"{path}.event")
            player = self.optional(self.seat, data.get("player"), f"{path}.player")
            ruling = self.optional(self.summary, data.get("ruling"), f"{path}.ruling")
            return self.build(path, lambda: EventEntry(event=event, player=player, ruling=ruling))
        if kind == "time_foul":
            data = self.obj(value, path, _TYPE, _TIME_FOUL_OPT)
            time_ms, extensions = self.clock(data, path)
            ruling = self.optional(self.summary, data.get("ruling"), f"{path}.ruling")
            return self.build(
                path,
                lambda: TimeFoulEntry(time_ms=time_ms, extensions=extensions, ruling=ruling),
            )
        raise self.fail(
            f"{path}.type",
            f'expected "shot", "decision", "event" or "time_foul", got {_short(kind)}',
        )

    def clock(self, data: Mapping[str, object], path: str) -> tuple[int | None, int]:
        """A shot's time in ms (or null) and its extensions (schema 1.1, A50)."""
        time_ms = self.optional(self.integer, data.get("time_ms"), f"{path}.time_ms")
        extensions = self.integer(data.get("extensions", 0), f"{path}.extensions")
        return time_ms, extensions

    def rack(self, value: object, path: str) -> RackRecord:
        data = self.obj(value, path, _RACK_KEYS, frozenset())
        breaker = self.seat(data["breaker"], f"{path}.breaker")
        entries = tuple(
            self.entry(item, f"{path}.entries[{i}]")
            for i, item in enumerate(self.seq(data["entries"], f"{path}.entries"))
        )
        return self.build(path, lambda: RackRecord(breaker=breaker, entries=entries))

    def config(self, value: object, path: str) -> tuple[tuple[str, ConfigValue], ...]:
        data = self.obj(value, path, _NONE, frozenset(value) if isinstance(value, dict) else _NONE)
        out: list[tuple[str, ConfigValue]] = []
        for key, item in data.items():
            if (
                item is None
                or isinstance(item, bool | int | str)
                or (isinstance(item, float) and key == "cue_ball_spot_gap_in")
            ):
                out.append((key, str(item) if isinstance(item, float) else item))
            else:
                raise self.fail(f"{path}.{key}", f"expected a value, got {_short(item)}")
        return tuple(out)

    def record(self, value: object) -> MatchRecord:
        data = self.obj(value, "$", _TOP_REQ, frozenset())
        players = self.obj(data["players"], "players", frozenset({"A", "B"}), frozenset())
        names = (self.text(players["A"], "players.A"), self.text(players["B"], "players.B"))
        rules = self.obj(data["rules"], "rules", frozenset({"preset"}), frozenset({"config"}))
        preset = self.text(rules["preset"], "rules.preset")
        config = self.config(rules.get("config", {}), "rules.config")
        tags_data = data["tags"]
        tags = tuple(
            (key, self.text(item, f"tags.{key}"))
            for key, item in self.obj(
                tags_data,
                "tags",
                _NONE,
                frozenset(tags_data) if isinstance(tags_data, dict) else _NONE,
            ).items()
        )
        racks = tuple(
            self.rack(item, f"racks[{i}]")
            for i, item in enumerate(self.seq(data["racks"], "racks"))
        )
        race_to = self.integer(data["race_to"], "race_to")
        first = self.seat(data["first_breaker"], "first_breaker")
        engine = self.text(data["engine"], "engine")
        # Check the record-level fields one at a time, to name the bad one.
        self.build("players", lambda: MatchHeader(players=names, race_to=1))
        self.build("race_to", lambda: MatchHeader(players=_ANON, race_to=race_to))
        self.build("engine", lambda: MatchHeader(players=_ANON, race_to=1, engine=engine))
        self.build(
            "rules", lambda: MatchHeader(players=_ANON, race_to=1, rules=preset, config=config)
        )
        self.build("tags", lambda: MatchHeader(players=_ANON, race_to=1, tags=tags))
        return self.build(
            "$",
            lambda: MatchRecord(
                header=MatchHeader(
                    players=names,
                    race_to=race_to,
                    first_breaker=first,
                    rules=preset,
                    config=config,
                    tags=tags,
                    engine=engine,
                ),
                racks=racks,
            ),
        )


_ANON: Final = ("A", "B")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind_name(kind: type) -> str:
    names: dict[type, str] = {
        FoulKind: "foul kind",
        OfficialEvent: "official event",
        Option: "option",
        RackResultType: "rack result",
    }
    return names.get(kind, kind.__name__)


_NONE: Final[frozenset[str]] = frozenset()
_SUMMARY_KEYS: Final = frozenset({"legal", "fouls", "points", "spotted", "options", "result"})
_SHOT_ENTRY_REQ: Final = frozenset({"type", "shot"})
_SHOT_ENTRY_OPT: Final = frozenset(
    {"ruling", "override", "placement", "positions", "time_ms", "extensions"}
)
_TYPE: Final = frozenset({"type"})
_TIME_FOUL_OPT: Final = frozenset({"time_ms", "extensions", "ruling"})
_DECISION_KEYS: Final = frozenset({"type", "option", "by"})
_EVENT_REQ: Final = frozenset({"type", "event"})
_RACK_KEYS: Final = frozenset({"breaker", "entries"})
_TOP_REQ: Final = frozenset(
    {
        "format",
        "schema",
        "engine",
        "players",
        "race_to",
        "first_breaker",
        "rules",
        "tags",
        "racks",
    }
)


def _header(data: object) -> bool:
    """Check the format and the schema version; return whether it is a newer minor."""
    if not isinstance(data, dict):
        raise NotationError(f"expected a match record object, got {_short(data)}", path="$")
    fmt = data.get("format")
    if fmt != FORMAT_NAME:
        raise NotationError(
            f"not a match record: format is {_short(fmt)}, expected {FORMAT_NAME!r}",
            path="format",
        )
    version = data.get("schema")
    if not isinstance(version, str) or not _VERSION.fullmatch(version):
        raise SchemaVersionError(
            f"schema version {version!r} is not of the form MAJOR.MINOR",
            version=repr(version),
            path="schema",
        )
    major, minor = (int(part) for part in version.split("."))
    if major != SCHEMA_MAJOR:
        raise SchemaVersionError(
            f"schema version {version!r} is not supported: this reader knows major version "
            f"{SCHEMA_MAJOR} (writes {SCHEMA_VERSION!r})",
            version=version,
            path="schema",
        )
    return minor > int(SCHEMA_VERSION.split(".")[1])


def from_dict(data: Mapping[str, object], *, check: bool = True) -> MatchRecord:
    """Read a record from a decoded JSON object.

    Args:
        data: the decoded object.
        check: also replay the inputs and reject the record if the referee rejects one
            (a shot after the match ended, a decision not offered...); stored rulings
            that differ are not an error here (see :func:`rotation61.records.verify`).

    Returns:
        The record.

    Raises:
        SchemaVersionError: the schema's major version is unknown.
        NotationError: a missing, unknown or bad field, named by its JSON path.
        IllegalEntryError: with ``check``, an input the referee rejects, at its path.
    """
    newer = _header(data)
    record = _Reader(ignore_unknown=newer).record(data)
    if check:
        _check.legal_or_raise(record, _check.json_place)
    return record


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise NotationError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str) -> object:
    raise NotationError(f"{name} is not a JSON number")


def from_json(text: str, *, check: bool = True) -> MatchRecord:
    """Read a record from JSON text.

    Args:
        text: the JSON text.
        check: replay the inputs as :func:`from_dict` does.

    Returns:
        The record.

    Raises:
        NotationError: text that is not JSON (truncated, a syntax error: with its line
            and column), a key twice in an object, or a bad field (with its path).
        SchemaVersionError: the schema's major version is unknown.
        IllegalEntryError: with ``check``, an input the referee rejects.
    """
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise NotationError(f"invalid JSON: {err.msg}", line=err.lineno, column=err.colno) from err
    return from_dict(data, check=check)
