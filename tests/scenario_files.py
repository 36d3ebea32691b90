"""Loading the scenario files the tests run: the shared public set and the project's own."""

from __future__ import annotations

from pathlib import Path

from rotation61.conformance import load_scenarios
from tests.conftest import PROJECT_SCENARIOS, PUBLIC_SCENARIOS


def read(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as handle:
        return load_scenarios(handle)


def public() -> list[dict[str, object]]:
    return read(PUBLIC_SCENARIOS) if PUBLIC_SCENARIOS.is_file() else []


def project() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for path in sorted(PROJECT_SCENARIOS.glob("*.jsonl")):
        out.extend(read(path))
    return out
