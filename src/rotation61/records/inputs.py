"""The inputs of a match, as every client enters them, and how one moves a match on.

An input is what a scorer, a referee, a player or a program says at the table: a shot
(its observed facts), the incoming player's decision, an official event, the referee's
override of the last shot, or an undo. :func:`apply_step` is the one place where an
input moves a :class:`~rotation61.match.MatchState` on, and :func:`override_step` the
one place where the referee's correction replaces a shot's ruling; an
:class:`AppliedStep` is an input with the match before and after it. The log
(:class:`rotation61.records.MatchLog`) and replay (:func:`rotation61.records.replay`)
both go through them.

Each input has a canonical JSON object (:func:`input_to_dict` / :func:`input_from_dict`),
the wire format of the web app's stored log and of its HTTP API.

>>> from rotation61.rules import Shot
>>> item = input_from_dict({"kind": "shot", "shot": {"first_contact": 1, "pocketed": [4]}})
>>> item.shot.pocketed, input_to_dict(item)["kind"]
((4,), 'shot')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Final, TypeAlias, assert_never

from rotation61.geometry import Point
from rotation61.match import MatchState, decide, extend, officiate, play, time_foul
from rotation61.records.errors import MalformedInputError
from rotation61.records.model import (
    BallPosition,
    DecisionEntry,
    Entry,
    EventEntry,
    Override,
    RulingSummary,
    ShotEntry,
    TimeFoulEntry,
    checked_clock,
    checked_placement,
    checked_positions,
)
from rotation61.records.shot_codec import shot_from_dict, shot_to_dict
from rotation61.rules import IllegalActionError, OfficialEvent, Option, Ruling, Seat, Shot
from rotation61.rules.text_fields import text_problem

__all__ = [
    "NOTE_MAX_LENGTH",
    "AppliedStep",
    "DecisionInput",
    "EventInput",
    "Input",
    "InputKind",
    "OverrideInput",
    "ShotInput",
    "Step",
    "TimeFoulInput",
    "UndoInput",
    "applied_step",
    "apply_step",
    "input_from_dict",
    "input_to_dict",
    "override_step",
    "step_of",
]

NOTE_MAX_LENGTH: Final = 500
"""The longest referee's note an override carries (characters)."""


class InputKind(StrEnum):
    """The kind of an input; the value is the wire format."""

    SHOT = "shot"
    DECISION = "decision"
    EVENT = "event"
    OVERRIDE = "override"
    UNDO = "undo"
    TIME_FOUL = "time_foul"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ShotInput:
    """A shot as entered.

    Attributes:
        shot: the observed facts.
        placement: where the cue ball was placed by hand before the shot (inches).
        positions: ball centres at rest before the shot, ascending by ball, when known.
        time_ms: the shot's time on the shot clock in milliseconds, when measured (A50).
        extensions: shot-clock extensions the shooter took before the stroke (A50).
    """

    shot: Shot
    placement: Point | None = None
    positions: tuple[BallPosition, ...] = ()
    time_ms: int | None = None
    extensions: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.shot, Shot):
            raise MalformedInputError(f"shot must be a Shot, got {self.shot!r}")
        object.__setattr__(self, "placement", checked_placement(self.placement))
        object.__setattr__(self, "positions", checked_positions(self.positions))
        checked_clock(self.time_ms, self.extensions)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TimeFoulInput:
    """The shot clock ran out on the player to shoot (A50).

    Attributes:
        time_ms: the time the clock had run in milliseconds, when measured.
        extensions: shot-clock extensions the player took before his time ran out.
    """

    time_ms: int | None = None
    extensions: int = 0

    def __post_init__(self) -> None:
        checked_clock(self.time_ms, self.extensions)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DecisionInput:
    """The incoming player's decision after a foul.

    Attributes:
        option: the option chosen.
        by: who chooses; ``None`` for the player the referee waits for.
    """

    option: Option
    by: Seat | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.option, Option):
            raise MalformedInputError(f"decision option {self.option!r} is not an option")
        if self.by is not None and not isinstance(self.by, Seat):
            raise MalformedInputError(f"decision by {self.by!r} is not a seat")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EventInput:
    """An official event: a concession, a disqualification or a declared stalemate.

    Attributes:
        event: the event.
        player: the player concerned; ``None`` for a stalemate.
    """

    event: OfficialEvent
    player: Seat | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.event, OfficialEvent):
            raise MalformedInputError(f"event {self.event!r} is not an official event")
        if self.player is not None and not isinstance(self.player, Seat):
            raise MalformedInputError(f"event player {self.player!r} is not a seat")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OverrideInput:
    """The referee's correction of the last shot: the facts as the referee saw them.

    Attributes:
        shot: the corrected facts, which the referee judges instead of those entered.
        note: the referee's reason (one line of text).
    """

    shot: Shot
    note: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.shot, Shot):
            raise MalformedInputError(f"override shot must be a Shot, got {self.shot!r}")
        note = self.note
        if (
            not isinstance(note, str)
            or text_problem(note) is not None
            or len(note) > NOTE_MAX_LENGTH
        ):
            raise MalformedInputError(
                f"note: expected one line of at most {NOTE_MAX_LENGTH} characters, got {note!r}"
            )


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UndoInput:
    """Take back the last input still in effect (an override included)."""


Step: TypeAlias = ShotInput | DecisionInput | EventInput | TimeFoulInput
"""An input that moves the match on."""

Input: TypeAlias = (
    ShotInput | DecisionInput | EventInput | TimeFoulInput | OverrideInput | UndoInput
)
"""Any input."""


def _extended(match: MatchState, extensions: int) -> MatchState:
    """The match after the player to shoot took ``extensions`` extensions (A50)."""
    for _ in range(extensions):
        match = extend(match, match.rack.to_act)
    return match


def apply_step(match: MatchState, step: Step) -> tuple[MatchState, Ruling | None]:
    """The match after one step, and the ruling (``None`` for a decision).

    Raises:
        IllegalActionError: the step is not allowed now (the match is over, a decision
            is pending, an option not offered, a chooser who is not the incoming player).
        InvalidShotError: the shot does not fit the table.

    >>> from rotation61.match import start_match
    >>> after, ruling = apply_step(start_match(race_to=1), ShotInput(shot=Shot(first_contact=1)))
    >>> ruling.legal
    False
    """
    match step:
        case ShotInput(shot=shot, extensions=extensions):
            return play(_extended(match, extensions), shot)
        case DecisionInput(option=option, by=by):
            return decide(match, option, by=match.rack.to_act if by is None else by), None
        case EventInput(event=event, player=player):
            return officiate(match, event, player)
        case TimeFoulInput(extensions=extensions):
            return time_foul(_extended(match, extensions))
        case _:
            assert_never(step)


def step_of(entry: Entry) -> Step:
    """The input of a record entry, as entered (an override is an input of its own)."""
    match entry:
        case ShotEntry(shot=shot, placement=placement, positions=positions):
            return ShotInput(
                shot=shot,
                placement=placement,
                positions=positions,
                time_ms=entry.time_ms,
                extensions=entry.extensions,
            )
        case DecisionEntry(option=option, by=by):
            return DecisionInput(option=option, by=by)
        case EventEntry(event=event, player=player):
            return EventInput(event=event, player=player)
        case TimeFoulEntry(time_ms=time_ms, extensions=extensions):
            return TimeFoulInput(time_ms=time_ms, extensions=extensions)
        case _:
            assert_never(entry)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AppliedStep:
    """One input applied to a match, with the match before and after it.

    The steps in effect of a :class:`~rotation61.records.MatchLog` and the entries of a
    replayed record (:attr:`rotation61.records.Replay.steps`) are both applied steps.

    Attributes:
        step: the input, as entered.
        rack: the index (from 0) of the rack it belongs to.
        index: its index (from 0) among the entries of its rack.
        before: the match before it.
        after: the match after it (``before`` when the referee rejected it).
        ruling: the ruling in effect (on the corrected facts, when overridden); ``None``
            for a decision or a rejected input.
        engine_ruling: when overridden, the engine's ruling on the facts as entered
            (``None`` if the referee rejects those facts).
        override: the referee's correction (its facts and note), if any; its ``ruling``
            summary is left out (the rulings are the step's).
        error: why the referee rejected the input, if it did (replay goes on without it).
    """

    step: Step
    rack: int
    index: int
    before: MatchState
    after: MatchState
    ruling: Ruling | None = None
    engine_ruling: Ruling | None = None
    override: Override | None = None
    error: str | None = None

    @property
    def is_overridden(self) -> bool:
        """The referee replaced the engine's ruling."""
        return self.override is not None

    def entry(self) -> Entry:
        """The record entry of this step, with its ruling summaries (audit trail)."""
        step = self.step
        ruling = None if self.ruling is None else RulingSummary.from_ruling(self.ruling)
        match step:
            case ShotInput(shot=shot, placement=placement, positions=positions):
                if self.override is None:
                    return ShotEntry(
                        shot=shot,
                        ruling=ruling,
                        placement=placement,
                        positions=positions,
                        time_ms=step.time_ms,
                        extensions=step.extensions,
                    )
                engine = self.engine_ruling
                return ShotEntry(
                    shot=shot,
                    ruling=None if engine is None else RulingSummary.from_ruling(engine),
                    override=dataclasses.replace(self.override, ruling=ruling),
                    placement=placement,
                    positions=positions,
                    time_ms=step.time_ms,
                    extensions=step.extensions,
                )
            case DecisionInput(option=option, by=by):
                chooser = self.before.rack.to_act if by is None else by
                return DecisionEntry(option=option, by=chooser)
            case EventInput(event=event, player=player):
                return EventEntry(event=event, player=player, ruling=ruling)
            case TimeFoulInput(time_ms=time_ms, extensions=extensions):
                return TimeFoulEntry(time_ms=time_ms, extensions=extensions, ruling=ruling)
            case _:
                assert_never(step)


def applied_step(match: MatchState, step: Step, *, index: int) -> AppliedStep:
    """The step applied to the match (see :func:`apply_step`).

    Args:
        match: the match before it.
        step: the input.
        index: its index (from 0) among the entries of its rack.

    Raises:
        IllegalActionError: the step is not allowed now.
        InvalidShotError: the shot does not fit the table.
    """
    after, ruling = apply_step(match, step)
    rack = len(match.completed)
    return AppliedStep(step=step, rack=rack, index=index, before=match, after=after, ruling=ruling)


def override_step(applied: AppliedStep, override: Override) -> AppliedStep:
    """The referee's correction of a shot: its facts judged instead of those entered.

    The corrected facts are played from the match before the shot; the engine's ruling
    on the facts as entered is kept (:attr:`AppliedStep.engine_ruling`), also when an
    overridden shot is overridden again.

    Args:
        applied: the shot, as applied (or as rejected).
        override: the referee's correction.

    Raises:
        IllegalActionError: the step is not a shot.
        InvalidShotError: the corrected shot does not fit the table.

    >>> from rotation61.match import start_match
    >>> shot = applied_step(start_match(race_to=1), ShotInput(shot=Shot(first_contact=2)), index=0)
    >>> seen = Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
    >>> done = override_step(shot, Override(shot=seen, note="the 1 was hit first"))
    >>> done.engine_ruling.legal, done.ruling.legal, done.ruling.points
    (False, True, 5)
    """
    if not isinstance(applied.step, ShotInput):
        raise IllegalActionError(
            "only a shot can be overridden: the last input in effect is not a shot"
        )
    after, ruling = apply_step(
        applied.before, ShotInput(shot=override.shot, extensions=applied.step.extensions)
    )
    return dataclasses.replace(
        applied,
        after=after,
        ruling=ruling,
        engine_ruling=applied.ruling if applied.override is None else applied.engine_ruling,
        override=dataclasses.replace(override, ruling=None),
        error=None,
    )


# --- JSON ---------------------------------------------------------------------------------

_FIELDS: Final[Mapping[InputKind, frozenset[str]]] = {
    InputKind.SHOT: frozenset({"shot", "placement", "positions", "time_ms", "extensions"}),
    InputKind.DECISION: frozenset({"option", "by"}),
    InputKind.EVENT: frozenset({"event", "player"}),
    InputKind.OVERRIDE: frozenset({"shot", "note"}),
    InputKind.UNDO: frozenset(),
    InputKind.TIME_FOUL: frozenset({"time_ms", "extensions"}),
}


def _seat(value: object, field: str) -> Seat | None:
    if value is None:
        return None
    if value in ("A", "B"):
        return Seat[str(value)]
    raise MalformedInputError(f"{field}: expected 'A', 'B' or null, got {value!r}")


def _wire(kind: type[StrEnum], value: object, field: str) -> str:
    allowed = {member.value for member in kind}
    if not isinstance(value, str) or value not in allowed:
        raise MalformedInputError(f"{field}: {value!r} is not one of {', '.join(sorted(allowed))}")
    return value


def _shot(data: Mapping[str, object]) -> Shot:
    shot = data.get("shot")
    if not isinstance(shot, Mapping):
        raise MalformedInputError(f"shot: expected an object, got {shot!r}")
    return shot_from_dict(shot)


def _coordinate(value: object, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedInputError(f"{field}: expected a number, got {value!r}")
    return float(value)


def _point(value: object, field: str) -> Point:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise MalformedInputError(f"{field}: expected [x, y] in inches, got {value!r}")
    return Point(_coordinate(value[0], f"{field}[0]"), _coordinate(value[1], f"{field}[1]"))


def _positions(value: object) -> Iterable[BallPosition]:
    if not isinstance(value, Mapping):
        raise MalformedInputError(f"positions: expected an object of ball: [x, y], got {value!r}")
    out: list[BallPosition] = []
    for key, point in value.items():
        if not isinstance(key, str) or not key.isdigit():
            raise MalformedInputError(f"positions: {key!r} is not a ball number (0..15)")
        out.append((int(key), _point(point, f"positions[{key}]")))
    return out


def _clock(data: Mapping[str, object]) -> tuple[int | None, int]:
    """A shot's time (ms, or null) and extensions from an input object (A50)."""
    time_ms = data.get("time_ms")
    extensions = data.get("extensions", 0)
    if time_ms is not None and type(time_ms) is not int:
        raise MalformedInputError(f"time_ms: expected an integer or null, got {time_ms!r}")
    if type(extensions) is not int:
        raise MalformedInputError(f"extensions: expected an integer, got {extensions!r}")
    return time_ms, extensions


def _shot_input(data: Mapping[str, object]) -> ShotInput:
    placement = data.get("placement")
    time_ms, extensions = _clock(data)
    return ShotInput(
        shot=_shot(data),
        placement=None if placement is None else _point(placement, "placement"),
        positions=tuple(_positions(data["positions"])) if "positions" in data else (),
        time_ms=time_ms,
        extensions=extensions,
    )


def _override(data: Mapping[str, object]) -> OverrideInput:
    note = data.get("note", "")
    if not isinstance(note, str):
        raise MalformedInputError(f"note: expected one line of text, got {note!r}")
    return OverrideInput(shot=_shot(data), note=note)


def input_from_dict(data: Mapping[str, object]) -> Input:
    """Read an input from its JSON object (``{"kind": "shot", "shot": {...}}`` ...).

    Raises:
        MalformedInputError: an unknown kind, or a missing, unknown or mistyped field.
        InvalidShotError: a shot's facts are malformed.
        InvalidRecordError: a placement or position that is not a point on a ball.
    """
    if not isinstance(data, Mapping):
        raise MalformedInputError(f"input: expected an object, got {data!r}")
    kind = InputKind(_wire(InputKind, data.get("kind"), "kind"))
    unknown = set(data) - {"kind"} - _FIELDS[kind]
    if unknown:
        raise MalformedInputError(f"{kind.value} input: unknown field(s) {sorted(unknown)!r}")
    match kind:
        case InputKind.SHOT:
            return _shot_input(data)
        case InputKind.DECISION:
            option = Option(_wire(Option, data.get("option"), "option"))
            return DecisionInput(option=option, by=_seat(data.get("by"), "by"))
        case InputKind.EVENT:
            event = OfficialEvent(_wire(OfficialEvent, data.get("event"), "event"))
            return EventInput(event=event, player=_seat(data.get("player"), "player"))
        case InputKind.OVERRIDE:
            return _override(data)
        case InputKind.UNDO:
            return UndoInput()
        case InputKind.TIME_FOUL:
            time_ms, extensions = _clock(data)
            return TimeFoulInput(time_ms=time_ms, extensions=extensions)
        case _:
            assert_never(kind)


def input_to_dict(item: Input) -> dict[str, object]:
    """Write an input as its canonical JSON object (optional fields only when set)."""
    match item:
        case ShotInput(shot=shot, placement=placement, positions=positions):
            out: dict[str, object] = {"kind": InputKind.SHOT.value, "shot": shot_to_dict(shot)}
            if placement is not None:
                out["placement"] = [placement.x, placement.y]
            if positions:
                out["positions"] = {str(ball): [p.x, p.y] for ball, p in positions}
            _clock_fields(out, item.time_ms, item.extensions)
            return out
        case DecisionInput(option=option, by=by):
            out = {"kind": InputKind.DECISION.value, "option": option.value}
            if by is not None:
                out["by"] = by.name
            return out
        case EventInput(event=event, player=player):
            return {
                "kind": InputKind.EVENT.value,
                "event": event.value,
                "player": None if player is None else player.name,
            }
        case OverrideInput(shot=shot, note=note):
            return {"kind": InputKind.OVERRIDE.value, "shot": shot_to_dict(shot), "note": note}
        case UndoInput():
            return {"kind": InputKind.UNDO.value}
        case TimeFoulInput(time_ms=time_ms, extensions=extensions):
            out = {"kind": InputKind.TIME_FOUL.value}
            _clock_fields(out, time_ms, extensions)
            return out
        case _:
            assert_never(item)


def _clock_fields(out: dict[str, object], time_ms: int | None, extensions: int) -> None:
    """Add a shot's time and extensions to an input object, only when set (A50)."""
    if time_ms is not None:
        out["time_ms"] = time_ms
    if extensions:
        out["extensions"] = extensions
