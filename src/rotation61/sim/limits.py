"""The stroke limits: the one set of bounds on a cue stroke, and the check that applies them.

Owns :class:`StrokeLimits`, :data:`STROKE_LIMITS`, :class:`StrokeOutOfRangeError` and
:func:`check_stroke`. Every reader of a stroke's bounds takes them from here: the engine
(the miscue limit), the execution noise (what a noisy stroke is kept within), the play
API's validation and its HTTP schema, the environments' action spaces and the tables of
``docs/web.md`` and ``docs/ai-environments.md`` (a test compares them).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Final, Protocol, TypeVar

from rotation61.sim.errors import SimulationError

__all__ = ["STROKE_LIMITS", "StrokeLimits", "StrokeOutOfRangeError", "check_stroke"]

_TIP_TOLERANCE: Final = 1e-12
"""Ball radii a tip offset may exceed the limit by (the rounding of a pulled-back offset)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StrokeLimits:
    """The bounds of a stroke that is accepted and played.

    Attributes:
        min_speed: the softest stroke the execution noise leaves, and the low end of the
            environments' speed action, m/s.
        max_speed: the fastest stroke accepted (cue-ball speed of a centre hit, m/s; a hard
            break is about 9, the engine is calibrated to 12.3).
        max_elevation: the steepest cue elevation accepted, degrees.
        tip_offset: the miscue limit: the largest tip offset from the ball's centre,
            ``hypot(a, b)``, in ball radii. The engine refuses a stroke beyond it.
        aim_offset: the widest turn of the environments' relative action away from the
            ghost-ball aim, degrees either way (not a bound of the stroke itself: a
            relative action becomes an absolute aim, which has none).

    Raises:
        SimulationError: a bound is not finite or the bounds are not ordered
            (0 < min_speed <= max_speed, 0 <= max_elevation < 90, 0 < tip_offset < 1,
            0 < aim_offset <= 90).

    >>> STROKE_LIMITS.max_speed, STROKE_LIMITS.max_elevation, STROKE_LIMITS.tip_offset
    (12.0, 60.0, 0.5)
    >>> STROKE_LIMITS.aim_offset
    10.0
    """

    min_speed: float = 0.05
    max_speed: float = 12.0
    max_elevation: float = 60.0
    tip_offset: float = 0.5
    aim_offset: float = 10.0

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if not (isinstance(value, float | int) and math.isfinite(value)):
                raise SimulationError(f"stroke limit {field.name} = {value!r} is not finite")
        if not 0 < self.min_speed <= self.max_speed:
            raise SimulationError(
                f"stroke limits min_speed {self.min_speed!r} and max_speed "
                f"{self.max_speed!r} must satisfy 0 < min_speed <= max_speed"
            )
        if not 0 <= self.max_elevation < 90:
            raise SimulationError(f"max_elevation {self.max_elevation!r} must be in [0, 90)")
        if not 0 < self.tip_offset < 1:
            raise SimulationError(f"tip_offset {self.tip_offset!r} must be in (0, 1) radii")
        if not 0 < self.aim_offset <= 90:
            raise SimulationError(f"aim_offset {self.aim_offset!r} must be in (0, 90] degrees")


STROKE_LIMITS: Final = StrokeLimits()
"""The stroke limits of the engine, the play page, the computer players and the environments."""


class StrokeOutOfRangeError(SimulationError):
    """A stroke outside the :class:`StrokeLimits`; ``field`` names the bad value.

    Attributes:
        field: ``"speed"``, ``"theta"`` or ``"tip_offset"``.
        value: the bad value (the offset's length for ``"tip_offset"``).
    """

    def __init__(self, message: str, *, field: str, value: float) -> None:
        super().__init__(message)
        self.field = field
        self.value = value


class _Bounded(Protocol):
    """What the check reads of a stroke (:class:`~rotation61.sim.Stroke` has it)."""

    @property
    def speed(self) -> float: ...
    @property
    def theta(self) -> float: ...
    @property
    def a(self) -> float: ...
    @property
    def b(self) -> float: ...


_S = TypeVar("_S", bound=_Bounded)


def check_stroke(stroke: _S, limits: StrokeLimits = STROKE_LIMITS) -> _S:
    """The stroke, if it is within ``limits``.

    Raises:
        StrokeOutOfRangeError: a speed outside (0, max_speed], an elevation outside
            [0, max_elevation], or a tip offset beyond the miscue limit.
    """
    if not 0 < stroke.speed <= limits.max_speed:
        raise StrokeOutOfRangeError(
            f"stroke speed {stroke.speed!r} m/s is outside (0, {limits.max_speed}]",
            field="speed",
            value=stroke.speed,
        )
    if not 0 <= stroke.theta <= limits.max_elevation:
        raise StrokeOutOfRangeError(
            f"cue elevation {stroke.theta!r} degrees is outside [0, {limits.max_elevation}]",
            field="theta",
            value=stroke.theta,
        )
    offset = math.hypot(stroke.a, stroke.b)
    if offset > limits.tip_offset + _TIP_TOLERANCE:
        raise StrokeOutOfRangeError(
            f"tip offset ({stroke.a!r}, {stroke.b!r}) is beyond the miscue limit "
            f"{limits.tip_offset} ball radii",
            field="tip_offset",
            value=offset,
        )
    return stroke
