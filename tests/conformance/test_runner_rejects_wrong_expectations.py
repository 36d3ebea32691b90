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


def _mutations(scenario: dict[str, object]) -> Iterator[tuple[str, dict[str, object]]]:
    """Every copy of ``scenario`` with exactly one expected field made wrong."""
    steps = scenario.get("shots") or []
    assert isinstance(steps, list)
    targets: list[tuple[int | None, str]] = [
        (index, field) for index, step in enumerate(steps) for field in step.get("expect", {})
    ]
    targets += [(None, field) for field in scenario.get("expect", {}) or {}]  # type: ignore[union-attr]
    for index, field in targets:
        mutated = copy.deepcopy(scenario)
        holder = mutated["shots"][index]["expect"] if index is not None else mutated["expect"]
        holder[field] = _wrong(holder[field])
        yield f"{'' if index is None else f'step {index + 1} '}{field}", mutated


SCENARIOS = scenario_files.public() + scenario_files.project()


def test_there_are_many_mutations() -> None:
    assert sum(len(list(_mutations(s))) for s in SCENARIOS) > 1000


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: str(s["id"]))
def test_every_wrong_expectation_fails(scenario: dict[str, object]) -> None:
    survivors = [where for where, mutated in _mutations(scenario) if run_scenario(mutated).passed]
    assert not survivors, f"wrong expectations that still pass: {survivors}"
