"""Conformance: run adjudication scenarios (JSON Lines, the scenario schema) through the engine."""

from __future__ import annotations

from rotation61.conformance.runner import (
    Mismatch,
    ScenarioError,
    ScenarioReport,
    load_scenarios,
    run_scenario,
    run_scenarios,
)

__all__ = [
    "Mismatch",
    "ScenarioError",
    "ScenarioReport",
    "load_scenarios",
    "run_scenario",
    "run_scenarios",
]
