"""Who breaks each rack: the lag winner first, then the next_rack_breaker policy (A14, R8)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rotation61 import match as matches
from rotation61.match import next_breaker, start_match
from rotation61.rules import (
    BreakerPolicy,
    IllegalActionError,
    RuleSet,
    Seat,
    get_ruleset,
)
from tests.match.factories import BREAK_AND_RUN, b_must_break_after_an_uncrossed_break, win_rack


def _rules(policy: BreakerPolicy) -> RuleSet:
    return get_ruleset("standard").with_overrides({"next_rack_breaker": policy})


@pytest.mark.parametrize("first", list(Seat), ids=lambda s: s.name)
def test_the_first_breaker_is_the_lag_winners_choice(first: Seat) -> None:
    rack = start_match(race_to=3, first_breaker=first).rack
    assert (rack.breaker, rack.to_act, rack.is_break, rack.cue_in_hand) == (
        first,
        first,
        True,
        True,
    )


@pytest.mark.parametrize(
    ("policy", "winner", "expected"),
    [
        (BreakerPolicy.WINNER, Seat.A, Seat.A),
        (BreakerPolicy.WINNER, Seat.B, Seat.B),
        (BreakerPolicy.LOSER, Seat.A, Seat.B),
        (BreakerPolicy.LOSER, Seat.B, Seat.A),
        (BreakerPolicy.ALTERNATE, Seat.A, Seat.B),
        (BreakerPolicy.ALTERNATE, Seat.B, Seat.B),
    ],
    ids=lambda v: getattr(v, "value", getattr(v, "name", v)),
)
def test_after_a_rack_broken_by_a_the_policy_picks_the_next_breaker(
    policy: BreakerPolicy, winner: Seat, expected: Seat
) -> None:
    match, _ = win_rack(start_match(_rules(policy), race_to=3, first_breaker=Seat.A), winner)
    assert next_breaker(match.completed[-1]) is expected
    assert match.rack.breaker is expected
    assert match.rack.to_act is expected


def test_the_default_policy_is_winner_breaks() -> None:
    assert get_ruleset("standard").next_rack_breaker is BreakerPolicy.WINNER


@given(
    policy=st.sampled_from(BreakerPolicy),
    first=st.sampled_from(Seat),
    winners=st.lists(st.sampled_from(Seat), min_size=1, max_size=8),
)
def test_every_later_rack_is_broken_as_the_policy_says(
    policy: BreakerPolicy, first: Seat, winners: list[Seat]
) -> None:
    match = start_match(_rules(policy), race_to=9, first_breaker=first)
    for winner in winners:
        breaker = match.rack.breaker
        match, _ = win_rack(match, winner)
        expected = {
            BreakerPolicy.WINNER: winner,
            BreakerPolicy.LOSER: winner.opponent,
            BreakerPolicy.ALTERNATE: breaker.opponent,
        }[policy]
        assert match.rack.breaker is expected
        assert match.rack.to_act is expected


def test_the_incoming_player_who_must_break_becomes_the_breaker_for_alternate() -> None:
    # A19, A48: B becomes the breaker at his decision; alternate then gives A the next rack.
    match = b_must_break_after_an_uncrossed_break(BreakerPolicy.ALTERNATE)
    assert match.rack.breaker is Seat.B
    assert match.rack.to_act is Seat.B
    match, _ = matches.play(match, BREAK_AND_RUN)
    assert match.racks_won == (0, 1)
    assert match.rack.breaker is Seat.A


def test_next_breaker_of_a_rack_in_play_is_rejected() -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        next_breaker(start_match(race_to=2).rack)
