"""Table dimensions, landmarks and zones.

Owns :class:`TableSpec`, the 9-, 8- and 7-foot presets, and :func:`zone`, which places a
ball centre relative to the head string (§XVI, decision A31). Lengths are in inches,
in the coordinate system of the scenario schema §1 (requirements R1-R3).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from rotation61.geometry.errors import GeometryError, UnknownTableError
from rotation61.geometry.point import EPS_IN, Point
from rotation61.rules.table import Zone

__all__ = [
    "TABLES",
    "TABLE_7FT",
    "TABLE_8FT",
    "TABLE_9FT",
    "TableSize",
    "TableSpec",
    "get_table",
    "in_kitchen",
    "zone",
]


class TableSize(StrEnum):
    """The name of a table preset; the value is the wire and record format (``TableSize`` tag)."""

    NINE_FT = "9ft"
    """The 9-foot table of the rulebook and the scenarios."""
    EIGHT_FT = "8ft"
    """An 8-foot table."""
    SEVEN_FT = "7ft"
    """A 7-foot table."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSpec:
    """The size of a table's playing surface and of its balls, in inches.

    The surface is measured cushion nose to cushion nose. Pockets are ignored. The
    landmarks follow requirement R2: head string x = L/4, foot spot (3L/4, W/2), long
    string y = W/2.

    Attributes:
        name: the preset name (``"9ft"``, ``"8ft"``, ``"7ft"``) or any label.
        length: playing-surface length L along x, in inches.
        width: playing-surface width W along y, in inches.
        ball_diameter: ball diameter D, in inches.

    Raises:
        GeometryError: a dimension is not a finite positive number, or the surface is
            too small to hold a ball on the foot spot (L < 2D or W < D).

    >>> TABLE_9FT.foot_spot
    Point(x=75.0, y=25.0)
    """

    name: str
    length: float
    width: float
    ball_diameter: float = 2.25

    def __post_init__(self) -> None:
        for field, value in (
            ("length", self.length),
            ("width", self.width),
            ("ball_diameter", self.ball_diameter),
        ):
            if not (math.isfinite(value) and value > 0):
                raise GeometryError(
                    f"table {self.name!r}: {field} {value!r} is not a positive number of inches"
                )
        if self.length < 2 * self.ball_diameter or self.width < self.ball_diameter:
            raise GeometryError(
                f"table {self.name!r} of {self.length!r} x {self.width!r} in is too small "
                f"for balls of {self.ball_diameter!r} in"
            )

    @property
    def ball_radius(self) -> float:
        """Ball radius R = D/2, in inches."""
        return self.ball_diameter / 2

    @property
    def head_string_x(self) -> float:
        """The head string, x = L/4, in inches."""
        return self.length / 4

    @property
    def long_string_y(self) -> float:
        """The long string, y = W/2, in inches."""
        return self.width / 2

    @property
    def head_spot(self) -> Point:
        """The head spot (L/4, W/2)."""
        return Point(self.head_string_x, self.long_string_y)

    @property
    def centre_spot(self) -> Point:
        """The centre spot (L/2, W/2)."""
        return Point(self.length / 2, self.long_string_y)

    @property
    def foot_spot(self) -> Point:
        """The foot spot (3L/4, W/2)."""
        return Point(3 * self.length / 4, self.long_string_y)

    @property
    def min_centre_x(self) -> float:
        """The smallest x of a ball centre: R, the ball against the head cushion."""
        return self.ball_radius

    @property
    def max_centre_x(self) -> float:
        """The largest x of a ball centre: L - R, the ball against the foot cushion."""
        return self.length - self.ball_radius

    @property
    def min_centre_y(self) -> float:
        """The smallest y of a ball centre: R."""
        return self.ball_radius

    @property
    def max_centre_y(self) -> float:
        """The largest y of a ball centre: W - R."""
        return self.width - self.ball_radius

    def is_inside(self, point: Point) -> bool:
        """Whether a ball centred at ``point`` lies inside the cushions.

        A ball touching a cushion is inside; the limits are compared within
        :data:`~rotation61.geometry.EPS_IN`.

        Args:
            point: the ball's centre.

        Returns:
            ``True`` if R <= x <= L - R and R <= y <= W - R.

        >>> TABLE_9FT.is_inside(Point(98.875, 25.0)), TABLE_9FT.is_inside(Point(99.0, 25.0))
        (True, False)
        """
        return (
            self.min_centre_x - EPS_IN <= point.x <= self.max_centre_x + EPS_IN
            and self.min_centre_y - EPS_IN <= point.y <= self.max_centre_y + EPS_IN
        )


TABLE_9FT: Final[TableSpec] = TableSpec(name=TableSize.NINE_FT.value, length=100.0, width=50.0)
"""The 9-foot table of the rulebook and the scenarios: 100 x 50 in."""

TABLE_8FT: Final[TableSpec] = TableSpec(name=TableSize.EIGHT_FT.value, length=92.0, width=46.0)
"""An 8-foot table: 92 x 46 in."""

TABLE_7FT: Final[TableSpec] = TableSpec(name=TableSize.SEVEN_FT.value, length=78.0, width=39.0)
"""A 7-foot table: 78 x 39 in."""

TABLES: Final[Mapping[str, TableSpec]] = MappingProxyType(
    {spec.name: spec for spec in (TABLE_9FT, TABLE_8FT, TABLE_7FT)}
)
"""The table presets by name: one per :class:`TableSize`."""


def get_table(name: str) -> TableSpec:
    """Look up a table preset by name.

    Args:
        name: ``"9ft"``, ``"8ft"`` or ``"7ft"``.

    Returns:
        The preset.

    Raises:
        UnknownTableError: no preset has that name; the message lists them.

    >>> get_table("7ft").length
    78.0
    """
    try:
        return TABLES[name]
    except KeyError:
        raise UnknownTableError(
            f"unknown table {name!r}; known tables: {', '.join(TABLES)}"
        ) from None


def zone(spec: TableSpec, point: Point) -> Zone:
    """Where a ball centred at ``point`` lies relative to the head string (§XVI, A31).

    Rule: requirement R3. The kitchen excludes the line: a centre within
    :data:`~rotation61.geometry.EPS_IN` of the head string is
    :attr:`~rotation61.rules.table.Zone.ON_LINE`.

    Args:
        spec: the table.
        point: the ball's centre.

    Returns:
        ``KITCHEN`` if x is strictly less than the head string, ``ON_LINE`` on it,
        ``OUTSIDE`` beyond it.

    >>> zone(TABLE_9FT, Point(25.0, 30.0))
    <Zone.ON_LINE: 'on_line'>
    """
    offset = point.x - spec.head_string_x
    if abs(offset) <= EPS_IN:
        return Zone.ON_LINE
    return Zone.KITCHEN if offset < 0 else Zone.OUTSIDE


def in_kitchen(spec: TableSpec, point: Point) -> bool:
    """Whether a ball centred at ``point`` is in the kitchen (strictly behind the head string).

    Args:
        spec: the table.
        point: the ball's centre.

    Returns:
        ``True`` iff :func:`zone` is ``KITCHEN``.

    >>> in_kitchen(TABLE_9FT, Point(24.0, 30.0))
    True
    """
    return zone(spec, point) is Zone.KITCHEN
