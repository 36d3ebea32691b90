"""Rack end at each player's own target; the tie when neither reached it (§II, A12, A51)."""

from __future__ import annotations

import pytest

from rotation61.rules import (
    RackResultType,
    RuleSet,
    RuleSetProblem,
    RuleSetValueError,
    Seat,
    Shot,
    TieRule,
    UnknownRuleSetError,
    judge,
    setup_rack,
)


def test_larger_target_empty_table_with_neither_reaching_is_a_tie() -> None:
    rules = RuleSet(target_points=70)
    state = setup_rack(rules, on_table={15}, scores=(40, 65), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.TIE_60_60_REPLAY
    assert ruling.result.replay_breaker is Seat.A


def test_bonus_point_on_a_tie_under_a_larger_target() -> None:
    rules = RuleSet(target_points=70, tie_rule=TieRule.BONUS_POINT_LAST_POCKETER_WINS)
    state = setup_rack(rules, on_table={15}, scores=(50, 55), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.winner is Seat.A
    assert ruling.result.bonus_point is Seat.A


def test_level_score_with_empty_table_is_a_tie_replay() -> None:
    state = setup_rack(on_table={15}, scores=(45, 60), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.TIE_60_60_REPLAY
    assert ruling.result.replay_breaker is Seat.A


@pytest.mark.parametrize(
    ("targets", "shooter", "scores", "ball", "winner"),
    [
        ((61, 50), Seat.B, (40, 45), 5, Seat.B),  # B reaches his 50
        ((61, 50), Seat.A, (55, 45), 6, Seat.A),  # A reaches 61
        ((40, 40), Seat.A, (35, 30), 5, Seat.A),
        ((66, 56), Seat.B, (40, 50), 6, Seat.B),
    ],
)
def test_a_player_wins_on_reaching_his_own_target(
    targets: tuple[int, int], shooter: Seat, scores: tuple[int, int], ball: int, winner: Seat
) -> None:
    rules = RuleSet(target_points=targets)
    rest = 120 - sum(scores) - ball
    balls = {ball} | _balls_summing(rest, exclude=ball)
    state = setup_rack(rules, on_table=balls, scores=scores, shooter=shooter)
    ruling = judge(state, Shot(first_contact=min(balls), pocketed=(ball,)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.REACHED_61
    assert ruling.result.winner is winner


def test_fifty_is_not_enough_for_the_player_who_needs_61() -> None:
    rules = RuleSet(target_points=(61, 50))
    state = setup_rack(rules, on_table={5, 15, 10, 14, 6}, scores=(45, 25), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=5, pocketed=(5,)))
    assert ruling.result is None
    assert ruling.shooter_continues


def test_66_56_tie_when_all_balls_are_down_and_neither_reached() -> None:
    rules = RuleSet(target_points=(66, 56))
    state = setup_rack(rules, on_table={15}, scores=(50, 55), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.TIE_60_60_REPLAY
    assert ruling.result.replay_breaker is Seat.A


def test_equal_targets_are_the_one_number() -> None:
    assert RuleSet(target_points=(61, 61)) == RuleSet()
    assert RuleSet().with_overrides({"target_points": {"A": 61, "B": 61}}) == RuleSet(name="custom")
    assert RuleSet().with_overrides({"target_points": "61:50"}).targets == (61, 50)
    assert RuleSet().with_overrides({"target_points": {"A": 61, "B": 50}}).target(Seat.B) == 50


@pytest.mark.parametrize("bad", ["61-50", {"A": 61}, {"A": 61, "B": "50"}, [61], True, 61.0])
def test_malformed_targets_are_refused(bad: object) -> None:
    with pytest.raises(UnknownRuleSetError, match="target_points"):
        RuleSet().with_overrides({"target_points": bad})


def test_a_target_out_of_range_has_its_code() -> None:
    with pytest.raises(RuleSetValueError) as err:
        RuleSet().with_overrides({"target_points": {"A": 61, "B": 0}})
    assert err.value.problem is RuleSetProblem.TARGET_RANGE


def _balls_summing(total: int, *, exclude: int) -> set[int]:
    """Distinct object balls other than ``exclude`` summing to ``total`` (greedy from 15)."""
    out: set[int] = set()
    for ball in range(15, 0, -1):
        if ball != exclude and ball <= total:
            out.add(ball)
            total -= ball
    assert total == 0, "no such set of balls"
    return out
