"""Every foul kind, option and rule-set key appears in at least one scenario."""

from __future__ import annotations

import json

from rotation61.rules import RULESET_KEYS, FoulKind, OfficialEvent, Option, RackResultType
from tests import scenario_files

ALL = scenario_files.public() + scenario_files.project()
TEXT = "\n".join(json.dumps(s) for s in ALL)


def test_every_foul_kind_is_in_a_scenario() -> None:
    missing = [k.value for k in FoulKind if f'"{k.value}"' not in TEXT]
    assert not missing


def test_every_option_is_offered_and_chosen_in_a_scenario() -> None:
    chosen = {
        step["option"]
        for s in ALL
        for step in s.get("shots", [])  # type: ignore[union-attr]
        if step.get("type") == "choice"
    }
    assert {o.value for o in Option} <= chosen


def test_every_rule_set_key_is_configured_in_a_scenario() -> None:
    configured = {key for s in ALL for key in (s.get("config") or {})}  # type: ignore[union-attr]
    assert set(RULESET_KEYS) <= configured, sorted(set(RULESET_KEYS) - configured)


def test_every_rack_result_and_event_is_in_a_scenario() -> None:
    missing = [r.value for r in RackResultType if f'"{r.value}"' not in TEXT]
    missing += [e.value for e in OfficialEvent if f'"{e.value}"' not in TEXT]
    assert not missing


def test_every_project_scenario_cites_a_section() -> None:
    for scenario in scenario_files.project():
        assert scenario.get("sections"), scenario["id"]
