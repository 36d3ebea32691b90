"""Entry points over layouts: the layout checks, one shot from a layout, the parallel batch.

Owns :func:`check_layouts` (every layout's balls against the cushions and each other, in
one call), :func:`shoot_layout` (one shot from a layout in one call: its check, the
shot, and its facts) and :func:`shoot_batch` (many shots across all cores, each one
computed alone, exactly as :func:`.loop.shoot` computes it, with its facts and final
states).
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit, jit_light, jit_parallel, prange
from rotation61.sim._kernel.facts import shot_facts
from rotation61.sim._kernel.loop import run, shoot, workspace
from rotation61.sim._kernel.protocol import (
    LAYOUT_OFF_TABLE,
    LAYOUT_OK,
    LAYOUT_OVERLAP,
    LOG_WIDTH,
    MOTION_STATIONARY,
    NONE,
    STATUS_AT_REST,
    STROKE_A,
    STROKE_B,
    STROKE_PHI,
    STROKE_SPEED,
    STROKE_THETA,
    STROKE_WIDTH,
)


@jit_light
def check_layouts(
    inches: np.ndarray, starts: np.ndarray, xlo: float, xhi: float, ylo: float, yhi: float,
    pos: np.ndarray, min_dist: float,
) -> tuple[int, int, int, int, float]:  # fmt: skip
    """Check layouts' balls against the bounds and each other.

    Layout l holds rows ``starts[l]:starts[l + 1]`` of ``inches`` (and of ``pos``, the same
    centres in m). Returns ``(LAYOUT_OK, NONE, NONE, NONE, 0)`` if all are valid, else the
    first problem: ``(LAYOUT_OFF_TABLE, l, i, NONE, 0)`` if ball i of layout l is outside
    the bounds (on ``inches``), or ``(LAYOUT_OVERLAP, l, i, j, d)`` if its balls i < j are
    closer than ``min_dist`` (d, on ``pos``).
    """
    for lay in range(starts.shape[0] - 1):
        a = starts[lay]
        b = starts[lay + 1]
        for i in range(a, b):
            if not (xlo <= inches[i, 0] <= xhi and ylo <= inches[i, 1] <= yhi):
                return LAYOUT_OFF_TABLE, lay, i - a, NONE, 0.0
        for i in range(a, b):
            for j in range(i + 1, b):
                d = math.hypot(pos[j, 0] - pos[i, 0], pos[j, 1] - pos[i, 1])
                if d < min_dist:
                    return LAYOUT_OVERLAP, lay, i - a, j - a, d
    return LAYOUT_OK, NONE, NONE, NONE, 0.0


@jit
def shoot_layout(
    inches: np.ndarray, x_lo: float, x_hi: float, y_lo: float, y_hi: float,
    min_dist: float, scale: float, speed: float, phi: float, theta: float, a: float,
    b: float, lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, ev: np.ndarray, max_events: int, start: np.ndarray, pos: np.ndarray,
    st: np.ndarray, facts: np.ndarray, rails: np.ndarray,
) -> tuple[int, int, int, float, bool, int, int, float]:  # fmt: skip
    """One shot from one layout: :func:`check_layouts`, :func:`.loop.shoot`, the facts.

    ``inches`` holds the n balls' centres, [n, 2]; ``start`` and ``pos`` receive them in m
    (``inches * scale``), and ``pos`` and ``st`` the final states; the stroke is
    (speed, phi, theta, a, b); ball 0 tracks the head string if it starts behind it
    (x < ``head_x``, m). ``facts`` and ``rails`` receive :func:`.facts.shot_facts` of a
    shot at rest whose events all fit in ``ev``.

    Returns:
        (layout code, i, j, d) as :func:`check_layouts` for this one layout (nothing else
        is computed unless it is ``LAYOUT_OK``), whether ball 0 tracks the head string,
        then :func:`.loop.shoot`'s (event count, status, time of the last event).
    """
    n = inches.shape[0]
    for i in range(n):
        start[i, 0] = inches[i, 0] * scale
        start[i, 1] = inches[i, 1] * scale
        pos[i, 0] = start[i, 0]
        pos[i, 1] = start[i, 1]
    rows = np.empty(2, np.int64)
    rows[0] = 0
    rows[1] = n
    code, _, bad, other, d = check_layouts(inches, rows, x_lo, x_hi, y_lo, y_hi, start, min_dist)
    if code != LAYOUT_OK:
        return code, bad, other, d, False, 0, 0, 0.0
    track = start[0, 0] < head_x
    vel = np.zeros((n, 2))
    w = np.zeros((n, 3))
    for i in range(n):
        st[i] = MOTION_STATIONARY
    stroke = np.empty(STROKE_WIDTH)
    stroke[STROKE_SPEED] = speed
    stroke[STROKE_PHI] = phi
    stroke[STROKE_THETA] = theta
    stroke[STROKE_A] = a
    stroke[STROKE_B] = b
    count, status, t_end = shoot(
        pos, vel, w, st, stroke, lines, points, pockets, p, head_x, track, ev, max_events
    )
    if status == STATUS_AT_REST and count <= ev.shape[0]:
        shot_facts(ev, count, n, facts, rails)
    return code, bad, other, d, track, count, status, t_end


@jit_parallel
def shoot_batch(
    layouts: np.ndarray, states: np.ndarray, layout_of: np.ndarray, strokes: np.ndarray,
    lines: np.ndarray, points: np.ndarray, pockets: np.ndarray, p: np.ndarray,
    head_x: float, track: np.ndarray, max_events: int, chunks: int,
    out_count: np.ndarray, out_status: np.ndarray, out_time: np.ndarray,
    out_facts: np.ndarray, out_rails: np.ndarray, out_pos: np.ndarray, out_state: np.ndarray,
) -> None:  # fmt: skip
    """Many shots in parallel: stroke s from layout ``layout_of[s]``; facts and final states.

    The shots are cut into ``chunks`` contiguous blocks run in parallel; each shot is
    independent of the others and of the thread that runs it (deterministic).
    """
    total = strokes.shape[0]
    n = layouts.shape[1]
    for c in prange(chunks):
        start = c * total // chunks
        stop = (c + 1) * total // chunks
        ev = np.empty((max_events + 1, LOG_WIDTH))
        pos = np.empty((n, 2))
        vel = np.empty((n, 2))
        w = np.empty((n, 3))
        st = np.empty(n, np.int64)
        rails = np.empty(n, np.int64)
        (
            trans_t, rail_t, rail_kind, rail_idx, pair_t, rmin, rarg, box, act, pairs, onset,
            touched, loc, frc, safe, tref, air,
        ) = workspace(n)  # fmt: skip
        for s in range(start, stop):
            lay = layout_of[s]
            for b in range(n):
                pos[b, 0] = layouts[lay, b, 0]
                pos[b, 1] = layouts[lay, b, 1]
                vel[b, 0] = 0.0
                vel[b, 1] = 0.0
                w[b, 0] = 0.0
                w[b, 1] = 0.0
                w[b, 2] = 0.0
                st[b] = states[lay, b]
            count, status, t_end = run(
                pos, vel, w, st, strokes[s], lines, points, pockets, p, head_x,
                track[lay] != 0, ev, max_events, trans_t, rail_t, rail_kind, rail_idx, pair_t,
                rmin, rarg, box, act, pairs, onset, touched, loc, frc, safe, tref, air,
            )  # fmt: skip
            out_count[s] = count
            out_status[s] = status
            out_time[s] = t_end
            shot_facts(ev, count, n, out_facts[s], rails)
            for b in range(n):
                out_rails[s, b] = rails[b]
                out_pos[s, b, 0] = pos[b, 0]
                out_pos[s, b, 1] = pos[b, 1]
                out_state[s, b] = st[b]
