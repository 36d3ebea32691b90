"""The one model of a match being played: a header and the log of its inputs.

Every client creates, extends, undoes and exports matches through a :class:`MatchLog`:
the terminal scorekeeper (which saves :attr:`MatchLog.record` after every input), the
web app, and programs that play. A log is an immutable value: :meth:`MatchLog.append`
returns a new log that shares everything with the old one, so appending costs the same
at the 10,000th input as at the first, and an app keeps old logs for free.

Inputs are applied in order; an override corrects the last shot (both rulings are
kept), and an undo takes back the last input still in effect (an override included).
The record (:attr:`MatchLog.record`) is the inputs in effect with their rulings, built
when asked for.

>>> from rotation61.records import MatchHeader
>>> from rotation61.rules import Option, Shot
>>> log = MatchLog.begin(MatchHeader(players=("An", "Binh"), race_to=2))
>>> log, ruling = log.play(Shot(first_contact=2))
>>> ruling.legal, log.match.rack.to_act.name
(False, 'B')
>>> seen = Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
>>> log, ruling = log.override(seen, note="the 1 was hit first")
>>> ruling.legal, len(log), log.length, log.record.racks[0].entries[0].override.note
(True, 1, 2, 'the 1 was hit first')
>>> undone = log.undo()
>>> undone.record.racks[0].entries[0].override is None, undone.length
(True, 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import assert_never

from rotation61.geometry import Point
from rotation61.match import MatchState
from rotation61.records.discrepancy import DiscrepancyKind
from rotation61.records.errors import IllegalEntryError
from rotation61.records.inputs import (
    AppliedStep,
    DecisionInput,
    EventInput,
    Input,
    OverrideInput,
    ShotInput,
    TimeFoulInput,
    UndoInput,
    applied_step,
    override_step,
)
from rotation61.records.model import (
    BallPosition,
    Entry,
    MatchHeader,
    MatchRecord,
    Override,
    RackRecord,
)
from rotation61.records.replay import replay
from rotation61.rules import (
    IllegalActionError,
    OfficialEvent,
    Option,
    Ruling,
    Seat,
    Shot,
)

__all__ = ["MatchLog", "replay_inputs"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class MatchLog:
    """A match as the log of its inputs: a persistent chain, one link per step in effect.

    Build one with :meth:`begin` (``MatchLog.begin(MatchHeader.of(players=..., race_to=...))``)
    or :meth:`from_record`; move it on with :meth:`append` (or :meth:`play`, :meth:`decide`,
    :meth:`officiate`, :meth:`override`, :meth:`undo`).
    Two logs are equal only when they are the same object.

    Attributes:
        header: the match header.
        start: the match before any input.
        last: the last step in effect, if any.
        parent: the log of the steps in effect before ``last``.
        undo_to: the log an undo returns to (before the last input in effect).
        length: how many inputs the log holds, undos and overrides included (the
            sequence number of its last input).
    """

    header: MatchHeader
    start: MatchState
    last: AppliedStep | None = None
    parent: MatchLog | None = None
    undo_to: MatchLog | None = None
    length: int = 0
    _depth: int = 0
    _record: MatchRecord | None = dataclasses.field(default=None, init=False, repr=False)

    @classmethod
    def begin(cls, header: MatchHeader) -> MatchLog:
        """A match with no input yet."""
        return cls(header=header, start=header.start())

    @classmethod
    def from_record(cls, record: MatchRecord) -> MatchLog:
        """The log of a record's inputs, every one checked through the referee.

        Stored ruling summaries are an audit trail and may differ; a rejected input or
        racks that do not follow the match are refused.

        Raises:
            IllegalEntryError: the referee rejects an input, or the racks do not follow
                the match (named by its place, ``racks[1].entries[4]``).
            MalformedInputError: an override's note is longer than an input's.
        """
        done = replay(record)
        for found in done.discrepancies:
            if found.kind is not DiscrepancyKind.RULING:
                raise IllegalEntryError(f"{found.where}: {found.detail}", path=found.path)
        log = cls(header=record.header, start=done.start)
        for step in done.steps:
            if step.override is not None:
                _override_input(step.override)  # its inputs are inputs: a note within bounds
            log = log._link(step, length=log.length + (2 if step.is_overridden else 1))
        return log

    # --- reading ---------------------------------------------------------------------

    def __len__(self) -> int:
        """The number of steps in effect."""
        return self._depth

    @property
    def match(self) -> MatchState:
        """The match after every step in effect."""
        return self.start if self.last is None else self.last.after

    @property
    def can_undo(self) -> bool:
        """Some input is in effect."""
        return self.undo_to is not None

    def recent(self) -> Iterator[AppliedStep]:
        """The steps in effect, last first (lazily: take what you need)."""
        log: MatchLog | None = self
        while log is not None and log.last is not None:
            yield log.last
            log = log.parent

    def steps(self) -> tuple[AppliedStep, ...]:
        """The steps in effect, in order."""
        return tuple(reversed(tuple(self.recent())))

    def history(self) -> tuple[MatchState, ...]:
        """The match before the first step, then after each step in effect."""
        return (self.start, *(step.after for step in self.steps()))

    def inputs(self) -> tuple[Input, ...]:
        """Inputs that rebuild the steps in effect: each step, then its override."""
        out: list[Input] = []
        for step in self.steps():
            out.append(step.step)
            if step.override is not None:
                out.append(_override_input(step.override))
        return tuple(out)

    @property
    def record(self) -> MatchRecord:
        """The match record of the steps in effect (with rulings and overrides)."""
        if self._record is None:
            object.__setattr__(self, "_record", self._build_record())
        return self._build_record() if self._record is None else self._record

    def _build_record(self) -> MatchRecord:
        racks: list[RackRecord] = []
        entries: list[Entry] = []
        breaker: Seat | None = None
        current = -1
        for step in self.steps():
            if step.rack != current:
                if breaker is not None:
                    racks.append(RackRecord(breaker=breaker, entries=tuple(entries)))
                current, breaker, entries = step.rack, step.before.rack.breaker, []
            entries.append(step.entry())
        if breaker is not None:
            racks.append(RackRecord(breaker=breaker, entries=tuple(entries)))
        return MatchRecord(header=self.header, racks=tuple(racks))

    # --- moving on -------------------------------------------------------------------

    def _link(self, applied: AppliedStep, *, length: int) -> MatchLog:
        return MatchLog(
            header=self.header,
            start=self.start,
            last=applied,
            parent=self,
            undo_to=self,
            length=length,
            _depth=self._depth + 1,
        )

    def append(self, item: Input) -> MatchLog:
        """The log after one more input.

        Raises:
            IllegalActionError: the input is not allowed now (an option not offered, a
                shot while a decision is pending, input after the match is over,
                nothing to undo, an override with no shot to correct).
            InvalidShotError: the shot does not fit the table.
        """
        length = self.length + 1
        match item:
            case UndoInput():
                target = self.undo_to
                if target is None:
                    raise IllegalActionError("nothing to undo: no input to undo is in effect")
                return dataclasses.replace(target, length=length)
            case OverrideInput(shot=corrected, note=note):
                last, parent = self.last, self.parent
                if last is None or parent is None:
                    raise IllegalActionError(
                        "only a shot can be overridden: the last input in effect is not a shot"
                    )
                applied = override_step(last, Override(shot=corrected, note=note))
                return dataclasses.replace(parent._link(applied, length=length), undo_to=self)
            case ShotInput() | DecisionInput() | EventInput() | TimeFoulInput():
                last = self.last
                before = self.match
                same_rack = last is not None and last.rack == len(before.completed)
                index = last.index + 1 if last is not None and same_rack else 0
                return self._link(applied_step(before, item, index=index), length=length)
            case _:
                assert_never(item)

    def extend(self, items: Iterable[Input]) -> MatchLog:
        """The log after several inputs, in order (see :meth:`append`)."""
        log = self
        for item in items:
            log = log.append(item)
        return log

    def play(
        self,
        shot: Shot,
        *,
        placement: Point | None = None,
        positions: Iterable[BallPosition] = (),
        time_ms: int | None = None,
        extensions: int = 0,
    ) -> tuple[MatchLog, Ruling]:
        """Play a shot: the new log and the ruling.

        ``time_ms`` is the shot's time on the shot clock and ``extensions`` the
        extensions the shooter took for it (A50).

        Raises:
            IllegalActionError: the match is over, or a decision is pending.
            InvalidShotError: the shot does not fit the table.
            ShotClockError: an extension the rules do not allow.
        """
        log = self.append(
            ShotInput(
                shot=shot,
                placement=placement,
                positions=tuple(positions),
                time_ms=time_ms,
                extensions=extensions,
            )
        )
        return log, _ruling_of(log)

    def time_foul(
        self, *, time_ms: int | None = None, extensions: int = 0
    ) -> tuple[MatchLog, Ruling]:
        """The shot clock ran out on the player to shoot: the new log and the ruling (A50).

        Raises:
            IllegalActionError: the match is over, or the rack waits for no shot.
            ShotClockError: the match has no shot clock, the break is not timed, or an
                extension the rules do not allow.
        """
        log = self.append(TimeFoulInput(time_ms=time_ms, extensions=extensions))
        return log, _ruling_of(log)

    def decide(self, option: Option, *, by: Seat | None = None) -> MatchLog:
        """The incoming player's decision after a foul (``by``: default, who is waited for).

        Raises:
            IllegalActionError: no decision is pending, the option was not offered, or
                ``by`` is not the chooser.
        """
        return self.append(DecisionInput(option=option, by=by))

    def officiate(
        self, event: OfficialEvent, player: Seat | None = None
    ) -> tuple[MatchLog, Ruling]:
        """A concession, a disqualification or a declared stalemate.

        Raises:
            IllegalActionError: the match is over, or the player is missing (or given
                for a stalemate).
        """
        log = self.append(EventInput(event=event, player=player))
        return log, _ruling_of(log)

    def override(self, shot: Shot, *, note: str = "") -> tuple[MatchLog, Ruling]:
        """The referee's correction of the last shot: the new log and the new ruling.

        Raises:
            IllegalActionError: the last input in effect is not a shot.
            InvalidShotError: the corrected shot does not fit the table.
        """
        log = self.append(OverrideInput(shot=shot, note=note))
        return log, _ruling_of(log)

    def undo(self) -> MatchLog:
        """Take back the last input in effect.

        Raises:
            IllegalActionError: no input is in effect.
        """
        return self.append(UndoInput())


def _override_input(override: Override) -> OverrideInput:
    """The input of a referee's correction.

    Raises:
        MalformedInputError: a note longer than an input's (a record's may be).
    """
    return OverrideInput(shot=override.shot, note=override.note)


def _ruling_of(log: MatchLog) -> Ruling:
    last = log.last
    if last is None or last.ruling is None:  # excluded: shots and events always rule
        raise IllegalActionError("the last input gave no ruling")
    return last.ruling


def replay_inputs(header: MatchHeader, inputs: Iterable[Input]) -> MatchLog:
    """The log of a match's inputs, replayed from the start.

    Raises:
        IllegalActionError: an input the referee rejects.
        InvalidShotError: a shot that does not fit the table.
    """
    return MatchLog.begin(header).extend(inputs)
