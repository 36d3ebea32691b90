"""Layouts for simulation: a break rack, random layouts, the next shot's layout.

Owns :func:`break_layout`, :func:`random_layout`, :func:`break_stroke` and
:func:`playable_layout`. Randomness comes only from the ``numpy.random.Generator`` passed
in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

import numpy as np

from rotation61.geometry import METERS_PER_INCH, Point, TableSpec, rack_layout
from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.rules.ruleset import RackPattern
from rotation61.sim.errors import SimulationError
from rotation61.sim.stroke import Stroke, aim_at
from rotation61.sim.table import DEFAULT_TABLE, SimTable

__all__ = ["break_layout", "break_stroke", "playable_layout", "random_layout"]

_SETTLE_GAP_IN: Final = 2e-6
"""Inches left between two balls moved apart by :func:`playable_layout`."""
_SETTLE_PASSES: Final = 100
"""Most passes of :func:`playable_layout` over the pairs (a ball moved may touch another).

A ball wedged between a resting ball and one held in a corner is pushed back half the
way each pass, so the overlap halves per pass: 8 passes left a 0.4 thou overlap of a
rack in self-play above the layout check's tolerance. A pass that moves nothing ends
the loop, so the usual layout takes one."""


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


def playable_layout(spec: TableSpec, rest: Mapping[Ball, Point]) -> dict[Ball, Point]:
    """A shot's rest positions as a layout the engine accepts for the next shot.

    The engine leaves two kinds of rest positions it refuses as a starting layout: a
    ball at rest in a pocket's mouth, between the jaws, its centre less than R from the
    cushion line (moved to the nearest point inside the cushions: at most the mouth's
    depth); and two balls at rest overlapping within the engine's tolerance
    (``OVERLAP_TOL_M``, 10 um) where a layout allows only ``CONTACT_TOL_IN`` (0.1 uin),
    or a ball so moved onto another (pushed apart along their line of centres to D plus
    2 uin, each half the way, in passes until none moves). Every other ball keeps its
    place.

    >>> from rotation61.geometry import get_table
    >>> spec = get_table("9ft")
    >>> d = spec.ball_diameter
    >>> out = playable_layout(spec, {1: Point(50.0, 25.0), 2: Point(50.0 + d - 1e-6, 25.0)})
    >>> out[2].x - out[1].x >= d
    True
    >>> playable_layout(spec, {3: Point(-0.2, 0.4)})[3] == Point(spec.ball_radius, spec.ball_radius)
    True
    """
    r = spec.ball_radius
    lo_x, hi_x, lo_y, hi_y = r, spec.length - r, r, spec.width - r

    def inside(x: float, y: float) -> Point:
        return Point(min(max(x, lo_x), hi_x), min(max(y, lo_y), hi_y))

    out = {ball: inside(p.x, p.y) for ball, p in rest.items()}
    need = spec.ball_diameter + _SETTLE_GAP_IN
    balls = sorted(out)
    for _ in range(_SETTLE_PASSES):
        moved = False
        for i, a in enumerate(balls):
            for b in balls[i + 1 :]:
                pa, pb = out[a], out[b]
                dx, dy = pb.x - pa.x, pb.y - pa.y
                d = math.hypot(dx, dy)
                if d >= need - _SETTLE_GAP_IN / 2:
                    continue
                ux, uy = (dx / d, dy / d) if d > 0 else (1.0, 0.0)
                half = (need - d) / 2
                # each moves half the way; one held by a cushion leaves the rest to the other
                pa = inside(pa.x - ux * half, pa.y - uy * half)
                pb = inside(pa.x + ux * need, pa.y + uy * need)
                pa = inside(pb.x - ux * need, pb.y - uy * need)
                out[a], out[b] = pa, pb
                moved = True
        if not moved:
            break
    return out
