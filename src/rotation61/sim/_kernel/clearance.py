"""The cue stick's clearance over the rail and the other balls, at a range of elevations.

Owns :func:`obstruction` (what the stick at one elevation would pass through) and
:func:`clearance_step` (the first of a run of elevations at which it passes through
nothing). The Python side (:func:`rotation61.sim.stroke.clearance_elevation`) hands the
layout over as arrays; the geometry is documented there. Units are SI (m), angles radians
except the elevations, which are degrees as in the stroke.
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.sim._jit import jit_light
from rotation61.sim._kernel.protocol import OBSTRUCTION_NONE, OBSTRUCTION_RAIL


@jit_light
def obstruction(
    cx: float, cy: float, others: np.ndarray, phi_deg: float, elevation_deg: float,
    a: float, b: float, rad: float, length: float, r0: float, r1: float,
    rail_width: float, rail_height: float, table_length: float, table_width: float,
) -> int:  # fmt: skip
    """The nearest thing the stick at ``elevation_deg`` would pass through.

    ``others`` holds the other balls' centres, m, one row each. Returns the row of the
    nearest ball hit, ``OBSTRUCTION_RAIL`` if the rail is nearer, or ``OBSTRUCTION_NONE``
    (:mod:`.protocol`). The nearest is by distance along the stick from the tip; on
    a tie the first row wins, and a ball wins over the rail.
    """
    phi = math.radians(phi_deg)
    theta = math.radians(elevation_deg)
    dx = math.cos(phi)
    dy = math.sin(phi)
    ct = math.cos(theta)
    st = math.sin(theta)
    # backward unit vector along the stick (away from the ball, rising)
    bx = -ct * dx
    by = -ct * dy
    bz = st
    # tip contact point: ball centre + R (a side + b up - c axis)
    c = math.sqrt(max(1.0 - a**2 - b**2, 0.0))
    tip_x = cx + rad * (a * dy + b * (dx * st) - c * (ct * dx))
    tip_y = cy + rad * (a * -dx + b * (dy * st) - c * (ct * dy))
    tip_z = rad + rad * (a * 0.0 + b * ct - c * -st)
    best_s = math.inf
    best = OBSTRUCTION_NONE
    for k in range(others.shape[0]):
        px = others[k, 0] - tip_x
        py = others[k, 1] - tip_y
        pz = rad - tip_z
        s = px * bx + py * by + pz * bz
        if s <= 0 or s > length + rad:
            continue
        s_clamped = min(s, length)
        qx = px - s_clamped * bx
        qy = py - s_clamped * by
        qz = pz - s_clamped * bz
        reach = rad + r0 + (r1 - r0) * s_clamped / length
        if math.sqrt(qx * qx + qy * qy + qz * qz) < reach and s < best_s:
            best_s = s
            best = k
    # the rail band: from the nose lines outward by rail_width
    horizontal = math.hypot(bx, by)
    if horizontal > 0:
        ux = bx / horizontal
        uy = by / horizontal
        d_in = math.inf
        for lim, pos, vel in (
            (0.0, tip_x, ux),
            (table_length, tip_x, ux),
            (0.0, tip_y, uy),
            (table_width, tip_y, uy),
        ):
            if vel != 0:
                d = (lim - pos) / vel
                if d > 0 and d < d_in:
                    d_in = d
        if d_in < math.inf:
            for d in (d_in, d_in + rail_width):
                s = d / ct if ct > 0 else math.inf
                if s > length:
                    continue
                radius = r0 + (r1 - r0) * s / length
                underside = tip_z + s * bz - radius / max(ct, 1e-9)
                if underside < rail_height:
                    if s < best_s:
                        best = OBSTRUCTION_RAIL
                    break
    return best


@jit_light
def clearance_step(
    cx: float, cy: float, others: np.ndarray, phi_deg: float, theta_deg: float, steps: int,
    step_deg: float, a: float, b: float, rad: float, length: float, r0: float, r1: float,
    rail_width: float, rail_height: float, table_length: float, table_width: float,
) -> int:  # fmt: skip
    """The first of a run of elevations at which the stick passes through nothing.

    Returns the least ``k`` in ``0..steps`` for which the stick at
    ``theta_deg + k step_deg`` degrees touches nothing (:func:`obstruction`), or -1.
    """
    for k in range(steps + 1):
        hit = obstruction(
            cx, cy, others, phi_deg, theta_deg + k * step_deg, a, b, rad, length, r0, r1,
            rail_width, rail_height, table_length, table_width,
        )  # fmt: skip
        if hit == OBSTRUCTION_NONE:
            return k
    return -1
