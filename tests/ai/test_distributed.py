"""Self-play on Ray: a local Ray instance plays the same racks as one process (the [ray] extra).

Ray starts once for the module (a few seconds, plus the physics kernels' compilation in
its workers when the disk cache is off, as in CI).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

import pytest

from rotation61.ai.selfplay import RackOutcome, jobs_for, run_jobs, summarize
from rotation61.cli.main import main
from rotation61.records import from_json, verify

ray = pytest.importorskip("ray", reason="the [ray] extra is not installed")

from rotation61.ai.distributed import (  # noqa: E402 (after the extra's check)
    RayExecutor,
    RayUnavailableError,
    ray_executor,
)

JOBS = jobs_for("1", "2", 2, seed=3, record=True)
"""Two racks between levels 1 and 2 (they take turns to break)."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def local() -> list[RackOutcome]:
    return run_jobs(JOBS)


@pytest.mark.usefixtures("cluster")
def test_ray_tasks_play_the_same_racks_as_one_process(local: list[RackOutcome]) -> None:
    remote = run_jobs(JOBS, ray_executor("auto"))
    assert [o.job for o in remote] == JOBS
    assert [o.without_times() for o in remote] == [o.without_times() for o in local]
    assert all(o.a.think_ms and o.b.think_ms for o in remote)
    summary = summarize(remote)
    assert summary.racks == 2
    assert summary.racks_won_a + summary.racks_won_b == 2
    for outcome in remote:
        assert outcome.record is not None
        assert verify(from_json(outcome.record)) == []


@pytest.mark.parametrize(
    ("address", "num_cpus", "message"),
    [
        ("", 1.0, "Ray address '' is not a non-empty string"),
        (None, 1.0, "Ray address None"),
        ("auto", 0.0, "num_cpus 0.0 must be a positive number"),
        ("auto", True, "num_cpus True"),
    ],
)
def test_bad_arguments_are_refused(address: object, num_cpus: object, message: str) -> None:
    with pytest.raises(RayUnavailableError, match=message):
        RayExecutor(address, num_cpus=num_cpus)  # type: ignore[arg-type]


def test_without_ray_the_executor_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(RayUnavailableError, match=r"pip install 'rotation61\[ray\]'"):
        ray_executor("auto")


def _without_think_times(document: dict[str, object]) -> dict[str, object]:
    sides = {}
    for key in ("side_a", "side_b"):
        side = document[key]
        assert isinstance(side, dict)
        sides[key] = {k: v for k, v in side.items() if not k.startswith("think_ms")}
    return {**document, **sides}


@pytest.mark.usefixtures("cluster")
def test_ai_match_with_ray_prints_the_single_process_figures(
    local: list[RackOutcome], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ai", "match", "--a", "1", "--b", "2", "--racks", "2", "--seed", "3"]
    assert main([*argv, "--ray", "auto", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = summarize(local).as_dict()
    assert _without_think_times(printed) == _without_think_times(expected)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--ray", " "], "Ray address ' ' is not a non-empty string"),
        (["--ray", "auto", "--workers", "2"], "--ray and --workers exclude each other"),
    ],
)
def test_ai_match_refuses_a_bad_ray_option(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["ai", "match", "--a", "1", "--b", "2", "--racks", "1", *options]
    assert main(argv) == 1
    assert message in capsys.readouterr().err
