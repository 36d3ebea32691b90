"""Multi-ball (compliant) impacts: the rack's near-simultaneous collisions."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from rotation61.geometry import TABLE_9FT
from rotation61.sim import (
    DEFAULT_PARAMS,
    EventKind,
    Params,
    SimulationError,
    Stroke,
    break_layout,
    break_stroke,
    kinetic_energy,
    simulate,
    simulate_batch,
)
from rotation61.sim._kernel import impact, protocol
from rotation61.sim.params import tsuji_alpha
from tests.sim.conftest import R


def _impact(
    pos: np.ndarray, vel: np.ndarray, w: np.ndarray, params: Params = DEFAULT_PARAMS
) -> int:
    """Run the kernel's compliant impact of balls 0 and 1 (touching) on the arrays in place."""
    n = len(pos)
    p = params.vector()
    st = np.full(n, protocol.MOTION_STATIONARY, np.int64)
    st[0] = protocol.MOTION_SLIDING
    d = pos[1] - pos[0]
    vn = float((vel[0] - vel[1]) @ d / np.linalg.norm(d))
    safe = np.empty(protocol.RECT_WIDTH)
    safe[[protocol.RECT_XMIN, protocol.RECT_YMIN]] = -1.0
    safe[[protocol.RECT_XMAX, protocol.RECT_YMAX]] = 10.0
    scratch = impact.impact_workspace(n)
    return int(impact.compliant_impact(0, 1, vn, pos, vel, w, st, p, safe, *scratch))


def test_damping_gives_the_restitution_at_any_speed() -> None:
    for e in (0.5, 0.9, 0.95, 1.0):
        params = dataclasses.replace(DEFAULT_PARAMS, e_ball=e, throw_a=0.0, throw_b=0.0)
        assert params.vector()[protocol.P_DAMP] >= 0.0
        for speed in (0.05, 1.0, 10.0):
            pos = np.array([[1.0, 1.0], [1.0 + 2 * R, 1.0]])
            vel = np.array([[speed, 0.0], [0.0, 0.0]])
            assert _impact(pos, vel, np.zeros((2, 3)), params) == 1
            # the stepped contact reproduces e within 1 % (30 steps per contact)
            assert (vel[1, 0] - vel[0, 0]) / speed == pytest.approx(e, rel=0.01, abs=0.005)
    assert tsuji_alpha(1.0) == 0.0


def test_a_two_ball_impact_agrees_with_the_instantaneous_collision() -> None:
    rng = np.random.default_rng(4)
    p = DEFAULT_PARAMS.vector()
    for _ in range(50):
        angle = rng.uniform(-1.2, 1.2)
        pos = np.array([[1.0, 1.0], [1.0 + 2 * R * math.cos(angle), 1.0 + 2 * R * math.sin(angle)]])
        vel = np.array([[rng.uniform(0.5, 8.0), 0.0], [0.0, 0.0]])
        w = rng.normal(0, 40, (2, 3))
        pos2, vel2, w2 = pos.copy(), vel.copy(), w.copy()
        _impact(pos, vel, w)
        impact.collide_balls(0, 1, pos2, vel2, w2, p)
        speed = float(np.linalg.norm(vel2[0] - vel2[1])) + 0.1
        np.testing.assert_allclose(vel, vel2, atol=0.03 * speed)


def test_an_impact_conserves_momentum_and_never_adds_energy() -> None:
    rng = np.random.default_rng(8)
    for _ in range(40):
        # a compact random cluster touching ball 1, struck by ball 0
        n = int(rng.integers(3, 9))
        pos = [np.array([1.0, 1.0]), np.array([1.0 + 2 * R, 1.0])]
        while len(pos) < n:
            base = pos[int(rng.integers(1, len(pos)))]
            angle = rng.uniform(0, 2 * math.pi)
            cand = base + (2 * R + rng.uniform(0, 1e-4)) * np.array(
                [math.cos(angle), math.sin(angle)]
            )
            if all(np.linalg.norm(cand - q) >= 2 * R for q in pos):
                pos.append(cand)
        pos_a = np.array(pos)
        vel = np.zeros((n, 2))
        vel[0] = [rng.uniform(0.5, 9.0), rng.uniform(-0.5, 0.5)]
        w = np.zeros((n, 3))
        w[0] = rng.normal(0, 50, 3)
        before_e = kinetic_energy(vel, w)
        before_p = vel.sum(axis=0)
        assert _impact(pos_a, vel, w) >= 1
        assert kinetic_energy(vel, w) <= before_e
        np.testing.assert_allclose(vel.sum(axis=0), before_p, atol=1e-9)
        d = np.hypot(*(pos_a[:, None, :] - pos_a[None, :, :]).transpose(2, 0, 1))
        np.fill_diagonal(d, np.inf)
        assert d.min() >= 2 * R - 1e-12  # every contact has opened again


def test_a_ball_struck_between_two_touching_balls_pushes_both_alike() -> None:
    """The 1 hitting the second row: simultaneous, so mirror-symmetric (not one after the other)."""
    s = math.sqrt(3.0)
    pos = np.array(
        [
            [0.5, 0.5],
            [0.5 + 2 * R, 0.5],
            [0.5 + 2 * R + s * R, 0.5 + R],
            [0.5 + 2 * R + s * R, 0.5 - R],
        ]
    )
    pos[3, 1] -= 3e-5  # one gap a little wider: a sequence of two-ball collisions would differ
    vel = np.array([[6.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]])
    w = np.zeros((4, 3))
    _impact(pos, vel, w)
    assert vel[2, 0] == pytest.approx(vel[3, 0], rel=0.05)
    assert vel[2, 1] == pytest.approx(-vel[3, 1], rel=0.05)
    pos2 = np.array(
        [
            [0.5, 0.5],
            [0.5 + 2 * R, 0.5],
            [0.5 + 2 * R + s * R, 0.5 + R],
            [0.5 + 2 * R + s * R, 0.5 - R - 3e-5],
        ]
    )
    vel2 = np.array([[6.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]])
    p = DEFAULT_PARAMS.vector()
    impact.collide_balls(0, 1, pos2, vel2, np.zeros((4, 3)), p)
    impact.collide_balls(1, 2, pos2, vel2, np.zeros((4, 3)), p)
    impact.collide_balls(1, 3, pos2, vel2, np.zeros((4, 3)), p)
    assert abs(vel2[2, 0] - vel2[3, 0]) > 0.3 * vel2[2, 0]  # what the sequence would give


def test_a_ball_driven_into_a_frozen_row_sends_the_last_one_off() -> None:
    pos = np.array([[0.5 + 2 * R * i, 0.5] for i in range(4)])
    vel = np.zeros((4, 2))
    vel[0, 0] = 3.0
    _impact(pos, vel, np.zeros((4, 3)))
    assert vel[3, 0] > 0.8 * 3.0  # Newton's cradle
    assert np.abs(vel[:3, 0]).max() < 0.3 * 3.0


def test_break_outcome_does_not_hinge_on_micrometre_gaps() -> None:
    """Frozen and 57-micrometre gapped racks break alike: energy spreads through the rack."""
    rng = np.random.default_rng(21)
    rails = {}
    for gap in (0.0, 1e-3):
        layouts = [break_layout(TABLE_9FT, rng, gap=gap, wiggle=gap) for _ in range(60)]
        strokes = [break_stroke(lay, 8.0, rng) for lay in layouts]
        batch = simulate_batch(layouts, strokes)
        rails[gap] = float(((batch.rail_mask[:, 1:] & 1) > 0).sum(axis=1).mean())
    assert rails[1e-3] >= 7.0
    assert rails[0.0] == pytest.approx(rails[1e-3], rel=0.25)


def test_an_impact_is_logged_as_the_contacts_it_made_at_one_time() -> None:
    layout = break_layout(TABLE_9FT, None, gap=1e-3, wiggle=0.0)
    result = simulate(layout, Stroke(speed=8.0, phi=0.0))
    hits = [e for e in result.events if e.kind is EventKind.BALL]
    first = hits[0]
    assert (first.ball, first.other) == (0, 1)
    together = [e for e in hits if e.time == first.time]
    assert len(together) >= 20  # the whole rack in one impact
    assert result.shot.first_contact == 1
    off = dataclasses.replace(DEFAULT_PARAMS, compliant_impacts=False)
    seq = simulate(layout, Stroke(speed=8.0, phi=0.0), params=off)
    assert len([e for e in seq.events if e.kind is EventKind.BALL and e.time == first.time]) == 1


def test_compliant_impact_parameters_are_checked() -> None:
    with pytest.raises(SimulationError):
        Params(impact_steps=2)
    with pytest.raises(SimulationError):
        Params(ball_poisson=0.6)
    with pytest.raises(SimulationError):
        Params(ball_modulus=0.0)


def test_a_shot_longer_than_the_first_log_is_run_again_with_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rotation61.sim import engine

    rng = np.random.default_rng(2)
    layout = break_layout(TABLE_9FT, rng)
    stroke = break_stroke(layout, 8.0, rng)
    full = simulate(layout, stroke)
    monkeypatch.setattr(engine, "_LOG_ROWS", 5)
    again = simulate(layout, stroke)
    assert np.array_equal(full.log, again.log)
    assert full.positions == again.positions
