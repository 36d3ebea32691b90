from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

import pytest

from rotation61.geometry import (
    DEFAULT_CUE_BALL_GAP_IN,
    TABLE_7FT,
    TABLE_9FT,
    GeometryError,
    Point,
    TableSpec,
    spot_balls,
)
from rotation61.rules.ruleset import SpotDirection

D = 2.25
TOL = 0.01  # schema §1: every expected coordinate is good to ±0.01 in

Expected = Mapping[int, float | tuple[float, float]]


def _spot(
    occupied: Mapping[int, tuple[float, float]] | None = None,
    cue: tuple[float, float] | None = None,
    lowest: int | None = None,
    others: Iterable[int] = (),
    *,
    spec: TableSpec = TABLE_9FT,
    direction: SpotDirection = SpotDirection.FROM_FOOT_RAIL,
    gap: float = DEFAULT_CUE_BALL_GAP_IN,
) -> dict[int, Point]:
    return spot_balls(
        spec,
        occupied={b: Point(*xy) for b, xy in (occupied or {}).items()},
        cue_ball=None if cue is None else Point(*cue),
        lowest=lowest,
        others=others,
        cue_ball_gap=gap,
        direction=direction,
    )


def _assert_placements(placed: Mapping[int, Point], expected: Expected) -> None:
    """Compare with the schema's numbers; a bare float is an x on the long string y = 25."""
    assert list(placed) == list(expected)
    for ball, want in expected.items():
        x, y = (want, 25.0) if isinstance(want, float) else want
        got = placed[ball]
        assert abs(got.x - x) <= TOL, (ball, got, (x, y))
        assert abs(got.y - y) <= TOL, (ball, got, (x, y))


# --- §IX: the object ball in play (schema §5) --------------------------------------


def test_spot_lowest_goes_to_the_free_foot_spot_g01() -> None:
    placed = _spot({9: (40.0, 10.0), 12: (60.0, 40.0)}, lowest=4)
    assert placed == {4: Point(75.0, 25.0)}


def test_spot_lowest_goes_to_foot_rail_side_on_a_tie_g02() -> None:
    _assert_placements(_spot({9: (75.0, 25.0)}, lowest=4), {4: 77.25})


def test_spot_lowest_freezes_toward_the_centre_when_blocked_toward_the_rail_g03() -> None:
    placed = _spot({9: (76.0, 25.0)}, lowest=4)
    _assert_placements(placed, {4: 73.75})
    assert placed[4].distance_to(Point(76.0, 25.0)) == pytest.approx(D)


def test_spot_lowest_is_tangent_to_a_ball_off_the_long_string_g04() -> None:
    placed = _spot({9: (75.5, 26.0)}, lowest=4)
    expected = 75.5 - math.sqrt(D**2 - 1.0)
    _assert_placements(placed, {4: 73.4844})
    assert placed[4].x == pytest.approx(expected, abs=1e-9)
    assert placed[4].distance_to(Point(75.5, 26.0)) == pytest.approx(D)


def test_spot_lowest_keeps_the_gap_from_a_cue_ball_on_the_foot_spot_g06() -> None:
    _assert_placements(_spot(cue=(75.0, 25.0), lowest=4), {4: 77.30})


def test_spot_lowest_skips_a_crowded_rail_side_g13() -> None:
    placed = _spot({9: (75.0, 25.0), 10: (77.25, 25.0), 11: (79.5, 25.0)}, lowest=4)
    _assert_placements(placed, {4: 72.75})


def test_spot_lowest_lifted_before_spotting_finds_the_foot_spot_free_g14() -> None:
    # The 4 lay at (76, 25.5); the caller lifted it, so it is not among the occupied.
    assert _spot({9: (30.0, 30.0)}, lowest=4) == {4: Point(75.0, 25.0)}


def test_spot_lowest_still_on_the_table_raises() -> None:
    with pytest.raises(GeometryError, match="lift it first"):
        _spot({4: (76.0, 25.5)}, lowest=4)


def test_spot_lowest_exactly_tangent_ball_does_not_block_the_foot_spot() -> None:
    assert _spot({9: (77.25, 25.0)}, lowest=4) == {4: Point(75.0, 25.0)}
    assert _spot({9: (75.0 + D - 1e-9, 25.0)}, lowest=4) == {4: Point(75.0, 25.0)}
    diagonal = D / math.sqrt(2)
    assert _spot({9: (75.0 - diagonal, 25.0 + diagonal)}, lowest=4) == {4: Point(75.0, 25.0)}


def test_spot_lowest_nearest_point_may_be_toward_the_foot_rail() -> None:
    placed = _spot({9: (74.0, 25.0)}, lowest=4)
    _assert_placements(placed, {4: 76.25})


def test_spot_lowest_with_a_larger_cue_ball_gap() -> None:
    _assert_placements(_spot(cue=(75.0, 25.0), lowest=4, gap=0.25), {4: 77.5})


def test_spot_lowest_accepts_the_rule_sets_fraction_gap() -> None:
    placed = spot_balls(
        TABLE_9FT,
        occupied={},
        cue_ball=Point(75.0, 25.0),
        lowest=4,
        others=[],
        cue_ball_gap=Fraction(1, 20),  # type: ignore[arg-type]
    )
    _assert_placements(placed, {4: 77.30})


def test_spot_lowest_cue_ball_in_hand_obstructs_nothing() -> None:
    assert _spot(cue=None, lowest=4) == {4: Point(75.0, 25.0)}


# --- §XIII: the other balls, from the foot rail (schema §5) --------------------------


def test_spot_others_line_up_from_the_foot_rail_in_ascending_order_g07() -> None:
    placed = _spot(others=[14, 6, 9])
    _assert_placements(placed, {6: 98.875, 9: 96.625, 14: 94.375})


def test_spot_others_after_the_lowest_on_the_foot_spot_g08() -> None:
    _assert_placements(_spot(lowest=3, others=[12, 5]), {3: 75.0, 5: 98.875, 12: 96.625})


def test_spot_others_skip_a_ball_on_the_string_near_the_rail_g09() -> None:
    placed = _spot({10: (97.0, 25.0)}, others=[4, 7])
    _assert_placements(placed, {4: 94.75, 7: 92.50})


def test_spot_others_overflow_past_the_foot_spot_toward_the_centre_g11() -> None:
    placed = _spot(lowest=2, others=range(3, 14))
    expected: dict[int, float | tuple[float, float]] = {2: 75.0}
    expected.update({3 + k: 98.875 - D * k for k in range(10)})
    expected[13] = 72.75
    _assert_placements(placed, expected)


def test_spot_others_keep_the_gap_from_a_cue_ball_near_the_rail_g17() -> None:
    _assert_placements(_spot(cue=(98.0, 25.0), others=[6, 11]), {6: 95.70, 11: 93.45})


def test_spot_others_continue_past_the_centre_spot_toward_the_head_rail() -> None:
    # 7-ft table: rail limit 76.875, centre spot 39; four balls block 37.75..55.45.
    wall = {1: (40.0, 19.5), 2: (44.4, 19.5), 3: (48.8, 19.5), 4: (53.2, 19.5)}
    placed = _spot(wall, others=range(5, 16), spec=TABLE_7FT)
    expected: dict[int, float | tuple[float, float]] = {
        5 + k: (76.875 - D * k, 19.5) for k in range(10)
    }
    expected[15] = (37.75, 19.5)
    _assert_placements(placed, expected)


def test_spot_others_never_move_table_balls_and_do_not_mutate_the_input() -> None:
    occupied = {10: Point(97.0, 25.0)}
    spot_balls(TABLE_9FT, occupied=occupied, cue_ball=None, lowest=None, others=[4])
    assert occupied == {10: Point(97.0, 25.0)}


def test_spot_others_input_order_does_not_matter() -> None:
    a = _spot({9: (80.0, 25.5)}, cue=(90.0, 26.0), lowest=1, others=[15, 3, 8, 2])
    b = _spot({9: (80.0, 25.5)}, cue=(90.0, 26.0), lowest=1, others=(2, 8, 15, 3))
    assert a == b
    assert list(a) == [1, 2, 3, 8, 15]


# --- §XIII alternative: from the foot spot (A27 config) ---------------------------


def test_spot_others_from_the_foot_spot_line_up_toward_the_foot_rail() -> None:
    placed = _spot(lowest=3, others=[12, 5], direction=SpotDirection.FROM_FOOT_SPOT)
    _assert_placements(placed, {3: 75.0, 5: 77.25, 12: 79.5})


def test_spot_others_from_the_foot_spot_start_on_it_when_it_is_free() -> None:
    placed = _spot(others=[9, 6], direction=SpotDirection.FROM_FOOT_SPOT)
    _assert_placements(placed, {6: 75.0, 9: 77.25})


def test_spot_others_from_the_foot_spot_turn_toward_the_head_when_the_rail_side_is_full() -> None:
    placed = _spot(lowest=1, others=range(2, 13), direction=SpotDirection.FROM_FOOT_SPOT)
    expected: dict[int, float | tuple[float, float]] = {1: 75.0}
    expected.update({2 + k: 77.25 + D * k for k in range(10)})
    expected[12] = 72.75
    _assert_placements(placed, expected)


# --- A46: no free point left on the long string -----------------------------------

SMALL = TableSpec(name="small", length=12.0, width=10.0)
"""Foot spot (9, 5); string 1.125..10.875, which balls at x = 2, 6, 10 block entirely."""
SMALL_WALL = {9: (2.0, 5.0), 10: (6.0, 5.0), 11: (10.0, 5.0)}


def test_spot_lowest_falls_back_to_nearest_free_point_anywhere_smaller_y_on_a_tie() -> None:
    placed = _spot(SMALL_WALL, lowest=4, spec=SMALL)
    # Tangent to both the 10 and the 11: (8, 5 ± √(D² − 2²)); the tie goes to smaller y.
    assert placed[4].x == pytest.approx(8.0, abs=1e-9)
    assert placed[4].y == pytest.approx(5.0 - math.sqrt(D**2 - 4.0), abs=1e-9)


def test_spot_others_fall_back_in_ascending_order_each_clear_of_the_previous() -> None:
    placed = _spot(SMALL_WALL, cue=(3.0, 8.5), lowest=4, others=[7, 5], spec=SMALL)
    assert list(placed) == [4, 5, 7]
    centres = [Point(*xy) for xy in SMALL_WALL.values()]
    foot = SMALL.foot_spot
    for i, (ball, p) in enumerate(placed.items()):
        assert SMALL.is_inside(p), ball
        assert p.y != SMALL.long_string_y
        assert all(p.distance_to(c) >= D - 1e-6 for c in centres)
        assert p.distance_to(Point(3.0, 8.5)) >= D + DEFAULT_CUE_BALL_GAP_IN - 1e-6
        earlier = list(placed.values())[:i]
        assert all(p.distance_to(q) >= D - 1e-6 for q in earlier)
        # nearer to the foot spot than any later ball: each takes the best point left
        assert all(
            p.distance_to(foot) <= q.distance_to(foot) + 1e-9 for q in list(placed.values())[i:]
        )


def test_spot_balls_with_no_room_left_raises() -> None:
    tiny = TableSpec(name="tiny", length=4.5, width=2.25)
    with pytest.raises(GeometryError, match="no room"):
        _spot({9: (2.25, 1.125)}, lowest=4, spec=tiny)


# --- input validation --------------------------------------------------------------


@pytest.mark.parametrize(
    ("occupied", "cue", "lowest", "others", "message"),
    [
        ({}, None, 0, [], "not an object ball"),
        ({}, None, None, [16], "not an object ball"),
        ({0: (50.0, 25.0)}, None, 4, [], "not an object ball"),
        ({5: (50.0, 25.0)}, None, 4, [5], "lift it first"),
        ({}, None, 4, [4], "twice"),
        ({}, None, None, [6, 6], "twice"),
        ({9: (99.5, 25.0)}, None, 4, [], "off the '9ft' table"),
        ({}, (50.0, 0.5), 4, [], "the cue ball"),
    ],
    ids=[
        "cue-ball-number",
        "ball-16",
        "occupied-ball-0",
        "other-on-table",
        "lowest-in-others",
        "duplicate-other",
        "ball-off-table",
        "cue-off-table",
    ],
)
def test_spot_balls_rejects_bad_input(
    occupied: dict[int, tuple[float, float]],
    cue: tuple[float, float] | None,
    lowest: int | None,
    others: list[int],
    message: str,
) -> None:
    with pytest.raises(GeometryError, match=message):
        _spot(occupied, cue, lowest, others)


@pytest.mark.parametrize("gap", [-0.01, math.nan, math.inf])
def test_spot_balls_rejects_a_bad_cue_ball_gap(gap: float) -> None:
    with pytest.raises(GeometryError, match="gap"):
        _spot(lowest=4, gap=gap)


def test_spot_balls_accepts_overlapping_table_balls_as_obstructions() -> None:
    placed = _spot({9: (75.0, 25.0), 10: (76.0, 25.0)}, lowest=4)
    _assert_placements(placed, {4: 72.75})


def test_spot_balls_with_nothing_to_spot_returns_empty() -> None:
    assert _spot({9: (75.0, 25.0)}) == {}
