"""The match record model: the inputs of a match, its metadata, and an audit trail.

A :class:`MatchRecord` stores what happened at the table: the shots (their observed
facts), the incoming player's decisions, the official events, and the referee's
overrides. Inputs are authoritative; every state is derived by replaying them
(:func:`rotation61.records.replay`). The ruling summary stored with an input is an
audit trail that :func:`rotation61.records.verify` checks against the engine.

Every value is frozen, uses tuples for ordered data, and is checked when built; a
check that fails raises :class:`~rotation61.records.errors.InvalidRecordError` (or the
rules layer's :class:`~rotation61.rules.InvalidShotError` /
:class:`~rotation61.rules.UnknownRuleSetError`).

>>> from rotation61.rules import Seat, Shot
>>> rack = RackRecord(breaker=Seat.A, entries=(ShotEntry(shot=Shot(first_contact=1)),))
>>> header = MatchHeader(players=("An", "Binh"), race_to=2)
>>> record = MatchRecord(header=header, racks=(rack,))
>>> record.ruleset.name, len(record.racks[0].entries)
('standard', 1)
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias

from rotation61._version import __version__
from rotation61.geometry import Point
from rotation61.match import MatchState, start_match
from rotation61.records.errors import InvalidRecordError
from rotation61.rules import (
    DEFAULT_RULESET,
    Ball,
    ConfigValue,
    FoulKind,
    OfficialEvent,
    Option,
    RackResultType,
    RuleSet,
    Ruling,
    Seat,
    Shot,
    UnknownRuleSetError,
    check_object_ball,
    config_of,
    config_value,
    get_ruleset,
)
from rotation61.rules.text_fields import TextFieldError, check_text

__all__ = [
    "ENGINE_VERSION",
    "FORMAT_NAME",
    "RESERVED_TAGS",
    "SCHEMA_VERSION",
    "TAG_ROSTER",
    "BallPosition",
    "ConfigValue",
    "DecisionEntry",
    "Entry",
    "EventEntry",
    "MatchHeader",
    "MatchRecord",
    "Override",
    "RackRecord",
    "RulingSummary",
    "ShotEntry",
    "TimeFoulEntry",
    "config_of",
]

FORMAT_NAME: Final = "rotation61-match"
"""The ``format`` of every match record."""

SCHEMA_VERSION: Final = "1.1"
"""The schema version this code writes; it reads every ``1.x``.

1.1 adds the shot clock (A50): a shot's time and extensions, and the time foul entry.
"""

SHOT_TIME_MAX_MS: Final = 86_400_000
"""The longest shot time a record holds: one day, in milliseconds."""
EXTENSIONS_MAX: Final = 10
"""The most extensions one shot entry records (the rule set's own limit is checked by replay)."""

SCHEMA_MAJOR: Final = 1

ENGINE_VERSION: Final = __version__
"""The engine version stored in a record: the package version."""

TAG_ROSTER: Final[tuple[str, ...]] = ("Event", "Venue", "Date", "Round", "Table", "Referee")
"""The usual free tags, in the order they are written; other tags follow by name."""

RESERVED_TAGS: Final = frozenset(
    {"Schema", "Engine", "PlayerA", "PlayerB", "RaceTo", "FirstBreaker", "Rules", "Config"}
)
"""Tag names of the text notation that hold record fields, not free tags."""

BallPosition: TypeAlias = tuple[Ball, Point]
"""A ball (0 = cue ball) and its centre in inches (schema §1 coordinates)."""

_TEXT_MAX: Final = 100_000
"""A bound on any one free text of a record (the apps set their own, lower, limits)."""
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")


def _text(value: object, what: str, *, empty: bool = False) -> str:
    """Check a free text: a str of printable characters (no line breaks).

    The characters are the person-facing text fields' (:mod:`rotation61.rules.text_fields`),
    so a name an event holds is one a match record holds too.
    """
    try:
        return check_text(value, what, max_length=_TEXT_MAX, required=not empty)
    except TextFieldError as err:
        raise InvalidRecordError(str(err)) from err


def _balls(values: tuple[Ball, ...], what: str) -> None:
    for ball in values:
        check_object_ball(ball, what, error=InvalidRecordError)
    if len(set(values)) != len(values):
        raise InvalidRecordError(f"{what}: a ball is listed twice in {list(values)!r}")


def _point(value: object, what: str) -> Point:
    if not isinstance(value, Point):
        raise InvalidRecordError(f"{what} must be a Point, got {value!r}")
    for coord in (value.x, value.y):
        if (
            isinstance(coord, bool)
            or not isinstance(coord, int | float)
            or not math.isfinite(coord)
        ):
            raise InvalidRecordError(f"{what} {value!r} needs two finite numbers")
    return Point(float(value.x), float(value.y))


def _tuple(obj: object, name: str) -> None:
    """Freeze a sequence field given as a list (the dataclass is frozen, hence setattr)."""
    value = getattr(obj, name)
    if not isinstance(value, tuple):
        object.__setattr__(obj, name, tuple(value))


def checked_placement(value: Point | None) -> Point | None:
    """A cue-ball placement by hand (inches), checked: ``None`` or a finite point.

    Raises:
        InvalidRecordError: not a point of two finite numbers.
    """
    return None if value is None else _point(value, "placement")


def checked_positions(items: Iterable[BallPosition]) -> tuple[BallPosition, ...]:
    """Ball centres at rest, checked and sorted by ball (0 = cue ball), each ball once.

    Raises:
        InvalidRecordError: not a ``(ball, Point)`` pair, not a ball, or a ball twice.
    """
    positions: list[BallPosition] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise InvalidRecordError(f"position {item!r} must be a (ball, Point) pair")
        ball, point = item
        if type(ball) is not int or not 0 <= ball <= 15:
            raise InvalidRecordError(f"position of {ball!r}: not a ball (0..15)")
        positions.append((ball, _point(point, f"position of ball {ball}")))
    positions.sort(key=lambda item: item[0])
    balls = [ball for ball, _ in positions]
    if len(set(balls)) != len(balls):
        raise InvalidRecordError(f"positions list a ball twice: {balls!r}")
    return tuple(positions)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RulingSummary:
    """The audit trail of one ruling: what the referee decided, compactly.

    Attributes:
        legal: True for a legal shot, False for a foul, None for an official event.
        fouls: the foul kinds, in detection order (empty unless ``legal`` is False).
        points: points credited to the shooter.
        spotted: balls returned to the table, in spotting order (the ball in play first).
        options: the options offered to the incoming player, in canonical order.
        result: how the rack ended, if it did.

    >>> from rotation61.rules import Shot, new_rack, judge
    >>> RulingSummary.from_ruling(judge(new_rack(), Shot(first_contact=1, pocketed=(4,))))
    RulingSummary(legal=True, fouls=(), points=4, spotted=(), options=(), result=None)
    """

    legal: bool | None
    fouls: tuple[FoulKind, ...] = ()
    points: int = 0
    spotted: tuple[Ball, ...] = ()
    options: tuple[Option, ...] = ()
    result: RackResultType | None = None

    def __post_init__(self) -> None:
        for name in ("fouls", "spotted", "options"):
            _tuple(self, name)
        if self.legal is not None and type(self.legal) is not bool:
            raise InvalidRecordError(f"ruling legal must be true, false or null: {self.legal!r}")
        if any(not isinstance(kind, FoulKind) for kind in self.fouls):
            raise InvalidRecordError(f"ruling fouls {self.fouls!r} must be foul kinds")
        if any(not isinstance(option, Option) for option in self.options):
            raise InvalidRecordError(f"ruling options {self.options!r} must be options")
        if len(set(self.options)) != len(self.options):
            raise InvalidRecordError(f"ruling options {self.options!r} list an option twice")
        if self.result is not None and not isinstance(self.result, RackResultType):
            raise InvalidRecordError(f"ruling result {self.result!r} is not a rack result")
        if type(self.points) is not int or not 0 <= self.points <= 120:
            raise InvalidRecordError(f"ruling points {self.points!r} outside 0..120")
        _balls(self.spotted, "ruling spotted")
        if (self.legal is False) != bool(self.fouls):
            raise InvalidRecordError(
                f"a ruling with legal={self.legal!r} must list fouls exactly when it is a foul"
            )
        if self.legal is not True and self.points:
            raise InvalidRecordError(f"a ruling with legal={self.legal!r} credits no points")
        if self.legal is None and (self.spotted or self.options):
            raise InvalidRecordError("an official event spots no ball and offers no option")

    @classmethod
    def from_ruling(cls, ruling: Ruling) -> RulingSummary:
        """The summary of an engine ruling.

        Args:
            ruling: a ruling of :func:`rotation61.rules.judge` or
                :func:`rotation61.rules.officiate`.

        Returns:
            Its summary.
        """
        return cls(
            legal=ruling.legal,
            fouls=tuple(foul.kind for foul in ruling.fouls),
            points=ruling.points,
            spotted=ruling.spotted,
            options=ruling.options,
            result=None if ruling.result is None else ruling.result.type,
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Override:
    """The referee replaces the engine's ruling on a shot by re-stating its facts.

    The engine judged the shot as entered (:attr:`ShotEntry.shot`); the referee saw it
    differently (the 1 was hit first, a ball was touched, it was not a double hit...).
    An override keeps both: the corrected facts are judged and applied by replay, the
    original facts stay in the record with the engine's ruling on them.

    Attributes:
        shot: the corrected facts, which replay applies.
        note: the referee's reason, free text.
        ruling: the summary of the ruling on the corrected facts (audit trail).
    """

    shot: Shot
    note: str = ""
    ruling: RulingSummary | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.shot, Shot):
            raise InvalidRecordError(f"override shot must be a Shot, got {self.shot!r}")
        _text(self.note, "override note", empty=True)


def checked_clock(time_ms: object, extensions: object) -> None:
    """A shot's time in milliseconds (``None`` = not measured) and its extensions, checked.

    Raises:
        InvalidRecordError: a time that is not an int in 0..one day, or extensions that
            are not an int in 0..10.
    """
    if time_ms is not None and (type(time_ms) is not int or not 0 <= time_ms <= SHOT_TIME_MAX_MS):
        raise InvalidRecordError(
            f"shot time {time_ms!r} must be null or an integer of milliseconds "
            f"in 0..{SHOT_TIME_MAX_MS}"
        )
    if type(extensions) is not int or not 0 <= extensions <= EXTENSIONS_MAX:
        raise InvalidRecordError(
            f"extensions {extensions!r} must be an integer in 0..{EXTENSIONS_MAX}"
        )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ShotEntry:
    """A shot as entered, with what else is known about it.

    Attributes:
        shot: the observed facts as entered (the scenario schema's ``events``).
        ruling: the summary of the engine's ruling on ``shot`` (audit trail), if stored.
        override: the referee's correction, if any; replay then applies its shot.
        placement: where the cue ball was placed by hand before the shot (inches).
        positions: ball centres at rest before the shot, ascending by ball (0 = cue
            ball), when known from a simulator or a tablet; empty when unknown.
        time_ms: the shot's time on the shot clock, in milliseconds, when measured (A50).
        extensions: shot-clock extensions the shooter took for this shot (A50).
    """

    shot: Shot
    ruling: RulingSummary | None = None
    override: Override | None = None
    placement: Point | None = None
    positions: tuple[BallPosition, ...] = ()
    time_ms: int | None = None
    extensions: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.shot, Shot):
            raise InvalidRecordError(f"shot must be a Shot, got {self.shot!r}")
        object.__setattr__(self, "placement", checked_placement(self.placement))
        object.__setattr__(self, "positions", checked_positions(self.positions))
        checked_clock(self.time_ms, self.extensions)

    @property
    def applied_shot(self) -> Shot:
        """The shot replay applies: the override's corrected facts, if any."""
        return self.shot if self.override is None else self.override.shot


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DecisionEntry:
    """The incoming player's decision after a foul.

    Attributes:
        option: the option chosen.
        by: who chose (the engine checks it is the incoming player).
    """

    option: Option
    by: Seat

    def __post_init__(self) -> None:
        if not isinstance(self.option, Option):
            raise InvalidRecordError(f"decision option {self.option!r} is not an option")
        if not isinstance(self.by, Seat):
            raise InvalidRecordError(f"decision by {self.by!r} is not a seat")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EventEntry:
    """An official event: a concession, a disqualification or a declared stalemate.

    Attributes:
        event: the event.
        player: the player who conceded or was disqualified; ``None`` for a stalemate.
        ruling: the summary of the engine's ruling (audit trail), if stored.
    """

    event: OfficialEvent
    player: Seat | None = None
    ruling: RulingSummary | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.event, OfficialEvent):
            raise InvalidRecordError(f"event {self.event!r} is not an official event")
        stalemate = self.event is OfficialEvent.STALEMATE_DECLARED
        if stalemate != (self.player is None):
            need = "no player" if stalemate else "the player concerned"
            raise InvalidRecordError(f"event {self.event.value!r} takes {need}")
        if self.player is not None and not isinstance(self.player, Seat):
            raise InvalidRecordError(f"event player {self.player!r} is not a seat")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TimeFoulEntry:
    """The shot clock ran out on the player to shoot: a time foul (A50).

    Attributes:
        time_ms: the time the clock had run, in milliseconds, when measured.
        extensions: extensions the player took before his time ran out.
        ruling: the summary of the engine's ruling (audit trail), if stored.
    """

    time_ms: int | None = None
    extensions: int = 0
    ruling: RulingSummary | None = None

    def __post_init__(self) -> None:
        checked_clock(self.time_ms, self.extensions)


Entry: TypeAlias = ShotEntry | DecisionEntry | EventEntry | TimeFoulEntry
"""One input of a rack, in order."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RackRecord:
    """One rack (a replayed rack counts as a rack of its own).

    Attributes:
        breaker: who breaks it (derived by the engine; replay checks it).
        entries: its inputs, in order.
    """

    breaker: Seat
    entries: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.breaker, Seat):
            raise InvalidRecordError(f"rack breaker {self.breaker!r} is not a seat")
        _tuple(self, "entries")
        for entry in self.entries:
            if not isinstance(entry, ShotEntry | DecisionEntry | EventEntry | TimeFoulEntry):
                raise InvalidRecordError(
                    f"rack entry {entry!r} is not a shot, decision, event or time foul"
                )


def _tag_key(item: tuple[str, str]) -> tuple[int, str]:
    name = item[0]
    rank = TAG_ROSTER.index(name) if name in TAG_ROSTER else len(TAG_ROSTER)
    return rank, name


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchHeader:
    """Everything decided about a match before the break: players, race, rules, tags.

    One header serves every client: the record codecs, the scorekeepers, the web app,
    tournaments and browser games create a match from it
    (:meth:`rotation61.records.MatchLog.begin`).

    Attributes:
        players: the players' names, seat A then seat B.
        race_to: racks needed to win the match.
        first_breaker: who breaks the first rack (the lag winner's choice, A14).
        rules: the rule-set preset name.
        config: overridden rule-set keys and their values, sorted by key (enum values
            as their wire names, ``cue_ball_spot_gap_in`` as an exact fraction text).
        tags: free tags (event, venue, date, round, table, referee, ...) as
            ``(name, value)`` pairs, in roster order then by name.
        engine: the version of the engine that wrote the record.

    >>> header = MatchHeader.of(players=("An", "Binh"), race_to=3, rules="bca")
    >>> header.rules, header.ruleset.name, header.start().race_to
    ('bca', 'bca', 3)
    """

    players: tuple[str, str]
    race_to: int
    first_breaker: Seat = Seat.A
    rules: str = "standard"
    config: tuple[tuple[str, ConfigValue], ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    engine: str = ENGINE_VERSION
    _ruleset: RuleSet = dataclasses.field(
        init=False, repr=False, compare=False, default=DEFAULT_RULESET
    )

    def __post_init__(self) -> None:
        for name in ("players", "config", "tags"):
            _tuple(self, name)
        if len(self.players) != 2:
            raise InvalidRecordError(f"a match has two players, got {self.players!r}")
        for seat, name in zip(Seat, self.players, strict=True):
            _text(name, f"player {seat.name}")
        if type(self.race_to) is not int or self.race_to < 1:
            raise InvalidRecordError(f"race_to {self.race_to!r} must be a positive integer")
        if not isinstance(self.first_breaker, Seat):
            raise InvalidRecordError(f"first breaker {self.first_breaker!r} is not a seat")
        _text(self.engine, "engine version")
        self._check_rules()
        self._check_tags()

    @classmethod
    def of(
        cls,
        *,
        players: tuple[str, str],
        race_to: int,
        rules: RuleSet | str = "standard",
        first_breaker: Seat = Seat.A,
        tags: Iterable[tuple[str, str]] = (),
        engine: str = ENGINE_VERSION,
    ) -> MatchHeader:
        """The header of a match played under a rule set (or a preset name).

        Args:
            players: the names, seat A then seat B.
            race_to: racks needed to win.
            rules: a rule set, or a preset name.
            first_breaker: who breaks the first rack.
            tags: free tags, e.g. ``[("Event", "Open"), ("Date", "2025-05-01")]``.
            engine: the engine version to store.

        Returns:
            The header, with the rule set stored as its preset and overrides.

        Raises:
            InvalidRecordError: a bad name, tag or race length.
            UnknownRuleSetError: an unknown preset.
        """
        ruleset = get_ruleset(rules) if isinstance(rules, str) else rules
        preset, config = config_of(ruleset)
        return cls(
            players=players,
            race_to=race_to,
            first_breaker=first_breaker,
            rules=preset,
            config=config,
            tags=tuple(tags),
            engine=engine,
        )

    def _check_rules(self) -> None:
        base = get_ruleset(self.rules) if isinstance(self.rules, str) else None
        if base is None:
            raise UnknownRuleSetError(f"rule-set preset must be a name, got {self.rules!r}")
        stored: dict[str, ConfigValue] = {}
        for item in self.config:
            if not isinstance(item, tuple) or len(item) != 2 or not isinstance(item[0], str):
                raise UnknownRuleSetError(f"config item {item!r} must be a (key, value) pair")
            key, value = item
            if key in stored:
                raise UnknownRuleSetError(f"rule-set key {key!r} is overridden twice")
            stored[key] = config_value(key, value)
        object.__setattr__(self, "config", tuple(sorted(stored.items())))
        object.__setattr__(self, "_ruleset", base.with_overrides(stored))

    def _check_tags(self) -> None:
        seen: set[str] = set()
        for item in self.tags:
            if not isinstance(item, tuple) or len(item) != 2:
                raise InvalidRecordError(f"tag {item!r} must be a (name, value) pair")
            name, value = item
            if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
                raise InvalidRecordError(
                    f"tag name {name!r} must be a letter then letters, digits or '_'"
                )
            if name in RESERVED_TAGS:
                raise InvalidRecordError(f"tag name {name!r} is reserved for a record field")
            if name in seen:
                raise InvalidRecordError(f"tag {name!r} is given twice")
            seen.add(name)
            _text(value, f"tag {name}", empty=True)
        object.__setattr__(self, "tags", tuple(sorted(self.tags, key=_tag_key)))

    @property
    def ruleset(self) -> RuleSet:
        """The rule set of every rack: the preset with the overrides applied."""
        return self._ruleset

    def tag(self, name: str) -> str | None:
        """The value of a free tag, or ``None``.

        Args:
            name: the tag name, e.g. ``"Event"``.

        Returns:
            Its value, if the header has it.
        """
        for key, value in self.tags:
            if key == name:
                return value
        return None

    def start(self) -> MatchState:
        """The match before the break."""
        return start_match(self.ruleset, race_to=self.race_to, first_breaker=self.first_breaker)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MatchRecord:
    """A whole match as played: its header and every rack's inputs.

    Attributes:
        header: players, race, rules, tags and engine version.
        racks: the racks, in order, replays included.

    The header's fields read through the record too (``record.players``...). The
    format name (:data:`FORMAT_NAME`) and schema version (:data:`SCHEMA_VERSION`) are
    those of this module; the codecs write and check them.
    """

    header: MatchHeader
    racks: tuple[RackRecord, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.header, MatchHeader):
            raise InvalidRecordError(f"header {self.header!r} is not a MatchHeader")
        _tuple(self, "racks")
        for rack in self.racks:
            if not isinstance(rack, RackRecord):
                raise InvalidRecordError(f"rack {rack!r} is not a RackRecord")

    @property
    def players(self) -> tuple[str, str]:
        """The players' names, seat A then seat B."""
        return self.header.players

    @property
    def race_to(self) -> int:
        """Racks needed to win the match."""
        return self.header.race_to

    @property
    def first_breaker(self) -> Seat:
        """Who breaks the first rack."""
        return self.header.first_breaker

    @property
    def rules(self) -> str:
        """The rule-set preset name."""
        return self.header.rules

    @property
    def config(self) -> tuple[tuple[str, ConfigValue], ...]:
        """The overridden rule-set keys, sorted by key."""
        return self.header.config

    @property
    def tags(self) -> tuple[tuple[str, str], ...]:
        """The free tags, in roster order then by name."""
        return self.header.tags

    @property
    def engine(self) -> str:
        """The version of the engine that wrote the record."""
        return self.header.engine

    @property
    def ruleset(self) -> RuleSet:
        """The rule set of every rack: the preset with the overrides applied."""
        return self.header.ruleset

    def tag(self, name: str) -> str | None:
        """The value of a free tag, or ``None``.

        Args:
            name: the tag name, e.g. ``"Event"``.

        Returns:
            Its value, if the record has it.
        """
        return self.header.tag(name)

    def entries(self) -> Iterator[tuple[int, int, Entry]]:
        """Every entry with its rack index and entry index, in order.

        Yields:
            ``(rack_index, entry_index, entry)``, both indexes from 0.
        """
        for r, rack in enumerate(self.racks):
            for e, entry in enumerate(rack.entries):
                yield r, e, entry
