"""Every public scenario passes through the project's own runner (loaded from ../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rotation61.conformance import load_scenarios, run_scenario
from tests import scenario_files


def test_public_scenario_file_is_present_and_nonempty(public_scenarios_path: Path) -> None:
    with public_scenarios_path.open(encoding="utf-8") as handle:
        assert len(load_scenarios(handle)) >= 100


@pytest.mark.parametrize("scenario", scenario_files.public(), ids=lambda s: str(s["id"]))
def test_public_scenario_passes(scenario: dict[str, object]) -> None:
    report = run_scenario(scenario)
    assert report.passed, report.line()


@pytest.mark.parametrize("scenario", scenario_files.project(), ids=lambda s: str(s["id"]))
def test_project_scenario_passes(scenario: dict[str, object]) -> None:
    report = run_scenario(scenario)
    assert report.passed, report.line()
