"""Shared test configuration: hypothesis profiles and the path to the shared scenarios."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("thorough", deadline=None, max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("ROTATION61_SHARED", REPO.parent / "shared"))
PUBLIC_SCENARIOS = SHARED / "scenarios" / "public.jsonl"
PROJECT_SCENARIOS = REPO / "tests" / "scenarios"


@pytest.fixture(scope="session")
def public_scenarios_path() -> Path:
    """The shared public scenario file; its absence is a failure, not a skip."""
    if not PUBLIC_SCENARIOS.is_file():
        pytest.fail(
            f"public scenarios not found at {PUBLIC_SCENARIOS}; copy ../shared beside the "
            "repository or set ROTATION61_SHARED"
        )
    return PUBLIC_SCENARIOS
