"""Invalid input raises a precise ValueError subclass and changes nothing."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given

from rotation61 import match as matches
from rotation61.records import shot_from_dict
from rotation61.rules import (
    IllegalActionError,
    InvalidShotError,
    InvalidStateError,
    KitchenFacts,
    OfficialEvent,
    Option,
    Phase,
    RuleSet,
    Seat,
    Shot,
    UnknownRuleSetError,
    decide,
    get_ruleset,
    judge,
    new_rack,
    officiate,
    play,
    setup_rack,
)
from tests.strategies import Playout, playouts


def test_ball_sixteen_is_rejected_naming_the_ball() -> None:
    with pytest.raises(InvalidShotError, match="16"):
        Shot(first_contact=3, pocketed=(16,))
    with pytest.raises(InvalidShotError, match="16"):
        shot_from_dict({"first_contact": 16})


def test_pocketed_ball_not_on_the_table_is_rejected() -> None:
    state = setup_rack(on_table={4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, scores=(6, 0))
    before = copy.deepcopy(state)
    with pytest.raises(InvalidShotError, match=r"ball 2 pocketed is not on the table"):
        judge(state, Shot(first_contact=4, pocketed=(2,)))
    assert state == before


def test_first_contact_not_on_the_table_is_rejected() -> None:
    state = setup_rack(on_table={4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, scores=(6, 0))
    with pytest.raises(InvalidShotError, match="ball 3 first contact is not on the table"):
        judge(state, Shot(first_contact=3))


def test_shot_while_a_decision_is_pending_is_rejected() -> None:
    state = setup_rack(on_table={4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, scores=(6, 0))
    pending, _ = play(state, Shot(first_contact=7, rail_after_contact=frozenset({7})))
    assert pending.phase is Phase.DECISION
    with pytest.raises(IllegalActionError, match="waits for a decision"):
        judge(pending, Shot(first_contact=4))


def test_option_not_offered_is_rejected() -> None:
    state = setup_rack(on_table={4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, scores=(6, 0))
    pending, _ = play(state, Shot(first_contact=7, rail_after_contact=frozenset({7})))
    with pytest.raises(IllegalActionError, match="restore_and_offender_replays"):
        decide(pending, Option.RESTORE_AND_OFFENDER_REPLAYS)
    with pytest.raises(IllegalActionError, match="choice belongs to B"):
        decide(pending, Option.ACCEPT_TABLE, by=Seat.A)


def test_decision_without_a_foul_is_rejected() -> None:
    with pytest.raises(IllegalActionError, match="no decision is pending"):
        decide(new_rack(), Option.ACCEPT_TABLE)


def test_input_after_the_rack_is_over_is_rejected() -> None:
    over, _ = officiate(new_rack(), OfficialEvent.CONCEDE_RACK, Seat.A)
    with pytest.raises(IllegalActionError, match="rack is over"):
        judge(over, Shot(first_contact=1))
    with pytest.raises(IllegalActionError, match="rack is over"):
        officiate(over, OfficialEvent.STALEMATE_DECLARED)


def test_stale_ruling_is_rejected() -> None:
    from rotation61.rules import apply

    state = new_rack()
    ruling = judge(state, Shot(first_contact=1, pocketed=(3,)))
    after = apply(state, ruling)
    with pytest.raises(IllegalActionError, match="ply 0"):
        apply(after, ruling)


def test_events_need_the_right_player() -> None:
    with pytest.raises(IllegalActionError, match="needs the player"):
        officiate(new_rack(), OfficialEvent.CONCEDE_RACK)
    with pytest.raises(IllegalActionError, match="both players"):
        officiate(new_rack(), OfficialEvent.STALEMATE_DECLARED, Seat.A)


def test_inconsistent_states_are_rejected() -> None:
    with pytest.raises(InvalidStateError, match="do not add up to 120"):
        setup_rack(on_table={3, 4}, scores=(10, 10))
    with pytest.raises(InvalidStateError, match="not an object ball"):
        setup_rack(on_table={0, 3}, scores=(60, 57))
    with pytest.raises(InvalidStateError, match="consecutive fouls"):
        setup_rack(consecutive_fouls=(5, 0))


def test_inconsistent_shots_are_rejected() -> None:
    with pytest.raises(InvalidShotError, match="twice"):
        Shot(first_contact=1, pocketed=(3, 3))
    with pytest.raises(InvalidShotError, match="both pocketed and off the table"):
        Shot(first_contact=1, pocketed=(3,), off_table=(3,))
    with pytest.raises(InvalidShotError, match="touched none"):
        Shot(pocketed=(3,))
    with pytest.raises(InvalidShotError, match="never to have crossed"):
        KitchenFacts(crossed_before_first_contact=True, crossed=False)
    with pytest.raises(InvalidShotError, match="lowercase name"):
        Shot(first_contact=1, general_rules_foul="Double Hit!")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"pocketed": 3}, "events.pocketed: expected a list"),
        ({"cue_pocketed": "yes"}, "events.cue_pocketed"),
        ({"lowest_rest_zone": "moon"}, "events.lowest_rest_zone: 'moon'"),
        ({"wat": 1}, "unknown field"),
        ({"kitchen": {"first_contact_type": "cushion"}}, "kitchen.first_contact_type"),
        ({"rail_after_contact": ["cue", 0]}, "events.rail_after_contact: 0"),
    ],
)
def test_shot_dicts_name_the_bad_field(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidShotError, match=message.replace(".", r"\.")):
        shot_from_dict(data)


def test_unknown_rule_sets_and_keys_are_rejected() -> None:
    with pytest.raises(UnknownRuleSetError, match="known presets: standard"):
        get_ruleset("snooker")
    with pytest.raises(UnknownRuleSetError, match="unknown rule-set key 'push_out'"):
        RuleSet().with_overrides({"push_out": True})
    with pytest.raises(UnknownRuleSetError, match="tie_rule"):
        RuleSet().with_overrides({"tie_rule": "coin_toss"})
    with pytest.raises(UnknownRuleSetError, match="consecutive_foul_limit"):
        RuleSet().with_overrides({"consecutive_foul_limit": 1})
    with pytest.raises(UnknownRuleSetError, match="must be true or false"):
        RuleSet().with_overrides({"referee_present": "no"})


@given(playouts())
def test_invalid_inputs_anywhere_in_random_play_leave_the_match_unchanged(
    playout: Playout,
) -> None:
    for step in playout.steps:
        match = step.before
        snapshot = copy.deepcopy(match)
        rack = match.rack
        if rack.phase is Phase.DECISION:
            assert rack.pending is not None
            with pytest.raises(IllegalActionError):
                matches.play(match, Shot(first_contact=rack.lowest))
            for missing in (o for o in Option if o not in rack.pending.options):
                with pytest.raises(IllegalActionError):
                    matches.decide(match, missing)
        else:
            assert rack.lowest is not None
            for gone in sorted(set(range(1, 16)) - rack.on_table):
                with pytest.raises(InvalidShotError):
                    matches.play(match, Shot(first_contact=rack.lowest, pocketed=(gone,)))
            with pytest.raises(IllegalActionError):
                matches.decide(match, Option.ACCEPT_TABLE)
        assert match == snapshot


def test_cue_ball_gap_must_be_positive() -> None:
    with pytest.raises(UnknownRuleSetError, match="never frozen to the cue ball"):
        RuleSet().with_overrides({"cue_ball_spot_gap_in": 0})
