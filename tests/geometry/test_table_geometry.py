from __future__ import annotations

import math

import pytest

from rotation61.geometry import (
    EPS_IN,
    METERS_PER_INCH,
    TABLE_7FT,
    TABLE_8FT,
    TABLE_9FT,
    TABLES,
    GeometryError,
    Point,
    TableSize,
    TableSpec,
    UnknownTableError,
    get_table,
    in_kitchen,
    zone,
)
from rotation61.rules.errors import Rotation61Error
from rotation61.rules.table import Zone

# name, L, W, head string, foot spot x, long string, centre limits (x max, y max)
LANDMARKS = [
    (TABLE_9FT, "9ft", 100.0, 50.0, 25.0, 75.0, 25.0, 98.875, 48.875),
    (TABLE_8FT, "8ft", 92.0, 46.0, 23.0, 69.0, 23.0, 90.875, 44.875),
    (TABLE_7FT, "7ft", 78.0, 39.0, 19.5, 58.5, 19.5, 76.875, 37.875),
]


@pytest.mark.parametrize(
    ("spec", "name", "length", "width", "head", "foot", "string", "max_x", "max_y"),
    LANDMARKS,
    ids=[row[1] for row in LANDMARKS],
)
def test_landmarks_follow_the_table_size(
    spec: TableSpec,
    name: str,
    length: float,
    width: float,
    head: float,
    foot: float,
    string: float,
    max_x: float,
    max_y: float,
) -> None:
    assert (spec.name, spec.length, spec.width) == (name, length, width)
    assert spec.ball_diameter == 2.25
    assert spec.ball_radius == 1.125
    assert spec.head_string_x == head
    assert spec.long_string_y == string
    assert spec.head_spot == Point(head, string)
    assert spec.centre_spot == Point(length / 2, string)
    assert spec.foot_spot == Point(foot, string)
    assert (spec.min_centre_x, spec.max_centre_x) == (1.125, max_x)
    assert (spec.min_centre_y, spec.max_centre_y) == (1.125, max_y)
    assert TABLES[name] is spec
    assert get_table(name) is spec


def test_nine_foot_table_matches_schema_landmarks() -> None:
    assert TABLE_9FT.head_spot == Point(25.0, 25.0)
    assert TABLE_9FT.centre_spot == Point(50.0, 25.0)
    assert TABLE_9FT.foot_spot == Point(75.0, 25.0)
    assert TABLE_9FT.max_centre_x == 98.875


def test_tables_mapping_lists_the_three_presets_and_is_read_only() -> None:
    assert list(TABLES) == ["9ft", "8ft", "7ft"]
    with pytest.raises(TypeError):
        TABLES["6ft"] = TABLE_7FT  # type: ignore[index]


def test_get_table_unknown_name_raises_listing_known_names() -> None:
    with pytest.raises(UnknownTableError, match=r"'10ft'.*9ft, 8ft, 7ft"):
        get_table("10ft")


def test_geometry_errors_are_value_errors_of_the_project() -> None:
    assert issubclass(UnknownTableError, GeometryError)
    assert issubclass(GeometryError, Rotation61Error)
    assert issubclass(GeometryError, ValueError)


def test_meters_per_inch_converts_the_nine_foot_table() -> None:
    assert METERS_PER_INCH == 0.0254
    assert math.isclose(TABLE_9FT.length * METERS_PER_INCH, 2.54)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"length": 0.0, "width": 50.0},
        {"length": 100.0, "width": -1.0},
        {"length": math.inf, "width": 50.0},
        {"length": 100.0, "width": 50.0, "ball_diameter": math.nan},
        {"length": 4.0, "width": 50.0},
        {"length": 100.0, "width": 2.0},
    ],
    ids=["zero-length", "negative-width", "infinite", "nan-ball", "too-short", "too-narrow"],
)
def test_table_spec_rejects_impossible_dimensions(kwargs: dict[str, float]) -> None:
    with pytest.raises(GeometryError):
        TableSpec(name="bad", **kwargs)


def test_table_spec_is_frozen() -> None:
    with pytest.raises(AttributeError):
        TABLE_9FT.length = 90.0  # type: ignore[misc]


def test_point_rejects_non_finite_coordinates() -> None:
    with pytest.raises(GeometryError, match="non-finite"):
        Point(math.nan, 1.0)
    with pytest.raises(GeometryError):
        Point(1.0, math.inf)


def test_point_distance_is_euclidean() -> None:
    assert Point(0.0, 0.0).distance_to(Point(3.0, 4.0)) == 5.0


def test_is_inside_allows_touching_a_cushion_but_not_beyond() -> None:
    assert TABLE_9FT.is_inside(Point(1.125, 48.875))
    assert TABLE_9FT.is_inside(Point(98.875, 1.125))
    assert not TABLE_9FT.is_inside(Point(1.0, 25.0))
    assert not TABLE_9FT.is_inside(Point(50.0, 48.9))


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (24.0, Zone.KITCHEN),
        (25.0 - 1e-6, Zone.KITCHEN),
        (25.0, Zone.ON_LINE),
        (25.0 + EPS_IN / 2, Zone.ON_LINE),
        (25.0 - EPS_IN / 2, Zone.ON_LINE),
        (25.0 + 1e-6, Zone.OUTSIDE),
        (75.0, Zone.OUTSIDE),
    ],
)
def test_zone_kitchen_is_strictly_behind_the_head_string(x: float, expected: Zone) -> None:
    assert zone(TABLE_9FT, Point(x, 30.0)) is expected
    assert in_kitchen(TABLE_9FT, Point(x, 30.0)) is (expected is Zone.KITCHEN)


@pytest.mark.parametrize("spec", [TABLE_8FT, TABLE_7FT], ids=["8ft", "7ft"])
def test_zone_uses_each_tables_head_string(spec: TableSpec) -> None:
    head = spec.head_string_x
    assert zone(spec, Point(head, 10.0)) is Zone.ON_LINE
    assert zone(spec, Point(head - 0.5, 10.0)) is Zone.KITCHEN
    assert zone(spec, Point(head + 0.5, 10.0)) is Zone.OUTSIDE


def test_every_table_size_names_one_preset() -> None:
    assert sorted(TABLES) == sorted(size.value for size in TableSize)
    assert all(get_table(size).name == size.value for size in TableSize)
