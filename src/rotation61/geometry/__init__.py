"""The pure geometry layer: table sizes, landmarks, the rack, spotting and placement.

All lengths are in **inches** (the unit of the rulebook and of the scenario schema),
in the schema §1 coordinates: origin at the corner of the head cushion and the y = 0
side cushion, x toward the foot cushion. Convert with :data:`METERS_PER_INCH`.

The referee (:mod:`rotation61.rules`) says *which* balls are spotted; this layer says
*where*. It is stdlib-only and deterministic: randomness comes only from an explicit
seed.

>>> from rotation61.geometry import TABLE_9FT, spot_balls
>>> spot_balls(TABLE_9FT, occupied={}, cue_ball=None, lowest=None, others=[14, 6, 9])
{6: Point(x=98.875, y=25.0), 9: Point(x=96.625, y=25.0), 14: Point(x=94.375, y=25.0)}
"""

from __future__ import annotations

from rotation61.geometry.errors import GeometryError, UnknownTableError
from rotation61.geometry.placement import PlacementProblem, placement_ok, placement_problem
from rotation61.geometry.point import CONTACT_TOL_IN, EPS_IN, METERS_PER_INCH, Point
from rotation61.geometry.rack import rack_layout
from rotation61.geometry.spotting import DEFAULT_CUE_BALL_GAP_IN, spot_balls
from rotation61.geometry.table import (
    TABLE_7FT,
    TABLE_8FT,
    TABLE_9FT,
    TABLES,
    TableSize,
    TableSpec,
    get_table,
    in_kitchen,
    zone,
)

__all__ = [
    "CONTACT_TOL_IN",
    "DEFAULT_CUE_BALL_GAP_IN",
    "EPS_IN",
    "METERS_PER_INCH",
    "TABLES",
    "TABLE_7FT",
    "TABLE_8FT",
    "TABLE_9FT",
    "GeometryError",
    "PlacementProblem",
    "Point",
    "TableSize",
    "TableSpec",
    "UnknownTableError",
    "get_table",
    "in_kitchen",
    "placement_ok",
    "placement_problem",
    "rack_layout",
    "spot_balls",
    "zone",
]
