"""The shot clock and the points handicap through a match (A50, A51)."""

from __future__ import annotations

import pytest

from rotation61.match import decide, extend, play, start_match, time_foul
from rotation61.rules import (
    IllegalActionError,
    Option,
    RackResultType,
    RuleSet,
    Seat,
    Shot,
    ShotClockError,
    ShotClockProblem,
    get_ruleset,
)

_BREAK_AND_RUN = Shot(
    first_contact=1,
    pocketed=(15, 14, 13, 12, 11),
    rail_after_contact=frozenset({2, 3, 4, 5}),
    break_rail_balls=frozenset({2, 3, 4, 5}),
)  # 65 points on the break


def test_extensions_reset_with_each_rack() -> None:
    rules = get_ruleset("wpa-majors")
    match = start_match(rules, race_to=3)
    match = extend(match, Seat.A)
    assert match.rack.extensions_used == (1, 0)
    match, ruling = play(match, _BREAK_AND_RUN)
    assert ruling.result is not None
    assert match.rack.extensions_used == (0, 0)
    assert extend(match, Seat.A).rack.extensions_used == (1, 0)


def test_a_fourth_time_foul_can_decide_the_match() -> None:
    rules = get_ruleset("vn-national").with_overrides({"consecutive_foul_limit": 2})
    match = start_match(rules, race_to=1)
    match, _ = play(match, Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 5})))
    match, first = time_foul(match)  # B's first: the warning (limit 2)
    assert first.warning_due is Seat.B
    match = decide(match, Option.ACCEPT_TABLE)
    match, _ = play(match, Shot(first_contact=1, rail_after_contact=frozenset({1})))
    match, second = time_foul(match)
    assert second.result is not None
    assert second.result.type is RackResultType.LOSS_BY_CONSECUTIVE_FOULS
    assert match.winner is Seat.A
    with pytest.raises(IllegalActionError, match="over"):
        time_foul(match)


def test_a_match_without_a_clock_refuses_a_time_foul_and_an_extension() -> None:
    match = start_match(RuleSet(), race_to=1)
    match, _ = play(match, Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 5})))
    for action in (lambda: time_foul(match), lambda: extend(match, Seat.B)):
        with pytest.raises(ShotClockError) as err:
            action()
        assert err.value.problem is ShotClockProblem.CLOCK_OFF


def test_the_targets_follow_the_seats_whoever_breaks() -> None:
    rules = RuleSet().with_overrides({"next_rack_breaker": "alternate", "target_points": "61:50"})
    match = start_match(rules, race_to=3, first_breaker=Seat.B)
    fifty = Shot(
        first_contact=1,
        pocketed=(15, 14, 13, 8),
        rail_after_contact=frozenset({2, 3, 4, 5}),
        break_rail_balls=frozenset({2, 3, 4, 5}),
    )
    match, ruling = play(match, fifty)  # B breaks: 50 is his target
    assert ruling.result is not None
    assert ruling.result.winner is Seat.B
    assert match.rack.breaker is Seat.A
    match, ruling = play(match, fifty)  # A breaks: 50 is not his 61
    assert ruling.result is None
    assert ruling.shooter_continues
    assert match.rack.scores == (50, 0)
