"""Layouts for simulation: a break rack with realistic gaps, and random layouts.

Owns :func:`break_layout`, :func:`random_layout` and :func:`break_stroke`. Randomness comes
only from the ``numpy.random.Generator`` passed in.
"""

from __future__ import annotations

import math

import numpy as np

from rotation61.geometry import METERS_PER_INCH, Point, TableSpec, rack_layout
from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.rules.ruleset import RackPattern
from rotation61.sim.errors import SimulationError
from rotation61.sim.stroke import Stroke, aim_at
from rotation61.sim.table import DEFAULT_TABLE, SimTable

__all__ = ["break_layout", "break_stroke", "random_layout"]


def break_layout(
    spec: TableSpec,
    rng: np.random.Generator | None = None,
    *,
    pattern: RackPattern = RackPattern.STANDARD,
    gap: float = 1e-3,
    wiggle: float = 1e-3,
    cue: Point | None = None,
) -> dict[Ball, Point]:
    """A 15-ball rack and a cue ball behind the head string, inches.

    The rack is the geometry layer's template (§III), its lattice spaced by
    ``(1 + gap) D`` from the apex and each ball moved by up to ``wiggle R`` at random, as
    real racks are never perfectly frozen. ``gap=0, wiggle=0`` gives the frozen rack.

    Args:
        spec: the table.
        rng: randomness for the free balls' order (standard pattern) and the wiggle;
            ``None`` gives the fixed ascending order and no wiggle.
        pattern: the racking pattern.
        gap: extra lattice spacing, in ball diameters.
        wiggle: largest random displacement of a ball, in ball radii.
        cue: the cue ball's centre (default: on the head string's kitchen side, at the
            long string, one diameter behind the line).

    Returns:
        Ball number to centre, the cue ball included.

    Raises:
        SimulationError: ``gap`` or ``wiggle`` is negative, or the wiggle could make
            balls overlap (``wiggle`` must be at most ``gap``).
    """
    if gap < 0 or wiggle < 0 or wiggle > gap + 1e-15:
        raise SimulationError(f"need 0 <= wiggle ({wiggle!r}) <= gap ({gap!r})")
    seed = None if rng is None else int(rng.integers(2**31))
    base = rack_layout(spec, pattern, seed=seed)
    foot = spec.foot_spot
    scale = 1.0 + gap
    rad = spec.ball_radius
    out: dict[Ball, Point] = {}
    for ball, point in base.items():
        x = foot.x + (point.x - foot.x) * scale
        y = foot.y + (point.y - foot.y) * scale
        if rng is not None and wiggle > 0:
            angle = rng.uniform(0.0, 2.0 * math.pi)
            radius = 0.5 * wiggle * rad * math.sqrt(rng.uniform())
            x += radius * math.cos(angle)
            y += radius * math.sin(angle)
        out[ball] = Point(x, y)
    out[CUE_BALL] = (
        cue if cue is not None else Point(spec.head_string_x - spec.ball_diameter, foot.y)
    )
    return dict(sorted(out.items()))


def break_stroke(
    layout: dict[Ball, Point],
    speed: float = 8.0,
    rng: np.random.Generator | None = None,
    *,
    jitter: float = 0.05,
    b: float = -0.1,
) -> Stroke:
    """A break stroke: at the 1 ball, with a little draw and a Gaussian aim jitter (degrees)."""
    phi = aim_at(layout[CUE_BALL], layout[1])
    if rng is not None and jitter > 0:
        phi += float(rng.normal(0.0, jitter))
    return Stroke(speed=speed, phi=phi, b=b)


def random_layout(
    rng: np.random.Generator,
    balls: int,
    *,
    table: SimTable = DEFAULT_TABLE,
    margin: float = 0.0,
) -> dict[Ball, Point]:
    """``balls`` balls (the cue ball and the 1.. n-1) placed uniformly without overlap, inches.

    Args:
        rng: randomness.
        balls: how many balls, the cue ball included (1..16).
        table: the table.
        margin: extra clearance from the cushions and between balls, inches.

    Returns:
        Ball number to centre.

    Raises:
        SimulationError: ``balls`` is not in 1..16.
    """
    if not 1 <= balls <= 16:
        raise SimulationError(f"a layout holds 1..16 balls, not {balls!r}")
    spec = table.spec
    rad = spec.ball_radius
    lo = rad + margin
    out: dict[Ball, Point] = {}
    centres: list[tuple[float, float]] = []
    while len(centres) < balls:
        x = float(rng.uniform(lo, spec.length - lo))
        y = float(rng.uniform(lo, spec.width - lo))
        if all(math.hypot(x - cx, y - cy) >= 2 * rad + margin for cx, cy in centres):
            out[len(centres)] = Point(x, y)
            centres.append((x, y))
    return out


_ = METERS_PER_INCH
