"""Round trips: JSON and the text notation give back an equal record, canonically."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from rotation61.records import (
    MatchHeader,
    MatchRecord,
    format_match,
    format_shot,
    from_json,
    parse_match,
    parse_shot,
    read_matches,
    replay,
    to_json,
    verify,
)
from rotation61.rules import Seat, Shot
from tests.records.factories import records
from tests.strategies import Playout, playouts


@given(records())
def test_json_round_trip_gives_an_equal_record(record: MatchRecord) -> None:
    text = to_json(record)
    again = from_json(text)
    assert again == record
    assert to_json(again) == text


@given(records())
def test_text_round_trip_gives_an_equal_record(record: MatchRecord) -> None:
    text = format_match(record)
    again = parse_match(text)
    assert again == record
    assert format_match(again) == text


@given(records())
def test_recorded_matches_verify_and_replay_to_the_logs_states(record: MatchRecord) -> None:
    assert verify(record) == []
    assert replay(record, strict=True).final.racks_won == replay(record).final.racks_won


@given(st.lists(records(max_steps=15), min_size=1, max_size=3))
def test_several_matches_in_one_stream_read_back_in_order(found: list[MatchRecord]) -> None:
    text = "\n".join(format_match(record) for record in found)
    assert list(read_matches(io.StringIO(text))) == found


@given(playouts(max_race_to=1, events=False))
def test_every_shot_of_random_play_round_trips_as_a_token(playout: Playout) -> None:
    for step in playout.steps:
        if isinstance(step.given, Shot):
            token = format_shot(step.given)
            assert parse_shot(token) == step.given
            assert " " not in token


def test_a_record_with_no_rack_round_trips() -> None:
    record = MatchRecord(
        header=MatchHeader(players=("An", "Binh"), race_to=3, first_breaker=Seat.B)
    )
    assert parse_match(format_match(record)) == record
    assert from_json(to_json(record)) == record
