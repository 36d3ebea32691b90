"""Shot times, extensions and time fouls in match records (schema 1.1, A50), and A51's
targets in the rules of a record."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rotation61.records import (
    DiscrepancyKind,
    InvalidRecordError,
    MatchHeader,
    MatchLog,
    ShotEntry,
    ShotInput,
    TimeFoulEntry,
    TimeFoulInput,
    format_match,
    from_json,
    input_from_dict,
    input_to_dict,
    parse_match,
    replay,
    stats,
    to_json,
    verify,
)
from rotation61.records.model import SCHEMA_VERSION
from rotation61.rules import FoulKind, Option, RackResultType, Seat, Shot, get_ruleset

BREAK = Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 5}))
MISS = Shot(first_contact=1, rail_after_contact=frozenset({1}))


def _clock_match() -> MatchLog:
    rules = get_ruleset("wpa-majors").with_overrides({"target_points": {"A": 61, "B": 50}})
    log = MatchLog.begin(MatchHeader.of(players=("An", "Bình"), race_to=2, rules=rules))
    return log.extend(
        [
            ShotInput(shot=BREAK),  # the break is not timed
            ShotInput(shot=MISS, time_ms=41_250, extensions=1),  # B, 60 s after the break
            TimeFoulInput(time_ms=30_000),  # A runs out of time
        ]
    ).extend(
        [
            input_from_dict({"kind": "decision", "option": "accept_table"}),
            ShotInput(shot=MISS, time_ms=9_500),
        ]
    )


def test_a_record_keeps_shot_times_extensions_and_time_fouls() -> None:
    record = _clock_match().record
    entries = [entry for _, _, entry in record.entries()]
    assert isinstance(entries[1], ShotEntry)
    assert (entries[1].time_ms, entries[1].extensions) == (41_250, 1)
    assert isinstance(entries[2], TimeFoulEntry)
    assert entries[2].ruling is not None
    assert entries[2].ruling.fouls == (FoulKind.TIME_FOUL,)
    assert entries[2].ruling.options == (
        Option.ACCEPT_TABLE,
        Option.CUE_IN_HAND_KITCHEN,
        Option.SPOT_LOWEST_AND_CUE_IN_HAND_KITCHEN,
    )
    assert record.ruleset.targets == (61, 50)
    assert verify(record) == []


def test_the_json_and_the_notation_carry_the_clock_both_ways() -> None:
    record = _clock_match().record
    text = to_json(record)
    assert json.loads(text)["schema"] == SCHEMA_VERSION == "1.1"
    assert from_json(text) == record
    notation = format_match(record)
    assert "ext(1) t(41.250)" in notation
    assert "timefoul t(30.000) <foul:time_foul" in notation
    assert "target_points=61:50" in notation
    assert parse_match(notation) == record


def test_a_hand_written_record_with_a_time_foul_replays() -> None:
    text = """[PlayerA "An"]
[PlayerB "Binh"]
[RaceTo "1"]
[Rules "vn-national"]
[Config "shot_clock_extensions=1,target_points=61:50"]

R1 A:
  1b2.3.4.5 <legal>
  timefoul ext(1) t(80.5)
  A>cih
"""
    record = parse_match(text)
    done = replay(record, strict=True)
    foul = done.steps[1]
    assert foul.ruling is not None
    assert foul.ruling.shooter is Seat.B
    assert foul.ruling.consecutive_fouls == (0, 1)
    assert done.final.rack.extensions_used == (0, 1)
    entry = record.racks[0].entries[1]
    assert isinstance(entry, TimeFoulEntry)
    assert (entry.time_ms, entry.extensions) == (80_500, 1)


def test_a_time_foul_in_a_match_without_a_clock_is_rejected_on_replay() -> None:
    record = parse_match(
        '[PlayerA "An"]\n[PlayerB "Binh"]\n[RaceTo "1"]\n\nR1 A:\n  1b2.3.4.5\n  timefoul\n',
        check=False,
    )
    found = verify(record)
    assert [d.kind for d in found] == [DiscrepancyKind.REJECTED]
    assert "shot clock" in str(found[0].recomputed)


def test_an_older_record_still_reads() -> None:
    log, _ = MatchLog.begin(MatchHeader.of(players=("An", "Binh"), race_to=1)).play(BREAK)
    data = json.loads(to_json(log.record))
    data["schema"] = "1.0"
    assert from_json(json.dumps(data)) == log.record


def test_inputs_carry_the_clock_on_the_wire() -> None:
    for item in (TimeFoulInput(time_ms=12_000, extensions=1), ShotInput(shot=MISS, time_ms=5)):
        assert input_from_dict(input_to_dict(item)) == item
    assert input_to_dict(TimeFoulInput()) == {"kind": "time_foul"}


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"time_ms": -1}, "shot time"),
        ({"time_ms": 1.5}, "shot time"),
        ({"extensions": 11}, "extensions"),
    ],
)
def test_bad_clock_fields_are_refused(fields: dict[str, object], needle: str) -> None:
    with pytest.raises(InvalidRecordError, match=needle):
        TimeFoulEntry(**fields)  # type: ignore[arg-type]


def test_more_extensions_than_the_rules_allow_are_rejected() -> None:
    log = MatchLog.begin(MatchHeader.of(players=("An", "Binh"), race_to=1, rules="wpa-majors"))
    log = log.append(ShotInput(shot=BREAK))
    with pytest.raises(Exception, match="used his 1 extension"):
        log.append(ShotInput(shot=MISS, extensions=2))


def test_stats_report_shot_times_time_fouls_and_extensions() -> None:
    found = stats([_clock_match().record])
    an, binh = found.players
    assert an.player == "An"
    assert an.shot_times_ms == (30_000,)
    assert an.fouls_of(FoulKind.TIME_FOUL) == 1
    assert binh.shot_times_ms == (41_250, 9_500)
    assert binh.median_shot_ms == Fraction(25_375)
    assert binh.mean_shot_ms == Fraction(25_375)
    assert binh.longest_shot_ms == 41_250
    assert binh.extensions == 1
    assert binh.shots == 2


def test_a_handicapped_record_replays_to_b_winning_at_50() -> None:
    rules = get_ruleset("standard").with_overrides({"target_points": "61:50"})
    log = MatchLog.begin(
        MatchHeader.of(players=("An", "Binh"), race_to=1, rules=rules, first_breaker=Seat.B)
    )
    log, ruling = log.play(
        Shot(
            first_contact=1,
            pocketed=(15, 14, 13, 8),
            break_rail_balls=frozenset({2, 3, 4, 5}),
        )
    )
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.REACHED_61
    assert log.match.winner is Seat.B
    assert parse_match(format_match(log.record)) == log.record
    assert from_json(to_json(log.record)) == log.record
