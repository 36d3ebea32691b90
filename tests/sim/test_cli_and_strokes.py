"""``rotation61 simulate`` (through its own parser), strokes, miscues and the cue clearance."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest

from rotation61.cli import simulate as cli
from rotation61.geometry import TABLE_9FT, Point
from rotation61.sim import (
    RAIL,
    CueObstructedError,
    MiscueError,
    Params,
    SimulationError,
    Stroke,
    break_layout,
    break_stroke,
    clearance_elevation,
    cue_obstruction,
    random_layout,
    simulate,
)
from tests.sim.conftest import SWEEP


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="rotation61 simulate")
    cli.add_arguments(parser)
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


def test_simulate_break_prints_events_and_ruling_and_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib", reason="the [plot] extra (matplotlib) is not installed")
    picture = tmp_path / "break.png"
    assert _run(["break", "--seed", "3", "--plot", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "strike" in out
    assert "ball  0 - ball 1 " in out
    assert "events," in out
    assert picture.stat().st_size > 10_000


def test_simulate_shot_from_a_layout_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = tmp_path / "layout.json"
    layout.write_text(json.dumps({"0": [80.0, 20.0], "1": [90.0, 10.0]}))
    assert _run(["shot", "--layout", str(layout), "--speed", "1.5", "-b", "-0.3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "pocketed: 1 in foot_right" in out
    assert "Legal shot" in out


def test_a_bad_layout_file_is_a_simulation_error(tmp_path: Path) -> None:
    layout = tmp_path / "layout.json"
    layout.write_text("[1, 2]")
    with pytest.raises(SimulationError, match="expected a JSON object"):
        _run(["shot", "--layout", str(layout)])


def test_miscue_and_overlap_and_missing_cue_ball_are_rejected() -> None:
    with pytest.raises(MiscueError):
        simulate({0: Point(30.0, 25.0)}, Stroke(speed=2.0, phi=0.0, a=0.45, b=0.3))
    with pytest.raises(SimulationError, match="overlap"):
        simulate({0: Point(30.0, 25.0), 1: Point(31.0, 25.0)}, Stroke(speed=2.0, phi=0.0))
    with pytest.raises(SimulationError, match="no cue ball"):
        simulate({1: Point(30.0, 25.0)}, Stroke(speed=2.0, phi=0.0))
    with pytest.raises(SimulationError, match="inside the cushions"):
        simulate({0: Point(0.5, 25.0)}, Stroke(speed=2.0, phi=0.0))
    with pytest.raises(SimulationError):
        Stroke(speed=-1.0, phi=0.0)


def test_cue_clearance_finds_a_ball_behind_the_cue_ball_and_the_rail() -> None:
    layout = {0: Point(50.0, 25.0), 1: Point(60.0, 25.0), 2: Point(46.0, 25.5)}
    assert cue_obstruction(layout, Stroke(speed=2.0, phi=0.0)) == 2
    assert cue_obstruction(layout, Stroke(speed=2.0, phi=90.0, theta=5.0)) is None
    near_rail = {0: Point(1.2, 25.0), 1: Point(60.0, 25.0)}
    assert cue_obstruction(near_rail, Stroke(speed=2.0, phi=0.0)) == RAIL
    assert cue_obstruction(near_rail, Stroke(speed=2.0, phi=0.0, theta=30.0)) is None
    with pytest.raises(CueObstructedError):
        simulate(layout, Stroke(speed=2.0, phi=0.0), check_cue=True)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_default_break_is_not_obstructed(seed: int) -> None:
    rng = np.random.default_rng(seed)
    layout = break_layout(TABLE_9FT, rng)
    stroke = break_stroke(layout, 8.0, rng)
    assert cue_obstruction(layout, stroke, params=Params(cue_lift=0.0)) == RAIL  # a level cue
    assert cue_obstruction(layout, stroke) is None  # the butt raised over the head rail
    lift = clearance_elevation(layout, stroke)
    assert lift is not None
    assert 0.0 < lift <= 4.0
    simulate(layout, stroke, check_cue=True)


def test_simulate_break_with_check_cue_plays_the_default_break(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run(["break", "--seed", "3", "--check-cue"]) == 0
    assert "strike" in capsys.readouterr().out


def test_ordinary_level_strokes_are_rarely_obstructed() -> None:
    rng = np.random.default_rng(61)
    count = 300 * SWEEP
    rails = balls = 0
    for _ in range(count):
        layout = random_layout(rng, 8)
        hit = cue_obstruction(layout, Stroke(speed=2.0, phi=float(rng.uniform(0.0, 360.0))))
        rails += hit == RAIL
        balls += hit is not None and hit != RAIL
    # a level cue hits the rail on 78 % of them; the butt raised up to 10 degrees on ~4 %
    assert rails / count < 0.08
    assert balls / count < 0.05


def test_kitchen_facts_come_from_the_simulation() -> None:
    layout = {0: Point(20.0, 25.0), 1: Point(15.0, 25.0)}  # the 1 behind the head string
    shot = simulate(layout, Stroke(speed=2.0, phi=180.0)).shot
    assert shot.kitchen is not None
    assert shot.kitchen.crossed_before_first_contact is False
    assert shot.kitchen.first_ball_zone is not None
    assert shot.kitchen.first_ball_zone.value == "kitchen"


def test_a_batch_names_its_first_bad_layout() -> None:
    from rotation61.sim import simulate_batch

    good = {0: Point(30.0, 25.0), 1: Point(60.0, 25.0)}
    close = {0: Point(30.0, 25.0), 3: Point(31.0, 25.0)}
    off = {0: Point(0.5, 25.0), 2: Point(60.0, 25.0)}
    stroke = Stroke(speed=2.0, phi=0.0)
    with pytest.raises(SimulationError, match="balls 0 and 3 overlap"):
        simulate_batch([good, close, off], [stroke] * 3)
    with pytest.raises(SimulationError, match=r"ball 0 at .* not inside the cushions"):
        simulate_batch([good, off, close], [stroke] * 3)
    assert simulate_batch([good, good], [stroke] * 2).event_counts.min() > 1
