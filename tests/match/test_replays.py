"""Replayed racks: a 60-60 tie and a declared stalemate (§II, A12, A37, R53, R62)."""

from __future__ import annotations

import pytest

from rotation61 import match as matches
from rotation61.match import MatchState, next_breaker, start_match
from rotation61.rules import (
    BreakerPolicy,
    OfficialEvent,
    RackResultType,
    RuleSet,
    Seat,
    Shot,
    TieRule,
    get_ruleset,
)
from tests.match.factories import DRY_BREAK, b_must_break_after_an_uncrossed_break, tie_rack

POLICIES = list(BreakerPolicy)


def _rules(policy: BreakerPolicy) -> RuleSet:
    return get_ruleset("standard").with_overrides({"next_rack_breaker": policy})


def _assert_fresh_replay(match: MatchState, breaker: Seat, *, racks: int) -> None:
    rack = match.rack
    assert not match.is_over
    assert match.racks_won == (0, 0)
    assert len(match.completed) == racks
    assert match.rack_number == racks + 1
    assert (rack.breaker, rack.to_act) == (breaker, breaker)
    assert (rack.ply, rack.scores, rack.is_break, rack.cue_in_hand) == (0, (0, 0), True, True)
    assert (rack.consecutive_fouls, rack.warned) == ((0, 0), (False, False))


@pytest.mark.parametrize("policy", POLICIES, ids=str)
@pytest.mark.parametrize("breaker", list(Seat), ids=lambda s: s.name)
def test_a_tie_is_replayed_and_broken_by_the_last_pocketer(
    policy: BreakerPolicy, breaker: Seat
) -> None:
    match = start_match(_rules(policy), race_to=2, first_breaker=breaker)
    match, ruling = tie_rack(match)
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.TIE_60_60_REPLAY
    tied = match.completed[-1]
    assert tied.scores == (60, 60)
    assert tied.last_pocketer is breaker.opponent
    assert next_breaker(tied) is breaker.opponent
    _assert_fresh_replay(match, breaker.opponent, racks=1)


def test_under_the_bonus_point_rule_the_last_pocketer_wins_the_tied_rack() -> None:
    rules = get_ruleset("standard").with_overrides(
        {"tie_rule": TieRule.BONUS_POINT_LAST_POCKETER_WINS}
    )
    match, ruling = tie_rack(start_match(rules, race_to=2, first_breaker=Seat.A))
    assert ruling.result is not None
    assert (ruling.result.type, ruling.result.winner) == (RackResultType.REACHED_61, Seat.B)
    assert match.completed[-1].points(Seat.B) == 61
    assert match.racks_won == (0, 1)


@pytest.mark.parametrize("policy", POLICIES, ids=str)
@pytest.mark.parametrize("breaker", list(Seat), ids=lambda s: s.name)
def test_a_stalemate_is_replayed_by_the_same_breaker(policy: BreakerPolicy, breaker: Seat) -> None:
    match = start_match(_rules(policy), race_to=2, first_breaker=breaker)
    match, _ = matches.play(match, DRY_BREAK)
    match, ruling = matches.play(match, Shot(first_contact=1, pocketed=(1, 9)))
    assert ruling.legal
    assert match.rack.last_pocketer is breaker.opponent
    match, ruling = matches.officiate(match, OfficialEvent.STALEMATE_DECLARED)
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.STALEMATE_REPLAY
    assert (ruling.result.winner, ruling.result.loser) == (None, None)
    assert next_breaker(match.completed[-1]) is breaker
    _assert_fresh_replay(match, breaker, racks=1)


def test_a_stalemate_after_the_incoming_player_took_the_break_is_replayed_by_him() -> None:
    # A48: the duty to break passed to B at his decision, so B is the breaker for A37.
    match = b_must_break_after_an_uncrossed_break(BreakerPolicy.WINNER)
    match, _ = matches.officiate(match, OfficialEvent.STALEMATE_DECLARED)
    _assert_fresh_replay(match, Seat.B, racks=1)


def test_replays_do_not_count_and_the_race_goes_on() -> None:
    match = start_match(race_to=1, first_breaker=Seat.A)
    match, _ = tie_rack(match)
    match, _ = matches.officiate(match, OfficialEvent.STALEMATE_DECLARED)
    assert match.racks_won == (0, 0)
    assert not match.is_over
    assert [r.result.type for r in match.completed if r.result] == [
        RackResultType.TIE_60_60_REPLAY,
        RackResultType.STALEMATE_REPLAY,
    ]
    assert match.rack.breaker is Seat.B
    match, _ = matches.officiate(match, OfficialEvent.CONCEDE_RACK, Seat.A)
    assert (match.winner, match.racks_won) == (Seat.B, (0, 1))
