"""Every ball's state at any time of a shot, from its event log: :class:`Trajectory`."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from rotation61.rules.balls import Ball
from rotation61.sim._kernel import advance, protocol, rise
from rotation61.sim.events import _MOTION_STATES, BallState
from rotation61.sim.params import Params

__all__ = ["Trajectory"]

_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]


# A trajectory segment, one row per ball: the time its state holds at, then the ball's
# state block (``protocol.STATE_`` columns), valid until the ball's next event.
_SEG_T0: Final = 0
_SEG_STATE: Final = 1
_POS: Final = slice(protocol.STATE_X, protocol.STATE_Y + 1)
_VEL: Final = slice(protocol.STATE_VX, protocol.STATE_VY + 1)
_SPIN: Final = slice(protocol.STATE_WX, protocol.STATE_WZ + 1)
_AIR: Final = slice(protocol.STATE_Z, protocol.STATE_VZ + 1)
_LOGGED_BALLS: Final = (
    (protocol.LOG_BALL, protocol.LOG_BALL_STATE),
    (protocol.LOG_OTHER, protocol.LOG_OTHER_STATE),
)
"""The columns of a log row's balls and of their state blocks."""


def _take_states(seg: _F64, row: _F64) -> None:
    """Start the segments of a log row's balls (the other only for a ball-ball event)."""
    for col, block in _LOGGED_BALLS:
        b = int(row[col])
        if b == protocol.NONE or (
            col == protocol.LOG_OTHER and int(row[protocol.LOG_KIND]) != protocol.EV_BALL
        ):
            continue
        seg[b, _SEG_T0] = row[protocol.LOG_TIME]
        seg[b, _SEG_STATE:] = row[block : block + protocol.STATE_WIDTH]


class Trajectory:
    """Every ball's state at any time of a shot, evaluated from the event log.

    Between two events each ball follows its analytic motion law, so sampling is exact
    (no interpolation). Built only on request (``simulate(..., trajectory=True)``).
    """

    __slots__ = ("_ids", "_log", "_params", "_start", "duration")

    def __init__(
        self, ids: tuple[Ball, ...], start: _F64, log: _F64, params: Params, duration: float
    ) -> None:
        self._ids = ids
        self._start = start
        self._log = log
        self._params = params
        self.duration = duration
        """Time of the last event, s."""

    @property
    def balls(self) -> tuple[Ball, ...]:
        """The balls, in the layout's order (the cue ball first)."""
        return self._ids

    def arrays_at(self, t: float) -> tuple[_F64, _F64, _F64, _I64]:
        """(pos[n, 2], vel[n, 2], w[n, 3], state[n]) at time t (clamped to the shot)."""
        pos, vel, w, st, _ = self._arrays3(t)
        return pos, vel, w, st

    def heights_at(self, t: float) -> _F64:
        """Each ball's bottom's height above the cloth and vertical velocity, [n, 2] at t."""
        return self._arrays3(t)[4]

    def _arrays3(self, t: float) -> tuple[_F64, _F64, _F64, _I64, _F64]:
        """:meth:`arrays_at` and the vertical states ``air[n, 2]`` (height, vertical speed)."""
        t = min(max(t, 0.0), self.duration)
        n = len(self._ids)
        seg = self._start.copy()
        for row in self._log:
            if row[protocol.LOG_TIME] > t:
                break
            _take_states(seg, row)
        state = seg[:, _SEG_STATE:]
        pos = np.ascontiguousarray(state[:, _POS])
        vel = np.ascontiguousarray(state[:, _VEL])
        w = np.ascontiguousarray(state[:, _SPIN])
        air = np.ascontiguousarray(state[:, _AIR])
        st = state[:, protocol.STATE_MOTION].astype(np.int64)
        p = self._params.vector()
        for b in range(n):
            dt = t - seg[b, _SEG_T0]
            if st[b] == protocol.MOTION_AIRBORNE:
                rise(b, dt, air, p)
            advance(b, dt, pos, vel, w, st, p)
        return pos, vel, w, st, air

    def states_at(self, t: float) -> dict[Ball, BallState]:
        """Every ball's state at time t, s."""
        pos, vel, w, st, air = self._arrays3(t)
        return {
            ball: BallState(
                x=float(pos[i, 0]),
                y=float(pos[i, 1]),
                vx=float(vel[i, 0]),
                vy=float(vel[i, 1]),
                wx=float(w[i, 0]),
                wy=float(w[i, 1]),
                wz=float(w[i, 2]),
                motion=_MOTION_STATES[int(st[i])],
                z=float(air[i, protocol.AIR_Z]),
                vz=float(air[i, protocol.AIR_VZ]),
            )
            for i, ball in enumerate(self._ids)
        }

    def paths(self, step: float = 0.01) -> dict[Ball, _F64]:
        """Each ball's centre (m) sampled every ``step`` s and at every event, [k, 2]."""
        times = np.union1d(np.arange(0.0, self.duration, step), self._log[:, protocol.LOG_TIME])
        times = np.append(times, self.duration)
        n = len(self._ids)
        seg = self._start.copy()
        p = self._params.vector()
        out = np.empty((len(times), n, 2))
        row = 0
        log = self._log
        pos = np.empty((1, 2))
        vel = np.empty((1, 2))
        w = np.empty((1, 3))
        st = np.empty(1, np.int64)
        for s_i, t in enumerate(times):
            while row < len(log) and log[row, protocol.LOG_TIME] <= t:
                _take_states(seg, log[row])
                row += 1
            for b in range(n):
                state = seg[b, _SEG_STATE:]
                pos[0] = state[_POS]
                vel[0] = state[_VEL]
                w[0] = state[_SPIN]
                st[0] = int(state[protocol.STATE_MOTION])
                advance(0, float(t) - seg[b, _SEG_T0], pos, vel, w, st, p)
                out[s_i, b] = pos[0]
        return {ball: out[:, i, :] for i, ball in enumerate(self._ids)}


def trajectory_from(
    ids: tuple[Ball, ...], start: _F64, log: _F64, params: Params, duration: float
) -> Trajectory:
    """The trajectory of a shot whose balls start at rest at ``start`` (m) with this log."""
    begin = np.zeros((len(ids), _SEG_STATE + protocol.STATE_WIDTH))
    begin[:, _SEG_STATE:][:, _POS] = start
    begin[:, _SEG_STATE + protocol.STATE_MOTION] = protocol.MOTION_STATIONARY
    return Trajectory(ids, begin, log, params, duration)
