"""Random breaks and shots: no overlap, no escape, no stuck loop; the referee takes every shot.

Sizes scale with ``ROTATION61_SIM_SWEEP`` (CI runs the default 1: 1,000 breaks and 1,000
random shots; set 10 or more for a thorough run).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

from rotation61.geometry import METERS_PER_INCH, TABLE_9FT, Point, zone
from rotation61.rules import Zone, judge, new_rack, setup_rack
from rotation61.sim import (
    DEFAULT_TABLE,
    OVERLAP_TOL_M,
    Stroke,
    aim_at,
    break_layout,
    break_stroke,
    random_layout,
    simulate,
    simulate_batch,
)
from tests.sim.conftest import SWEEP, inside_table, overlaps


def _random_stroke(rng: np.random.Generator, layout: dict[int, Point]) -> Stroke:
    target = int(rng.integers(1, len(layout)))
    phi = aim_at(layout[0], layout[target]) + float(rng.uniform(-40, 40))
    return Stroke(
        speed=float(rng.uniform(0.3, 6.0)),
        phi=phi,
        a=float(rng.uniform(-0.3, 0.3)),
        b=float(rng.uniform(-0.3, 0.3)),
    )


def _check_rest(pos: np.ndarray, live: np.ndarray) -> None:
    assert overlaps(pos, live) <= OVERLAP_TOL_M
    for x, y in pos[live]:
        assert inside_table(float(x), float(y)), (x, y)


def test_random_breaks_end_with_no_overlap_no_escape_and_a_valid_shot() -> None:
    rng = np.random.default_rng(61)
    count = 1000 * SWEEP
    layouts = []
    strokes = []
    for i in range(count):
        frozen = i % 4 == 0  # a quarter of the racks perfectly frozen
        layout = break_layout(
            TABLE_9FT, rng, gap=0.0 if frozen else 1e-3, wiggle=0.0 if frozen else 1e-3
        )
        layouts.append(layout)
        strokes.append(break_stroke(layout, float(rng.uniform(5.0, 10.0)), rng))
    batch = simulate_batch(layouts, strokes)
    assert batch.event_counts.max() < 2000
    state = new_rack()
    for i in range(count):
        _check_rest(batch.final_positions[i], batch.on_table_mask[i])
        judge(state, batch.shot(i))  # raises on a shot that does not fit the table


def test_random_shots_end_with_no_overlap_no_escape_and_a_valid_shot() -> None:
    rng = np.random.default_rng(62)
    count = 1000 * SWEEP
    layouts = []
    strokes = []
    for _ in range(count):
        layout = random_layout(rng, int(rng.integers(2, 17)))
        layouts.append(layout)
        strokes.append(_random_stroke(rng, layout))
    batch = simulate_batch(layouts, strokes)
    for i in range(count):
        _check_rest(batch.final_positions[i], batch.on_table_mask[i])
        layout = layouts[i]
        in_hand = zone(TABLE_9FT, layout[0]) is Zone.KITCHEN
        on_table = {b for b in layout if b}
        state = setup_rack(on_table=on_table, scores=(120 - sum(on_table), 0), cue_in_hand=in_hand)
        judge(state, batch.shot(i))


def test_no_overlap_or_escape_after_any_event() -> None:
    rng = np.random.default_rng(63)
    for i in range(40 * SWEEP):
        if i % 2:
            layout = break_layout(TABLE_9FT, rng, gap=0.0, wiggle=0.0)
            stroke = break_stroke(layout, float(rng.uniform(6.0, 10.0)), rng)
        else:
            layout = random_layout(rng, int(rng.integers(2, 17)))
            stroke = _random_stroke(rng, layout)
        result = simulate(layout, stroke, trajectory=True)
        assert result.trajectory is not None
        for t in np.unique(result.log[:, 0]):
            pos, _, _, st = result.trajectory.arrays_at(float(t))
            live = st != 4
            assert overlaps(pos, live) <= OVERLAP_TOL_M * 1.0000001, (i, t)
            for x, y in pos[live]:
                assert inside_table(float(x), float(y)), (i, t, x, y)


def test_a_frozen_rack_break_ends_in_a_bounded_number_of_events() -> None:
    layout = break_layout(TABLE_9FT, None, gap=0.0, wiggle=0.0)
    for speed in (4.0, 8.0, 12.0):
        result = simulate(layout, Stroke(speed=speed, phi=0.0))
        assert result.event_count < 1000


def test_same_input_gives_the_same_events_bit_for_bit() -> None:
    rng = np.random.default_rng(5)
    layout = break_layout(TABLE_9FT, rng)
    stroke = break_stroke(layout, 8.0, rng)
    first = simulate(layout, stroke)
    second = simulate(layout, stroke)
    assert np.array_equal(first.log, second.log)
    assert first.shot == second.shot
    assert first.positions == second.positions


def test_batch_is_the_same_on_one_or_two_threads_and_as_single_shots() -> None:
    rng = np.random.default_rng(6)
    layouts = [break_layout(TABLE_9FT, rng) for _ in range(24)]
    strokes = [break_stroke(lay, float(rng.uniform(7, 9)), rng) for lay in layouts]
    one = simulate_batch(layouts, strokes, workers=1)
    two = simulate_batch(layouts, strokes, workers=2)
    assert np.array_equal(one.final_positions, two.final_positions)
    assert np.array_equal(one.event_counts, two.event_counts)
    for i in (0, 7, 23):
        single = one.replay(i)
        assert single.event_count == one.event_counts[i]
        assert single.shot == one.shot(i)
        rest = dict(single.positions)
        for col, ball in enumerate(one.balls):
            if ball in rest:
                assert rest[ball].x * METERS_PER_INCH == pytest.approx(
                    one.final_positions[i, col, 0], abs=1e-12
                )


_REFERENCE = """
import json, sys
import numpy as np
from rotation61.geometry import TABLE_9FT, Point
from rotation61.sim import Stroke, simulate, break_layout, break_stroke, random_layout
out = []
rng = np.random.default_rng(11)
cases = [
    ({0: Point(30.0, 12.0), 1: Point(70.0, 20.0), 2: Point(80.0, 40.0), 3: Point(20.0, 40.0)},
     Stroke(speed=2.5, phi=11.0, a=0.1, b=0.2)),
]
lay = random_layout(rng, 6)
cases.append((lay, Stroke(speed=3.0, phi=25.0, a=-0.2, b=-0.25)))
lay = break_layout(TABLE_9FT, rng)
cases.append((lay, break_stroke(lay, 8.0, rng)))
# a jump: flight, landings, a 3-D collision, an object ball launched off the table
cases.append(({0: Point(30.0, 25.0), 1: Point(79.0, 25.0), 3: Point(20.0, 45.0)},
              Stroke(speed=5.0, phi=0.0, theta=45.0)))
for layout, stroke in cases:
    r = simulate(layout, stroke)
    out.append(r.log.tolist())
json.dump(out, sys.stdout)
"""


def _run_reference(disable_jit: bool) -> list[np.ndarray]:
    env = dict(os.environ)
    if disable_jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _REFERENCE], capture_output=True, text=True, env=env, check=True
    )
    return [np.array(log) for log in json.loads(done.stdout)]


def test_compiled_kernel_agrees_with_the_plain_python_reference() -> None:
    compiled = _run_reference(disable_jit=False)
    reference = _run_reference(disable_jit=True)
    for fast, slow in zip(compiled, reference, strict=True):
        # the same events, in the same order, at the same times and with the same states
        rows = min(len(fast), len(slow), 60)
        assert np.array_equal(fast[:rows, 1:4], slow[:rows, 1:4])
        np.testing.assert_allclose(fast[:rows], slow[:rows], rtol=1e-9, atol=1e-9)
    assert math.isfinite(float(compiled[0][-1, 0]))


def test_trajectory_reproduces_the_logged_states() -> None:
    layout = {0: Point(30.0, 12.0), 1: Point(70.0, 20.0), 2: Point(80.0, 40.0)}
    result = simulate(layout, Stroke(speed=3.0, phi=12.0, b=0.2), trajectory=True)
    assert result.trajectory is not None
    for row in result.log:
        pos, vel, _, _ = result.trajectory.arrays_at(float(row[0]))
        i = int(row[2])
        np.testing.assert_allclose(pos[i], row[5:7], atol=1e-12)
        np.testing.assert_allclose(vel[i], row[7:9], atol=1e-12)
    assert simulate(layout, Stroke(speed=3.0, phi=12.0, b=0.2)).trajectory is None
    assert DEFAULT_TABLE.length == pytest.approx(2.54)
