"""Squirt (the cue ball leaving at an angle to the cue) and swerve (its curved sliding path)
against their analytic formulas."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.sim import DEFAULT_PARAMS, Params, Stroke, simulate

START = Point(40.0, 25.0)
ON_CLOTH = dataclasses.replace(DEFAULT_PARAMS, e_table=0.0)
"""The cue ball kept on the cloth (no rebound from the slate: no jump), for the swerve's
sliding parabola; jumps are tested in ``test_airborne.py``."""
G = DEFAULT_PARAMS.gravity
MU = DEFAULT_PARAMS.mu_slide


def _squirt_deg(a: float, params: Params = DEFAULT_PARAMS) -> float:
    """Alciatore (TP A.31): the squirt angle of a level hit a radii right of centre."""
    ratio = params.ball_mass / params.cue_end_mass
    return math.degrees(math.atan(2.5 * a * math.sqrt(1 - a * a) / (1 + ratio + 2.5 * (1 - a * a))))


def _launch(stroke: Stroke, params: Params = DEFAULT_PARAMS) -> tuple[np.ndarray, np.ndarray]:
    """The cue ball's velocity and spin just after the strike (from the trajectory)."""
    result = simulate({0: START}, stroke, params=params, trajectory=True)
    assert result.trajectory is not None
    s = result.trajectory.states_at(0.0)[0]
    return np.array([s.vx, s.vy]), np.array([s.wx, s.wy, s.wz])


def _direction_deg(v: np.ndarray) -> float:
    return math.degrees(math.atan2(v[1], v[0]))


@pytest.mark.parametrize("a", [0.4, -0.4, 0.2, 0.5])
def test_squirt_matches_the_formula(a: float) -> None:
    v, _ = _launch(Stroke(speed=2.0, phi=0.0, a=a))
    assert _direction_deg(v) == pytest.approx(_squirt_deg(a), rel=1e-9)


def test_squirt_at_0_4_radii_is_about_1_6_degrees_to_the_left_of_right_english() -> None:
    v, _ = _launch(Stroke(speed=2.0, phi=30.0, a=0.4))
    deflection = _direction_deg(v) - 30.0
    assert deflection == pytest.approx(1.586, abs=0.005)
    assert 1.4 <= deflection <= 1.8


def test_no_squirt_for_a_centre_hit_or_a_cue_without_end_mass() -> None:
    v, _ = _launch(Stroke(speed=2.0, phi=10.0, b=0.3))
    assert _direction_deg(v) == pytest.approx(10.0, abs=1e-12)
    v, _ = _launch(
        Stroke(speed=2.0, phi=10.0, a=0.4), dataclasses.replace(DEFAULT_PARAMS, cue_end_mass=0.0)
    )
    assert _direction_deg(v) == pytest.approx(10.0, abs=1e-12)


def _analytic_launch(
    stroke: Stroke, params: Params = DEFAULT_PARAMS
) -> tuple[np.ndarray, np.ndarray]:
    """Velocity and spin from the rigid-body impulse (the cloth takes the vertical part)."""
    m, big_m, rad = params.ball_mass, params.cue_mass, params.ball_radius
    phi, theta = math.radians(stroke.phi), math.radians(stroke.theta)
    d = np.array([math.cos(phi), math.sin(phi), 0.0])
    e = np.array([math.cos(theta) * d[0], math.cos(theta) * d[1], -math.sin(theta)])
    side = np.array([d[1], -d[0], 0.0])
    up = np.cross(side, e)
    c = math.sqrt(1 - stroke.a**2 - stroke.b**2)
    r_c = rad * (stroke.a * side + stroke.b * up - c * e)
    jm = stroke.speed * (1 + m / big_m) / (m / big_m + 1 + 2.5 * (stroke.a**2 + stroke.b**2))
    w = 2.5 / rad**2 * np.cross(r_c, jm * e)
    turn = math.radians(_squirt_deg(stroke.a, params))
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    return rot @ (jm * e[:2]), w


@pytest.mark.parametrize(
    ("theta", "a", "b"), [(30.0, 0.3, 0.0), (60.0, -0.4, 0.1), (15.0, 0.2, -0.3)]
)
def test_swerve_curvature_matches_the_sliding_parabola(theta: float, a: float, b: float) -> None:
    stroke = Stroke(speed=1.5, phi=20.0, theta=theta, a=a, b=b)
    v0, w0 = _analytic_launch(stroke)
    v, w = _launch(stroke, ON_CLOTH)
    np.testing.assert_allclose(v, v0, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(w, w0, rtol=1e-12, atol=1e-9)
    rad = DEFAULT_PARAMS.ball_radius
    u0 = np.array([v0[0] - rad * w0[1], v0[1] + rad * w0[0]])
    acc = -MU * G * u0 / np.linalg.norm(u0)
    kappa = abs(v0[0] * acc[1] - v0[1] * acc[0]) / np.linalg.norm(v0) ** 3
    # swerve: the path bends toward the side of the english (right english: clockwise)
    assert math.copysign(1.0, v0[0] * acc[1] - v0[1] * acc[0]) == -math.copysign(1.0, a)
    result = simulate({0: START}, stroke, params=ON_CLOTH, trajectory=True)
    assert result.trajectory is not None
    tau = 2 * np.linalg.norm(u0) / (7 * MU * G)
    x0 = np.array([START.x, START.y]) * METERS_PER_INCH
    for t in (0.25 * tau, 0.5 * tau, 0.9 * tau):
        s = result.trajectory.states_at(t)[0]
        expected = x0 + v0 * t + 0.5 * acc * t * t
        np.testing.assert_allclose([s.x, s.y], expected, rtol=0, atol=1e-12)
    s = result.trajectory.states_at(0.5 * tau)[0]
    acc_sim = (np.array([s.vx, s.vy]) - v) / (0.5 * tau)
    kappa_sim = abs(v[0] * acc_sim[1] - v[1] * acc_sim[0]) / np.linalg.norm(v) ** 3
    assert kappa_sim == pytest.approx(kappa, rel=1e-9)
    assert kappa > 0.05  # a curved path: radius of curvature under 20 m


def test_a_level_cue_does_not_swerve() -> None:
    v, w = _launch(Stroke(speed=1.5, phi=20.0, a=0.4))
    rad = DEFAULT_PARAMS.ball_radius
    u = np.array([v[0] - rad * w[1], v[1] + rad * w[0]])
    assert abs(v[0] * u[1] - v[1] * u[0]) == pytest.approx(0.0, abs=1e-12)
