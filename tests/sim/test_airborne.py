"""Airborne motion: jumps, ballistic flight, bounces, 3D contacts and balls leaving the table.

Known answers against the model of ``docs/physics.md`` ("Airborne"): the slate's rebound
of an elevated stroke, the parabola of a flight, the bounces' decay; energy never grows;
the referee rules on the facts with no glue; the batch carries the same facts.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest

from rotation61.cli import simulate as cli
from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.rules import judge
from rotation61.rules.fouls import FoulKind
from rotation61.rules.state import RackState, setup_rack
from rotation61.sim import (
    DEFAULT_TABLE,
    OVERLAP_TOL_M,
    EventKind,
    MotionState,
    Params,
    SimResult,
    Stroke,
    aim_at,
    random_layout,
    simulate,
    simulate_batch,
)
from rotation61.sim import _kernel as k
from rotation61.sim.plot import FlightMark, flight_points, plot_shot
from rotation61.sim.search import simulate_strokes
from tests.sim.conftest import SWEEP, inside_table, overlaps

P = k.protocol
PINNED = Params(
    mu_slide=0.2,
    mu_roll=0.01,
    mu_spin=0.0127,
    e_ball=0.95,
    throw_a=9.951e-3,
    throw_b=0.108,
    throw_c=1.088,
    e_cushion=0.85,
    mu_cushion=0.2,
    cushion_height=0.635,
    e_table=0.5,
    min_bounce_height=0.005,
)
"""The parameters these answers were worked out with (pinned against recalibration)."""
G = PINNED.gravity
R = PINNED.ball_radius
E_T = PINNED.e_table
V_BOUNCE = math.sqrt(2 * G * PINNED.min_bounce_height)
START = Point(20.0, 25.0)


def _play(layout: dict[int, Point], stroke: Stroke) -> SimResult:
    return simulate(layout, stroke, params=PINNED, trajectory=True)


def _state(result: SimResult, row: int) -> np.ndarray:  # type: ignore[type-arg]
    """The logged state block of the event's (first) ball after event ``row``."""
    return result.log[row, P.LOG_BALL_STATE : P.LOG_BALL_STATE + P.STATE_WIDTH]


def _landings(result: SimResult, ball: int = 0) -> list[int]:
    return [i for i, e in enumerate(result.events) if e.kind is EventKind.LAND and e.ball == ball]


@pytest.mark.parametrize(("speed", "theta"), [(3.0, 45.0), (4.0, 30.0), (5.0, 60.0)])
def test_an_elevated_stroke_jumps_and_flies_the_ballistic_parabola(
    speed: float, theta: float
) -> None:
    phi = 10.0
    result = _play({0: START}, Stroke(speed=speed, phi=phi, theta=theta))
    assert result.trajectory is not None
    # the jump model: driven into the slate at V sin(theta), it rebounds at e_table times that
    launch = _state(result, 0)
    vz = E_T * speed * math.sin(math.radians(theta))
    vh = speed * math.cos(math.radians(theta))
    assert launch[P.STATE_VZ] == pytest.approx(vz, rel=1e-12)
    assert math.hypot(launch[P.STATE_VX], launch[P.STATE_VY]) == pytest.approx(vh, rel=1e-12)
    assert int(launch[P.STATE_MOTION]) == P.MOTION_AIRBORNE
    # flight time 2 vz / g, apex vz^2 / 2g, distance vh T, landing at the launch speed
    first = _landings(result)[0]
    flight = 2 * vz / G
    assert result.events[first].time == pytest.approx(flight, rel=1e-12)
    assert result.events[first].speed == pytest.approx(vz, rel=1e-12)
    x0 = np.array([START.x, START.y]) * METERS_PER_INCH
    heading = np.array([math.cos(math.radians(phi)), math.sin(math.radians(phi))])
    landed = _state(result, first)[[P.STATE_X, P.STATE_Y]]
    np.testing.assert_allclose(landed, x0 + vh * flight * heading, rtol=0, atol=1e-12)
    apex = result.trajectory.heights_at(0.5 * flight)[0]
    assert apex[P.AIR_Z] == pytest.approx(vz * vz / (2 * G), rel=1e-12)
    assert apex[P.AIR_VZ] == pytest.approx(0.0, abs=1e-12)
    # spins stay constant in flight
    early = result.trajectory.states_at(0.25 * flight)[0]
    late = result.trajectory.states_at(0.75 * flight)[0]
    assert (early.wx, early.wy, early.wz) == (late.wx, late.wy, late.wz)
    assert early.motion is MotionState.AIRBORNE


def test_a_rebound_under_the_least_bounce_height_stays_on_the_cloth() -> None:
    stroke = Stroke(speed=1.0, phi=0.0, theta=20.0)
    assert E_T * stroke.speed * math.sin(math.radians(stroke.theta)) < V_BOUNCE
    result = _play({0: START}, stroke)
    assert int(_state(result, 0)[P.STATE_MOTION]) == P.MOTION_SLIDING
    assert not _landings(result)
    assert not np.any(result.log[:, P.LOG_BALL_STATE + P.STATE_Z])


def test_bounces_decay_by_the_table_restitution_then_the_ball_settles() -> None:
    result = _play({0: START}, Stroke(speed=4.0, phi=0.0, theta=45.0))
    rows = _landings(result)
    speeds = [result.events[i].speed for i in rows]
    v0 = E_T * 4.0 * math.sin(math.radians(45.0))
    assert speeds == pytest.approx([v0 * E_T**i for i in range(len(speeds))], rel=1e-9)
    # every landing but the last rebounds at least at the least bounce speed
    assert all(E_T * v >= V_BOUNCE for v in speeds[:-1])
    assert E_T * speeds[-1] < V_BOUNCE
    assert len(speeds) == 3
    # each flight lasts 2 e v / g: the bounce heights fall by e^2
    times = [result.events[i].time for i in rows]
    for a, b, v in zip(times, times[1:], speeds, strict=False):
        assert b - a == pytest.approx(2 * E_T * v / G, rel=1e-9)
    after = _state(result, rows[-1])
    assert int(after[P.STATE_MOTION]) in (P.MOTION_SLIDING, P.MOTION_ROLLING)
    assert after[P.STATE_Z] == 0.0
    assert after[P.STATE_VZ] == 0.0


def _energy(result: SimResult, t: float) -> float:
    assert result.trajectory is not None
    m = PINNED.ball_mass
    inertia = 0.4 * m * R * R
    total = 0.0
    for s in result.trajectory.states_at(t).values():
        v2 = s.vx**2 + s.vy**2 + s.vz**2
        total += 0.5 * m * v2 + 0.5 * inertia * (s.wx**2 + s.wy**2 + s.wz**2) + m * G * s.z
    return total


JUMP_OVER = {0: Point(35.0, 25.0), 2: Point(44.0, 25.0), 1: Point(65.0, 25.0), 3: Point(80.0, 45.0)}
JUMP_STROKE = Stroke(speed=3.2, phi=0.0, theta=45.0)
CUE_OFF = {0: Point(30.0, 25.0), 1: Point(66.0, 25.0), 3: Point(20.0, 45.0)}
CUE_OFF_STROKE = Stroke(speed=5.0, phi=0.0, theta=30.0)
OBJECT_OFF = {0: Point(30.0, 25.0), 1: Point(79.0, 25.0), 3: Point(20.0, 45.0)}
OBJECT_OFF_STROKE = Stroke(speed=5.0, phi=0.0, theta=45.0)


@pytest.mark.parametrize(
    ("layout", "stroke"),
    [(JUMP_OVER, JUMP_STROKE), (CUE_OFF, CUE_OFF_STROKE), (OBJECT_OFF, OBJECT_OFF_STROKE)],
    ids=["jump_over", "cue_off", "object_off"],
)
def test_energy_never_increases_through_flights_bounces_and_3d_contacts(
    layout: dict[int, Point], stroke: Stroke
) -> None:
    result = _play(layout, stroke)
    times = sorted({e.time for e in result.events})
    energies = [_energy(result, t) for t in times]
    for before, after in itertools.pairwise(energies):
        assert after <= before * (1 + 1e-9) + 1e-12
    # in flight (from the jump to the next event), the mechanical energy is conserved
    t1 = result.events[1].time
    assert _energy(result, 0.1 * t1) == pytest.approx(_energy(result, 0.9 * t1), rel=1e-12)


def _rack(on_table: set[int]) -> RackState:
    """A rack in play with these object balls on the table (the lowest one in play)."""
    return setup_rack(on_table=on_table, scores=(120 - sum(on_table), 0))


def test_a_cue_ball_jumping_over_an_obstructing_ball_makes_a_legal_first_contact() -> None:
    level = _play(JUMP_OVER, Stroke(speed=JUMP_STROKE.speed, phi=0.0))
    assert level.shot.first_contact == 2  # on the cloth, the 2 is in the way
    result = _play(JUMP_OVER, JUMP_STROKE)
    assert result.shot.first_contact == 1
    # the cue ball flew over the 2 (the 2 had not moved when the cue ball met the 1)
    hit = next(i for i, e in enumerate(result.events) if e.kind is EventKind.BALL)
    assert {result.events[hit].ball, result.events[hit].other} == {0, 1}
    assert result.trajectory is not None
    still = result.trajectory.states_at(result.events[hit].time)[2]
    assert (still.x, still.y) == pytest.approx(
        (JUMP_OVER[2].x * METERS_PER_INCH, JUMP_OVER[2].y * METERS_PER_INCH), abs=1e-12
    )
    assert still.motion is MotionState.STATIONARY
    ruling = judge(_rack({1, 2, 3}), result.shot)
    assert ruling.legal, ruling.fouls


def test_a_jumped_cue_ball_flying_off_the_table_is_off_table_and_a_foul() -> None:
    result = _play(CUE_OFF, CUE_OFF_STROKE)
    assert result.shot.first_contact == 1
    assert result.shot.cue_off_table
    assert not result.shot.cue_pocketed
    gone = [e for e in result.events if e.kind is EventKind.OFF_TABLE]
    assert [e.ball for e in gone] == [0]
    assert 0 not in result.layout
    ruling = judge(_rack({1, 3}), result.shot)
    assert FoulKind.CUE_BALL_OFF_TABLE in {f.kind for f in ruling.fouls}


def test_an_object_ball_the_cue_ball_lands_on_jumps_and_flies_off_the_table() -> None:
    result = _play(OBJECT_OFF, OBJECT_OFF_STROKE)
    assert result.shot.first_contact == 1
    assert result.shot.off_table == (1,)
    assert not result.shot.cue_off_table
    # ball 1 was driven into the slate by the falling cue ball and rebounded into the air
    hit = next(i for i, e in enumerate(result.events) if e.kind is EventKind.BALL)
    other = result.log[hit, P.LOG_OTHER_STATE : P.LOG_OTHER_STATE + P.STATE_WIDTH]
    assert int(other[P.STATE_MOTION]) == P.MOTION_AIRBORNE
    assert other[P.STATE_VZ] > V_BOUNCE
    ruling = judge(_rack({1, 3}), result.shot)
    assert {(f.kind, f.ball) for f in ruling.fouls} >= {(FoulKind.OBJECT_BALL_OFF_TABLE, 1)}


def test_a_ball_above_the_nose_flies_over_the_cushion_and_leaves_the_table() -> None:
    result = _play({0: Point(60.0, 25.0)}, Stroke(speed=6.0, phi=90.0, theta=40.0))
    kinds = [e.kind for e in result.events]
    assert EventKind.CUSHION not in kinds
    assert kinds[-1] is EventKind.OFF_TABLE
    assert result.shot.cue_off_table


def test_a_flying_ball_passes_over_a_pocket_it_clears() -> None:
    corner = Point(DEFAULT_TABLE.spec.length, DEFAULT_TABLE.spec.width)
    cue = Point(corner.x - 12.0, corner.y - 12.0)
    result = _play({0: cue}, Stroke(speed=4.0, phi=45.0, theta=55.0))
    assert result.trajectory is not None
    assert not result.pocketed
    assert result.shot.cue_off_table
    holes = DEFAULT_TABLE.pocket_holes()
    over_a_hole = False
    for t in np.linspace(0.0, result.duration, 400):
        s = result.trajectory.states_at(float(t))[0]
        if s.motion is MotionState.AIRBORNE and any(
            math.hypot(s.x - cx, s.y - cy) <= r for cx, cy, r in holes
        ):
            over_a_hole = True
    assert over_a_hole


@pytest.mark.parametrize(("z", "down"), [(0.001, True), (0.02, False)])
def test_the_cushion_nose_pushes_a_flying_ball_down_above_its_centre_and_up_below(
    z: float, down: bool
) -> None:
    p = PINNED.vector()
    vel = np.array([[0.0, -2.0]])  # toward the cushion whose normal is +y
    w = np.zeros((1, 3))
    pos = np.array([[1.0, R]])
    air = np.array([[z, 0.0]])
    nose = 2 * R * PINNED.cushion_height
    assert (nose > R + z) is down
    speed = k.impact.collide_cushion_air(0, 0.0, 1.0, 0.0, vel, w, pos, air, p)
    assert speed > 0.0
    assert vel[0, 1] > 0.0
    assert bool(air[0, P.AIR_VZ] < 0.0) is down


def test_batch_facts_equal_per_shot_facts_with_flights_and_off_table_balls() -> None:
    rng = np.random.default_rng(10)
    layout = {
        0: Point(30.0, 25.0),
        1: Point(66.0, 25.0),
        2: Point(79.0, 30.0),
        3: Point(55.0, 40.0),
    }
    strokes = [CUE_OFF_STROKE, OBJECT_OFF_STROKE, JUMP_STROKE]
    for _ in range(21):
        strokes.append(
            Stroke(
                speed=float(rng.uniform(2.0, 7.0)),
                phi=float(rng.uniform(-20.0, 20.0)),
                theta=float(rng.uniform(0.0, 60.0)),
                b=float(rng.uniform(-0.3, 0.3)),
            )
        )
    samples = simulate_strokes(layout, strokes, noise=None, params=PINNED)
    columns = {ball: i for i, ball in enumerate(samples.balls)}
    off_seen = 0
    for i, stroke in enumerate(strokes):
        single = simulate(layout, stroke, params=PINNED)
        assert samples.shot(i) == single.shot
        mask = np.zeros(len(samples.balls), np.bool_)
        for ball in single.shot.off_table:
            mask[columns[ball]] = True
        mask[columns[0]] = single.shot.cue_off_table
        np.testing.assert_array_equal(samples.off_table_mask[i], mask)
        assert samples.cue_off_table[i] == single.shot.cue_off_table
        off_seen += int(mask.any())
        for ball, point in single.layout.items():
            got = samples.final_positions[i, columns[ball]] / METERS_PER_INCH
            np.testing.assert_array_equal(got, [point.x, point.y])
    assert off_seen >= 2


def test_the_plot_marks_where_balls_left_the_cloth_landed_and_left_the_table(
    tmp_path: Path,
) -> None:
    result = _play(OBJECT_OFF, OBJECT_OFF_STROKE)
    marks = flight_points(result)
    kinds = [m for m, _, _ in marks]
    assert kinds[0] is FlightMark.TAKE_OFF  # the jump
    x0 = OBJECT_OFF[0].x * METERS_PER_INCH
    assert marks[0][1:] == pytest.approx((x0, OBJECT_OFF[0].y * METERS_PER_INCH), abs=1e-12)
    assert kinds.count(FlightMark.TAKE_OFF) >= 2  # the cue ball, then the 1 it landed on
    assert FlightMark.LANDING in kinds
    assert FlightMark.OFF_TABLE in kinds
    landings = [(x, y) for m, x, y in marks if m is FlightMark.LANDING]
    logged = [
        (e, row)
        for e, row in zip(result.events, result.log, strict=True)
        if e.kind is EventKind.LAND
    ]
    assert landings == [
        (row[P.LOG_BALL_STATE + P.STATE_X], row[P.LOG_BALL_STATE + P.STATE_Y]) for _, row in logged
    ]
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    out = tmp_path / "jump.png"
    plot_shot(result, OBJECT_OFF, DEFAULT_TABLE, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_simulate_cli_reports_a_ball_flying_off_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = tmp_path / "layout.json"
    layout.write_text(json.dumps({"0": [60.0, 25.0], "1": [20.0, 10.0]}))
    parser = argparse.ArgumentParser(prog="rotation61 simulate")
    cli.add_arguments(parser)
    argv = ["shot", "--layout", str(layout), "--speed", "6", "--phi", "90", "--theta", "40"]
    args = parser.parse_args([*argv, "--lang", "en"])
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "off_table      ball  0" in out
    assert "off the table: 0" in out
    assert "Foul" in out


def test_random_elevated_strokes_end_at_rest_on_the_table_with_valid_facts() -> None:
    rng = np.random.default_rng(75)
    layouts = []
    strokes = []
    for _ in range(400 * SWEEP):
        layout = random_layout(rng, int(rng.integers(2, 16)))
        target = layout[int(rng.choice([b for b in layout if b]))]
        layouts.append(layout)
        strokes.append(
            Stroke(
                speed=float(rng.uniform(1.0, 9.0)),
                phi=aim_at(layout[0], target) + float(rng.normal(0.0, 5.0)),
                theta=float(rng.uniform(0.0, 75.0)),
                a=float(rng.uniform(-0.3, 0.3)),
                b=float(rng.uniform(-0.3, 0.3)),
            )
        )
    batch = simulate_batch(layouts, strokes, params=PINNED)  # raises at the event cap
    live = batch.on_table_mask
    assert not np.any(batch.pocketed_mask & batch.off_table_mask)
    assert batch.off_table_mask[:, 0].sum() > 0
    assert batch.off_table_mask[:, 1:].sum() > 0
    for i in range(len(strokes)):
        assert overlaps(batch.final_positions[i], live[i]) <= OVERLAP_TOL_M
        for x, y in batch.final_positions[i][live[i]]:
            assert inside_table(float(x), float(y)), (i, x, y)
        on = {b for b in layouts[i] if b}
        judge(_rack(on), batch.shot(i))  # raises on facts that do not fit a shot
