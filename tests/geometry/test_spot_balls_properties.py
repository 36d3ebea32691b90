"""Hypothesis properties of spot_balls: valid, deterministic, and optimal on the string.

The optimality checks are one-sided and independent of the implementation: they build
the set of points of the long string that are free by a margin (an interval union) and
check that no such point beats the spotted position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.geometry import (
    TABLE_7FT,
    TABLE_8FT,
    TABLE_9FT,
    Point,
    TableSpec,
    spot_balls,
)
from rotation61.rules.ruleset import SpotDirection

OVERLAP_TOL = 1e-6
MARGIN = 1e-6  # "free by a margin": centres at least clearance + MARGIN apart
SMALL = TableSpec(name="small", length=30.0, width=15.0)


@dataclass(frozen=True)
class Request:
    spec: TableSpec
    occupied: dict[int, Point]
    cue_ball: Point | None
    lowest: int | None
    others: list[int]
    gap: float
    direction: SpotDirection

    def spot(self, others: Sequence[int] | None = None) -> dict[int, Point]:
        return spot_balls(
            self.spec,
            occupied=self.occupied,
            cue_ball=self.cue_ball,
            lowest=self.lowest,
            others=self.others if others is None else others,
            cue_ball_gap=self.gap,
            direction=self.direction,
        )

    def obstacles(self) -> list[tuple[Point, float]]:
        d = self.spec.ball_diameter
        found = [(p, d) for p in self.occupied.values()]
        if self.cue_ball is not None:
            found.append((self.cue_ball, d + self.gap))
        return found


def _coordinate(low: float, high: float, focus: float, step: float) -> st.SearchStrategy[float]:
    """Uniform, near a landmark, or on a grid (which makes exact tangencies common)."""
    near = st.floats(max(low, focus - 5.0), min(high, focus + 5.0))
    grid = st.integers(0, int((high - low) / step)).map(lambda k: low + k * step)
    return st.one_of(st.floats(low, high), near, grid)


@st.composite
def requests(
    draw: st.DrawFn,
    specs: Sequence[TableSpec],
    max_on_table: int,
    max_spotted: int,
    *,
    wall: bool = False,
) -> Request:
    """A spotting request; with ``wall``, a row of balls along the long string first."""
    spec = draw(st.sampled_from(specs))
    d = spec.ball_diameter
    y0 = spec.long_string_y
    xs = _coordinate(spec.min_centre_x, spec.max_centre_x, spec.foot_spot.x, d / 4)
    ys = st.one_of(st.just(y0), _coordinate(spec.min_centre_y, spec.max_centre_y, y0, d / 4))
    numbers = draw(st.permutations(range(1, 16)))
    candidates: list[Point] = []
    if wall:
        x = draw(st.floats(spec.min_centre_x, spec.min_centre_x + d))
        while x <= spec.max_centre_x:
            candidates.append(Point(x, y0 + draw(st.floats(-0.8, 0.8))))
            x += draw(st.floats(d, 2 * d + 0.3))
    candidates += [Point(draw(xs), draw(ys)) for _ in range(draw(st.integers(0, max_on_table)))]
    occupied: dict[int, Point] = {}
    for ball, p in zip(numbers[:max_on_table], candidates, strict=False):
        if all(p.distance_to(q) >= d for q in occupied.values()):
            occupied[ball] = p
    cue = draw(st.none() | st.builds(Point, xs, ys))
    if cue is not None and any(cue.distance_to(q) < d for q in occupied.values()):
        cue = None
    remaining = [b for b in numbers if b not in occupied]
    lowest = draw(st.none() | st.sampled_from(remaining))
    rest = [b for b in remaining if b != lowest]
    others = (
        draw(st.lists(st.sampled_from(rest), unique=True, max_size=max_spotted)) if rest else []
    )
    return Request(
        spec=spec,
        occupied=occupied,
        cue_ball=cue,
        lowest=lowest,
        others=others,
        gap=draw(st.sampled_from([0.0, 0.05, 0.3])),
        direction=draw(st.sampled_from(list(SpotDirection))),
    )


def _assert_valid(req: Request, placed: dict[int, Point]) -> None:
    expected_order = ([] if req.lowest is None else [req.lowest]) + sorted(req.others)
    assert list(placed) == expected_order
    d = req.spec.ball_diameter
    spotted = list(placed.values())
    for i, p in enumerate(spotted):
        assert req.spec.is_inside(p), p
        for q, clearance in req.obstacles():
            assert p.distance_to(q) >= clearance - OVERLAP_TOL, (p, q, clearance)
        for q in spotted[:i]:
            assert p.distance_to(q) >= d - OVERLAP_TOL, (p, q)


def _free_string(
    spec: TableSpec, obstacles: Sequence[tuple[Point, float]]
) -> list[tuple[float, float]]:
    """Closed intervals of the long string whose points are free by MARGIN."""
    y = spec.long_string_y
    blocked = []
    for c, clearance in obstacles:
        r = clearance + MARGIN
        dy = c.y - y
        if abs(dy) < r:
            half = math.sqrt(r * r - dy * dy)
            blocked.append((c.x - half, c.x + half))
    free = []
    start = spec.min_centre_x
    for a, b in sorted(blocked):
        if a >= start:
            free.append((start, min(a, spec.max_centre_x)))
        start = max(start, b)
    free.append((start, spec.max_centre_x))
    return [(s, e) for s, e in free if s <= e]


def _assert_optimal_on_string(req: Request, placed: dict[int, Point]) -> None:
    """Each ball beats every point free by a margin; a fallback only when none is left."""
    spec = req.spec
    obstacles = req.obstacles()
    target = spec.foot_spot.x
    from_rail = req.direction is SpotDirection.FROM_FOOT_RAIL
    # toward the head: largest free x <= down; toward the foot rail: smallest free x >= up
    down = spec.max_centre_x if from_rail else target
    up: float | None = None if from_rail else target
    for ball, p in placed.items():
        free = _free_string(spec, obstacles)
        if p.y != spec.long_string_y:
            assert free == [], (ball, p, free)
        elif ball == req.lowest:
            best = min(abs(min(max(target, s), e) - target) for s, e in free)
            assert abs(p.x - target) <= best + 1e-6, (ball, p, best)
        else:
            if up is not None:
                ahead = [max(s, up) for s, e in free if e >= up]
                if p.x >= up - 1e-9:
                    assert p.x <= min(ahead, default=math.inf) + 1e-6, (ball, p, ahead)
                    up = p.x
                else:
                    assert ahead == [], (ball, p, ahead)
                    up = None
            if up is None:
                assert p.x <= down + 1e-9
                behind = [min(e, down) for s, e in free if s <= down]
                assert p.x >= max(behind, default=-math.inf) - 1e-6, (ball, p, behind)
                down = p.x
        obstacles.append((p, spec.ball_diameter))


def _assert_nearest_anywhere(req: Request, placed: dict[int, Point]) -> None:
    """A fallback ball is no farther from the foot spot than any grid point free by MARGIN."""
    spec = req.spec
    obstacles = req.obstacles()
    foot = spec.foot_spot
    step = 0.25
    for p in placed.values():
        if p.y != spec.long_string_y:
            radius = p.distance_to(foot) - 1e-6
            n = int(radius / step) + 1
            for i in range(-n, n + 1):
                for j in range(-n, n + 1):
                    q = Point(foot.x + i * step, foot.y + j * step)
                    if q.distance_to(foot) >= radius or not spec.is_inside(q):
                        continue
                    assert any(q.distance_to(c) < r + MARGIN for c, r in obstacles), (p, q)
        obstacles.append((p, spec.ball_diameter))


@settings(max_examples=150, deadline=None)
@given(requests([TABLE_9FT, TABLE_8FT, TABLE_7FT], max_on_table=14, max_spotted=15))
def test_spotted_balls_on_standard_tables_are_valid_on_the_string_and_optimal(
    req: Request,
) -> None:
    placed = req.spot()
    _assert_valid(req, placed)
    assert all(p.y == req.spec.long_string_y for p in placed.values())
    _assert_optimal_on_string(req, placed)


@settings(max_examples=60, deadline=None)
@given(requests([TABLE_9FT, TABLE_7FT], max_on_table=14, max_spotted=15), st.randoms())
def test_spot_balls_is_deterministic_and_ignores_the_order_of_others(
    req: Request, rng: random.Random
) -> None:
    first = req.spot()
    shuffled = list(req.others)
    rng.shuffle(shuffled)
    second = req.spot(shuffled)
    assert first == second
    assert list(first) == list(second)


@settings(max_examples=60, deadline=None)
@given(requests([SMALL], max_on_table=11, max_spotted=4, wall=True))
def test_spotting_on_a_crowded_small_table_falls_back_validly(req: Request) -> None:
    placed = req.spot()
    _assert_valid(req, placed)
    _assert_optimal_on_string(req, placed)
    _assert_nearest_anywhere(req, placed)


def test_all_fifteen_balls_spotted_on_a_seven_foot_table_fit_on_the_string() -> None:
    req = Request(
        spec=TABLE_7FT,
        occupied={},
        cue_ball=Point(58.5, 19.5),
        lowest=1,
        others=list(range(2, 16)),
        gap=0.05,
        direction=SpotDirection.FROM_FOOT_RAIL,
    )
    placed = req.spot()
    _assert_valid(req, placed)
    assert all(p.y == 19.5 for p in placed.values())
