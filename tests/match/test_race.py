"""A race to N racks ends exactly when a seat has won N racks (§I, A13, R54)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation61 import match as matches
from rotation61.match import MatchState, start_match
from rotation61.rules import (
    IllegalActionError,
    InvalidStateError,
    OfficialEvent,
    Option,
    Phase,
    Seat,
    Shot,
)
from tests.match.factories import win_rack


def _win(match: MatchState, winner: Seat, how: str) -> MatchState:
    if how == "play":
        match, _ = win_rack(match, winner)
    else:
        match, _ = matches.officiate(match, OfficialEvent.CONCEDE_RACK, winner.opponent)
    return match


@given(
    race_to=st.integers(1, 5),
    first_breaker=st.sampled_from(Seat),
    data=st.data(),
)
def test_a_race_to_n_ends_exactly_when_a_seat_wins_its_nth_rack(
    race_to: int, first_breaker: Seat, data: st.DataObject
) -> None:
    match = start_match(race_to=race_to, first_breaker=first_breaker)
    won = [0, 0]
    for racks in range(1, 2 * race_to):
        winner = data.draw(st.sampled_from(Seat), label="winner")
        how = data.draw(st.sampled_from(("play", "concession")), label="how")
        match = _win(match, winner, how)
        won[winner] += 1
        assert match.racks_won == tuple(won)
        assert len(match.completed) == racks
        assert match.completed[-1].result is not None
        assert match.completed[-1].result.winner is winner
        if won[winner] == race_to:
            assert match.is_over
            assert match.winner is winner
            assert won[winner.opponent] < race_to
            assert match.rack is match.completed[-1]
            assert match.rack_number == racks
            return
        assert not match.is_over
        assert match.winner is None
        assert match.rack_number == racks + 1
        fresh = match.rack
        assert (fresh.ply, fresh.scores, fresh.is_break, fresh.cue_in_hand) == (
            0,
            (0, 0),
            True,
            True,
        )
        assert fresh.consecutive_fouls == (0, 0)
    raise AssertionError(f"no winner after {2 * race_to - 1} racks of a race to {race_to}")


def test_a_race_to_three_is_not_over_at_two_racks_all() -> None:
    match = start_match(race_to=3)
    for winner in (Seat.A, Seat.B, Seat.B, Seat.A):
        match = _win(match, winner, "play")
    assert match.racks_won == (2, 2)
    assert not match.is_over
    match = _win(match, Seat.B, "play")
    assert (match.racks_won, match.winner) == ((2, 3), Seat.B)


@pytest.fixture
def finished() -> MatchState:
    match, _ = win_rack(start_match(race_to=1), Seat.A)
    assert match.winner is Seat.A
    return match


def test_a_shot_after_the_match_is_over_is_rejected(finished: MatchState) -> None:
    with pytest.raises(IllegalActionError, match="match is over"):
        matches.play(finished, Shot(first_contact=1))


def test_a_decision_after_the_match_is_over_is_rejected(finished: MatchState) -> None:
    with pytest.raises(IllegalActionError, match="match is over"):
        matches.decide(finished, Option.ACCEPT_TABLE)


@pytest.mark.parametrize("event", list(OfficialEvent), ids=str)
def test_an_event_after_the_match_is_over_is_rejected(
    finished: MatchState, event: OfficialEvent
) -> None:
    player = None if event is OfficialEvent.STALEMATE_DECLARED else Seat.B
    with pytest.raises(IllegalActionError, match="match is over"):
        matches.officiate(finished, event, player)
    assert finished.rack.phase is Phase.OVER


@pytest.mark.parametrize("race_to", [0, -1, True, "2", 1.0, None], ids=repr)
def test_a_race_to_that_is_not_a_positive_int_is_rejected(race_to: object) -> None:
    with pytest.raises(InvalidStateError, match="race_to"):
        start_match(race_to=race_to)  # type: ignore[arg-type]
