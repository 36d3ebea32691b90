"""The one match model: the header, the inputs and their JSON, and the log."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.geometry import Point
from rotation61.records import (
    DecisionEntry,
    DecisionInput,
    EventInput,
    Input,
    InvalidRecordError,
    MalformedInputError,
    MatchHeader,
    MatchLog,
    OverrideInput,
    ShotInput,
    UndoInput,
    from_json,
    input_from_dict,
    input_to_dict,
    replay_inputs,
    to_json,
    verify,
)
from rotation61.rules import (
    IllegalActionError,
    InvalidShotError,
    OfficialEvent,
    Option,
    Phase,
    Seat,
    Shot,
)

HEADER = MatchHeader(players=("An", "Binh"), race_to=2, tags=(("Event", "Open"),))
BREAK = Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
FOUL = Shot(first_contact=2)


def test_a_new_log_is_the_match_before_the_break() -> None:
    log = MatchLog.begin(HEADER)
    assert log.match.rack.is_break
    assert (len(log), log.length, log.can_undo) == (0, 0, False)
    assert log.record.header is HEADER
    assert log.record.racks == ()


def test_each_input_links_to_the_log_before_it() -> None:
    log = MatchLog.begin(HEADER)
    after, ruling = log.play(BREAK)
    assert after.parent is log
    assert after.undo_to is log
    assert after.last is not None
    assert after.last.before is log.match
    assert ruling.points == 5
    assert (len(after), after.length) == (1, 1)


def test_a_decision_goes_to_the_player_waited_for() -> None:
    log, ruling = MatchLog.begin(HEADER).play(FOUL)
    assert ruling.legal is False
    log = log.decide(Option.ACCEPT_TABLE)
    (entry,) = log.record.racks[0].entries[1:]
    assert entry == DecisionEntry(option=Option.ACCEPT_TABLE, by=Seat.B)
    with pytest.raises(IllegalActionError):
        MatchLog.begin(HEADER).play(FOUL)[0].decide(Option.ACCEPT_TABLE, by=Seat.A)


def test_an_override_keeps_both_rulings_and_undo_takes_it_back() -> None:
    log, engine = MatchLog.begin(HEADER).play(FOUL)
    overridden, ruling = log.override(BREAK, note="the 1 was hit first")
    assert (engine.legal, ruling.legal) == (False, True)
    assert overridden.length == 2
    assert len(overridden) == 1
    (entry,) = overridden.record.racks[0].entries
    assert entry.ruling is not None
    assert entry.ruling.legal is False
    assert entry.override is not None
    assert entry.override.ruling is not None
    assert entry.override.ruling.points == 5  # type: ignore[union-attr]
    assert verify(overridden.record) == []
    undone = overridden.undo()
    assert undone.match is log.match
    assert undone.record == log.record
    assert undone.length == 3


def test_overriding_twice_keeps_the_engine_ruling_on_the_facts_as_entered() -> None:
    log, _ = MatchLog.begin(HEADER).play(FOUL)
    log, _ = log.override(BREAK)
    log, _ = log.override(Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 6})))
    (entry,) = log.record.racks[0].entries
    assert entry.ruling is not None
    assert entry.ruling.legal is False
    assert log.last is not None
    assert log.last.engine_ruling is not None
    assert log.last.engine_ruling.legal is False


def test_only_the_last_input_in_effect_can_be_overridden_if_it_is_a_shot() -> None:
    with pytest.raises(IllegalActionError, match="not a shot"):
        MatchLog.begin(HEADER).override(BREAK)
    log = MatchLog.begin(HEADER).play(FOUL)[0].decide(Option.ACCEPT_TABLE)
    with pytest.raises(IllegalActionError, match="not a shot"):
        log.override(BREAK)


def test_undo_with_nothing_in_effect_is_refused_and_changes_nothing() -> None:
    log = MatchLog.begin(HEADER)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        log.undo()
    assert log.length == 0


def test_a_rejected_input_leaves_the_log_as_it_was() -> None:
    log, _ = MatchLog.begin(HEADER).play(FOUL)
    with pytest.raises(IllegalActionError):
        log.play(BREAK)  # a decision is pending
    with pytest.raises(InvalidShotError):
        MatchLog.begin(HEADER).play(Shot(first_contact=1, pocketed=(16,)))
    assert log.length == 1
    assert log.match.rack.phase is Phase.DECISION


def test_racks_are_recorded_with_their_breakers() -> None:
    log, _ = MatchLog.begin(HEADER).play(BREAK)
    log, _ = log.officiate(OfficialEvent.CONCEDE_RACK, Seat.B)
    log, _ = log.play(BREAK)
    record = log.record
    assert [len(rack.entries) for rack in record.racks] == [2, 1]
    assert [rack.breaker for rack in record.racks] == [Seat.A, log.history()[2].rack.breaker]
    assert verify(record) == []


def test_a_record_becomes_a_log_again() -> None:
    log, _ = MatchLog.begin(HEADER).play(FOUL)
    log, _ = log.override(BREAK, note="seen")
    log, _ = log.play(Shot(first_contact=1, pocketed=(1,), rail_after_contact=frozenset({0})))
    again = MatchLog.from_record(from_json(to_json(log.record)))
    assert again.record == log.record
    assert again.match == log.match
    assert again.inputs() == log.inputs()


def test_every_input_has_a_canonical_json_object() -> None:
    items: list[Input] = [
        ShotInput(shot=BREAK),
        ShotInput(
            shot=FOUL,
            placement=Point(20.0, 10.5),
            positions=((3, Point(1.0, 2.0)), (0, Point(20.0, 10.5))),
        ),
        DecisionInput(option=Option.ACCEPT_TABLE),
        DecisionInput(option=Option.ACCEPT_TABLE, by=Seat.B),
        EventInput(event=OfficialEvent.CONCEDE_RACK, player=Seat.A),
        EventInput(event=OfficialEvent.STALEMATE_DECLARED),
        OverrideInput(shot=BREAK, note="the 1 was hit first"),
        UndoInput(),
    ]
    for item in items:
        assert input_from_dict(input_to_dict(item)) == item
    assert input_to_dict(items[1])["positions"] == {"0": [20.0, 10.5], "3": [1.0, 2.0]}


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"kind": "jump"}, "kind"),
        ({"kind": "shot"}, "shot"),
        ({"kind": "shot", "shot": {"first_contact": 1}, "extra": 1}, "extra"),
        ({"kind": "decision", "option": "take_it"}, "option"),
        ({"kind": "decision", "option": "accept_table", "by": "C"}, "by"),
        ({"kind": "event", "event": "concede_rack", "player": 1}, "player"),
        ({"kind": "override", "shot": {"first_contact": 1}, "note": "a\nb"}, "note"),
        ({"kind": "override", "shot": {"first_contact": 1}, "note": "x" * 501}, "note"),
        ({"kind": "shot", "shot": {"first_contact": 1}, "placement": [1]}, "placement"),
        ({"kind": "shot", "shot": {"first_contact": 1}, "positions": {"x": [1, 2]}}, "x"),
        ({"kind": "shot", "shot": {"first_contact": 1}, "positions": [[0, 1, 2]]}, "positions"),
    ],
)
def test_malformed_input_names_the_bad_value(data: dict[str, object], needle: str) -> None:
    with pytest.raises(MalformedInputError, match=needle):
        input_from_dict(data)


def test_a_position_off_the_balls_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match="not a ball"):
        input_from_dict(
            {"kind": "shot", "shot": {"first_contact": 1}, "positions": {"16": [1.0, 2.0]}}
        )


@st.composite
def _inputs(draw: st.DrawFn) -> list[Input]:
    """Inputs the referee accepts, drawn against the match they are played in."""
    log = MatchLog.begin(HEADER)
    items: list[Input] = []
    for _ in range(draw(st.integers(min_value=0, max_value=40))):
        rack = log.match.rack
        if log.match.is_over:
            break
        choice = draw(st.sampled_from(("shot", "shot", "shot", "undo", "override", "event")))
        item: Input
        if choice == "undo" and log.can_undo:
            item = UndoInput()
        elif choice == "event":
            item = EventInput(event=OfficialEvent.CONCEDE_RACK, player=rack.to_act)
        elif rack.phase is Phase.DECISION:
            assert rack.pending is not None
            item = DecisionInput(option=draw(st.sampled_from(rack.pending.options)))
        else:
            last = log.last
            override = (
                choice == "override" and last is not None and isinstance(last.step, ShotInput)
            )
            # an override replaces the last shot: it is drawn against the rack that shot
            # was played in (the rack before it may have ended since)
            played_in = last.before.rack if override and last is not None else rack
            balls = sorted(played_in.on_table)
            pocketed = draw(st.lists(st.sampled_from(balls), max_size=3, unique=True))
            shot = Shot(
                first_contact=draw(st.sampled_from((balls[0], balls[-1]))),
                pocketed=tuple(pocketed),
                rail_after_contact=frozenset({0}) if draw(st.booleans()) else frozenset(),
                break_rail_balls=frozenset(balls[1:5]) if played_in.is_break else None,
            )
            item = OverrideInput(shot=shot) if override else ShotInput(shot=shot)
        log = log.append(item)
        items.append(item)
    return items


@settings(max_examples=60, deadline=None)
@given(_inputs())
def test_a_log_replays_records_and_verifies(items: list[Input]) -> None:
    log = replay_inputs(HEADER, items)
    assert log.length == len(items)
    assert len(log.steps()) == len(log)
    assert verify(log.record) == []
    again = MatchLog.from_record(log.record)
    assert again.match == log.match
    assert again.record == log.record
    assert replay_inputs(HEADER, log.inputs()).match == log.match
    assert [input_from_dict(input_to_dict(item)) for item in items] == items
