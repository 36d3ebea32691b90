"""Shared test configuration: hypothesis profiles, the path to the shared scenarios, and the
check that a run leaves no process behind (:mod:`tests.processes`)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from multiprocessing import resource_tracker
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests import processes

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


# Every process the run starts inherits the mark; the run fails if any outlives it.
RUN = os.environ.setdefault(processes.MARK, f"pytest-{os.getpid()}-{uuid.uuid4().hex[:8]}")


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> Iterator[None]:
    """After every other finisher (pool shutdowns, xdist's workers): nothing of the run
    may still be running. A parallel run's workers leave the check to the controller."""
    yield
    # the interpreter's own multiprocessing helper lives as long as this process: stop it
    # now (the private call is the one the interpreter makes at exit)
    resource_tracker._resource_tracker._stop()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    left = processes.survivors(RUN)
    if left:
        processes.end(set(left))
        writer = session.config.get_terminal_writer()
        writer.line()
        writer.line(processes.report(left), red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
