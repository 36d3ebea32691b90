"""A scenario whose expectation is wrong must fail: every expected field is really compared."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest

from rotation61.conformance import run_scenario
from tests import scenario_files


def _wrong(value: object) -> object:
    """A value that differs from ``value`` (same shape where possible)."""
    if isinstance(value, bool):
        return not value
    if value is None:
        return "A"
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return {"A": "B", "B": "A"}.get(value, value + "_x")
    if isinstance(value, list):
        return (
            [*value, 99]
            if not value or not isinstance(value[0], float)
            else [value[0] + 1, *value[1:]]
        )
    if isinstance(value, dict):
        if not value:
            return {"type": "reached_61"}
        key = next(iter(value))
        return {**value, key: _wrong(value[key])}
    raise AssertionError(f"no wrong value for {value!r}")


def _mutations() -> Iterator[tuple[str, dict[str, object]]]:
    for scenario in scenario_files.public() + scenario_files.project():
        steps = scenario.get("shots") or []
        assert isinstance(steps, list)
        targets: list[tuple[int | None, str]] = []
        for index, step in enumerate(steps):
            for field in step.get("expect", {}):
                targets.append((index, field))
        for field in scenario.get("expect", {}) or {}:
            targets.append((None, field))
        for index, field in targets:
            mutated = copy.deepcopy(scenario)
            holder = mutated["shots"][index]["expect"] if index is not None else mutated["expect"]
            holder[field] = _wrong(holder[field])
            yield f"{scenario['id']}-{'' if index is None else index + 1}-{field}", mutated


MUTATIONS = list(_mutations())


def test_there_are_many_mutations() -> None:
    assert len(MUTATIONS) > 1000


@pytest.mark.parametrize("mutated", [m for _, m in MUTATIONS], ids=[i for i, _ in MUTATIONS])
def test_mutated_expectation_fails(mutated: dict[str, object]) -> None:
    report = run_scenario(mutated)
    assert not report.passed
