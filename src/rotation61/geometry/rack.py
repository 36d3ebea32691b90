"""The racking template: where the fifteen object balls stand at the start of a rack.

Owns :func:`rack_layout` (§III, decision A43, requirement R6, scenarios G18 and G19).
The triangle has its apex on the foot spot and widens toward the foot rail; row k
(k = 0..4) is at x = foot_spot.x + k·D·√3/2 and its j-th ball (j = 0..k) at
y = W/2 + (j - k/2)·D, rows listed low y first. The racker stands beyond the foot
cushion facing the head, so the racker's right is +y.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, assert_never

from rotation61.geometry.errors import GeometryError
from rotation61.geometry.point import Point
from rotation61.geometry.table import TableSpec
from rotation61.rules.balls import Ball
from rotation61.rules.ruleset import RackPattern

__all__ = ["rack_layout"]

_Slot = tuple[int, int]
"""(row k, index j) of a position in the triangle."""

_SLOTS: Final[tuple[_Slot, ...]] = tuple((k, j) for k in range(5) for j in range(k + 1))
"""The fifteen slots in row order, low y first within a row."""

_STANDARD_FIXED: Final[Mapping[Ball, _Slot]] = MappingProxyType(
    {1: (0, 0), 2: (4, 4), 3: (4, 0), 15: (2, 1)}
)
"""Standard pattern: 1 at the apex, 2 back corner +y, 3 back corner -y, 15 in the centre."""

_JAPAN_ROWS: Final[tuple[tuple[Ball, ...], ...]] = (
    (1,),
    (7, 8),
    (11, 12, 13),
    (9, 14, 15, 10),
    (2, 4, 5, 6, 3),
)
"""Japanese fixed rack, each row listed low y first (the A43 orientation)."""


def rack_layout(
    spec: TableSpec, pattern: RackPattern, *, seed: int | None = None
) -> dict[Ball, Point]:
    """The centres of the fifteen object balls of a fresh rack, in inches.

    Rule: §III, A43, R6. ``STANDARD`` puts the 1 at the apex on the foot spot, the 2 on
    the back corner at +y, the 3 on the back corner at -y and the 15 in the centre of
    the third row. The other balls (4-14) fill the remaining slots: with ``seed=None``
    in ascending order, slot by slot in row order (the fixed order of G18); with an int
    seed, in an order shuffled by ``random.Random(seed)``. ``JAPAN_FIXED`` is the fixed
    rack of G19 and ignores ``seed``. Adjacent balls are frozen (centres exactly D
    apart).

    Args:
        spec: the table.
        pattern: the racking pattern.
        seed: seed of the shuffle of the standard pattern's free balls, or ``None`` for
            the fixed ascending order.

    Returns:
        Ball number to centre, for balls 1..15 in ascending order.

    Raises:
        GeometryError: the triangle does not fit inside the cushions of ``spec``.

    >>> from rotation61.geometry import TABLE_9FT
    >>> rack_layout(TABLE_9FT, RackPattern.STANDARD)[2]
    Point(x=82.79422863405995, y=29.5)
    """
    slots: dict[Ball, _Slot]
    match pattern:
        case RackPattern.STANDARD:
            free_slots = [s for s in _SLOTS if s not in _STANDARD_FIXED.values()]
            free_balls = [b for b in range(1, 16) if b not in _STANDARD_FIXED]
            if seed is not None:
                random.Random(seed).shuffle(free_balls)
            slots = {**_STANDARD_FIXED, **dict(zip(free_balls, free_slots, strict=True))}
        case RackPattern.JAPAN_FIXED:
            slots = {
                ball: (k, j) for k, row in enumerate(_JAPAN_ROWS) for j, ball in enumerate(row)
            }
        case _:
            assert_never(pattern)
    layout = {ball: _slot_centre(spec, slots[ball]) for ball in range(1, 16)}
    for ball, centre in layout.items():
        if not spec.is_inside(centre):
            raise GeometryError(
                f"the rack does not fit on table {spec.name!r}: ball {ball!r} would be at "
                f"{centre!r}"
            )
    return layout


def _slot_centre(spec: TableSpec, slot: _Slot) -> Point:
    k, j = slot
    d = spec.ball_diameter
    foot = spec.foot_spot
    return Point(foot.x + k * d * math.sqrt(3) / 2, spec.long_string_y + (j - k / 2) * d)
