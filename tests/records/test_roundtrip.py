"""Round trips: JSON and the text notation give back an equal record, canonically."""

from __future__ import annotations

import io
import random

from hypothesis import given
from hypothesis import strategies as st

from rotation61.match import start_match
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
from rotation61.rules import PRESETS, Seat
from tests.records.factories import random_record, records
from tests.strategies import random_shot, random_step, seeds


@given(records)
def test_json_round_trip_gives_an_equal_record(record: MatchRecord) -> None:
    text = to_json(record)
    again = from_json(text)
    assert again == record
    assert to_json(again) == text


@given(records)
def test_text_round_trip_gives_an_equal_record(record: MatchRecord) -> None:
    text = format_match(record)
    again = parse_match(text)
    assert again == record
    assert format_match(again) == text


@given(records)
def test_recorded_matches_verify_and_replay_to_the_builders_states(record: MatchRecord) -> None:
    assert verify(record) == []
    assert replay(record, strict=True).final.racks_won == replay(record).final.racks_won


@given(st.lists(records, min_size=1, max_size=3))
def test_several_matches_in_one_stream_read_back_in_order(found: list[MatchRecord]) -> None:
    text = "\n".join(format_match(record) for record in found)
    assert list(read_matches(io.StringIO(text))) == found


@given(seeds, st.integers(min_value=0, max_value=60))
def test_every_shot_of_random_play_round_trips_as_a_token(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    match = start_match(rng.choice(tuple(PRESETS.values())), race_to=1, first_breaker=Seat.B)
    for _ in range(steps):
        if match.is_over:
            break
        if match.rack.pending is None:
            shot = random_shot(match.rack, rng)
            token = format_shot(shot)
            assert parse_shot(token) == shot
            assert " " not in token
        match, _ = random_step(match, rng, events=False)


def test_a_record_with_no_rack_round_trips() -> None:
    record = MatchRecord(
        header=MatchHeader(players=("An", "Binh"), race_to=3, first_breaker=Seat.B)
    )
    assert parse_match(format_match(record)) == record
    assert from_json(to_json(record)) == record


def test_the_same_seed_gives_the_same_record() -> None:
    assert random_record(11, race_to=2) == random_record(11, race_to=2)
