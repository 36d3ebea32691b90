"""The one execution-noise model: a stroke executed is a search sample, kept within the limits."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rotation61.geometry import Point
from rotation61.sim import (
    OLYMPIAD_NOISE,
    STROKE_LIMITS,
    ExecutionNoise,
    Stroke,
    check_stroke,
    execute,
    is_miscue,
    noisy_rows,
    simulate_strokes,
)
from rotation61.sim.noise import OFFSET_MARGIN

LAYOUT = {0: Point(25.0, 25.0), 1: Point(75.0, 25.0)}
WILD = ExecutionNoise(phi=2.0, theta=8.0, speed=3.0, offset=0.01)
"""Noise large enough that every clamp of the model binds in a few draws."""
EDGE = [
    Stroke(speed=0.2, phi=0.0, theta=1.0, b=-0.48),
    Stroke(speed=11.5, phi=30.0, theta=58.0, a=0.47),
]


@pytest.mark.parametrize("seed", range(5))
def test_an_executed_stroke_is_the_searchs_sample_of_it(seed: int) -> None:
    for stroke in EDGE:
        played = execute(stroke, WILD, np.random.default_rng(seed))
        sampled = simulate_strokes(
            LAYOUT, [stroke], samples=1, noise=WILD, rng=np.random.default_rng(seed)
        )
        assert played.as_tuple() == tuple(sampled.strokes[0])
        assert played != stroke
        assert not sampled.miscue[0]
        assert not sampled.invalid[0]


def test_noisy_strokes_stay_within_the_stroke_limits() -> None:
    rows = np.array([s.as_tuple() for s in EDGE * 500])
    out = noisy_rows(rows, WILD, np.random.default_rng(61))
    lim = STROKE_LIMITS
    speed, theta = out[:, 0], out[:, 2]
    offset = np.hypot(out[:, 3], out[:, 4])
    assert speed.min() == lim.min_speed
    assert speed.max() == lim.max_speed
    assert (theta.min(), theta.max()) == (0.0, lim.max_elevation)
    assert offset.max() <= lim.tip_offset * OFFSET_MARGIN + 1e-12
    assert offset.max() > lim.tip_offset * OFFSET_MARGIN - 1e-9  # the pull-back bound
    assert (rows == np.array([s.as_tuple() for s in EDGE * 500])).all()  # not changed
    for row in out[::97]:
        stroke = Stroke(**dict(zip(("speed", "phi", "theta", "a", "b"), row, strict=True)))
        assert check_stroke(stroke) is stroke
        assert not is_miscue(stroke)


def test_one_stroke_draws_speed_phi_theta_a_b_in_that_order() -> None:
    stroke = Stroke(speed=3.0, phi=40.0, theta=10.0, a=0.1, b=-0.1)
    played = execute(stroke, OLYMPIAD_NOISE, np.random.default_rng(7))
    draw = np.random.default_rng(7).normal(0.0, 1.0, 5)
    r = 0.028575
    want = (
        3.0 + draw[0] * 0.075,
        40.0 + draw[1] * 0.125,
        10.0 + draw[2] * 0.1,
        0.1 + draw[3] * 0.0005 / r,
        -0.1 + draw[4] * 0.0005 / r,
    )
    assert played.as_tuple() == pytest.approx(want, abs=1e-15)
    assert math.hypot(played.a, played.b) < STROKE_LIMITS.tip_offset
