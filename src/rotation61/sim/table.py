"""The simulated table: cushions, pocket mouths, jaws and capture holes, in meters.

Owns :class:`SimTable` (built from a geometry :class:`~rotation61.geometry.TableSpec`),
:class:`PocketId` and :class:`CushionId`. The playing surface is the spec's, cushion nose
to cushion nose: a ball touches a cushion when its centre is R from the nose line, as in
the geometry layer. Pockets follow the WPA equipment specifications: mouths measured
between the points of the jaws, corner jaws turned 38 degrees from the cushion line (a
142 degree mouth angle) and side jaws 76 degrees (104), a shelf from the mouth to the
hole, and a hole whose edge the ball's centre must cross to drop.

Coordinates: the geometry layer's, in meters: origin at the corner of the head cushion
and the y = 0 side cushion, x toward the foot cushion. The breaker stands at the head
facing +x, so y = 0 is on the breaker's right.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Mapping
from enum import StrEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.geometry import METERS_PER_INCH, TABLE_9FT, TableSpec
from rotation61.sim._kernel import protocol
from rotation61.sim.errors import SimulationError

__all__ = ["DEFAULT_TABLE", "CushionId", "PocketId", "SimTable"]


class PocketId(StrEnum):
    """The six pockets, named from the breaker's view (at the head, facing the foot)."""

    HEAD_RIGHT = "head_right"
    SIDE_RIGHT = "side_right"
    FOOT_RIGHT = "foot_right"
    FOOT_LEFT = "foot_left"
    SIDE_LEFT = "side_left"
    HEAD_LEFT = "head_left"


_POCKET_ROWS: Final[Mapping[PocketId, int]] = {
    PocketId.HEAD_RIGHT: protocol.POCKET_HEAD_RIGHT,
    PocketId.SIDE_RIGHT: protocol.POCKET_SIDE_RIGHT,
    PocketId.FOOT_RIGHT: protocol.POCKET_FOOT_RIGHT,
    PocketId.FOOT_LEFT: protocol.POCKET_FOOT_LEFT,
    PocketId.SIDE_LEFT: protocol.POCKET_SIDE_LEFT,
    PocketId.HEAD_LEFT: protocol.POCKET_HEAD_LEFT,
}
"""Each pocket's row of the kernel's ``pockets`` array."""

POCKETS: Final[tuple[PocketId, ...]] = tuple(sorted(_POCKET_ROWS, key=_POCKET_ROWS.__getitem__))
"""Pockets in the kernel's row order (``POCKETS[row]`` is the pocket of that row)."""


class CushionId(StrEnum):
    """The cushions: the six rails between pockets, and the jaws of each pocket."""

    HEAD = "head"
    FOOT = "foot"
    RIGHT_HEAD = "right_head"
    RIGHT_FOOT = "right_foot"
    LEFT_HEAD = "left_head"
    LEFT_FOOT = "left_foot"
    JAW = "jaw"


_CUSHIONS: Final[Mapping[int, CushionId]] = {
    protocol.CUSHION_HEAD: CushionId.HEAD,
    protocol.CUSHION_FOOT: CushionId.FOOT,
    protocol.CUSHION_RIGHT_HEAD: CushionId.RIGHT_HEAD,
    protocol.CUSHION_RIGHT_FOOT: CushionId.RIGHT_FOOT,
    protocol.CUSHION_LEFT_HEAD: CushionId.LEFT_HEAD,
    protocol.CUSHION_LEFT_FOOT: CushionId.LEFT_FOOT,
    protocol.CUSHION_JAW: CushionId.JAW,
}
"""The cushion of each kernel cushion code (a line's ``LINE_CUSHION`` column)."""

_CUSHION_CODES: Final[Mapping[CushionId, int]] = {
    cushion: code for code, cushion in _CUSHIONS.items()
}


_Array = npt.NDArray[np.float64]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SimTable:
    """A table for the simulator: the playing surface of ``spec`` plus pockets, in meters.

    Attributes:
        spec: the geometry layer's table (inches); its length and width are the cushion
            nose lines.
        corner_mouth: corner pocket mouth, jaw point to jaw point, m (WPA 4.5-4.625 in).
        side_mouth: side pocket mouth, m (WPA 5-5.125 in).
        corner_jaw_angle: corner mouth angle, degrees (WPA 142 +- 1).
        side_jaw_angle: side mouth angle, degrees (WPA 104 +- 1).
        corner_shelf: depth of the corner shelf, mouth line to the hole's edge, m
            (WPA 1-2.25 in).
        side_shelf: depth of the side shelf, m (WPA 0-0.375 in).

    Raises:
        SimulationError: a dimension is out of range (a mouth narrower than a ball, or
            wider than the table allows).
    """

    spec: TableSpec = TABLE_9FT
    corner_mouth: float = 4.5625 * METERS_PER_INCH
    side_mouth: float = 5.0625 * METERS_PER_INCH
    corner_jaw_angle: float = 142.0
    side_jaw_angle: float = 104.0
    corner_shelf: float = 1.625 * METERS_PER_INCH
    side_shelf: float = 0.1875 * METERS_PER_INCH

    def __post_init__(self) -> None:
        d = self.spec.ball_diameter * METERS_PER_INCH
        if not (
            d < self.corner_mouth < 0.25 * self.width and d < self.side_mouth < 0.25 * self.length
        ):
            raise SimulationError(
                f"pocket mouths {self.corner_mouth!r} m and {self.side_mouth!r} m must be "
                f"wider than a ball ({d!r} m) and fit the table {self.spec.name!r}"
            )
        if not (100.0 <= self.corner_jaw_angle <= 180.0 and 90.0 <= self.side_jaw_angle <= 135.0):
            raise SimulationError(
                f"jaw angles {self.corner_jaw_angle!r} and {self.side_jaw_angle!r} degrees "
                "are out of range (corner 100-180, side 90-135)"
            )
        if self.corner_shelf < 0 or self.side_shelf < 0:
            raise SimulationError("pocket shelves must not be negative")

    @classmethod
    def from_spec(cls, spec: TableSpec) -> SimTable:
        """The WPA-style table of that size (same pockets on every size)."""
        return cls(spec=spec)

    @property
    def length(self) -> float:
        """Playing-surface length, m."""
        return self.spec.length * METERS_PER_INCH

    @property
    def width(self) -> float:
        """Playing-surface width, m."""
        return self.spec.width * METERS_PER_INCH

    @property
    def head_string_x(self) -> float:
        """The head string's x, m."""
        return self.spec.head_string_x * METERS_PER_INCH

    def arrays(self) -> tuple[_Array, _Array, _Array]:
        """The kernel's ``lines``, ``points`` and ``pockets`` arrays (cached, read-only)."""
        return _arrays(self)

    def cushion_of(self, line: int) -> CushionId:
        """The cushion a kernel line index belongs to."""
        return _CUSHIONS[int(_arrays(self)[0][line, protocol.LINE_CUSHION])]

    def pocket_hole(self, pocket: PocketId) -> tuple[float, float, float]:
        """The capture hole of a pocket: centre x, y and radius, m."""
        row = _arrays(self)[2][_POCKET_ROWS[pocket]]
        return (
            float(row[protocol.HOLE_X]),
            float(row[protocol.HOLE_Y]),
            float(row[protocol.HOLE_RADIUS]),
        )

    def pocket_holes(self) -> list[tuple[float, float, float]]:
        """Every pocket's capture hole (x, y, radius), m, in :class:`PocketId` order."""
        return [self.pocket_hole(p) for p in POCKETS]

    def outline(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Every cushion and jaw segment as ((x1, y1), (x2, y2)), m (for drawing)."""
        lines = _arrays(self)[0]
        out = []
        for row in lines:
            x1, y1 = float(row[protocol.LINE_X]), float(row[protocol.LINE_Y])
            length = row[protocol.LINE_LENGTH]
            x2 = x1 + float(row[protocol.LINE_DX] * length)
            y2 = y1 + float(row[protocol.LINE_DY] * length)
            out.append(((x1, y1), (x2, y2)))
        return out


def _unit(x: float, y: float) -> tuple[float, float]:
    n = math.hypot(x, y)
    return x / n, y / n


@functools.lru_cache(maxsize=32)
def _arrays(table: SimTable) -> tuple[_Array, _Array, _Array]:
    length = table.length
    width = table.width
    lines: list[list[float]] = []
    points: list[list[float]] = []
    pockets: list[list[float]] = [[] for _ in POCKETS]

    def add_line(p1: tuple[float, float], p2: tuple[float, float], toward: tuple[float, float],
                 cushion: CushionId) -> None:  # fmt: skip
        dx, dy = _unit(p2[0] - p1[0], p2[1] - p1[1])
        nx, ny = -dy, dx
        if nx * (toward[0] - p1[0]) + ny * (toward[1] - p1[1]) < 0:
            nx, ny = -nx, -ny
        row = [0.0] * protocol.LINE_WIDTH
        row[protocol.LINE_X], row[protocol.LINE_Y] = p1
        row[protocol.LINE_DX], row[protocol.LINE_DY] = dx, dy
        row[protocol.LINE_LENGTH] = math.hypot(p2[0] - p1[0], p2[1] - p1[1])
        row[protocol.LINE_NX], row[protocol.LINE_NY] = nx, ny
        row[protocol.LINE_CUSHION] = float(_CUSHION_CODES[cushion])
        lines.append(row)

    def pocket(which: PocketId, mid: tuple[float, float], axis: tuple[float, float],
               half: float, along: tuple[float, float], jaw_turn: float,
               shelf: float) -> None:  # fmt: skip
        """A pocket: mouth centre, axis into the pocket, half mouth, rail direction at p1.

        ``jaw_turn`` is the angle between the jaw and the pocket axis, positive when the
        jaws converge (corner) and negative when they diverge (side).
        """
        ax, ay = axis
        ux, uy = along
        p1 = (mid[0] - half * ux, mid[1] - half * uy)
        p2 = (mid[0] + half * ux, mid[1] + half * uy)
        s, c = math.sin(jaw_turn), math.cos(jaw_turn)
        # hole tangent to both jaw lines, its front edge `shelf` beyond the mouth line
        radius = (half * c - shelf * s) / (1.0 + s)
        depth = shelf + radius
        centre = (mid[0] + depth * ax, mid[1] + depth * ay)
        run = depth / c
        for p, side in ((p1, 1.0), (p2, -1.0)):
            # jaw direction: the axis turned toward the mouth centre by jaw_turn
            jx = c * ax + side * s * ux
            jy = c * ay + side * s * uy
            end = (p[0] + run * jx, p[1] + run * jy)
            add_line(p, end, centre, CushionId.JAW)
            for corner in (p, end):
                point = [0.0] * protocol.POINT_WIDTH
                point[protocol.POINT_X], point[protocol.POINT_Y] = corner
                points.append(point)
        hole = [0.0] * protocol.HOLE_WIDTH
        hole[protocol.HOLE_X], hole[protocol.HOLE_Y] = centre
        hole[protocol.HOLE_RADIUS] = radius
        pockets[_POCKET_ROWS[which]] = hole

    cm = table.corner_mouth / math.sqrt(2.0)  # distance of the corner jaw points from the corner
    sm = 0.5 * table.side_mouth
    half_x = 0.5 * length
    inside = (half_x, 0.5 * width)
    add_line((cm, 0.0), (half_x - sm, 0.0), inside, CushionId.RIGHT_HEAD)
    add_line((half_x + sm, 0.0), (length - cm, 0.0), inside, CushionId.RIGHT_FOOT)
    add_line((cm, width), (half_x - sm, width), inside, CushionId.LEFT_HEAD)
    add_line((half_x + sm, width), (length - cm, width), inside, CushionId.LEFT_FOOT)
    add_line((0.0, cm), (0.0, width - cm), inside, CushionId.HEAD)
    add_line((length, cm), (length, width - cm), inside, CushionId.FOOT)

    corner_turn = math.radians(45.0) - math.radians(180.0 - table.corner_jaw_angle)
    side_turn = math.radians(table.side_jaw_angle - 90.0)
    r2 = 1.0 / math.sqrt(2.0)
    half_c = 0.5 * table.corner_mouth
    # `along` runs from p1 to p2 across the mouth; the jaws' lines and points are added in
    # this order, each hole goes to its pocket's row
    pocket(PocketId.HEAD_RIGHT, (0.5 * cm, 0.5 * cm), (-r2, -r2), half_c, (-r2, r2), corner_turn,
           table.corner_shelf)  # fmt: skip
    pocket(PocketId.SIDE_RIGHT, (half_x, 0.0), (0.0, -1.0), sm, (1.0, 0.0), -side_turn,
           table.side_shelf)  # fmt: skip
    pocket(PocketId.FOOT_RIGHT, (length - 0.5 * cm, 0.5 * cm), (r2, -r2), half_c, (r2, r2),
           corner_turn, table.corner_shelf)  # fmt: skip
    pocket(PocketId.FOOT_LEFT, (length - 0.5 * cm, width - 0.5 * cm), (r2, r2), half_c,
           (-r2, r2), corner_turn, table.corner_shelf)  # fmt: skip
    pocket(PocketId.SIDE_LEFT, (half_x, width), (0.0, 1.0), sm, (1.0, 0.0), -side_turn,
           table.side_shelf)  # fmt: skip
    pocket(PocketId.HEAD_LEFT, (0.5 * cm, width - 0.5 * cm), (-r2, r2), half_c, (r2, r2),
           corner_turn, table.corner_shelf)  # fmt: skip
    out = (np.array(lines), np.array(points), np.array(pockets))
    for arr in out:
        arr.setflags(write=False)
    return out


DEFAULT_TABLE: Final[SimTable] = SimTable()
"""The 9-foot table with WPA-style pockets."""
