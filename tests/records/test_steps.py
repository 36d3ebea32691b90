"""One step type and one override path: a log's steps and a replay's are the same values."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings

from rotation61.match import start_match
from rotation61.records import (
    AppliedStep,
    DecisionInput,
    DiscrepancyKind,
    MatchLog,
    MatchRecord,
    Override,
    ShotEntry,
    ShotInput,
    parse_match,
    replay,
    replay_inputs,
    verify,
)
from rotation61.records.inputs import applied_step, override_step
from rotation61.rules import IllegalActionError, Option, Shot
from tests.records.factories import records

GOLDEN = Path(__file__).parent / "golden" / "override-restore-stalemate.r61"


def _same(a: AppliedStep, b: AppliedStep) -> None:
    """Two steps of the same input: equal but for a decision's chooser left to the log."""
    if isinstance(a.step, DecisionInput) and a.step.by is None:
        a = dataclasses.replace(a, step=DecisionInput(option=a.step.option, by=a.entry().by))
    assert a == b


@settings(max_examples=60, deadline=None)
@given(records(max_steps=30))
def test_a_log_played_input_by_input_gives_the_steps_its_record_replays_to(
    record: MatchRecord,
) -> None:
    played = replay_inputs(record.header, MatchLog.from_record(record).inputs())
    replayed = replay(record).steps
    assert len(played.steps()) == len(replayed)
    for mine, theirs in zip(played.steps(), replayed, strict=True):
        _same(mine, theirs)
        assert mine.entry() == theirs.entry()
    assert played.record == record


def test_the_log_and_replay_override_through_the_same_path() -> None:
    record = parse_match(GOLDEN.read_text(encoding="utf-8"))
    (overridden,) = [step for step in replay(record).steps if step.is_overridden]
    log = MatchLog.from_record(record)
    assert overridden in log.steps()
    assert overridden.override is not None
    assert overridden.override.ruling is None  # the rulings are the step's
    entered = applied_step(overridden.before, overridden.step, index=overridden.index)
    assert override_step(entered, overridden.override) == overridden
    # Overriding the corrected shot again keeps the engine's ruling on the facts as entered.
    again = override_step(overridden, overridden.override)
    assert again.engine_ruling == overridden.engine_ruling == entered.ruling


def test_an_override_of_facts_the_referee_rejects_applies_the_corrected_ones() -> None:
    record = parse_match(GOLDEN.read_text(encoding="utf-8"))
    first = record.racks[0]
    seen = Override(shot=Shot(first_contact=1, pocketed=(1,)), note="the 1, not the 2")
    bad = ShotEntry(shot=Shot(first_contact=2, pocketed=(2,)), override=seen)  # the 2 is down
    entries = (first.entries[0], bad, *first.entries[2:])
    altered = dataclasses.replace(
        record, racks=(dataclasses.replace(first, entries=entries), *record.racks[1:])
    )
    (found,) = verify(altered)
    assert (found.kind, found.rack, found.entry, found.field) == (
        DiscrepancyKind.REJECTED,
        0,
        1,
        "shot",
    )
    done = replay(altered)
    step = done.steps[1]
    assert step.error is None
    assert step.engine_ruling is None
    assert step.ruling is not None
    assert step.ruling.points == 1
    assert done.final == replay(record).final


def test_only_a_shot_is_overridden() -> None:
    match = start_match(race_to=1)
    fouled = applied_step(match, ShotInput(shot=Shot(first_contact=2)), index=0)
    decided = applied_step(fouled.after, DecisionInput(option=Option.ACCEPT_TABLE), index=1)
    with pytest.raises(IllegalActionError, match="only a shot"):
        override_step(decided, Override(shot=Shot(first_contact=1)))


def test_a_rejected_entry_is_a_step_with_its_error_and_no_ruling() -> None:
    record = parse_match(GOLDEN.read_text(encoding="utf-8"))
    first = record.racks[0]
    entries = (*first.entries[:1], ShotEntry(shot=Shot(first_contact=2, pocketed=(2,))))
    entries += first.entries[1:]
    altered = dataclasses.replace(
        record, racks=(dataclasses.replace(first, entries=entries), *record.racks[1:])
    )
    step = replay(altered).steps[1]
    assert (step.rack, step.index) == (0, 1)
    assert step.error is not None
    assert step.error.startswith("ball 2 first contact is not on the table")
    assert step.ruling is None
    assert step.after is step.before
    assert step.entry() == ShotEntry(shot=Shot(first_contact=2, pocketed=(2,)))
