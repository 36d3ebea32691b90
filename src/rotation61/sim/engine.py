"""Simulating shots: one stroke, or many strokes across all cores, and their facts.

Owns :func:`simulate`, :class:`SimResult`, :class:`SimEvent`, :class:`EventKind`,
:class:`MotionState`, :class:`BallState`, :class:`Trajectory`, :func:`simulate_batch`
and :class:`BatchResult`. Layouts are the geometry layer's: ball number to centre, in
inches; the physics runs in SI units inside. A result's :attr:`SimResult.shot` is the
referee's :class:`~rotation61.rules.Shot`, so ``judge(state, simulate(...).shot)`` needs
no glue. The simulator reports what happened; it never decides a foul.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Final, cast

import numpy as np
import numpy.typing as npt

from rotation61.geometry import CONTACT_TOL_IN, METERS_PER_INCH, Point, TableSpec, zone
from rotation61.rules.balls import CUE_BALL, Ball
from rotation61.rules.shot import ContactType, KitchenFacts, Shot, simulated_shot
from rotation61.rules.table import Zone
from rotation61.sim._jit import announce_compile, dynamic_schedule, set_threads
from rotation61.sim._kernel import (
    advance,
    check_layouts,
    protocol,
    rise,
    shoot_batch,
    shoot_layout,
)
from rotation61.sim.errors import CueObstructedError, MiscueError, SimulationError
from rotation61.sim.limits import STROKE_LIMITS
from rotation61.sim.params import DEFAULT_PARAMS, MAX_EVENTS, Params
from rotation61.sim.stroke import Stroke, cue_obstruction, is_miscue
from rotation61.sim.table import DEFAULT_TABLE, POCKETS, CushionId, PocketId, SimTable

__all__ = [
    "BallState",
    "BatchResult",
    "EventKind",
    "MotionState",
    "SimEvent",
    "SimResult",
    "Trajectory",
    "simulate",
    "simulate_batch",
]

Layout = Mapping[Ball, Point]
_LOG_ROWS: Final[int] = 700
"""Event log rows allocated for a shot at first (small enough to stay off ``mmap``)."""
_F64 = npt.NDArray[np.float64]
_I64 = npt.NDArray[np.int64]


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

_CONTACT_TYPES: Final[Mapping[int, ContactType]] = {
    protocol.CUE_FIRST_NONE: ContactType.NONE,
    protocol.CUE_FIRST_BALL: ContactType.BALL,
    protocol.CUE_FIRST_RAIL: ContactType.RAIL,
}
"""What the cue ball touched first, for each kernel ``CUE_FIRST_`` code."""


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


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)
class SimResult:
    """A simulated shot: the referee's facts, where the balls stopped, and the event log.

    The kernel computes the facts with the shot; the referee's :class:`Shot` and the
    pocketed balls are built from them on first access (a caller who wants only the
    physics does not pay for them), then kept. Two results are equal when their facts,
    pocketed balls, durations and event counts are.

    Attributes:
        shot: the observed facts in the referee's event model.
        pocketed: the balls pocketed, in order, with their pockets (the cue ball too).
        duration: time from the strike to the last event, s.
        event_count: the number of events.
        trajectory: every ball's state at any time, if requested.
    """

    duration: float
    event_count: int
    trajectory: Trajectory | None = None
    _final: _F64
    _states: _I64
    _log: _F64
    _ids: tuple[Ball, ...]
    _table: SimTable
    _facts: tuple[_F64, bool, list[int], list[int], list[int]]
    _made: list[tuple[Shot, tuple[tuple[Ball, PocketId], ...]]]

    def _referee(self) -> tuple[Shot, tuple[tuple[Ball, PocketId], ...]]:
        made = self._made
        if not made:
            start, in_kitchen, states, facts, rails = self._facts
            ids = self._ids
            rows = range(len(ids))
            final, spec = self._final, self._table.spec
            made.append(_shot(ids, start, in_kitchen, final, rows, states, facts, rails, spec))
        return made[0]

    @property
    def shot(self) -> Shot:
        """The observed facts in the referee's event model."""
        return self._referee()[0]

    @property
    def pocketed(self) -> tuple[tuple[Ball, PocketId], ...]:
        """The balls pocketed, in order, with their pockets (the cue ball too)."""
        return self._referee()[1]

    def _key(self) -> tuple[object, ...]:
        return (self.shot, self.pocketed, self.duration, self.event_count)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimResult):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"SimResult(shot={self.shot!r}, pocketed={self.pocketed!r}, "
            f"duration={self.duration!r}, event_count={self.event_count!r})"
        )

    @property
    def positions(self) -> tuple[tuple[Ball, Point], ...]:
        """Where each ball on the table came to rest, inches, in ball order."""
        return _positions(self._ids, self._final, self._states)

    @property
    def layout(self) -> dict[Ball, Point]:
        """Where the balls on the table came to rest, inches (the next shot's layout)."""
        return dict(self.positions)

    @property
    def events(self) -> tuple[SimEvent, ...]:
        """The events in order (built on each access from the log)."""
        return tuple(_event(row, self._ids, self._table) for row in self._log)

    @property
    def log(self) -> _F64:
        """The raw event log, [events, 25] (columns: ``rotation61.sim._kernel.protocol``)."""
        return self._log


_new = object.__new__
_SET_RESULT: Final = tuple(
    getattr(SimResult, f.name).__set__ for f in dataclasses.fields(SimResult)
)
"""Each :class:`SimResult` field's slot setter, in field order (``__set__`` skips ``frozen``)."""


def _result(
    duration: float,
    event_count: int,
    trajectory: Trajectory | None,
    final: _F64,
    states: _I64,
    log: _F64,
    ids: tuple[Ball, ...],
    table: SimTable,
    facts: tuple[_F64, bool, list[int], list[int], list[int]],
) -> SimResult:
    """``SimResult(duration=..., ...)``, its fields given in order, at a third of the cost.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``;
    SimResult has no checks to skip. ``facts`` are :func:`_shot`'s inputs (the start
    centres, whether the cue ball starts in the kitchen, and the kernel's states, facts
    and cushion flags as lists), for the referee's facts on first access.
    """
    result: SimResult = _new(SimResult)
    (
        set_duration, set_count, set_trajectory, set_final, set_states, set_log, set_ids,
        set_table, set_facts, set_made,
    ) = _SET_RESULT  # fmt: skip
    set_duration(result, duration)
    set_count(result, event_count)
    set_trajectory(result, trajectory)
    set_final(result, final)
    set_states(result, states)
    set_log(result, log)
    set_ids(result, ids)
    set_table(result, table)
    set_facts(result, facts)
    set_made(result, [])
    return result


def _event(row: _F64, ids: tuple[Ball, ...], table: SimTable) -> SimEvent:
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


# --------------------------------------------------------------------------- layouts


_INT_ONLY: Final = {int}
"""The set of the types of a layout's ball numbers when every one is an ``int``."""


def _ball_order(layout: Layout) -> tuple[Ball, ...]:
    """The layout's balls, the cue ball first then ascending; checks the ball numbers."""
    if CUE_BALL not in layout:
        raise SimulationError("the layout has no cue ball (0)")
    try:
        ids = sorted(layout)
    except TypeError as err:
        raise SimulationError(f"layout balls {list(layout)!r} are not ball numbers") from err
    # fast path: every one an int (``type`` excludes bool) and, sorted, within 0..15
    if not (set(map(type, ids)) == _INT_ONLY and ids[0] >= 0 and ids[-1] <= 15):
        for ball in ids:
            if type(ball) is not int or not 0 <= ball <= 15:
                raise SimulationError(f"layout ball {ball!r} is not a ball number 0..15")
    return tuple(ids)  # 0 first: every number is in 0..15


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Setup:
    """What every shot on one table with one parameter set passes to the kernels.

    Attributes:
        lines: the table's cushion lines (``SimTable.arrays``).
        points: the table's jaw points.
        pockets: the table's pockets.
        p: the kernel's parameter vector (never written: the kernels only read it).
        head_x: the head string's x, m.
        x_lo: the least x of a ball's centre inside the cushions, inches.
        x_hi: the greatest x.
        y_lo: the least y.
        y_hi: the greatest y.
        min_dist: the least distance between two balls' centres, m.
        spec: the geometry layer's table.
    """

    lines: _F64
    points: _F64
    pockets: _F64
    p: _F64
    head_x: float
    x_lo: float
    x_hi: float
    y_lo: float
    y_hi: float
    min_dist: float
    spec: TableSpec


def _build_setup(table: SimTable, params: Params) -> _Setup:
    lines, points, pockets = table.arrays()
    spec = table.spec
    rad_in = params.ball_radius / METERS_PER_INCH
    return _Setup(
        lines=lines,
        points=points,
        pockets=pockets,
        p=params.vector(),  # this setup's own copy
        head_x=table.head_string_x,
        x_lo=rad_in - CONTACT_TOL_IN,
        x_hi=spec.length - rad_in + CONTACT_TOL_IN,
        y_lo=rad_in - CONTACT_TOL_IN,
        y_hi=spec.width - rad_in + CONTACT_TOL_IN,
        min_dist=2.0 * params.ball_radius - CONTACT_TOL_IN * METERS_PER_INCH,
        spec=spec,
    )


_SETUPS: Final[dict[tuple[int, int], tuple[SimTable, Params, _Setup]]] = {}
"""The setups of recent (table, params) pairs, by identity: each entry holds its table
and parameters, so neither id is reused while it is cached (both are frozen)."""

_MAX_SETUPS: Final = 32


def _setup(table: SimTable, params: Params) -> _Setup:
    """The kernels' inputs for a table and parameter set (cached by identity)."""
    entry = _SETUPS.get((id(table), id(params)))
    if entry is not None and entry[0] is table and entry[1] is params:
        return entry[2]
    setup = _build_setup(table, params)
    if len(_SETUPS) >= _MAX_SETUPS:
        _SETUPS.clear()
    _SETUPS[id(table), id(params)] = (table, params, setup)
    return setup


_ONE_LAYOUT: Final = tuple(np.array([0, n], np.int64) for n in range(17))
"""``check_layouts``' start rows for one layout of n balls (the kernel only reads them)."""


def _check_layouts(
    layouts: Sequence[Layout],
    orders: Sequence[tuple[Ball, ...]],
    inches: _F64,
    pos: _F64,
    starts: _I64,
    setup: _Setup,
) -> None:
    """Refuse the first layout (in order) with a ball off the table or two balls overlapping."""
    code, lay, i, j, dist = check_layouts(
        inches, starts, setup.x_lo, setup.x_hi, setup.y_lo, setup.y_hi, pos, setup.min_dist
    )
    _refuse_layout(code, lay, i, j, dist, layouts, orders)


def _refuse_layout(
    code: int,
    lay: int,
    i: int,
    j: int,
    dist: float,
    layouts: Sequence[Layout],
    orders: Sequence[tuple[Ball, ...]],
) -> None:
    """Raise the error of a ``check_layouts`` code other than ``LAYOUT_OK``."""
    if code == protocol.LAYOUT_OFF_TABLE:
        ball = orders[lay][i]
        raise SimulationError(f"ball {ball!r} at {layouts[lay][ball]!r} is not inside the cushions")
    if code == protocol.LAYOUT_OVERLAP:
        raise SimulationError(
            f"balls {orders[lay][i]!r} and {orders[lay][j]!r} overlap "
            f"({dist / METERS_PER_INCH!r} in apart)"
        )


def _prepare_many(
    layouts: Sequence[Layout], table: SimTable, params: Params
) -> tuple[list[tuple[Ball, ...]], _F64, _I64]:
    """Every layout's ball order, all their centres in m (stacked), and where each starts.

    Raises:
        SimulationError: the first layout (in order) with a ball off the table, two balls
            overlapping, no cue ball, or a bad ball number.
    """
    orders = [_ball_order(layout) for layout in layouts]
    coords: list[float] = []
    add = coords.append
    for layout, ids in zip(layouts, orders, strict=True):
        for ball in ids:
            point = layout[ball]
            add(point.x)
            add(point.y)
    inches = np.array(coords, np.float64).reshape(-1, 2)
    if len(orders) == 1:
        starts = _ONE_LAYOUT[len(orders[0])]
    else:
        starts = np.zeros(len(orders) + 1, np.int64)
        np.cumsum([len(ids) for ids in orders], out=starts[1:])
    pos = inches * METERS_PER_INCH
    _check_layouts(layouts, orders, inches, pos, starts, _setup(table, params))
    return orders, pos, starts


def _prepare(
    layout: Layout, table: SimTable, params: Params
) -> tuple[tuple[Ball, ...], _F64, bool]:
    """Ball order (cue first), centres in m, and whether the cue ball starts in the kitchen."""
    return _prepare_one(layout, _setup(table, params))


def _prepare_one(layout: Layout, setup: _Setup) -> tuple[tuple[Ball, ...], _F64, bool]:
    """:func:`_prepare` on a setup."""
    ids, inches = _centres(layout)
    pos = inches * METERS_PER_INCH
    _check_layouts((layout,), (ids,), inches, pos, _ONE_LAYOUT[len(ids)], setup)
    return ids, pos, bool(pos[0, 0] < setup.head_x)


def _centres(layout: Layout) -> tuple[tuple[Ball, ...], _F64]:
    """The layout's ball order (checked) and their centres in inches, [balls, 2]."""
    ids = _ball_order(layout)
    coords: list[float] = []
    add = coords.append
    for ball in ids:
        point = layout[ball]
        add(point.x)
        add(point.y)
    return ids, np.array(coords, np.float64).reshape(-1, 2)


def _check_stroke(
    layout: Layout, stroke: Stroke, table: SimTable, params: Params, check_cue: bool
) -> None:
    if is_miscue(stroke):
        raise MiscueError(
            f"tip offset ({stroke.a!r}, {stroke.b!r}) R is beyond the miscue limit "
            f"{STROKE_LIMITS.tip_offset!r} R"
        )
    if check_cue:
        hit = cue_obstruction(layout, stroke, table=table, params=params)
        if hit is not None:
            what = "the rail" if hit < 0 else f"ball {hit!r}"
            raise CueObstructedError(
                f"the cue stick would pass through {what} (phi={stroke.phi!r})"
            )


def _positions(ids: tuple[Ball, ...], final: _F64, states: _I64) -> tuple[tuple[Ball, Point], ...]:
    """The resting centres of the balls still on the table, inches, in ball order."""
    inches = final / METERS_PER_INCH
    return tuple(
        (ball, Point(float(inches[i, 0]), float(inches[i, 1])))
        for i, ball in enumerate(ids)
        if states[i] not in _GONE
    )


_GONE: Final = (protocol.MOTION_POCKETED, protocol.MOTION_OFF_TABLE)
"""The motion states of a ball no longer on the table."""


def zone_of_centre(spec: TableSpec, x: float, y: float) -> Zone:
    """The head-string zone (:func:`~rotation61.geometry.zone`) of a ball centred at (x, y), m."""
    return zone(spec, Point(x / METERS_PER_INCH, y / METERS_PER_INCH))


def _shot(
    ids: tuple[Ball, ...],
    start: _F64,
    in_kitchen: bool,
    final: _F64,
    rows: Sequence[int],
    states: list[int],
    facts: list[int],
    rails: list[int],
    spec: TableSpec,
) -> tuple[Shot, tuple[tuple[Ball, PocketId], ...]]:
    """The referee's facts and the pocketed balls of a shot.

    Ball i of ``ids`` starts at ``start[rows[i]]`` and rests at ``final[rows[i]]`` (m);
    ``states``, ``facts`` and ``rails`` are the kernel's, as lists, indexed by i.
    """
    n = len(ids)
    first_idx = facts[protocol.F_FIRST]
    first = ids[first_idx] if first_idx != protocol.NONE else None
    count = facts[protocol.F_N_POCKETED]
    pocketed: tuple[tuple[Ball, PocketId], ...] = ()
    objects_pocketed: tuple[Ball, ...] = ()
    cue_pocketed = False
    if count:
        balls_at = protocol.F_POCKETED
        pockets_at = protocol.F_POCKETED + n
        pocketed = tuple(
            (ids[facts[balls_at + i]], POCKETS[facts[pockets_at + i]]) for i in range(count)
        )
        objects_pocketed = tuple(b for b, _ in pocketed if b != CUE_BALL)
        cue_pocketed = len(objects_pocketed) != count
    # one pass over the object balls: cushions (after the first contact, at any time) and
    # flying off the table
    rail_after: list[Ball] = (
        [CUE_BALL] if rails[0] & protocol.RAIL_AFTER_FIRST_CONTACT else []
    )  # ids[0] is the cue ball
    rail_any: list[Ball] = []
    off: list[Ball] = []
    for b in range(1, n):
        flags = rails[b]
        if flags:
            if flags & protocol.RAIL_AFTER_FIRST_CONTACT:
                rail_after.append(ids[b])
            if flags & protocol.RAIL_TOUCHED:
                rail_any.append(ids[b])
        if states[b] == protocol.MOTION_OFF_TABLE:
            off.append(ids[b])
    kitchen: KitchenFacts | None = None
    if in_kitchen:
        contact = _CONTACT_TYPES[facts[protocol.F_CUE_FIRST_KIND]]
        first_zone = None
        if first is not None:
            fx, fy = start[rows[first_idx]]
            first_zone = zone_of_centre(spec, float(fx), float(fy))
        kitchen = KitchenFacts(
            crossed_before_first_contact=bool(facts[protocol.F_CROSSED_BEFORE]),
            first_contact_type=contact,
            first_ball_zone=first_zone,
            crossed=bool(facts[protocol.F_CROSSED]),
        )
    rest_zone = Zone.OUTSIDE
    if n > 1 and states[1] not in _GONE:
        rx, ry = final[rows[1]].tolist()
        rest_zone = zone_of_centre(spec, rx, ry)
    # the facts are valid by construction (ball numbers of a checked layout, the cue
    # ball never an object-ball fact): built without re-running Shot's checks
    shot = simulated_shot(
        first,
        objects_pocketed,
        tuple(off),
        frozenset(rail_after),
        frozenset(rail_any),
        cue_pocketed,
        states[0] == protocol.MOTION_OFF_TABLE,
        kitchen,
        rest_zone,
    )
    return shot, pocketed


# --------------------------------------------------------------------------- simulate


def simulate(
    layout: Layout,
    stroke: Stroke,
    *,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    trajectory: bool = False,
    check_cue: bool = False,
    max_events: int = MAX_EVENTS,
) -> SimResult:
    """Play one stroke on a layout and run the shot until every ball is at rest.

    Args:
        layout: ball number to centre, inches; the cue ball (0) must be present.
        stroke: the cue's stroke on the cue ball.
        table: the table.
        params: the physical parameters.
        trajectory: also return a :class:`Trajectory` (for plots and animation).
        check_cue: refuse a stroke whose cue stick would pass through a ball or a rail.
        max_events: the event cap.

    Returns:
        The shot's facts, final positions and events.

    Raises:
        SimulationError: a ball is off the table or overlaps another, or the shot did
            not come to rest within ``max_events`` events.
        MiscueError: the tip offset is beyond the miscue limit.
        CueObstructedError: ``check_cue`` and the stick would hit a ball or a rail.

    >>> from rotation61.geometry import Point
    >>> r = simulate({0: Point(25.0, 25.0), 1: Point(75.0, 25.0)}, Stroke(speed=2.0, phi=0.0))
    >>> r.shot.first_contact, r.shot.pocketed
    (1, ())
    """
    setup = _setup(table, params)
    if check_cue or is_miscue(stroke):
        # refuse a bad layout first, then the stroke
        _prepare_one(layout, setup)
        _check_stroke(layout, stroke, table, params, check_cue)
    ids, inches = _centres(layout)
    n = len(ids)
    start = np.empty((n, 2))
    pos = np.empty((n, 2))
    # the motion states, facts and cushion flags share one buffer (one allocation, one
    # tolist): [st (n) | facts (F_POCKETED + 2 n) | rails (n)]
    f_end = n + protocol.F_POCKETED + 2 * n
    ints = np.empty(f_end + n, np.int64)
    st = ints[:n]
    facts = ints[n:f_end]
    rails = ints[f_end:]
    log = np.empty((min(max_events + 1, _LOG_ROWS), protocol.LOG_WIDTH))
    speed, phi, theta, a, b = stroke.as_tuple()
    announce_compile(shoot_layout)
    code, i, j, dist, in_kitchen, count, status, t_end = shoot_layout(
        inches, setup.x_lo, setup.x_hi, setup.y_lo, setup.y_hi, setup.min_dist,
        METERS_PER_INCH, speed, phi, theta, a, b, setup.lines, setup.points, setup.pockets,
        setup.p, setup.head_x, log, max_events, start, pos, st, facts, rails,
    )  # fmt: skip
    if code != protocol.LAYOUT_OK:
        _refuse_layout(code, 0, i, j, dist, (layout,), (ids,))
    if count > len(log) and status == protocol.STATUS_AT_REST:
        # a long shot: run it again (bit for bit the same) with room for every event
        log = np.empty((count, protocol.LOG_WIDTH))
        _, _, _, _, _, count, status, t_end = shoot_layout(
            inches, setup.x_lo, setup.x_hi, setup.y_lo, setup.y_hi, setup.min_dist,
            METERS_PER_INCH, speed, phi, theta, a, b, setup.lines, setup.points,
            setup.pockets, setup.p, setup.head_x, log, max_events, start, pos, st, facts,
            rails,
        )  # fmt: skip
    if status != protocol.STATUS_AT_REST:
        raise SimulationError(
            f"the shot did not come to rest within {max_events} events ({stroke!r})"
        )
    values = ints.tolist()
    facts_in = (start, in_kitchen, values[:n], values[n:f_end], values[f_end:])
    log = log[:count].copy()
    traj = None
    if trajectory:
        begin = np.zeros((len(ids), _SEG_STATE + protocol.STATE_WIDTH))
        begin[:, _SEG_STATE:][:, _POS] = start
        begin[:, _SEG_STATE + protocol.STATE_MOTION] = protocol.MOTION_STATIONARY
        traj = Trajectory(ids, begin, log, params, float(t_end))
    return _result(float(t_end), int(count), traj, pos, st, log, ids, table, facts_in)


# --------------------------------------------------------------------------- batch


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BatchResult:
    """Many simulated shots, as arrays; :meth:`shot` and :meth:`replay` give one shot.

    Attributes:
        balls: the ball numbers, in array order (the cue ball first).
        event_counts: events per shot, [shots].
        durations: time of the last event per shot, s, [shots].
        final_positions: resting centres, m, [shots, balls, 2].
        pocketed_mask: whether each ball was pocketed, [shots, balls].
        rail_mask: bit 1: the ball touched a cushion; bit 2: after the first contact,
            [shots, balls].
        off_table_mask: whether each ball left the table (flew off), [shots, balls].
    """

    balls: tuple[Ball, ...]
    event_counts: _I64
    durations: _F64
    final_positions: _F64
    pocketed_mask: npt.NDArray[np.bool_]
    rail_mask: _I64
    off_table_mask: npt.NDArray[np.bool_]
    _facts: _I64 = dataclasses.field(repr=False)
    _starts: _F64 = dataclasses.field(repr=False)
    _kitchen: npt.NDArray[np.bool_] = dataclasses.field(repr=False)
    _layout_of: _I64 = dataclasses.field(repr=False)
    _present: npt.NDArray[np.bool_] = dataclasses.field(repr=False)
    _layouts: tuple[Layout, ...] = dataclasses.field(repr=False)
    _strokes: tuple[Stroke, ...] | None = dataclasses.field(repr=False)
    _rows: _F64 = dataclasses.field(repr=False)
    _table: SimTable = dataclasses.field(repr=False)
    _params: Params = dataclasses.field(repr=False)

    def __len__(self) -> int:
        return len(self._rows)

    def shot(self, index: int) -> Shot:
        """The referee's facts of shot ``index``."""
        lay = int(self._layout_of[index])
        cols = np.flatnonzero(self._present[lay]).tolist()
        ids = tuple(self.balls[c] for c in cols)
        n_all = len(self.balls)
        n = len(cols)
        facts = self._facts[index].tolist()
        # re-index the facts to the balls present in that layout
        remap = [-1] * n_all
        for i, c in enumerate(cols):
            remap[c] = i
        head = protocol.F_POCKETED
        local = facts[:head] + [protocol.NONE] * (2 * n)
        if facts[protocol.F_FIRST] != protocol.NONE:
            local[protocol.F_FIRST] = remap[facts[protocol.F_FIRST]]
        for i in range(facts[protocol.F_N_POCKETED]):
            local[head + i] = remap[facts[head + i]]
            local[head + n + i] = facts[head + n_all + i]
        pocketed = self.pocketed_mask[index].tolist()
        off = self.off_table_mask[index].tolist()
        states = [
            protocol.MOTION_OFF_TABLE
            if off[c]
            else protocol.MOTION_POCKETED
            if pocketed[c]
            else protocol.MOTION_STATIONARY
            for c in cols
        ]
        rails = self.rail_mask[index].tolist()
        shot, _ = _shot(
            ids,
            self._starts[lay],
            bool(self._kitchen[lay]),
            self.final_positions[index],
            cols,
            states,
            local,
            [rails[c] for c in cols],
            self._table.spec,
        )
        return shot

    def stroke(self, index: int) -> Stroke:
        """The stroke of shot ``index``."""
        if self._strokes is not None:
            return self._strokes[index]
        speed, phi, theta, a, b = (float(x) for x in self._rows[index])
        return Stroke(speed=speed, phi=phi, theta=theta, a=a, b=b)

    def replay(self, index: int, *, trajectory: bool = False) -> SimResult:
        """Shot ``index`` again, alone, with its full event log (bit for bit the same)."""
        return simulate(
            self._layouts[int(self._layout_of[index])],
            self.stroke(index),
            table=self._table,
            params=self._params,
            trajectory=trajectory,
        )

    @property
    def on_table_mask(self) -> npt.NDArray[np.bool_]:
        """Whether each ball is on the table at the end of each shot, [shots, balls]."""
        mask: npt.NDArray[np.bool_] = (
            self._present[self._layout_of] & ~self.pocketed_mask & ~self.off_table_mask
        )
        return mask

    def pocketed_counts(self, *, objects_only: bool = True) -> _I64:
        """Balls pocketed per shot (object balls only by default)."""
        mask = self.pocketed_mask[:, 1:] if objects_only else self.pocketed_mask
        counts: _I64 = mask.sum(axis=1).astype(np.int64)
        return counts


def simulate_batch(
    layouts: Layout | Sequence[Layout],
    strokes: Sequence[Stroke],
    *,
    layout_of: Sequence[int] | None = None,
    table: SimTable = DEFAULT_TABLE,
    params: Params = DEFAULT_PARAMS,
    workers: int | None = None,
    max_events: int = MAX_EVENTS,
) -> BatchResult:
    """Simulate many strokes, in parallel on ``workers`` threads (all cores by default).

    The result does not depend on the number of workers: each shot is computed alone,
    from its own inputs, exactly as :func:`simulate` computes it.

    Args:
        layouts: one layout for every stroke, or a sequence of layouts.
        strokes: the strokes.
        layout_of: with several layouts, the layout index of each stroke (default: stroke
            i on layout i).
        table: the table.
        params: the physical parameters.
        workers: threads to use (``None``: all).
        max_events: the event cap per shot.

    Returns:
        The shots' facts and final positions as arrays.

    Raises:
        SimulationError: a layout or stroke is invalid, or a shot hit the event cap.
        MiscueError: a stroke's tip offset is beyond the miscue limit.
    """
    many = not isinstance(layouts, Mapping)
    lay_list: tuple[Layout, ...] = (
        tuple(cast(Sequence[Layout], layouts)) if many else (cast(Layout, layouts),)
    )
    if not lay_list:
        raise SimulationError("no layout given")
    if layout_of is None:
        index = np.arange(len(strokes)) if many else np.zeros(len(strokes), np.int64)
    else:
        index = np.asarray(layout_of, np.int64)
    if len(index) != len(strokes) or (
        len(index) and not 0 <= index.min() <= index.max() < len(lay_list)
    ):
        raise SimulationError("layout_of must give a valid layout index for every stroke")
    for s, stroke in enumerate(strokes):
        if is_miscue(stroke):
            raise MiscueError(f"stroke {s} {stroke!r} is beyond the miscue limit")
    rows = np.array([st.as_tuple() for st in strokes], np.float64).reshape(len(strokes), 5)
    result, status = _run_batch(
        lay_list, index, rows, tuple(strokes), table=table, params=params, workers=workers,
        max_events=max_events,
    )  # fmt: skip
    bad = np.nonzero(status != protocol.STATUS_AT_REST)[0]
    if bad.size:
        raise SimulationError(
            f"shot {int(bad[0])} did not come to rest within {max_events} events "
            f"({strokes[int(bad[0])]!r})"
        )
    return result


_BLOCKS_PER_THREAD: Final = 32
"""How many blocks of shots a batch is cut into per thread (handed out dynamically)."""

_MIN_BLOCK: Final = 16
"""The fewest shots per block (each block allocates its own event log and scratch arrays)."""


def _run_batch(
    lay_list: tuple[Layout, ...],
    index: _I64,
    rows: _F64,
    strokes: tuple[Stroke, ...] | None,
    *,
    table: SimTable,
    params: Params,
    workers: int | None,
    max_events: int,
) -> tuple[BatchResult, _I64]:
    """The batch kernel on checked strokes (rows of ``Stroke.as_tuple()``); the run statuses."""
    balls = sorted({b for lay in lay_list for b in lay})
    if CUE_BALL not in balls:
        raise SimulationError("the layouts have no cue ball (0)")
    n = len(balls)
    column = {b: i for i, b in enumerate(balls)}
    starts = np.zeros((len(lay_list), n, 2))
    states = np.full((len(lay_list), n), protocol.MOTION_POCKETED, np.int64)
    kitchen = np.zeros(len(lay_list), np.bool_)
    present = np.zeros((len(lay_list), n), np.bool_)
    orders, pos, first = _prepare_many(lay_list, table, params)
    which = np.repeat(np.arange(len(lay_list)), np.diff(first))
    cols = [column[b] for ids in orders for b in ids]
    starts[which, cols] = pos
    states[which, cols] = protocol.MOTION_STATIONARY
    present[which, cols] = True
    kitchen[:] = pos[first[:-1], 0] < table.head_string_x
    lines, points, pockets = table.arrays()
    total = len(rows)
    threads = set_threads(workers)
    # many small blocks handed out one at a time (dynamic_schedule): a preempted thread
    # delays the batch by one block, not by its share of the shots
    chunks = max(1, min(total, _BLOCKS_PER_THREAD * threads, -(-total // _MIN_BLOCK)))
    out_count = np.zeros(total, np.int64)
    out_status = np.zeros(total, np.int64)
    out_time = np.zeros(total)
    out_facts = np.zeros((total, protocol.F_POCKETED + 2 * n), np.int64)
    out_rails = np.zeros((total, n), np.int64)
    out_pos = np.zeros((total, n, 2))
    out_state = np.zeros((total, n), np.int64)
    if total:
        announce_compile(shoot_batch)
        with dynamic_schedule(1):
            shoot_batch(
                starts, states, index, rows, lines, points, pockets, params.vector(),
                table.head_string_x, kitchen.astype(np.int64), max_events, chunks,
                out_count, out_status, out_time, out_facts, out_rails, out_pos, out_state,
            )  # fmt: skip
    return BatchResult(
        balls=tuple(balls),
        event_counts=out_count,
        durations=out_time,
        final_positions=out_pos,
        pocketed_mask=(out_state == protocol.MOTION_POCKETED) & present[index],
        rail_mask=out_rails,
        off_table_mask=(out_state == protocol.MOTION_OFF_TABLE) & present[index],
        _facts=out_facts,
        _starts=starts,
        _kitchen=kitchen,
        _layout_of=index,
        _present=present,
        _layouts=lay_list,
        _strokes=strokes,
        _rows=rows,
        _table=table,
        _params=params,
    ), out_status


def kinetic_energy(vel: _F64, w: _F64, params: Params = DEFAULT_PARAMS) -> float:
    """Total kinetic energy (J) of balls with velocities ``vel`` [n, 2] and spins ``w`` [n, 3]."""
    m = params.ball_mass
    inertia = 0.4 * m * params.ball_radius**2
    return float(0.5 * m * np.sum(vel * vel) + 0.5 * inertia * np.sum(w * w))
