"""Rack end when the table empties under a configured target (§II, A11, A12)."""

from __future__ import annotations

from rotation61.rules import RackResultType, RuleSet, Seat, Shot, TieRule, judge, setup_rack


def test_larger_target_empty_table_goes_to_the_higher_score() -> None:
    rules = RuleSet(target_points=70)
    state = setup_rack(rules, on_table={15}, scores=(40, 65), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.REACHED_61
    assert ruling.result.winner is Seat.B


def test_bonus_point_only_on_a_level_score() -> None:
    rules = RuleSet(target_points=70, tie_rule=TieRule.BONUS_POINT_LAST_POCKETER_WINS)
    state = setup_rack(rules, on_table={15}, scores=(50, 55), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.winner is Seat.A
    assert ruling.result.bonus_point is None


def test_level_score_with_empty_table_is_a_tie_replay() -> None:
    state = setup_rack(on_table={15}, scores=(45, 60), shooter=Seat.A)
    ruling = judge(state, Shot(first_contact=15, pocketed=(15,)))
    assert ruling.result is not None
    assert ruling.result.type is RackResultType.TIE_60_60_REPLAY
    assert ruling.result.replay_breaker is Seat.A
