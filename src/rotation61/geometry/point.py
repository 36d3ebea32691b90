"""Points on the playing surface, the layer's unit and its named tolerances.

Every length in :mod:`rotation61.geometry` is in **inches**, the unit of the rulebook and
of the scenario schema. Multiply by :data:`METERS_PER_INCH` to convert to meters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from rotation61.geometry.errors import GeometryError

__all__ = ["CONTACT_TOL_IN", "EPS_IN", "METERS_PER_INCH", "Point"]

METERS_PER_INCH: Final[float] = 0.0254
"""Exact conversion factor: a length in inches times this is the length in meters."""

EPS_IN: Final[float] = 1e-9
"""Tolerance in inches for positions: a centre this close to the head string is on the
line, this far past a cushion limit is still on the table, and distances to the foot
spot that differ by less than this are a tie."""

CONTACT_TOL_IN: Final[float] = 1e-7
"""Tolerance in inches for contact: two balls whose centres are at least
``D - CONTACT_TOL_IN`` apart touch (are frozen) but do not overlap."""


@dataclass(frozen=True, slots=True)
class Point:
    """A position on the playing surface, in inches (schema §1 coordinates).

    The origin is the corner where the head cushion meets the y = 0 side cushion; x runs
    toward the foot cushion and y across the table.

    Attributes:
        x: distance from the head cushion nose, in inches.
        y: distance from the y = 0 side cushion nose, in inches.

    Raises:
        GeometryError: a coordinate is not a finite number.

    >>> Point(75.0, 25.0).distance_to(Point(77.25, 25.0))
    2.25
    """

    x: float
    y: float

    def __post_init__(self) -> None:
        if not (math.isfinite(self.x) and math.isfinite(self.y)):
            raise GeometryError(f"point ({self.x!r}, {self.y!r}) has a non-finite coordinate")

    def distance_to(self, other: Point) -> float:
        """The straight-line distance to ``other``, in inches.

        Args:
            other: the other point.

        Returns:
            The Euclidean distance between the two points.
        """
        return math.hypot(self.x - other.x, self.y - other.y)


def _is_clear(a: Point, b: Point, clearance: float) -> bool:
    """Whether centres ``a`` and ``b`` are at least ``clearance`` apart (within tolerance)."""
    return a.distance_to(b) >= clearance - CONTACT_TOL_IN
