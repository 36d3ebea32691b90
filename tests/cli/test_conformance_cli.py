"""``rotation61 conformance``: one line per scenario, a summary, exit status and JSON report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rotation61.cli.main import main
from tests.conftest import PROJECT_SCENARIOS


def test_public_scenarios_all_pass_through_the_command(
    public_scenarios_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    code = main(["conformance", str(public_scenarios_path), "--json", str(report)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[-1].endswith(" passed, 0 failed")
    assert all(line.endswith(" PASS") for line in lines[:-1])
    document = json.loads(report.read_text())
    assert document["failed"] == 0
    assert document["passed"] == len(lines) - 1


def test_a_wrong_expectation_fails_with_the_first_differing_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenarios = (PROJECT_SCENARIOS / "project.jsonl").read_text().splitlines()
    first = json.loads(scenarios[0])
    first["shots"][0]["expect"]["warning_due"] = "B"
    path = tmp_path / "wrong.jsonl"
    path.write_text("\n".join([json.dumps(first), *scenarios[1:]]) + "\n")
    report = tmp_path / "r.json"
    code = main(["conformance", str(path), "--json", str(report)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0] == 'P001 FAIL step 1 warning_due: expected "B", got "A"'
    assert out[-1] == f"{len(scenarios) - 1} passed, 1 failed"
    failed = [s for s in json.loads(report.read_text())["scenarios"] if not s["passed"]]
    assert failed == [
        {
            "id": "P001",
            "passed": False,
            "mismatch": {"step": 1, "field": "warning_due", "expected": "B", "actual": "A"},
        }
    ]


def test_a_malformed_file_is_an_error_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "X1", "kind": "rules"}\n{not json\n')
    assert main(["conformance", str(path)]) == 1
    assert "line 2: not JSON" in capsys.readouterr().err


def test_a_scenario_the_engine_rejects_fails_with_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps({"id": "X2", "kind": "snooker"}) + "\n")
    assert main(["conformance", str(path)]) == 1
    assert "X2 FAIL ScenarioError: unknown scenario kind 'snooker'" in capsys.readouterr().out


def test_a_missing_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", str(tmp_path / "nope.jsonl")]) == 1
    assert "nope.jsonl" in capsys.readouterr().err


def test_the_installed_command_runs(public_scenarios_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rotation61.cli.main", "conformance", str(public_scenarios_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-500:] + done.stderr[-500:]
    assert done.stdout.splitlines()[-1].endswith("passed, 0 failed")
