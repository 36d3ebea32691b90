"""The relative action: a stroke aimed by the ball on and a pocket, not by an absolute angle.

Owns :class:`ActionMode`, :class:`RelativeStrokeAction`, :func:`ghost_aim` and
:func:`absolute_action`. A relative stroke names a pocket for the ball on (the lowest
ball on the table, the only legal first contact in 61) and turns the ghost-ball aim of
that pot by a small ``offset``; speed, elevation and tip offsets are those of any
stroke. The game core (:func:`rotation61.ai.core.transition`) plays it as the absolute
stroke :func:`absolute_action` gives, so the record holds only the stroke played, and
the Gymnasium and PettingZoo shells take it with ``action_mode="relative"``.

A policy then learns "which pocket, a little thinner or thicker, how hard" instead of
``atan2`` from raw inches. The bounds are :data:`~rotation61.sim.STROKE_LIMITS`
(``aim_offset`` for the turn).

>>> from rotation61.geometry import Point
>>> from rotation61.sim.table import PocketId
>>> round(ghost_aim(Point(25.0, 25.0), Point(50.0, 25.0), Point(110.0, 25.0)), 6)
0.0
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from rotation61.ai.errors import IllegalGameActionError
from rotation61.ai.shots import aim_points
from rotation61.geometry import Point
from rotation61.rules import CUE_BALL, Ball
from rotation61.sim import (
    DEFAULT_TABLE,
    STROKE_LIMITS,
    SimTable,
    SimulationError,
    Stroke,
    aim_at,
    ghost_ball_aim,
)
from rotation61.sim.table import POCKETS, PocketId

__all__ = [
    "POCKET_ORDER",
    "ActionMode",
    "RelativeStrokeAction",
    "absolute_action",
    "ghost_aim",
]

POCKET_ORDER: Final[tuple[PocketId, ...]] = POCKETS
"""The pockets by index (the relative action space's ``pocket``), the engine's row order."""


class ActionMode(StrEnum):
    """How the environments read a stroke; the value is the wire format."""

    ABSOLUTE = "absolute"
    """The aim ``phi`` in degrees from +x (every stroke the engine can play)."""
    RELATIVE = "relative"
    """A pocket for the ball on and an offset from its ghost-ball aim (learnable)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RelativeStrokeAction:
    """A stroke aimed by the ghost ball of the ball on into ``pocket``, turned by ``offset``.

    Attributes:
        pocket: the pocket the ball on is aimed at.
        offset: degrees added to the ghost-ball aim (counter-clockwise), within
            ``STROKE_LIMITS.aim_offset`` either way.
        speed: m/s (see :class:`~rotation61.sim.Stroke`).
        theta: cue elevation, degrees.
        a: side offset, ball radii.
        b: vertical offset, ball radii.
        placement: the cue ball's centre (inches) when it is in hand; ``None`` otherwise
            (the aim is then taken from the placement).

    Raises:
        IllegalGameActionError: not a pocket, an offset beyond the limit, or a value that
            is not a valid stroke.
    """

    pocket: PocketId
    speed: float
    offset: float = 0.0
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0
    placement: Point | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.pocket, PocketId):
            raise IllegalGameActionError(f"pocket {self.pocket!r} is not a PocketId")
        limit = STROKE_LIMITS.aim_offset
        if not (isinstance(self.offset, float | int) and abs(self.offset) <= limit):
            raise IllegalGameActionError(
                f"aim offset {self.offset!r} degrees is outside [-{limit:g}, {limit:g}]"
            )
        try:
            Stroke(speed=self.speed, phi=0.0, theta=self.theta, a=self.a, b=self.b)
        except SimulationError as err:
            raise IllegalGameActionError(str(err)) from err
        if self.placement is not None and not isinstance(self.placement, Point):
            raise IllegalGameActionError(f"placement {self.placement!r} is not a Point")


def ghost_aim(cue: Point, ball: Point, target: Point, ball_diameter: float = 2.25) -> float:
    """The ghost-ball aim (degrees) that sends ``ball`` toward ``target``.

    :func:`~rotation61.sim.ghost_ball_aim`, except that a cue ball already at the ghost
    ball (or the ball on its target) is aimed straight at the ball.
    """
    to_target = math.hypot(target.x - ball.x, target.y - ball.y)
    if to_target < 1e-9:
        return aim_at(cue, ball)
    ghost = Point(
        ball.x - ball_diameter * (target.x - ball.x) / to_target,
        ball.y - ball_diameter * (target.y - ball.y) / to_target,
    )
    if math.hypot(ghost.x - cue.x, ghost.y - cue.y) < 1e-9:
        return aim_at(cue, ball)
    return ghost_ball_aim(cue, ball, target, ball_diameter)


def absolute_action(
    action: RelativeStrokeAction,
    layout: Mapping[Ball, Point],
    ball_on: Ball | None,
    table: SimTable = DEFAULT_TABLE,
) -> tuple[Stroke, Point | None]:
    """The absolute stroke a relative one means on ``layout``, and its placement.

    The cue ball is at ``action.placement`` when given, else where it lies; the aim is
    :func:`ghost_aim` for the ball on into the pocket's aim point
    (:func:`~rotation61.ai.shots.aim_points`), plus the offset, wrapped to [-180, 180).

    Raises:
        IllegalGameActionError: no ball on (the rack is over), the ball on is not on the
            layout, or the cue ball is neither placed nor on the table.
    """
    if ball_on is None or ball_on not in layout:
        raise IllegalGameActionError(f"no ball on to aim at (ball on {ball_on!r})")
    cue = action.placement if action.placement is not None else layout.get(CUE_BALL)
    if cue is None:
        raise IllegalGameActionError("the cue ball is in hand: the stroke needs a placement")
    target = aim_points(table)[action.pocket]
    phi = ghost_aim(cue, layout[ball_on], target, table.spec.ball_diameter) + action.offset
    phi = (phi + 180.0) % 360.0 - 180.0
    stroke = Stroke(speed=action.speed, phi=phi, theta=action.theta, a=action.a, b=action.b)
    return stroke, action.placement
