"""The timeline: inputs replayed through the referee, undo, overrides, JSON of inputs."""

from __future__ import annotations

import pytest

from rotation61.match import start_match
from rotation61.rules import (
    FoulKind,
    IllegalActionError,
    InvalidShotError,
    OfficialEvent,
    Option,
    Phase,
    Seat,
    Shot,
)
from rotation61.web.timeline import (
    DecisionInput,
    EventInput,
    MalformedInputError,
    OverrideInput,
    ShotInput,
    UndoInput,
    advance,
    input_from_dict,
    input_to_dict,
    replay,
    start_timeline,
)

BREAK = ShotInput(
    shot=Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
)
WRONG_BALL = ShotInput(shot=Shot(first_contact=3, rail_after_contact=frozenset({0})))


def test_replay_rebuilds_the_state_of_a_log() -> None:
    timeline = replay(start_match(race_to=2), [BREAK, WRONG_BALL])
    rack = timeline.match.rack
    assert rack.scores == (5, 0)
    assert rack.phase is Phase.DECISION
    assert timeline.log_length == 2


def test_undo_takes_back_the_last_input_and_counts_in_the_log() -> None:
    timeline = replay(start_match(race_to=2), [BREAK, WRONG_BALL, UndoInput()])
    assert timeline.match.rack.phase is Phase.SHOT
    assert len(timeline.entries) == 1
    assert timeline.log_length == 3


def test_undo_with_nothing_in_effect_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        advance(start_timeline(start_match(race_to=1)), UndoInput())


def test_override_rejudges_corrected_facts_and_keeps_both_rulings() -> None:
    entered = ShotInput(
        shot=Shot(first_contact=3, pocketed=(3,), rail_after_contact=frozenset({0}))
    )
    corrected = Shot(first_contact=1, pocketed=(3,), rail_after_contact=frozenset({0}))
    log = [BREAK, entered, OverrideInput(shot=corrected, note="the 1 was hit first")]
    timeline = replay(start_match(race_to=2), log)
    last = timeline.last
    assert last is not None
    assert last.engine_ruling is not None
    assert last.ruling is not None
    assert last.engine_ruling.fouls[0].kind is FoulKind.WRONG_FIRST_CONTACT
    assert last.ruling.fouls == ()
    assert last.step == entered
    assert timeline.match.rack.scores == (8, 0)
    undone = advance(timeline, UndoInput())
    assert undone.last is not None
    assert not undone.last.is_overridden
    assert undone.match.rack.phase is Phase.DECISION


def test_override_can_correct_a_legal_shot_into_a_foul() -> None:
    legal = ShotInput(shot=Shot(first_contact=1, pocketed=(1,), rail_after_contact=frozenset({0})))
    double_hit = Shot(
        first_contact=1,
        pocketed=(1,),
        rail_after_contact=frozenset({0}),
        general_rules_foul="double_hit",
    )
    timeline = replay(start_match(race_to=2), [BREAK, legal, OverrideInput(shot=double_hit)])
    rack = timeline.match.rack
    assert rack.phase is Phase.DECISION
    assert rack.to_act is Seat.B
    assert rack.scores == (5, 0)


def test_override_after_a_decision_is_refused() -> None:
    log = [BREAK, WRONG_BALL, DecisionInput(option=Option.ACCEPT_TABLE)]
    with pytest.raises(IllegalActionError, match="not a shot"):
        advance(replay(start_match(race_to=2), log), OverrideInput(shot=BREAK.shot))


def test_an_option_not_offered_is_refused() -> None:
    timeline = replay(start_match(race_to=2), [BREAK, WRONG_BALL])
    with pytest.raises(IllegalActionError, match="not offered"):
        advance(timeline, DecisionInput(option=Option.RESTORE_AND_OFFENDER_REPLAYS))


def test_a_ball_not_on_the_table_is_refused() -> None:
    timeline = replay(start_match(race_to=2), [BREAK])
    with pytest.raises(InvalidShotError, match="not on the table"):
        advance(timeline, ShotInput(shot=Shot(first_contact=1, pocketed=(5,))))


def test_a_concession_ends_the_rack_and_the_next_starts() -> None:
    timeline = replay(
        start_match(race_to=2), [BREAK, EventInput(event=OfficialEvent.CONCEDE_RACK, player=Seat.B)]
    )
    assert timeline.match.racks_won == (1, 0)
    assert timeline.match.rack.ply == 0


@pytest.mark.parametrize(
    "item",
    [
        BREAK,
        DecisionInput(option=Option.ACCEPT_TABLE),
        EventInput(event=OfficialEvent.STALEMATE_DECLARED),
        EventInput(event=OfficialEvent.DISQUALIFICATION, player=Seat.A),
        OverrideInput(shot=Shot(first_contact=2), note="the 2 was hit"),
        UndoInput(),
    ],
    ids=lambda i: type(i).__name__,
)
def test_inputs_round_trip_through_json(item: object) -> None:
    data = input_to_dict(item)  # type: ignore[arg-type]
    assert input_from_dict(data) == item


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"kind": "jump"}, MalformedInputError),
        ({"kind": "decision", "option": "pass"}, MalformedInputError),
        ({"kind": "shot", "shot": {"first_contact": 16}}, InvalidShotError),
        ({"kind": "shot"}, MalformedInputError),
        ({"kind": "undo", "extra": 1}, MalformedInputError),
        ({"kind": "event", "event": "concede_rack", "player": "C"}, MalformedInputError),
        ({"kind": "override", "fouls": []}, MalformedInputError),
        ({"kind": "override", "shot": {}, "note": "a\nb"}, MalformedInputError),
    ],
    ids=["kind", "option", "ball", "missing", "extra", "player", "override", "note"],
)
def test_malformed_inputs_name_the_bad_field(data: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        input_from_dict(data)
