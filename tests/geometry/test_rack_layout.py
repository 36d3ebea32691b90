from __future__ import annotations

import itertools
import math

import pytest

from rotation61.geometry import (
    TABLE_7FT,
    TABLE_8FT,
    TABLE_9FT,
    GeometryError,
    Point,
    TableSpec,
    rack_layout,
)
from rotation61.rules.ruleset import RackPattern

ROW = 2.25 * math.sqrt(3) / 2

# G18 (schema §5 and public.jsonl): the standard rack in its fixed order.
G18 = {
    1: (75.0, 25.0),
    2: (82.7942, 29.5),
    3: (82.7942, 20.5),
    4: (76.9486, 23.875),
    5: (76.9486, 26.125),
    6: (78.8971, 22.75),
    7: (78.8971, 27.25),
    8: (80.8457, 21.625),
    9: (80.8457, 23.875),
    10: (80.8457, 26.125),
    11: (80.8457, 28.375),
    12: (82.7942, 22.75),
    13: (82.7942, 25.0),
    14: (82.7942, 27.25),
    15: (78.8971, 25.0),
}

# G19: rows 1 / 7 8 / 11 12 13 / 9 14 15 10 / 2 4 5 6 3, listed low y first.
G19_ROWS = [[1], [7, 8], [11, 12, 13], [9, 14, 15, 10], [2, 4, 5, 6, 3]]


def _close(p: Point, xy: tuple[float, float]) -> bool:
    return abs(p.x - xy[0]) <= 0.01 and abs(p.y - xy[1]) <= 0.01


def test_standard_rack_unseeded_reproduces_g18() -> None:
    layout = rack_layout(TABLE_9FT, RackPattern.STANDARD)
    assert list(layout) == list(range(1, 16))
    for ball, xy in G18.items():
        assert _close(layout[ball], xy), (ball, layout[ball], xy)


def test_standard_rack_has_1_apex_2_right_corner_3_left_corner_15_centre() -> None:
    layout = rack_layout(TABLE_9FT, RackPattern.STANDARD, seed=7)
    assert layout[1] == Point(75.0, 25.0)
    assert _close(layout[2], (82.7942, 29.5))
    assert _close(layout[3], (82.7942, 20.5))
    assert _close(layout[15], (78.8971, 25.0))


def test_japan_fixed_rack_reproduces_g19() -> None:
    layout = rack_layout(TABLE_9FT, RackPattern.JAPAN_FIXED)
    assert list(layout) == list(range(1, 16))
    for k, row in enumerate(G19_ROWS):
        for j, ball in enumerate(row):
            expected = (75.0 + k * ROW, 25.0 + (j - k / 2) * 2.25)
            assert _close(layout[ball], expected), (ball, layout[ball], expected)
    assert _close(layout[2], (82.7942, 20.5))
    assert _close(layout[3], (82.7942, 29.5))
    assert _close(layout[14], (80.8457, 23.875))


def test_japan_fixed_rack_ignores_the_seed() -> None:
    assert rack_layout(TABLE_9FT, RackPattern.JAPAN_FIXED, seed=3) == rack_layout(
        TABLE_9FT, RackPattern.JAPAN_FIXED
    )


def test_seeded_standard_rack_is_deterministic_and_uses_the_same_slots() -> None:
    unseeded = rack_layout(TABLE_9FT, RackPattern.STANDARD)
    layouts = [rack_layout(TABLE_9FT, RackPattern.STANDARD, seed=s) for s in range(20)]
    assert layouts[5] == rack_layout(TABLE_9FT, RackPattern.STANDARD, seed=5)
    for layout in layouts:
        assert set(layout.values()) == set(unseeded.values())
        for ball in (1, 2, 3, 15):
            assert layout[ball] == unseeded[ball]
    assert len({tuple(layout.values()) for layout in layouts}) > 1


@pytest.mark.parametrize("spec", [TABLE_9FT, TABLE_8FT, TABLE_7FT], ids=["9ft", "8ft", "7ft"])
@pytest.mark.parametrize("pattern", list(RackPattern))
def test_rack_is_a_frozen_triangle_inside_the_cushions(
    spec: TableSpec, pattern: RackPattern
) -> None:
    layout = rack_layout(spec, pattern, seed=1)
    assert layout[1] == spec.foot_spot
    assert all(spec.is_inside(p) for p in layout.values())
    distances = [a.distance_to(b) for a, b in itertools.combinations(layout.values(), 2)]
    assert min(distances) == pytest.approx(2.25)
    assert sum(1 for d in distances if d == pytest.approx(2.25)) == 30  # triangle edges
    assert max(p.x for p in layout.values()) == pytest.approx(spec.foot_spot.x + 4 * ROW)


def test_rack_that_does_not_fit_raises() -> None:
    short = TableSpec(name="short", length=32.0, width=16.0)
    with pytest.raises(GeometryError, match="does not fit"):
        rack_layout(short, RackPattern.STANDARD)
