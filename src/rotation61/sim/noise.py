"""The execution noise: how a player's stroke differs from the one he meant.

Owns :class:`ExecutionNoise` (Gaussian errors on a stroke, the Computer Olympiad's by
default), :data:`OLYMPIAD_NOISE`, :func:`noisy_rows` and :func:`execute`. It is the one
model of every noisy stroke: the search's samples (:func:`~rotation61.sim.simulate_strokes`),
the computer players' strokes and the play page's computer all draw through
:func:`noisy_rows`. The errors are drawn from the ``numpy.random.Generator`` passed, one
array per column in the order speed, phi, theta, a, b (so one stroke draws the same as a
batch of one), and the stroke is then kept playable within
:data:`~rotation61.sim.STROKE_LIMITS`: the speed within [min_speed, max_speed], the
elevation within [0, max_elevation] and a tip offset beyond the miscue limit pulled back
to :data:`OFFSET_MARGIN` of it along its own direction.
"""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.sim._kernel import protocol
from rotation61.sim.errors import SimulationError
from rotation61.sim.limits import STROKE_LIMITS, StrokeLimits
from rotation61.sim.params import DEFAULT_PARAMS, Params
from rotation61.sim.stroke import Stroke

__all__ = ["OFFSET_MARGIN", "OLYMPIAD_NOISE", "ExecutionNoise", "execute", "noisy_rows"]

_F64 = npt.NDArray[np.float64]

OFFSET_MARGIN: Final = 0.98
"""A noisy tip offset beyond the miscue limit is pulled back to this share of it."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ExecutionNoise:
    """Standard deviations of the Gaussian errors added to each executed stroke.

    Attributes:
        phi: aim, degrees.
        theta: elevation, degrees.
        speed: m/s.
        offset: tip offsets a and b, m (divided by R for the stroke's radii).

    Raises:
        SimulationError: a deviation is negative or not finite.
    """

    phi: float = 0.125
    theta: float = 0.1
    speed: float = 0.075
    offset: float = 0.0005

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if not (isinstance(value, float | int) and 0 <= value < float("inf")):
                raise SimulationError(f"noise {field.name} = {value!r} must be finite and >= 0")


OLYMPIAD_NOISE: Final = ExecutionNoise()
"""The Computer Olympiad's execution noise: 0.125 deg, 0.1 deg, 0.075 m/s, 0.5 mm."""


def noisy_rows(
    rows: _F64,
    noise: ExecutionNoise,
    rng: np.random.Generator,
    *,
    params: Params = DEFAULT_PARAMS,
    limits: StrokeLimits = STROKE_LIMITS,
) -> _F64:
    """The strokes ``rows`` (``[n, 5]``: speed, phi, theta, a, b) as executed (a new array)."""
    out = np.array(rows, np.float64).reshape(-1, 5)
    n = len(out)
    if not n:
        return out
    rad = params.ball_radius
    sigmas = (noise.speed, noise.phi, noise.theta, noise.offset, noise.offset)
    for col, sigma in enumerate(sigmas):
        draw = rng.normal(0.0, 1.0, n) * sigma
        out[:, col] += draw / rad if col >= protocol.STROKE_A else draw
    speed, theta = out[:, protocol.STROKE_SPEED], out[:, protocol.STROKE_THETA]
    np.clip(speed, limits.min_speed, limits.max_speed, out=speed)
    np.clip(theta, 0.0, limits.max_elevation, out=theta)
    a, b = out[:, protocol.STROKE_A], out[:, protocol.STROKE_B]
    offset = np.hypot(a, b)
    keep = limits.tip_offset * OFFSET_MARGIN
    past = offset > keep
    if past.any():
        a[past] = a[past] * keep / offset[past]
        b[past] = b[past] * keep / offset[past]
    return out


def execute(
    stroke: Stroke,
    noise: ExecutionNoise,
    rng: np.random.Generator,
    *,
    params: Params = DEFAULT_PARAMS,
    limits: StrokeLimits = STROKE_LIMITS,
) -> Stroke:
    """The stroke as a player with ``noise`` executes it (:func:`noisy_rows` of one row)."""
    row = noisy_rows(np.array([stroke.as_tuple()]), noise, rng, params=params, limits=limits)
    speed, phi, theta, a, b = (float(v) for v in row[0])
    return Stroke(speed=speed, phi=phi, theta=theta, a=a, b=b)
