"""Concessions and disqualification at match level (A38, A39, R60, R61; S171-S173)."""

from __future__ import annotations

import pytest

from rotation61 import match as matches
from rotation61.match import start_match
from rotation61.rules import (
    BreakerPolicy,
    DisqualificationScope,
    IllegalActionError,
    OfficialEvent,
    RackResultType,
    RuleSet,
    Seat,
    get_ruleset,
)
from tests.match.factories import DRY_BREAK, win_rack


def _rules(**overrides: object) -> RuleSet:
    return get_ruleset("standard").with_overrides(overrides)


@pytest.mark.parametrize("policy", list(BreakerPolicy), ids=str)
@pytest.mark.parametrize("conceder", list(Seat), ids=lambda s: s.name)
def test_conceding_a_rack_gives_it_to_the_opponent(policy: BreakerPolicy, conceder: Seat) -> None:
    match = start_match(_rules(next_rack_breaker=policy), race_to=3, first_breaker=Seat.A)
    match, _ = matches.play(match, DRY_BREAK)
    match, ruling = matches.officiate(match, OfficialEvent.CONCEDE_RACK, conceder)
    winner = conceder.opponent
    assert ruling.result is not None
    assert (ruling.result.type, ruling.result.winner) == (RackResultType.CONCESSION, winner)
    assert ruling.legal is None
    assert ruling.credited == ()
    assert match.racks_won == ((1, 0) if winner is Seat.A else (0, 1))
    assert not match.is_over
    expected = {
        BreakerPolicy.WINNER: winner,
        BreakerPolicy.LOSER: conceder,
        BreakerPolicy.ALTERNATE: Seat.B,
    }[policy]
    assert match.rack.breaker is expected


def test_conceding_the_deciding_rack_ends_the_match() -> None:
    match, _ = win_rack(start_match(race_to=2), Seat.B)
    match, _ = matches.officiate(match, OfficialEvent.CONCEDE_RACK, Seat.A)
    assert (match.winner, match.racks_won) == (Seat.B, (0, 2))


@pytest.mark.parametrize("conceder", list(Seat), ids=lambda s: s.name)
def test_conceding_the_match_ends_it_at_once_and_leaves_the_rack_score(conceder: Seat) -> None:
    # S173: the opponent wins the match; the match score is unchanged.
    match, _ = win_rack(start_match(race_to=5), conceder)
    match, _ = matches.play(match, DRY_BREAK)
    match, ruling = matches.officiate(match, OfficialEvent.CONCEDE_MATCH, conceder)
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.MATCH_CONCESSION
    assert match.is_over
    assert match.winner is conceder.opponent
    assert match.racks_won == ((1, 0) if conceder is Seat.A else (0, 1))
    assert match.rack is match.completed[-1]
    assert len(match.completed) == 2


def test_disqualification_ends_the_match_by_default() -> None:
    # S171: A is disqualified; B wins the match, the match score stays 0-0.
    assert get_ruleset("standard").disqualification_scope is DisqualificationScope.MATCH
    match = start_match(race_to=5)
    match, _ = matches.play(match, DRY_BREAK)
    match, ruling = matches.officiate(match, OfficialEvent.DISQUALIFICATION, Seat.A)
    assert ruling.result is not None
    assert (ruling.result.type, ruling.result.winner, ruling.result.offender) == (
        RackResultType.DISQUALIFICATION,
        Seat.B,
        Seat.A,
    )
    assert (match.is_over, match.winner, match.racks_won) == (True, Seat.B, (0, 0))


@pytest.mark.parametrize("offender", list(Seat), ids=lambda s: s.name)
def test_disqualification_for_the_rack_only_gives_the_rack_and_play_goes_on(
    offender: Seat,
) -> None:
    rules = _rules(disqualification_scope="rack_only")
    match = start_match(rules, race_to=3, first_breaker=Seat.A)
    match, _ = matches.officiate(match, OfficialEvent.DISQUALIFICATION, offender)
    winner = offender.opponent
    assert not match.is_over
    assert match.racks_won == ((1, 0) if winner is Seat.A else (0, 1))
    assert match.rack.breaker is winner  # winner breaks by default (A14)
    assert match.rack.ply == 0
    assert match.rack_number == 2


def test_disqualification_for_the_rack_only_can_decide_the_match() -> None:
    rules = _rules(disqualification_scope="rack_only")
    match, _ = win_rack(start_match(rules, race_to=2), Seat.A)
    match, _ = matches.officiate(match, OfficialEvent.DISQUALIFICATION, Seat.B)
    assert (match.winner, match.racks_won) == (Seat.A, (2, 0))


@pytest.mark.parametrize(
    ("event", "player", "needle"),
    [
        (OfficialEvent.CONCEDE_RACK, None, "needs the player"),
        (OfficialEvent.CONCEDE_MATCH, None, "needs the player"),
        (OfficialEvent.DISQUALIFICATION, None, "needs the player"),
        (OfficialEvent.STALEMATE_DECLARED, Seat.A, "both players"),
    ],
    ids=lambda v: getattr(v, "value", v),
)
def test_events_with_the_wrong_player_are_rejected_and_change_nothing(
    event: OfficialEvent, player: Seat | None, needle: str
) -> None:
    match = start_match(race_to=2)
    with pytest.raises(IllegalActionError, match=needle):
        matches.officiate(match, event, player)
    assert match == start_match(race_to=2)
