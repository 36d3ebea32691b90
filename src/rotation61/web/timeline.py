"""The stored inputs of a match and the match they give: the timeline.

A match in the web app is an append-only log of inputs (shots, decisions, official
events, referee overrides and undos). The state is never stored: it is the replay of
the log through the referee. An undo takes back the last input that is still in effect
(an override included); an override replaces the ruling of the last shot by the
referee's own, and both rulings are kept.

Pure: no I/O, no clock. The only functions that change a match are :func:`advance`
and :func:`replay`; they raise the engine's errors for input the referee rejects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import TypeAlias, assert_never

from rotation61.match import MatchState, decide, officiate, play
from rotation61.records import shot_from_dict, shot_to_dict
from rotation61.rules import (
    IllegalActionError,
    OfficialEvent,
    Option,
    Rotation61Error,
    Ruling,
    Seat,
    Shot,
)

__all__ = [
    "DecisionInput",
    "Entry",
    "EventInput",
    "Input",
    "InputKind",
    "MalformedInputError",
    "OverrideInput",
    "ShotInput",
    "Step",
    "Timeline",
    "UndoInput",
    "advance",
    "input_from_dict",
    "input_to_dict",
    "replay",
    "start_timeline",
]


class MalformedInputError(Rotation61Error, ValueError):
    """An input whose JSON shape is wrong (unknown kind, missing or mistyped field)."""


class InputKind(StrEnum):
    """The kind of a stored input; the value is the wire format."""

    SHOT = "shot"
    DECISION = "decision"
    EVENT = "event"
    OVERRIDE = "override"
    UNDO = "undo"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ShotInput:
    """A shot as the scorer entered it."""

    shot: Shot


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DecisionInput:
    """The incoming player's decision after a foul."""

    option: Option


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EventInput:
    """An official event: a concession, a disqualification or a declared stalemate."""

    event: OfficialEvent
    player: Seat | None = None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OverrideInput:
    """The referee's correction of the last shot: the facts as the referee saw them.

    Attributes:
        shot: the corrected facts, which the engine judges instead of those entered.
        note: the referee's reason (free text, one line).
    """

    shot: Shot
    note: str = ""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UndoInput:
    """Take back the last input still in effect."""


Step: TypeAlias = ShotInput | DecisionInput | EventInput
"""An input that moves the match on."""

Input: TypeAlias = ShotInput | DecisionInput | EventInput | OverrideInput | UndoInput
"""Any stored input."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """One step in effect, with the match before and after it.

    Attributes:
        step: the input.
        before: the match before it.
        after: the match after it.
        ruling: the ruling in effect (on the corrected facts, when overridden); ``None``
            for a decision.
        engine_ruling: the engine's ruling on the facts as entered, when overridden.
        override: the referee's correction, if any.
    """

    step: Step
    before: MatchState
    after: MatchState
    ruling: Ruling | None
    engine_ruling: Ruling | None = None
    override: OverrideInput | None = None

    @property
    def is_overridden(self) -> bool:
        """The referee replaced the engine's ruling."""
        return self.engine_ruling is not None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Timeline:
    """A match as the replay of its log.

    Attributes:
        start: the match before any input.
        entries: the steps in effect, in order.
        log_length: how many inputs of the log (undos and overrides included) it replays.
        previous: the timeline before the last input in effect (what an undo returns to).
    """

    start: MatchState
    entries: tuple[Entry, ...] = ()
    log_length: int = 0
    previous: Timeline | None = None

    @property
    def match(self) -> MatchState:
        """The match after every input in effect."""
        return self.entries[-1].after if self.entries else self.start

    @property
    def last(self) -> Entry | None:
        """The last step in effect, if any."""
        return self.entries[-1] if self.entries else None

    @property
    def can_undo(self) -> bool:
        """Some input is in effect."""
        return self.previous is not None


def start_timeline(start: MatchState) -> Timeline:
    """A timeline with no input yet."""
    return Timeline(start=start)


def _play(match: MatchState, step: Step) -> tuple[MatchState, Ruling | None]:
    match step:
        case ShotInput(shot=shot):
            return play(match, shot)
        case DecisionInput(option=option):
            return decide(match, option, by=match.rack.to_act), None
        case EventInput(event=event, player=player):
            return officiate(match, event, player)
        case _:
            assert_never(step)


def advance(timeline: Timeline, item: Input) -> Timeline:
    """The timeline after one more input.

    Raises:
        IllegalActionError: the input is not allowed now (an option not offered, a shot
            while a decision is pending, input after the match is over, nothing to undo,
            an override with no shot to override).
        InvalidShotError: the shot does not fit the table.
    """
    length = timeline.log_length + 1
    match item:
        case UndoInput():
            previous = timeline.previous
            if previous is None:
                raise IllegalActionError("nothing to undo: no input is in effect")
            return dataclasses.replace(previous, log_length=length)
        case OverrideInput(shot=corrected):
            last = timeline.last
            if last is None or not isinstance(last.step, ShotInput):
                raise IllegalActionError(
                    "an override corrects the last shot, but the last input in effect is not a shot"
                )
            corrected_after, corrected_ruling = play(last.before, corrected)
            entry = Entry(
                step=last.step,
                before=last.before,
                after=corrected_after,
                ruling=corrected_ruling,
                engine_ruling=last.engine_ruling or last.ruling,
                override=item,
            )
            return Timeline(
                start=timeline.start,
                entries=(*timeline.entries[:-1], entry),
                log_length=length,
                previous=timeline,
            )
        case ShotInput() | DecisionInput() | EventInput():
            before = timeline.match
            after, ruling = _play(before, item)
            entry = Entry(step=item, before=before, after=after, ruling=ruling)
            return Timeline(
                start=timeline.start,
                entries=(*timeline.entries, entry),
                log_length=length,
                previous=timeline,
            )
        case _:
            assert_never(item)


def replay(start: MatchState, log: Iterable[Input]) -> Timeline:
    """The timeline of a whole log, replayed from the start.

    Raises:
        IllegalActionError: an input the referee rejects.
        InvalidShotError: a shot that does not fit the table.
    """
    timeline = start_timeline(start)
    for item in log:
        timeline = advance(timeline, item)
    return timeline


# --- JSON ---------------------------------------------------------------------------------


def _seat(value: object, field: str) -> Seat | None:
    if value is None:
        return None
    if value in ("A", "B"):
        return Seat[str(value)]
    raise MalformedInputError(f"{field}: expected 'A', 'B' or null, got {value!r}")


def _str_enum(kind: type[StrEnum], value: object, field: str) -> str:
    allowed = ", ".join(m.value for m in kind)
    if not isinstance(value, str) or value not in {m.value for m in kind}:
        raise MalformedInputError(f"{field}: {value!r} is not one of {allowed}")
    return value


def _shot_field(data: Mapping[str, object]) -> Shot:
    shot = data.get("shot")
    if not isinstance(shot, Mapping):
        raise MalformedInputError(f"shot: expected an object, got {shot!r}")
    return shot_from_dict(shot)


def input_from_dict(data: Mapping[str, object]) -> Input:
    """Read an input from its JSON object (``{"kind": "shot", "shot": {...}}`` ...).

    Raises:
        MalformedInputError: an unknown kind, or a missing or mistyped field.
        InvalidShotError: a shot's events are malformed.
    """
    if not isinstance(data, Mapping):
        raise MalformedInputError(f"input: expected an object, got {data!r}")
    kind = InputKind(_str_enum(InputKind, data.get("kind"), "kind"))
    fields = set(data) - {"kind"}
    expected: dict[InputKind, set[str]] = {
        InputKind.SHOT: {"shot"},
        InputKind.DECISION: {"option"},
        InputKind.EVENT: {"event", "player"},
        InputKind.OVERRIDE: {"shot", "note"},
        InputKind.UNDO: set(),
    }
    unknown = fields - expected[kind]
    if unknown:
        raise MalformedInputError(f"{kind.value} input: unknown field(s) {sorted(unknown)!r}")
    match kind:
        case InputKind.SHOT:
            return ShotInput(shot=_shot_field(data))
        case InputKind.DECISION:
            return DecisionInput(option=Option(_str_enum(Option, data.get("option"), "option")))
        case InputKind.EVENT:
            event = OfficialEvent(_str_enum(OfficialEvent, data.get("event"), "event"))
            return EventInput(event=event, player=_seat(data.get("player"), "player"))
        case InputKind.OVERRIDE:
            note = data.get("note", "")
            if not isinstance(note, str) or not note.isprintable() or len(note) > 500:
                raise MalformedInputError(f"note: expected one line of text, got {note!r}")
            return OverrideInput(shot=_shot_field(data), note=note)
        case InputKind.UNDO:
            return UndoInput()
        case _:
            assert_never(kind)


def input_to_dict(item: Input) -> dict[str, object]:
    """Write an input as its JSON object (canonical)."""
    match item:
        case ShotInput(shot=shot):
            return {"kind": InputKind.SHOT.value, "shot": shot_to_dict(shot)}
        case DecisionInput(option=option):
            return {"kind": InputKind.DECISION.value, "option": option.value}
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
        case _:
            assert_never(item)
