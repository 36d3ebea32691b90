"""What happens in a shot, in the public vocabulary: events, motion states, ball states.

Owns :class:`EventKind`, :class:`MotionState`, :class:`SimEvent` and :class:`BallState`,
and the tables from the kernel's integer codes (``_kernel.protocol``) to them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import StrEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.rules.balls import Ball
from rotation61.sim._kernel import protocol
from rotation61.sim.table import POCKETS, CushionId, PocketId, SimTable

__all__ = ["BallState", "EventKind", "MotionState", "SimEvent"]

_F64 = npt.NDArray[np.float64]


class EventKind(StrEnum):
    """What happened at an event."""

    STRIKE = "strike"
    BALL = "ball"
    CUSHION = "cushion"
    JAW_POINT = "jaw_point"
    POCKET = "pocket"
    SLIDE_TO_ROLL = "slide_to_roll"
    ROLL_TO_SPIN = "roll_to_spin"
    ROLL_TO_STOP = "roll_to_stop"
    SPIN_TO_STOP = "spin_to_stop"
    HEAD_STRING = "head_string"
    LAND = "land"
    OFF_TABLE = "off_table"


_EVENT_KINDS: Final[Mapping[int, EventKind]] = {
    protocol.EV_STRIKE: EventKind.STRIKE,
    protocol.EV_BALL: EventKind.BALL,
    protocol.EV_CUSHION: EventKind.CUSHION,
    protocol.EV_JAW_POINT: EventKind.JAW_POINT,
    protocol.EV_POCKET: EventKind.POCKET,
    protocol.EV_SLIDE_TO_ROLL: EventKind.SLIDE_TO_ROLL,
    protocol.EV_ROLL_TO_SPIN: EventKind.ROLL_TO_SPIN,
    protocol.EV_ROLL_TO_STOP: EventKind.ROLL_TO_STOP,
    protocol.EV_SPIN_TO_STOP: EventKind.SPIN_TO_STOP,
    protocol.EV_HEAD_STRING: EventKind.HEAD_STRING,
    protocol.EV_LAND: EventKind.LAND,
    protocol.EV_OFF_TABLE: EventKind.OFF_TABLE,
}
"""The kind of each kernel event code."""


class MotionState(StrEnum):
    """A ball's motion state between events."""

    STATIONARY = "stationary"
    SPINNING = "spinning"
    SLIDING = "sliding"
    ROLLING = "rolling"
    POCKETED = "pocketed"
    AIRBORNE = "airborne"
    OFF_TABLE = "off_table"


_MOTION_STATES: Final[Mapping[int, MotionState]] = {
    protocol.MOTION_STATIONARY: MotionState.STATIONARY,
    protocol.MOTION_SPINNING: MotionState.SPINNING,
    protocol.MOTION_SLIDING: MotionState.SLIDING,
    protocol.MOTION_ROLLING: MotionState.ROLLING,
    protocol.MOTION_POCKETED: MotionState.POCKETED,
    protocol.MOTION_AIRBORNE: MotionState.AIRBORNE,
    protocol.MOTION_OFF_TABLE: MotionState.OFF_TABLE,
}
"""The motion state of each kernel motion code."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SimEvent:
    """One event of a shot.

    Attributes:
        time: seconds after the strike.
        kind: what happened.
        ball: the ball concerned (for a ball-ball collision, the lower-indexed one).
        other: the other ball of a ball-ball collision.
        cushion: the cushion of a cushion event (``JAW`` for the jaws and their points).
        pocket: the pocket of a pocket event.
        speed: normal approach speed of a collision, or the stroke's speed, m/s.
    """

    time: float
    kind: EventKind
    ball: Ball
    other: Ball | None = None
    cushion: CushionId | None = None
    pocket: PocketId | None = None
    speed: float = 0.0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BallState:
    """A ball's state at one time, SI units.

    Attributes:
        x: centre x, m.
        y: centre y, m.
        vx: velocity x, m/s.
        vy: velocity y, m/s.
        wx: angular velocity about x, rad/s.
        wy: angular velocity about y, rad/s.
        wz: angular velocity about the vertical, rad/s (+ counter-clockwise from above).
        motion: the motion state.
        z: height of the ball's bottom above the cloth, m (0 unless airborne).
        vz: vertical velocity, m/s (0 unless airborne).
    """

    x: float
    y: float
    vx: float
    vy: float
    wx: float
    wy: float
    wz: float
    motion: MotionState
    z: float = 0.0
    vz: float = 0.0


def _event(row: _F64, ids: tuple[Ball, ...], table: SimTable) -> SimEvent:
    """The event of one row of the event log."""
    kind = _EVENT_KINDS[int(row[protocol.LOG_KIND])]
    ball = ids[int(row[protocol.LOG_BALL])]
    j = int(row[protocol.LOG_OTHER])
    other: Ball | None = None
    cushion: CushionId | None = None
    pocket: PocketId | None = None
    if kind is EventKind.BALL:
        other = ids[j]
    elif kind is EventKind.CUSHION:
        cushion = table.cushion_of(j)
    elif kind is EventKind.JAW_POINT:
        cushion = CushionId.JAW
    elif kind is EventKind.POCKET:
        pocket = POCKETS[j]
    return SimEvent(
        time=float(row[protocol.LOG_TIME]),
        kind=kind,
        ball=ball,
        other=other,
        cushion=cushion,
        pocket=pocket,
        speed=float(row[protocol.LOG_SPEED]),
    )
