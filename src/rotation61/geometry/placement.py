"""Where the cue ball may be placed when a player has it in hand.

Owns :class:`PlacementProblem` and :func:`placement_problem` (§XVI, decision A35,
requirement R4). An invalid placement is rejected before the shot, so it is never a foul.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from rotation61.geometry.point import Point, _is_clear
from rotation61.geometry.table import TableSpec, in_kitchen

__all__ = ["PlacementProblem", "placement_ok", "placement_problem"]


class PlacementProblem(StrEnum):
    """Why a cue-ball placement is rejected (R4, A35); the first problem found is reported."""

    OFF_TABLE = "off_table"
    """The ball would not lie fully inside the cushions."""
    NOT_BEHIND_HEAD_STRING = "not_behind_head_string"
    """In hand behind the head string, but the centre is on or beyond the line (A31)."""
    OVERLAPS_BALL = "overlaps_ball"
    """The ball would overlap another ball; touching (frozen) is allowed."""


def placement_problem(
    spec: TableSpec, point: Point, others: Iterable[Point], *, kitchen: bool = True
) -> PlacementProblem | None:
    """Check a cue-ball placement; ``None`` means it is valid.

    Rule: §XVI, A35, R4. Checks in order: inside the cushions, strictly behind the head
    string (only when ``kitchen``), and no overlap (centres closer than D, within
    :data:`~rotation61.geometry.CONTACT_TOL_IN`) with any ball in ``others``.

    Args:
        spec: the table.
        point: the proposed cue-ball centre.
        others: the centres of the balls on the table.
        kitchen: whether the cue ball is in hand behind the head string; ``False`` allows
            the whole table.

    Returns:
        The first problem found, or ``None`` for a valid placement.

    >>> from rotation61.geometry import TABLE_9FT
    >>> placement_problem(TABLE_9FT, Point(25.0, 30.0), [])
    <PlacementProblem.NOT_BEHIND_HEAD_STRING: 'not_behind_head_string'>
    >>> placement_problem(TABLE_9FT, Point(24.0, 30.0), [Point(21.0, 25.0)]) is None
    True
    """
    if not spec.is_inside(point):
        return PlacementProblem.OFF_TABLE
    if kitchen and not in_kitchen(spec, point):
        return PlacementProblem.NOT_BEHIND_HEAD_STRING
    if not all(_is_clear(point, other, spec.ball_diameter) for other in others):
        return PlacementProblem.OVERLAPS_BALL
    return None


def placement_ok(
    spec: TableSpec, point: Point, others: Iterable[Point], *, kitchen: bool = True
) -> bool:
    """Whether a cue-ball placement is valid; see :func:`placement_problem`.

    Args:
        spec: the table.
        point: the proposed cue-ball centre.
        others: the centres of the balls on the table.
        kitchen: whether the cue ball is in hand behind the head string.

    Returns:
        ``True`` iff :func:`placement_problem` finds no problem.

    >>> from rotation61.geometry import TABLE_9FT
    >>> placement_ok(TABLE_9FT, Point(20.0, 25.0), [Point(21.0, 25.0)])
    False
    """
    return placement_problem(spec, point, others, kitchen=kitchen) is None
