"""The deprecated names of the records layer still work for one release, and warn."""

from __future__ import annotations

import warnings

import pytest

import rotation61.records as records
from rotation61.records import AppliedStep, MatchHeader, MatchLog, RecordBuilder
from rotation61.rules import OfficialEvent, Option, Seat, Shot

BREAK = Shot(first_contact=1, pocketed=(5, 12), break_rail_balls=frozenset({2, 3, 4, 6}))


def test_record_builder_warns_where_it_is_made_and_writes_the_logs_record() -> None:
    with pytest.warns(DeprecationWarning, match="use MatchLog") as caught:
        builder = RecordBuilder.start(players=("An", "Binh"), race_to=2)
    assert [w.filename for w in caught] == [__file__]
    log = MatchLog.begin(MatchHeader.of(players=("An", "Binh"), race_to=2))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # moving a builder on does not warn again
        builder, _ = builder.play(BREAK)
        builder, _ = builder.play(Shot(first_contact=2))
        builder = builder.decide(Option.ACCEPT_TABLE)
        builder, _ = builder.officiate(OfficialEvent.CONCEDE_RACK, Seat.A)
        builder = builder.undo()
    log, _ = log.play(BREAK)
    log, _ = log.play(Shot(first_contact=2))
    log = log.decide(Option.ACCEPT_TABLE)
    assert builder.record == log.record
    assert builder.history == log.history()
    with pytest.warns(DeprecationWarning, match="use MatchLog") as caught:
        again = RecordBuilder.resume(log.record)
    assert [w.filename for w in caught] == [__file__]
    assert again.match == log.match


def test_a_record_builder_made_from_a_log_warns_too() -> None:
    with pytest.warns(DeprecationWarning, match="use MatchLog") as caught:
        RecordBuilder(MatchLog.begin(MatchHeader(players=("An", "Binh"), race_to=1)))
    assert [w.filename for w in caught] == [__file__]


def test_replay_step_is_the_deprecated_name_of_applied_step() -> None:
    with pytest.warns(DeprecationWarning, match="use AppliedStep"):
        assert records.ReplayStep is AppliedStep
    with pytest.raises(AttributeError, match="no attribute 'NoSuchName'"):
        _ = records.NoSuchName
