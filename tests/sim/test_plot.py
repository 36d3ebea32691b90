"""The picture's contents: contact markers where the contacts were, diamonds, the drawing."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from rotation61.geometry import METERS_PER_INCH, TABLE_9FT, Point
from rotation61.sim import (
    DEFAULT_TABLE,
    EventKind,
    Stroke,
    aim_at,
    break_layout,
    break_stroke,
    simulate,
)
from rotation61.sim.plot import contact_points, diamonds, plot_shot
from tests.sim.conftest import R


def test_a_ball_contact_is_marked_between_the_two_balls_at_contact() -> None:
    layout = {0: Point(30.0, 20.0), 1: Point(60.0, 24.0)}
    result = simulate(layout, Stroke(speed=2.0, phi=aim_at(layout[0], layout[1]) + 1.0),
                      trajectory=True)  # fmt: skip
    assert result.trajectory is not None
    event = next(e for e in result.events if e.kind is EventKind.BALL)
    _, x, y = next(c for c in contact_points(result) if c[0] is EventKind.BALL)
    states = result.trajectory.states_at(event.time)
    for ball in (0, 1):
        assert math.hypot(states[ball].x - x, states[ball].y - y) == pytest.approx(R, abs=1e-5)


def test_the_simultaneous_contacts_of_a_break_each_get_their_own_marker() -> None:
    rng = np.random.default_rng(3)
    layout = break_layout(TABLE_9FT, rng)
    result = simulate(layout, break_stroke(layout, 8.0, rng))
    balls = [(x, y) for kind, x, y in contact_points(result) if kind is EventKind.BALL]
    times = [e.time for e in result.events if e.kind is EventKind.BALL]
    assert len(balls) == len(times)
    same_time = [p for p, t in zip(balls, times, strict=True) if t == times[1]]
    assert len(same_time) > 3  # the multi-ball impact's rows share the time
    assert len(set(same_time)) == len(same_time)  # and each has its own place
    rack = [(p.x * METERS_PER_INCH, p.y * METERS_PER_INCH) for p in layout.values()]
    for x, y in same_time:  # between two rack balls: about R from the nearest
        assert min(math.hypot(x - bx, y - by) for bx, by in rack) < 1.5 * R


def test_the_diamonds_are_on_the_rails() -> None:
    points = diamonds(DEFAULT_TABLE)
    assert len(points) == 18
    for x, y in points:
        outside = x < 0 or y < 0 or x > DEFAULT_TABLE.length or y > DEFAULT_TABLE.width
        assert outside


def test_plot_shot_draws_striped_balls_and_a_legend(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the [plot] extra (matplotlib) is not installed")
    layout = {0: Point(30.0, 25.0), 9: Point(60.0, 25.0), 12: Point(70.0, 10.0)}
    result = simulate(layout, Stroke(speed=2.0, phi=0.0), trajectory=True)
    picture = tmp_path / "shot.png"
    plot_shot(result, layout, DEFAULT_TABLE, picture)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
