"""The record model: frozen values checked when built, canonical where order is free."""

from __future__ import annotations

import pytest

from rotation61.geometry import Point
from rotation61.records import (
    DecisionEntry,
    EventEntry,
    InvalidRecordError,
    MatchHeader,
    MatchRecord,
    Override,
    RackRecord,
    RulingSummary,
    ShotEntry,
    config_of,
)
from rotation61.rules import (
    PRESETS,
    FoulKind,
    OfficialEvent,
    Option,
    Seat,
    Shot,
    UnknownRuleSetError,
    get_ruleset,
)


def test_tags_are_kept_in_roster_order_then_by_name() -> None:
    record = MatchHeader(
        players=("A", "B"),
        race_to=1,
        tags=[("Stream", "x"), ("Referee", "R"), ("Event", "E"), ("Camera", "c")],  # type: ignore[arg-type]
    )
    assert [name for name, _ in record.tags] == ["Event", "Referee", "Camera", "Stream"]
    assert record.tag("Event") == "E"
    assert record.tag("Date") is None


def test_config_is_canonical_and_builds_the_rule_set() -> None:
    record = MatchHeader(
        players=("A", "B"),
        race_to=1,
        rules="japan",
        config=(("target_points", 71), ("cue_ball_spot_gap_in", 0.1)),
    )
    assert record.config == (("cue_ball_spot_gap_in", "1/10"), ("target_points", 71))
    assert record.ruleset.target_points == 71
    assert record.ruleset.rack_pattern.value == "japan_fixed"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_stored_by_name(name: str) -> None:
    assert config_of(get_ruleset(name)) == (name, ())


def test_a_changed_rule_set_is_stored_as_overrides_that_rebuild_it() -> None:
    rules = get_ruleset("wpa-three-fouls").with_overrides(
        {"tie_rule": "bonus_point_last_pocketer_wins", "cue_ball_spot_gap_in": "1/3"}
    )
    preset, config = config_of(rules)
    rebuilt = MatchHeader(players=("A", "B"), race_to=1, rules=preset, config=config).ruleset
    assert {k: getattr(rebuilt, k) for k in ("consecutive_foul_limit", "tie_rule")} == {
        k: getattr(rules, k) for k in ("consecutive_foul_limit", "tie_rule")
    }
    assert rebuilt.cue_ball_spot_gap_in == rules.cue_ball_spot_gap_in


@pytest.mark.parametrize(
    ("fields", "error", "needle"),
    [
        ({"players": ("A",)}, InvalidRecordError, "two players"),
        ({"players": ("A", " ")}, InvalidRecordError, "must not be empty"),
        ({"players": ("A", "B\nC")}, InvalidRecordError, r"U\+000A, a control character"),
        ({"race_to": 0}, InvalidRecordError, "race_to"),
        ({"rules": "snooker"}, UnknownRuleSetError, "snooker"),
        ({"config": (("target_points", "61"),)}, UnknownRuleSetError, "integer"),
        ({"config": (("tie_rule", "coin"),)}, UnknownRuleSetError, "tie_rule"),
        ({"config": (("referee_present", 1),)}, UnknownRuleSetError, "true or false"),
        ({"config": (("target_points", 61), ("target_points", 62))}, UnknownRuleSetError, "twice"),
        ({"tags": (("PlayerA", "x"),)}, InvalidRecordError, "reserved"),
        ({"tags": (("9lives", "x"),)}, InvalidRecordError, "tag name"),
        ({"tags": (("Event", "x"), ("Event", "y"))}, InvalidRecordError, "twice"),
        ({"engine": ""}, InvalidRecordError, "engine"),
    ],
)
def test_bad_match_fields_are_refused(
    fields: dict[str, object], error: type[Exception], needle: str
) -> None:
    base: dict[str, object] = {"players": ("A", "B"), "race_to": 1}
    with pytest.raises(error, match=needle):
        MatchHeader(**{**base, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"legal": True, "fouls": (FoulKind.SCRATCH,)}, "fouls exactly when"),
        ({"legal": False}, "fouls exactly when"),
        ({"legal": False, "fouls": (FoulKind.SCRATCH,), "points": 3}, "credits no points"),
        ({"legal": None, "options": (Option.ACCEPT_TABLE,)}, "official event"),
        ({"legal": True, "points": 121}, "0..120"),
        ({"legal": True, "spotted": (3, 3)}, "twice"),
        ({"legal": True, "spotted": (0,)}, "not an object ball"),
        ({"legal": True, "options": (Option.ACCEPT_TABLE, Option.ACCEPT_TABLE)}, "twice"),
    ],
)
def test_bad_ruling_summaries_are_refused(fields: dict[str, object], needle: str) -> None:
    with pytest.raises(InvalidRecordError, match=needle):
        RulingSummary(**fields)  # type: ignore[arg-type]


def test_positions_are_sorted_and_made_floats() -> None:
    entry = ShotEntry(
        shot=Shot(first_contact=1),
        placement=Point(12, 25),
        positions=[(3, Point(1, 2)), (0, Point(5.5, 6))],  # type: ignore[arg-type]
    )
    assert entry.positions == ((0, Point(5.5, 6.0)), (3, Point(1.0, 2.0)))
    assert isinstance(entry.positions[1][1].x, float)
    with pytest.raises(InvalidRecordError, match="twice"):
        ShotEntry(shot=Shot(), positions=((1, Point(1, 1)), (1, Point(2, 2))))
    with pytest.raises(InvalidRecordError, match="not a ball"):
        ShotEntry(shot=Shot(), positions=((16, Point(1, 1)),))


def test_entries_check_their_fields() -> None:
    with pytest.raises(InvalidRecordError, match="takes the player concerned"):
        EventEntry(event=OfficialEvent.CONCEDE_RACK)
    with pytest.raises(InvalidRecordError, match="takes no player"):
        EventEntry(event=OfficialEvent.STALEMATE_DECLARED, player=Seat.A)
    with pytest.raises(InvalidRecordError, match="not an option"):
        DecisionEntry(option="accept", by=Seat.A)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="U\\+000A, a control character"):
        Override(shot=Shot(), note="a\nb")
    with pytest.raises(InvalidRecordError, match="not a shot, decision, event or time foul"):
        RackRecord(breaker=Seat.A, entries=("1:3",))  # type: ignore[arg-type]


def test_records_are_hashable_values() -> None:
    rack = RackRecord(breaker=Seat.A, entries=[ShotEntry(shot=Shot(first_contact=1))])  # type: ignore[arg-type]
    one = MatchRecord(header=MatchHeader(players=("A", "B"), race_to=1), racks=(rack,))
    two = MatchRecord(header=MatchHeader(players=("A", "B"), race_to=1), racks=(rack,))
    assert one == two
    assert hash(one) == hash(two)
    assert list(one.entries()) == [(0, 0, rack.entries[0])]
