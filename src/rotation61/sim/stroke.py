"""The cue stroke: speed, aim, elevation and tip offsets; the miscue limit; cue clearance.

Owns :class:`Stroke`, :func:`aim_at`, :func:`ghost_ball_aim`, :func:`is_miscue` and
:func:`cue_obstruction`. Angles are in degrees; the aim ``phi`` is measured from +x (toward
the foot cushion), counter-clockwise seen from above.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, Point
from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.sim._kernel.clearance import clearance_step, obstruction
from rotation61.sim._kernel.protocol import OBSTRUCTION_NONE, OBSTRUCTION_RAIL
from rotation61.sim.errors import SimulationError
from rotation61.sim.limits import STROKE_LIMITS, StrokeLimits
from rotation61.sim.params import DEFAULT_PARAMS, Params
from rotation61.sim.table import DEFAULT_TABLE, SimTable

__all__ = [
    "RAIL",
    "Stroke",
    "aim_at",
    "clearance_elevation",
    "cue_obstruction",
    "ghost_ball_aim",
    "is_miscue",
]

_LIFT_STEP = 0.25
"""Degrees between the elevations :func:`clearance_elevation` tries."""

RAIL = -1
"""What :func:`cue_obstruction` returns when the stick would pass through a rail."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Stroke:
    """The cue's stroke on the cue ball.

    Attributes:
        speed: the cue ball's speed for a centre hit at the same stick speed, m/s (an
            off-centre hit gives the ball less speed and some spin; the stick's speed is
            ``speed (1 + m/M) / 2``).
        phi: aim direction, degrees from +x, counter-clockwise.
        theta: cue elevation above the cloth, degrees (0 = level).
        a: side offset of the tip from the ball's centre, in ball radii, + to the right
            (right english).
        b: vertical offset of the tip, in ball radii, + above centre (follow), - below
            (draw). Both offsets are measured across the cue's axis.

    Raises:
        SimulationError: a value is not finite, the speed is not positive, or theta is
            outside [0, 90).

    >>> Stroke(speed=2.0, phi=90, b=-0.3).as_tuple()
    (2.0, 90.0, 0.0, 0.0, -0.3)
    >>> Stroke(speed=2.0, phi=90.0, a=0.8, b=0.8)
    Traceback (most recent call last):
    ...
    rotation61.sim.errors.SimulationError: tip offset (0.8, 0.8) is off the ball
    """

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0

    def __post_init__(self) -> None:
        for name in ("speed", "phi", "theta", "a", "b"):
            value = getattr(self, name)
            if not (isinstance(value, float | int) and math.isfinite(value)):
                raise SimulationError(f"stroke {name} {value!r} is not a finite number")
        if self.speed <= 0:
            raise SimulationError(f"stroke speed {self.speed!r} m/s must be positive")
        if not 0 <= self.theta < 90:
            raise SimulationError(f"cue elevation {self.theta!r} degrees is not in [0, 90)")
        if math.hypot(self.a, self.b) >= 1:
            raise SimulationError(f"tip offset ({self.a!r}, {self.b!r}) is off the ball")

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        """(speed, phi, theta, a, b), the kernel's stroke row."""
        return (float(self.speed), float(self.phi), float(self.theta), float(self.a), float(self.b))


def is_miscue(stroke: Stroke, limits: StrokeLimits = STROKE_LIMITS) -> bool:
    """Whether the tip offset is beyond the miscue limit (``hypot(a, b) > tip_offset``)."""
    return math.hypot(stroke.a, stroke.b) > limits.tip_offset


def aim_at(cue: Point, target: Point) -> float:
    """The aim ``phi`` (degrees) from the cue ball's centre straight at a point (inches)."""
    return math.degrees(math.atan2(target.y - cue.y, target.x - cue.x))


def ghost_ball_aim(cue: Point, ball: Point, target: Point, ball_diameter: float = 2.25) -> float:
    """The aim (degrees) that sends ``ball`` toward ``target`` by the ghost-ball method.

    Args:
        cue: the cue ball's centre, inches.
        ball: the object ball's centre, inches.
        target: where the object ball should go (a pocket), inches.
        ball_diameter: D, inches.

    Returns:
        ``phi`` toward the ghost ball: the cue ball's centre at contact, D behind the object
        ball on the line from the target through it (throw is not compensated).
    """
    ux, uy = target.x - ball.x, target.y - ball.y
    norm = math.hypot(ux, uy)
    ghost = Point(ball.x - ball_diameter * ux / norm, ball.y - ball_diameter * uy / norm)
    return aim_at(cue, ghost)


def cue_obstruction(
    layout: Mapping[Ball, Point],
    stroke: Stroke,
    *,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
) -> Ball | int | None:
    """What the cue stick would pass through when playing ``stroke``, if anything.

    The stick is a cone from the tip (``cue_tip_radius``) to the butt (``cue_butt_radius``),
    ``cue_length`` long, on the cue's axis through the tip's contact point, rising at the
    elevation. A ball is hit if its centre is closer to the axis than R plus the stick's
    radius there; the rail is hit if the stick's underside is below ``rail_height`` over
    the rail (between the cushion nose and ``rail_width`` beyond it). As a player does,
    the butt may be raised up to ``params.cue_lift`` degrees above the stroke's elevation
    to clear them (:func:`clearance_elevation`); the stroke is obstructed only if no such
    elevation clears.

    Args:
        layout: ball centres in inches; the cue ball (0) must be present.
        stroke: the stroke.
        table: the table.
        params: the parameters (stick and rail dimensions, the lift).

    Returns:
        The first ball the stick would touch at the stroke's own elevation, :data:`RAIL`,
        or ``None`` if the stick clears at some elevation within the lift.

    Raises:
        SimulationError: the layout has no cue ball.
    """
    if clearance_elevation(layout, stroke, table=table, params=params) is not None:
        return None
    return _obstruction_at(layout, stroke, stroke.theta, table, params)


def clearance_elevation(
    layout: Mapping[Ball, Point],
    stroke: Stroke,
    *,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
) -> float | None:
    """The least cue elevation (degrees) from ``stroke.theta`` up that clears the rail and balls.

    Elevations are tried in steps of 0.25 degrees up to ``stroke.theta + params.cue_lift``
    (below 90). The physics plays the stroke's own ``theta``: for the few degrees a
    player raises the butt, the strike changes by the cosine of the extra elevation.

    Returns:
        The elevation, or ``None`` if the stick is obstructed at every one of them.

    Raises:
        SimulationError: the layout has no cue ball.
    """
    top = min(stroke.theta + params.cue_lift, 89.0)
    steps = max(0, int((top - stroke.theta) / _LIFT_STEP + 1e-9))
    cx, cy, others, _ = _stick_layout(layout)
    k = clearance_step(
        cx, cy, others, stroke.phi, stroke.theta, steps, _LIFT_STEP, stroke.a, stroke.b,
        *_stick_constants(table, params),
    )  # fmt: skip
    return None if k < 0 else stroke.theta + k * _LIFT_STEP


def _stick_layout(
    layout: Mapping[Ball, Point],
) -> tuple[float, float, npt.NDArray[np.float64], tuple[Ball, ...]]:
    """The cue ball's centre and the other balls' centres (rows, in layout order), m."""
    if CUE_BALL not in layout:
        raise SimulationError("the layout has no cue ball (0)")
    cue = layout[CUE_BALL]
    balls = tuple(b for b in layout if b != CUE_BALL)
    others = np.array(
        [(layout[b].x * METERS_PER_INCH, layout[b].y * METERS_PER_INCH) for b in balls],
        np.float64,
    ).reshape(len(balls), 2)
    return cue.x * METERS_PER_INCH, cue.y * METERS_PER_INCH, others, balls


def _stick_constants(
    table: SimTable, params: Params
) -> tuple[float, float, float, float, float, float, float, float]:
    """The ball, stick, rail and table dimensions the clearance kernel takes, m."""
    return (
        params.ball_radius,
        params.cue_length,
        params.cue_tip_radius,
        params.cue_butt_radius,
        params.rail_width,
        params.rail_height,
        table.length,
        table.width,
    )


def _obstruction_at(
    layout: Mapping[Ball, Point],
    stroke: Stroke,
    elevation: float,
    table: SimTable,
    params: Params,
) -> Ball | int | None:
    """What the stick at ``elevation`` degrees would pass through (:func:`cue_obstruction`)."""
    cx, cy, others, balls = _stick_layout(layout)
    hit = obstruction(
        cx, cy, others, stroke.phi, elevation, stroke.a, stroke.b,
        *_stick_constants(table, params),
    )  # fmt: skip
    if hit == OBSTRUCTION_NONE:
        return None
    return RAIL if hit == OBSTRUCTION_RAIL else balls[hit]
