"""A record written input by input through a MatchLog, as a scorekeeper plays a match."""

from __future__ import annotations

import dataclasses

import pytest

from rotation61.geometry import Point
from rotation61.records import (
    DecisionEntry,
    EventEntry,
    IllegalEntryError,
    MatchHeader,
    MatchLog,
    ShotEntry,
    format_match,
    from_json,
    parse_match,
    to_json,
    verify,
)
from rotation61.rules import (
    IllegalActionError,
    OfficialEvent,
    Option,
    Seat,
    Shot,
    get_ruleset,
)

BREAK = Shot(first_contact=1, pocketed=(5, 12), break_rail_balls=frozenset({2, 3, 4, 6}))


def _start() -> MatchLog:
    return MatchLog.begin(
        MatchHeader.of(
            players=("An", "Binh"),
            race_to=2,
            rules=get_ruleset("bca").with_overrides({"next_rack_breaker": "loser"}),
            tags=[("Venue", "Hà Nội"), ("Event", "Open")],
        )
    )


def test_each_input_is_stored_with_its_ruling_and_the_record_round_trips() -> None:
    b = _start()
    b, ruling = b.play(BREAK, placement=Point(12, 25))
    assert ruling.points == 17
    b, ruling = b.play(Shot(first_contact=2))
    b = b.decide(Option.CUE_IN_HAND_KITCHEN)
    entries = b.record.racks[0].entries
    assert isinstance(entries[0], ShotEntry)
    assert entries[0].placement == Point(12.0, 25.0)
    assert entries[2] == DecisionEntry(option=Option.CUE_IN_HAND_KITCHEN, by=Seat.B)
    assert b.record.tags == (("Event", "Open"), ("Venue", "Hà Nội"))
    assert b.record.ruleset.next_rack_breaker.value == "loser"
    assert from_json(to_json(b.record)) == b.record
    assert verify(b.record) == []


def test_undo_drops_the_last_input_and_its_rack_when_emptied() -> None:
    b = _start()
    b, _ = b.play(BREAK)
    b, _ = b.officiate(OfficialEvent.CONCEDE_RACK, Seat.B)
    b, _ = b.play(BREAK)
    assert len(b.record.racks) == 2
    b = b.undo()
    assert len(b.record.racks) == 1
    assert b.match.rack.is_break
    b = b.undo().undo()
    assert b.record.racks == ()
    assert len(b.history()) == 1
    with pytest.raises(IllegalActionError, match="no input to undo"):
        b.undo()


def test_override_keeps_the_shot_as_entered_and_replays_the_corrected_one() -> None:
    b = _start()
    b, _ = b.play(BREAK)
    b, engine = b.play(Shot(first_contact=1, pocketed=(1,)))
    assert engine.points == 1
    b, ruling = b.override(Shot(first_contact=3, pocketed=(1,)), note="the 3 was hit first")
    assert ruling.fouls
    (entry,) = [e for e in b.record.racks[0].entries if isinstance(e, ShotEntry) and e.override]
    assert entry.shot.first_contact == 1
    assert entry.ruling is not None
    assert entry.ruling.points == 1
    assert entry.override is not None
    assert entry.override.note == "the 3 was hit first"
    assert b.match.rack.phase.value == "decision"
    assert verify(b.record) == []
    assert parse_match(format_match(b.record)) == b.record


def test_only_the_last_shot_can_be_overridden() -> None:
    b = _start()
    with pytest.raises(IllegalActionError, match="only a shot"):
        b.override(BREAK)
    b, _ = b.play(Shot(first_contact=2))
    b = b.decide(Option.ACCEPT_TABLE)
    with pytest.raises(IllegalActionError, match="only a shot"):
        b.override(BREAK)


def test_resume_continues_a_saved_record() -> None:
    b = _start()
    b, _ = b.play(BREAK)
    b, _ = b.officiate(OfficialEvent.CONCEDE_RACK, Seat.A)
    saved = from_json(to_json(b.record))
    again = MatchLog.from_record(saved)
    assert again.match == b.match
    again, _ = again.play(BREAK)
    assert again.record.racks[1].breaker is Seat.A  # the loser breaks
    assert isinstance(again.record.racks[0].entries[-1], EventEntry)


def test_resume_refuses_a_record_the_referee_rejects() -> None:
    b = _start()
    b, _ = b.play(Shot(first_contact=2))
    entry = DecisionEntry(option=Option.RESTORE_AND_OFFENDER_REPLAYS, by=Seat.B)
    bad = b.record.racks[0]
    record = dataclasses.replace(
        b.record, racks=(dataclasses.replace(bad, entries=(*bad.entries, entry)),)
    )
    with pytest.raises(IllegalEntryError, match="was not offered"):
        MatchLog.from_record(record)


def test_the_engine_refuses_what_the_log_cannot_store() -> None:
    b = _start()
    with pytest.raises(IllegalActionError):
        b.decide(Option.ACCEPT_TABLE)
    b, _ = b.officiate(OfficialEvent.CONCEDE_MATCH, Seat.B)
    with pytest.raises(IllegalActionError, match="match is over"):
        b.play(BREAK)
