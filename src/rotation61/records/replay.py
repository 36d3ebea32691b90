"""Replay and verify: rebuild every state of a record through the referee.

Inputs are authoritative: :func:`replay` plays them through :mod:`rotation61.match`
and gives every state and ruling. The stored ruling summaries and rack breakers are
an audit trail: :func:`verify` lists every place where they differ from the engine,
and every input the engine rejects, without stopping; ``replay(..., strict=True)``
raises :class:`~rotation61.records.errors.ReplayMismatchError` on the first.

>>> from rotation61.records.model import MatchHeader, MatchRecord, RackRecord, ShotEntry
>>> from rotation61.records.model import RulingSummary
>>> from rotation61.rules import Seat, Shot
>>> shot = Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
>>> entry = ShotEntry(shot=shot, ruling=RulingSummary(legal=True, points=6))
>>> record = MatchRecord(
...     header=MatchHeader(players=("An", "Binh"), race_to=1),
...     racks=(RackRecord(breaker=Seat.A, entries=(entry,)),),
... )
>>> [d.describe() for d in verify(record)]
['racks[0].entries[0] (rack 1, entry 1): ruling.points: stored 6, recomputed 5']
"""

from __future__ import annotations

import dataclasses
from typing import Final

from rotation61.match import MatchState
from rotation61.records._format import OPTION_CODES, format_entry, format_shot
from rotation61.records.discrepancy import Discrepancy, DiscrepancyKind
from rotation61.records.errors import IllegalEntryError, ReplayMismatchError
from rotation61.records.inputs import AppliedStep, applied_step, override_step, step_of
from rotation61.records.model import (
    DecisionEntry,
    Entry,
    EventEntry,
    MatchRecord,
    Override,
    RackRecord,
    RulingSummary,
    ShotEntry,
    TimeFoulEntry,
)
from rotation61.rules import Rotation61Error, Ruling

__all__ = [
    "Discrepancy",
    "DiscrepancyKind",
    "Replay",
    "annotate",
    "replay",
    "verify",
]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Replay:
    """A record replayed through the referee.

    Attributes:
        record: the record.
        start: the match before the first input.
        steps: every entry, replayed, in order (a rejected one with its ``error``).
        discrepancies: every difference found (empty after a clean replay).
    """

    record: MatchRecord
    start: MatchState
    steps: tuple[AppliedStep, ...]
    discrepancies: tuple[Discrepancy, ...]

    @property
    def final(self) -> MatchState:
        """The match after the last input."""
        return self.steps[-1].after if self.steps else self.start

    @property
    def states(self) -> tuple[MatchState, ...]:
        """The match before the first input, then after each input."""
        return (self.start, *(step.after for step in self.steps))

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """Every ruling applied, in order (decisions give none)."""
        return tuple(step.ruling for step in self.steps if step.ruling is not None)


def _verdict(summary: RulingSummary) -> str:
    return "event" if summary.legal is None else ("legal" if summary.legal else "foul")


def _summary_fields(summary: RulingSummary) -> dict[str, str]:
    return {
        "legal": _verdict(summary),
        "fouls": ",".join(kind.value for kind in summary.fouls) or "-",
        "points": str(summary.points),
        "spotted": ".".join(str(ball) for ball in summary.spotted) or "-",
        "options": ",".join(OPTION_CODES[o] for o in summary.options) or "-",
        "result": "-" if summary.result is None else summary.result.value,
    }


def _compare(
    stored: RulingSummary | None, ruling: Ruling | None, rack: int, entry: int, prefix: str
) -> list[Discrepancy]:
    if stored is None or ruling is None:
        return []
    mine = _summary_fields(stored)
    theirs = _summary_fields(RulingSummary.from_ruling(ruling))
    return [
        Discrepancy(
            kind=DiscrepancyKind.RULING,
            rack=rack,
            entry=entry,
            field=f"{prefix}.{name}",
            stored=mine[name],
            recomputed=theirs[name],
        )
        for name in mine
        if mine[name] != theirs[name]
    ]


class _Replayer:
    """Walks a record, reporting each difference (or raising the first, if strict)."""

    def __init__(self, record: MatchRecord, *, strict: bool) -> None:
        self.record = record
        self.strict = strict
        self.found: list[Discrepancy] = []
        self.steps: list[AppliedStep] = []
        self.state = record.header.start()
        self.start = self.state

    def report(self, found: Discrepancy, cause: BaseException | None = None) -> None:
        if self.strict:
            raise ReplayMismatchError(found) from cause
        self.found.append(found)

    def structure(self, r: int, field: str, stored: str, recomputed: str) -> None:
        """Report a rack-level difference between the record's shape and the replay."""
        self.report(
            Discrepancy(
                kind=DiscrepancyKind.STRUCTURE,
                rack=r,
                entry=None,
                field=field,
                stored=stored,
                recomputed=recomputed,
            )
        )

    def reject(self, r: int, e: int, entry: Entry, why: str, cause: Exception | None) -> None:
        self.report(
            Discrepancy(
                kind=DiscrepancyKind.REJECTED,
                rack=r,
                entry=e,
                field="input",
                stored=format_entry(entry),
                recomputed=why,
            ),
            cause,
        )
        self.steps.append(
            AppliedStep(
                step=step_of(entry),
                rack=r,
                index=e,
                before=self.state,
                after=self.state,
                override=_correction(entry),
                error=why,
            )
        )

    def run(self) -> Replay:
        racks = self.record.racks
        for r, rack in enumerate(racks):
            if self.state.winner is not None:
                self.structure(
                    r,
                    "rack",
                    f"rack {r + 1} with {len(rack.entries)} entries",
                    f"the match is over (won by {self.state.winner.name})",
                )
                continue
            self.rack(r, rack)
            unfinished = not self.state.is_over and len(self.state.completed) == r
            if unfinished and r < len(racks) - 1:
                self.structure(
                    r,
                    "rack",
                    f"rack {r + 1} ends after {len(rack.entries)} entries",
                    "the rack is not over",
                )
                break
        return Replay(
            record=self.record,
            start=self.start,
            steps=tuple(self.steps),
            discrepancies=tuple(self.found),
        )

    def rack(self, r: int, rack: RackRecord) -> None:
        expected = self.state.rack.breaker
        if rack.breaker is not expected:
            self.structure(r, "breaker", rack.breaker.name, expected.name)
        for e, entry in enumerate(rack.entries):
            state = self.state
            if state.winner is not None or len(state.completed) > r:
                over = "match" if state.winner is not None else "rack"
                self.reject(r, e, entry, f"the {over} is over", None)
                continue
            try:
                self.entry(r, e, entry)
            except ReplayMismatchError:
                raise
            except Rotation61Error as err:
                self.reject(r, e, entry, str(err), err)

    def entry(self, r: int, e: int, entry: Entry) -> None:
        before = self.state
        step = step_of(entry)
        found: list[Discrepancy] = []
        match entry:
            case ShotEntry(override=Override() as override):
                try:
                    done = applied_step(before, step, index=e)
                except Rotation61Error as err:
                    self.report(
                        Discrepancy(
                            kind=DiscrepancyKind.REJECTED,
                            rack=r,
                            entry=e,
                            field="shot",
                            stored=format_shot(entry.shot),
                            recomputed=str(err),
                        ),
                        err,
                    )
                    done = AppliedStep(step=step, rack=r, index=e, before=before, after=before)
                else:
                    found += _compare(entry.ruling, done.ruling, r, e, "ruling")
                done = override_step(done, override)
                found += _compare(override.ruling, done.ruling, r, e, "override.ruling")
            case ShotEntry() | EventEntry() | TimeFoulEntry():
                done = applied_step(before, step, index=e)
                found += _compare(entry.ruling, done.ruling, r, e, "ruling")
            case DecisionEntry():
                done = applied_step(before, step, index=e)
        self.state = done.after
        self.steps.append(done)
        for item in found:
            self.report(item)


def _correction(entry: Entry) -> Override | None:
    """The referee's correction of an entry, without its stored ruling summary."""
    if isinstance(entry, ShotEntry) and entry.override is not None:
        return dataclasses.replace(entry.override, ruling=None)
    return None


def replay(record: MatchRecord, *, strict: bool = False) -> Replay:
    """Replay a record through the referee, rebuilding every state.

    Args:
        record: the record.
        strict: raise on the first difference instead of listing them all.

    Returns:
        The replay: every state, every ruling, every difference found. A rejected
        input is skipped (its state is the one before it) and replay goes on; racks
        that no longer line up with the match (a rack that ends early) stop it.

    Raises:
        ReplayMismatchError: with ``strict``, the first difference found (a stored
            ruling that differs, a rejected input, a wrong breaker).
    """
    return _Replayer(record, strict=strict).run()


def verify(record: MatchRecord) -> list[Discrepancy]:
    """Every difference between a record's stored audit trail and its replay.

    Lenient: it goes on after a difference. Inputs the referee rejects are listed at
    their place too.

    Args:
        record: the record.

    Returns:
        The differences, in record order; empty when the record verifies.
    """
    return list(replay(record).discrepancies)


_AUDITED: Final = (DiscrepancyKind.RULING,)


def annotate(record: MatchRecord) -> MatchRecord:
    """The record with every ruling summary set to the engine's (the audit trail).

    Use it to write the stored rulings of a record whose inputs were typed by hand;
    review the result.

    Args:
        record: the record.

    Returns:
        The record with fresh ruling summaries on every shot, override and event.

    Raises:
        IllegalEntryError: the referee rejects an input, or the racks do not follow
            the match; nothing is annotated then.
    """
    done = replay(record)
    for found in done.discrepancies:
        if found.kind not in _AUDITED:
            raise IllegalEntryError(found.detail, path=found.path)
    by_place = {(step.rack, step.index): step for step in done.steps}
    racks: list[RackRecord] = []
    for r, rack in enumerate(record.racks):
        entries: list[Entry] = []
        for e, entry in enumerate(rack.entries):
            step = by_place[(r, e)]
            entries.append(_annotated(entry, step))
        racks.append(dataclasses.replace(rack, entries=tuple(entries)))
    return dataclasses.replace(record, racks=tuple(racks))


def _annotated(entry: Entry, step: AppliedStep) -> Entry:
    ruling = step.ruling
    if ruling is None or isinstance(entry, DecisionEntry):
        return entry
    summary = RulingSummary.from_ruling(ruling)
    if isinstance(entry, EventEntry | TimeFoulEntry) or entry.override is None:
        return dataclasses.replace(entry, ruling=summary)
    engine = step.engine_ruling
    original = entry.ruling if engine is None else RulingSummary.from_ruling(engine)
    override = dataclasses.replace(entry.override, ruling=summary)
    return dataclasses.replace(entry, ruling=original, override=override)
