"""Where spotted balls go: §IX for the object ball in play, §XIII for the others.

Owns :func:`spot_balls` (decisions A25-A30 and A46, requirements R43-R49). The referee
says *which* balls are spotted; this module says *where*. Lengths are in inches.

Every spotted ball lies on the long string (y = W/2, R <= x <= L - R) unless no free
point is left anywhere on it (A46). A ball already on the table at (bx, by) blocks the
open interval ``|x - bx| < sqrt(c² - dy²)`` of the string, where dy = by - W/2 and the
clearance c is D for an object ball and D + gap for the cue ball (A26): a spotted ball
may be frozen to an object ball but never to the cue ball.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, assert_never

from rotation61.geometry.errors import GeometryError
from rotation61.geometry.point import CONTACT_TOL_IN, EPS_IN, Point, _is_clear
from rotation61.geometry.table import TableSpec
from rotation61.rules.balls import Ball, check_object_ball
from rotation61.rules.ruleset import SpotDirection

__all__ = ["DEFAULT_CUE_BALL_GAP_IN", "spot_balls"]

DEFAULT_CUE_BALL_GAP_IN: Final[float] = 0.05
"""Default gap in inches between a spotted ball and the cue ball (A26, G06, G17)."""


@dataclass(frozen=True, slots=True)
class _Obstacle:
    """A ball a spotted ball must keep clear of: centres at least ``clearance`` apart."""

    centre: Point
    clearance: float


def spot_balls(
    spec: TableSpec,
    *,
    occupied: Mapping[Ball, Point],
    cue_ball: Point | None,
    lowest: Ball | None,
    others: Iterable[Ball],
    cue_ball_gap: float = DEFAULT_CUE_BALL_GAP_IN,
    direction: SpotDirection = SpotDirection.FROM_FOOT_RAIL,
) -> dict[Ball, Point]:
    """Place the spotted balls on the table, without moving any ball already there.

    Rule: §IX, §XIII, §XIV; decisions A25-A30, A46; requirements R43-R49.

    1. ``lowest`` (§IX, A25, R44-R46) goes on the foot spot if it is free; otherwise on
       the point of the long string nearest the foot spot that overlaps nothing, in
       either direction, a tie going to the foot-rail side (larger x). It is then frozen
       to the obstructing object ball, or ``cue_ball_gap`` clear of the cue ball.
    2. ``others`` (§XIII, A27-A28, R47-R49) follow in ascending number order, each
       clear of every ball on the table and every ball spotted before it (the lowest
       included).

       - ``FROM_FOOT_RAIL`` (the default, §XIII literal): a cursor starts at the
         foot-rail limit x = L - R; each ball goes to the largest free x <= cursor, and
         the cursor moves there. The line thus runs from the foot rail past the foot
         spot toward the centre spot and on toward the head rail (G07-G11, G17).
       - ``FROM_FOOT_SPOT`` (general rules, A27 alternative): a cursor starts at the
         foot spot; each ball goes to the smallest free x >= cursor (toward the foot
         rail) and the cursor moves there. Once that stretch is full, a second cursor
         starts at the foot spot and each remaining ball goes to the largest free x <=
         it (toward the head rail).

    3. If no free point is left anywhere on the long string (A46), the ball goes to the
       free point nearest the foot spot anywhere on the table (inside the cushions,
       overlapping nothing, the cue-ball gap kept), ties going to larger x, then to
       smaller y.

    Balls in ``occupied`` may touch or even overlap each other; they all obstruct.

    Args:
        spec: the table.
        occupied: object balls on the table (never moved). A ball being re-spotted must
            already have been lifted from it, as in G14.
        cue_ball: the cue ball's centre, or ``None`` if it is in hand (no obstruction).
        lowest: the object ball in play to spot per §IX, or ``None``.
        others: the other object balls to spot per §XIII, in any order.
        cue_ball_gap: the gap in inches kept between a spotted ball and the cue ball
            (the rule set's ``cue_ball_spot_gap_in``; a ``Fraction`` is accepted).
        direction: how §XIII lines up the others (the rule set's
            ``spot_others_direction``).

    Returns:
        Ball number to centre, in placement order: ``lowest`` first, then ``others``
        ascending.

    Raises:
        GeometryError: a ball number is not 1..15, a ball is both on the table and to be
            spotted, a ball is to be spotted twice, a centre is off the table, the gap is
            negative or not finite, or (only on a table too small for them) there is no
            room left for a ball.

    >>> from rotation61.geometry import TABLE_9FT
    >>> spot_balls(TABLE_9FT, occupied={9: Point(75.0, 25.0)}, cue_ball=None,
    ...            lowest=4, others=[12, 5])
    {4: Point(x=77.25, y=25.0), 5: Point(x=98.875, y=25.0), 12: Point(x=96.625, y=25.0)}
    """
    ordered = _checked_request(spec, occupied, cue_ball, lowest, others, cue_ball_gap)
    diameter = spec.ball_diameter
    obstacles = [_Obstacle(centre, diameter) for centre in occupied.values()]
    if cue_ball is not None:
        obstacles.append(_Obstacle(cue_ball, diameter + float(cue_ball_gap)))
    placed: dict[Ball, Point] = {}

    def place(ball: Ball, x: float | None) -> None:
        if x is None:
            centre = _nearest_free_point(spec, obstacles, ball)
        else:
            centre = Point(x, spec.long_string_y)
        placed[ball] = centre
        obstacles.append(_Obstacle(centre, diameter))

    if lowest is not None:
        place(lowest, _nearest_free_x(spec, obstacles, spec.foot_spot.x))
    match direction:
        case SpotDirection.FROM_FOOT_RAIL:
            cursor = spec.max_centre_x
            for ball in ordered:
                x = _largest_free_x(spec, obstacles, at_most=cursor)
                if x is not None:
                    cursor = x
                place(ball, x)
        case SpotDirection.FROM_FOOT_SPOT:
            up: float | None = spec.foot_spot.x
            down = spec.foot_spot.x
            for ball in ordered:
                x = None
                if up is not None:
                    x = up = _smallest_free_x(spec, obstacles, at_least=up)
                if x is None:
                    x = _largest_free_x(spec, obstacles, at_most=down)
                    if x is not None:
                        down = x
                place(ball, x)
        case _:
            assert_never(direction)
    return placed


def _checked_request(
    spec: TableSpec,
    occupied: Mapping[Ball, Point],
    cue_ball: Point | None,
    lowest: Ball | None,
    others: Iterable[Ball],
    gap: float,
) -> tuple[Ball, ...]:
    """Validate the input of :func:`spot_balls`; return ``others`` ascending."""
    for ball, centre in occupied.items():
        check_object_ball(ball, "ball on the table", error=GeometryError)
        _check_on_table(spec, centre, f"ball {ball!r}")
    if cue_ball is not None:
        _check_on_table(spec, cue_ball, "the cue ball")
    other_balls = list(others)
    requested = other_balls if lowest is None else [lowest, *other_balls]
    for ball in requested:
        check_object_ball(ball, "ball to spot", error=GeometryError)
        if ball in occupied:
            raise GeometryError(
                f"ball {ball!r} is to be spotted but lies on the table at "
                f"{occupied[ball]!r}; lift it first"
            )
    if len(set(requested)) != len(requested):
        raise GeometryError(
            f"a ball is to be spotted twice (lowest={lowest!r}, others={other_balls!r})"
        )
    if not (math.isfinite(gap) and gap >= 0):
        raise GeometryError(f"cue-ball gap {gap!r} is not a non-negative number of inches")
    return tuple(sorted(other_balls))


def _check_on_table(spec: TableSpec, centre: Point, what: str) -> None:
    if not spec.is_inside(centre):
        raise GeometryError(
            f"{what} at {centre!r} is off the {spec.name!r} table (centre limits "
            f"x {spec.min_centre_x}..{spec.max_centre_x}, "
            f"y {spec.min_centre_y}..{spec.max_centre_y})"
        )


# --- the long string ------------------------------------------------------------------


def _clamp(value: float, low: float, high: float) -> float | None:
    """``value`` moved into [low, high] if it is within EPS_IN of it, else ``None``."""
    if low - EPS_IN <= value <= high + EPS_IN:
        return min(max(value, low), high)
    return None


def _is_free(obstacles: Sequence[_Obstacle], point: Point) -> bool:
    return all(_is_clear(point, o.centre, o.clearance) for o in obstacles)


def _free_string_xs(
    spec: TableSpec, obstacles: Sequence[_Obstacle], extra: Iterable[float], low: float, high: float
) -> list[float]:
    """The free candidate x's of the string within [low, high].

    The candidates are ``extra`` and the ends of every interval an obstacle blocks: the
    points of the string tangent to it. The nearest free point to any x, on either side
    of it, is x itself or such an end.
    """
    y = spec.long_string_y
    candidates = list(extra)
    for o in obstacles:
        dy = o.centre.y - y
        if abs(dy) < o.clearance:
            half = math.sqrt(o.clearance * o.clearance - dy * dy)
            candidates.extend((o.centre.x - half, o.centre.x + half))
    low = max(low, spec.min_centre_x)
    high = min(high, spec.max_centre_x)
    free = []
    for raw in candidates:
        x = _clamp(raw, low, high)
        if x is not None and _is_free(obstacles, Point(x, y)):
            free.append(x)
    return free


def _nearest_free_x(spec: TableSpec, obstacles: Sequence[_Obstacle], target: float) -> float | None:
    """§IX: the free x of the string nearest ``target``, a tie to the larger x (A25)."""
    extra = (target, spec.min_centre_x, spec.max_centre_x)
    free = _free_string_xs(spec, obstacles, extra, -math.inf, math.inf)
    if not free:
        return None
    best = min(abs(x - target) for x in free)
    return max(x for x in free if abs(x - target) <= best + EPS_IN)


def _largest_free_x(
    spec: TableSpec, obstacles: Sequence[_Obstacle], *, at_most: float
) -> float | None:
    """§XIII toward the head rail: the largest free x <= ``at_most`` (A28)."""
    free = _free_string_xs(spec, obstacles, (at_most,), -math.inf, at_most)
    return max(free, default=None)


def _smallest_free_x(
    spec: TableSpec, obstacles: Sequence[_Obstacle], *, at_least: float
) -> float | None:
    """§XIII toward the foot rail: the smallest free x >= ``at_least`` (A27 alternative)."""
    free = _free_string_xs(spec, obstacles, (at_least,), at_least, math.inf)
    return min(free, default=None)


# --- A46: anywhere on the table -------------------------------------------------------


def _nearest_free_point(spec: TableSpec, obstacles: Sequence[_Obstacle], ball: Ball) -> Point:
    """A46: the free point of the table nearest the foot spot.

    The free region is the cushion rectangle minus the open discs of the obstacles, so
    the nearest point is the foot spot itself, the point of a boundary circle or line
    nearest the foot spot, or a corner where two boundaries meet. All of them are
    candidates; the free one nearest the foot spot wins, ties to larger x, then smaller y.

    Raises:
        GeometryError: no free point is left on the table.
    """
    target = spec.foot_spot
    low_x, high_x = spec.min_centre_x, spec.max_centre_x
    low_y, high_y = spec.min_centre_y, spec.max_centre_y
    raw: list[tuple[float, float]] = [
        (target.x, target.y),
        (low_x, target.y),
        (high_x, target.y),
        (target.x, low_y),
        (target.x, high_y),
        *itertools.product((low_x, high_x), (low_y, high_y)),
    ]
    for o in obstacles:
        raw.extend(_circle_nearest(o, target))
        raw.extend(_circle_wall_points(o, low_x, high_x, low_y, high_y))
    for a, b in itertools.combinations(obstacles, 2):
        raw.extend(_circle_intersections(a, b))
    free: list[Point] = []
    for rx, ry in raw:
        x, y = _clamp(rx, low_x, high_x), _clamp(ry, low_y, high_y)
        if x is not None and y is not None:
            point = Point(x, y)
            if _is_free(obstacles, point):
                free.append(point)
    if not free:
        raise GeometryError(
            f"no room left for ball {ball!r} on the {spec.name!r} table "
            f"({len(obstacles)} balls in the way)"
        )
    best = min(p.distance_to(target) for p in free)
    nearest = [p for p in free if p.distance_to(target) <= best + EPS_IN]
    right = max(p.x for p in nearest)
    return min((p for p in nearest if p.x >= right - EPS_IN), key=lambda p: p.y)


def _circle_nearest(o: _Obstacle, target: Point) -> list[tuple[float, float]]:
    """The point of the obstacle's circle nearest ``target`` (four points if centred)."""
    c, r = o.centre, o.clearance
    distance = c.distance_to(target)
    if distance <= EPS_IN:
        return [(c.x + r, c.y), (c.x, c.y - r), (c.x, c.y + r), (c.x - r, c.y)]
    scale = r / distance
    return [(c.x + (target.x - c.x) * scale, c.y + (target.y - c.y) * scale)]


def _circle_wall_points(
    o: _Obstacle, low_x: float, high_x: float, low_y: float, high_y: float
) -> list[tuple[float, float]]:
    """Where the obstacle's circle meets the four cushion limit lines."""
    c, r = o.centre, o.clearance
    points: list[tuple[float, float]] = []
    for wall_x in (low_x, high_x):
        dx = wall_x - c.x
        if abs(dx) <= r + CONTACT_TOL_IN:
            half = math.sqrt(max(r * r - dx * dx, 0.0))
            points.extend(((wall_x, c.y - half), (wall_x, c.y + half)))
    for wall_y in (low_y, high_y):
        dy = wall_y - c.y
        if abs(dy) <= r + CONTACT_TOL_IN:
            half = math.sqrt(max(r * r - dy * dy, 0.0))
            points.extend(((c.x - half, wall_y), (c.x + half, wall_y)))
    return points


def _circle_intersections(a: _Obstacle, b: _Obstacle) -> list[tuple[float, float]]:
    """Where the two obstacles' circles meet (tangency within CONTACT_TOL_IN counts)."""
    ra, rb = a.clearance, b.clearance
    distance = a.centre.distance_to(b.centre)
    if distance <= EPS_IN or distance > ra + rb + CONTACT_TOL_IN or distance < abs(ra - rb):
        return []
    along = (distance * distance + ra * ra - rb * rb) / (2 * distance)
    half = math.sqrt(max(ra * ra - along * along, 0.0))
    ux = (b.centre.x - a.centre.x) / distance
    uy = (b.centre.y - a.centre.y) / distance
    mx, my = a.centre.x + along * ux, a.centre.y + along * uy
    return [(mx - half * uy, my + half * ux), (mx + half * uy, my - half * ux)]
