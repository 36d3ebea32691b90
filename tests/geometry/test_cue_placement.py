from __future__ import annotations

import math

import pytest

from rotation61.geometry import (
    TABLE_7FT,
    TABLE_9FT,
    PlacementProblem,
    Point,
    placement_ok,
    placement_problem,
)


def test_placement_strictly_behind_the_head_string_is_valid_s161() -> None:
    assert placement_problem(TABLE_9FT, Point(24.0, 30.0), []) is None
    assert placement_ok(TABLE_9FT, Point(24.0, 30.0), [])


def test_placement_on_the_head_string_is_rejected_s162() -> None:
    point = Point(25.0, 30.0)
    assert placement_problem(TABLE_9FT, point, []) is PlacementProblem.NOT_BEHIND_HEAD_STRING
    assert not placement_ok(TABLE_9FT, point, [])


def test_placement_overlapping_an_object_ball_is_rejected_s163() -> None:
    point, seven = Point(20.0, 25.0), Point(21.0, 25.0)
    assert placement_problem(TABLE_9FT, point, [seven]) is PlacementProblem.OVERLAPS_BALL
    assert not placement_ok(TABLE_9FT, point, [seven])


def test_placement_frozen_to_a_ball_is_allowed() -> None:
    assert placement_ok(TABLE_9FT, Point(20.0, 25.0), [Point(22.25, 25.0)])
    diagonal = 2.25 / math.sqrt(2)
    assert placement_ok(TABLE_9FT, Point(20.0, 25.0), [Point(20.0 + diagonal, 25.0 + diagonal)])
    assert not placement_ok(TABLE_9FT, Point(20.0, 25.0), [Point(22.2, 25.0)])


@pytest.mark.parametrize(
    "point",
    [Point(1.0, 25.0), Point(10.0, 0.5), Point(10.0, 49.0), Point(-5.0, -5.0)],
)
def test_placement_off_the_table_is_rejected(point: Point) -> None:
    assert placement_problem(TABLE_9FT, point, []) is PlacementProblem.OFF_TABLE


def test_placement_against_the_head_cushion_corner_is_valid() -> None:
    assert placement_ok(TABLE_9FT, Point(1.125, 1.125), [])


def test_placement_anywhere_when_not_restricted_to_the_kitchen() -> None:
    assert placement_ok(TABLE_9FT, Point(50.0, 25.0), [], kitchen=False)
    assert placement_problem(TABLE_9FT, Point(50.0, 25.0), [Point(51.0, 25.0)], kitchen=False) is (
        PlacementProblem.OVERLAPS_BALL
    )


def test_placement_reports_off_table_before_other_problems() -> None:
    assert placement_problem(TABLE_9FT, Point(99.5, 25.0), [Point(98.0, 25.0)]) is (
        PlacementProblem.OFF_TABLE
    )


def test_placement_uses_the_tables_own_head_string() -> None:
    assert placement_ok(TABLE_7FT, Point(19.0, 10.0), [])
    assert not placement_ok(TABLE_7FT, Point(19.5, 10.0), [])


def test_placement_problem_values_are_stable_wire_strings() -> None:
    assert [p.value for p in PlacementProblem] == [
        "off_table",
        "not_behind_head_string",
        "overlaps_ball",
    ]
