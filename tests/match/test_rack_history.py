"""The finished racks of a match: an immutable sequence that shares its past."""

from __future__ import annotations

import dataclasses

import pytest

from rotation61.match import MatchState, RackHistory, officiate, start_match
from rotation61.rules import OfficialEvent, Seat


def _conceded(racks: int) -> tuple[MatchState, list[MatchState]]:
    match = start_match(race_to=10**6)
    states = [match]
    for n in range(racks):
        match, _ = officiate(match, OfficialEvent.CONCEDE_RACK, Seat(n % 2))
        states.append(match)
    return match, states


def test_a_history_reads_like_the_tuple_of_its_racks() -> None:
    match, states = _conceded(5)
    racks = tuple(match.completed)
    assert len(match.completed) == 5
    assert match.completed == racks
    assert match.completed[-1] is racks[-1]
    assert match.completed[0] is racks[0]
    assert match.completed[1:3] == racks[1:3]
    assert list(reversed(match.completed)) == list(reversed(racks))
    assert hash(match.completed) == hash(RackHistory(racks))
    assert match.completed == RackHistory(racks)
    assert states[3].completed == racks[:3]
    assert RackHistory() == ()
    assert match.completed != racks[:4]
    with pytest.raises(IndexError):
        match.completed[5]
    given_a_tuple = dataclasses.replace(match, completed=racks)
    assert isinstance(given_a_tuple.completed, RackHistory)
    assert given_a_tuple == match


def test_finishing_a_rack_shares_the_earlier_ones() -> None:
    match, states = _conceded(20_000)  # a tuple copied per rack: 200 million references
    assert len(match.completed) == 20_000
    assert match.rack_number == 20_001
    assert states[-2].completed == tuple(match.completed)[:-1]
