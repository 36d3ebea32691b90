"""Rule-set configuration values: one plain form, one canonical description."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rotation61.records
from rotation61.rules import (
    PRESETS,
    RULESET_KEYS,
    BreakerPolicy,
    RuleSet,
    TieRule,
    UnknownRuleSetError,
    config_of,
    config_value,
    get_ruleset,
)


@pytest.mark.parametrize(
    ("key", "value", "plain"),
    [
        ("target_points", 71, 71),
        ("referee_present", False, False),
        ("tie_rule", TieRule.BONUS_POINT_LAST_POCKETER_WINS, "bonus_point_last_pocketer_wins"),
        ("next_rack_breaker", "loser", "loser"),
        ("cue_ball_spot_gap_in", Fraction(1, 20), "1/20"),
        ("cue_ball_spot_gap_in", 0.1, "1/10"),
        ("cue_ball_spot_gap_in", "0.25", "1/4"),
        ("cue_ball_spot_gap_in", 1, "1"),
    ],
)
def test_config_value_is_the_plain_canonical_form(key: str, value: object, plain: object) -> None:
    assert config_value(key, value) == plain
    assert type(config_value(key, value)) is type(plain)
    assert config_value(key, plain) == plain


@pytest.mark.parametrize(
    ("key", "value", "needle"),
    [
        ("push_out", True, "unknown rule-set key 'push_out'"),
        ("name", "bca", "unknown rule-set key 'name'"),
        ("target_points", "61", "must be an integer, got '61'"),
        ("target_points", True, "must be an integer"),
        ("referee_present", 1, "must be true or false, got 1"),
        ("tie_rule", "coin_toss", "has no value 'coin_toss'; expected one of"),
        ("tie_rule", 3, "has no value 3"),
        ("next_rack_breaker", TieRule.BONUS_POINT_LAST_POCKETER_WINS, "next_rack_breaker"),
        ("cue_ball_spot_gap_in", "1/0", "must be a number such as '1/20'"),
        ("cue_ball_spot_gap_in", "wide", "must be a number"),
        ("cue_ball_spot_gap_in", False, "must be a number"),
    ],
)
def test_bad_config_values_are_rejected_naming_key_and_value(
    key: str, value: object, needle: str
) -> None:
    with pytest.raises(UnknownRuleSetError, match=needle):
        config_value(key, value)
    with pytest.raises(UnknownRuleSetError, match=needle):
        RuleSet().with_overrides({key: value})


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_preset_is_described_by_its_name_alone(name: str) -> None:
    assert config_of(get_ruleset(name)) == (name, ())


def test_records_re_export_config_of() -> None:
    assert rotation61.records.config_of is config_of


OVERRIDES = {
    "target_points": st.integers(1, 120),
    "consecutive_foul_limit": st.integers(2, 10),
    "break_min_rail_balls": st.integers(0, 15),
    "next_rack_breaker": st.sampled_from(BreakerPolicy),
    "tie_rule": st.sampled_from(TieRule),
    "referee_present": st.booleans(),
    "cue_ball_spot_gap_in": st.fractions(min_value=Fraction(1, 1000), max_value=1),
}


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    base = draw(st.sampled_from(list(PRESETS.values())))
    keys = draw(st.sets(st.sampled_from(sorted(OVERRIDES))))
    return base.with_overrides({key: draw(OVERRIDES[key]) for key in sorted(keys)})


@given(rule_sets())
def test_config_of_rebuilds_the_rule_set_from_plain_values(rules: RuleSet) -> None:
    preset, config = config_of(rules)
    assert [key for key, _ in config] == sorted({key for key, _ in config})
    assert all(key in RULESET_KEYS for key, _ in config)
    assert all(type(value) in (bool, int, str) for _, value in config)
    rebuilt = get_ruleset(preset).with_overrides(dict(config))
    assert rebuilt == RuleSet(**{**_fields(rules), "name": rebuilt.name})


def _fields(rules: RuleSet) -> dict[str, object]:
    return {key: getattr(rules, key) for key in ("name", *RULESET_KEYS)}
